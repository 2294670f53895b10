/**
 * Consult field codes of spec §3 and THE one display name of each (H5, workbench, messages, SMS,
 * order/dynamic, seed). Where the spec's full list and its home grid differ, the home grid's name
 * wins: 2 is 婚姻家庭 (the full list says 婚姻继承), 7 is 其他问题 (其他). There is no second table:
 * read names through `consultFieldName(code)`. Codes are strings on the wire (route param, payload).
 */
export const ConsultFieldName = {
  1: '交通出行',
  2: '婚姻家庭',
  3: '房产物业',
  4: '债权债务',
  5: '劳动人事',
  6: '消费维权',
  7: '其他问题',
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

/** The one display name of a consult field ('婚姻家庭'), undefined for an unknown code. */
export function consultFieldName(code: number): string | undefined {
  return isConsultFieldCode(code) ? ConsultFieldName[code] : undefined;
}

/** The field as the object of a sentence: '婚姻家庭问题', '其他问题' (never '其他问题问题'). */
export function consultTopicText(code: number): string {
  const name = consultFieldName(code) ?? ConsultFieldName[7];
  return name.endsWith('问题') ? name : `${name}问题`;
}

/** The fallback field of anything that names none (articles without a matching tag, …). */
export const OTHER_CONSULT_FIELD = 7 as const;

export type HomeConsultField = { code: ConsultFieldCode; name: string; isNew?: boolean };

/** The phone-consult grid on the home screen, in the spec's order; names from ConsultFieldName. */
export const HomeConsultFields: readonly HomeConsultField[] = ([4, 2, 3, 5, 1, 6, 24, 7] as const).map(
  (code): HomeConsultField =>
    code === 24
      ? { code, name: ConsultFieldName[code], isNew: true }
      : { code, name: ConsultFieldName[code] },
);

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
