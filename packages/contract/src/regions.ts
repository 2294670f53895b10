import { areaList } from '@vant/area-data';

/**
 * Chinese provinces, cities and counties in the spec's shape (6-digit codes; a province code ends
 * in 0000). From @vant/area-data, a maintained package; kept out of the main entry because it is
 * ~33 KB gzipped and only the region picker needs it.
 */
export type RegionData = {
  province_list: Record<string, string>;
  city_list: Record<string, string>;
  county_list: Record<string, string>;
};

export const regionData: RegionData = areaList;

export function regionName(code: string): string | undefined {
  return areaList.county_list[code] ?? areaList.city_list[code] ?? areaList.province_list[code];
}

/** Province, city and county names for a county code ("北京市 / 北京市 / 东城区"). */
export function regionPath(countyCode: string): string[] {
  if (!/^\d{6}$/.test(countyCode)) return [];
  const province = areaList.province_list[`${countyCode.slice(0, 2)}0000`];
  const city = areaList.city_list[`${countyCode.slice(0, 4)}00`];
  const county = areaList.county_list[countyCode];
  return [province, city, county].filter((x): x is string => typeof x === 'string');
}
