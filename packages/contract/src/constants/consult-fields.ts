/** Consult field codes of spec §3. Codes are strings on the wire (route param, payload). */
export const ConsultFieldName = {
  1: '交通出行',
  2: '婚姻继承',
  3: '房产物业',
  4: '债权债务',
  5: '劳动人事',
  6: '消费维权',
  7: '其他',
  8: '合同纠纷',
  9: '医疗纠纷',
  // 10–24 and 44–50: "further legal areas (IP, business, tax, equity, criminal defence, family
  // trust and others)"; the spec does not name them one by one, these names are ours.
  10: '知识产权',
  11: '公司经营',
  12: '股权纠纷',
  13: '刑事辩护',
  14: '行政诉讼',
  15: '保险理赔',
  16: '建设工程',
  17: '金融证券',
  18: '涉外法律',
  19: '网络侵权',
  20: '环境资源',
  21: '侵权责任',
  22: '企业合规',
  23: '破产重整',
  24: '税务咨询',
  44: '家族信托',
  45: '个人所得税',
  46: '企业税务筹划',
  47: '税务稽查应对',
  48: '跨境税务',
  49: '财富传承',
  50: '股权激励',
} as const;

export type ConsultFieldCode = keyof typeof ConsultFieldName;

export const consultFieldCodes = Object.keys(ConsultFieldName).map(Number) as ConsultFieldCode[];

export function isConsultFieldCode(value: number): value is ConsultFieldCode {
  return Object.hasOwn(ConsultFieldName, value);
}

export function consultFieldName(code: number): string | undefined {
  return isConsultFieldCode(code) ? ConsultFieldName[code] : undefined;
}

/** The phone-consult grid on the home screen, in the spec's order (names differ from the full list). */
export const HomeConsultFields = [
  { code: 4, name: '债权债务' },
  { code: 2, name: '婚姻家庭' },
  { code: 3, name: '房产物业' },
  { code: 5, name: '劳动人事' },
  { code: 1, name: '交通出行' },
  { code: 6, name: '消费维权' },
  { code: 24, name: '税务咨询', isNew: true },
  { code: 7, name: '其他问题' },
] as const satisfies ReadonlyArray<{ code: ConsultFieldCode; name: string; isNew?: boolean }>;

/** The common-problems block: eight shortcuts opening SubTel with a field id. */
export const CommonProblems = [
  { name: '离婚纠纷', field: 2 },
  { name: '财产分割', field: 2 },
  { name: '借款纠纷', field: 4 },
  { name: '金融诈骗', field: 4 },
  { name: '消费维权', field: 6 },
  { name: '伤残鉴定', field: 1 },
  { name: '劳动维权', field: 5 },
  { name: '房产纠纷', field: 3 },
] as const satisfies ReadonlyArray<{ name: string; field: ConsultFieldCode }>;
