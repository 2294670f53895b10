import {
  type ConsultFieldCode,
  ConsultFieldName,
  consultFieldCodes,
  OTHER_CONSULT_FIELD,
} from './consult-fields.ts';

/**
 * Article tag → the consult field an article leads to (issue 23: the 咨询律师 bar at the end of an
 * article opens SubTel with it). By tag name, as operators name tags; a tag named exactly like a
 * consult field maps to that field too.
 */
export const ArticleTagConsultField: Readonly<Record<string, ConsultFieldCode>> = {
  婚姻家庭: 2,
  继承: 2,
  离婚: 2,
  劳动维权: 5,
  工伤: 5,
  房产: 3,
  物业: 3,
  借贷: 4,
  债务: 4,
  消费维权: 6,
  交通事故: 1,
  税务: 24,
  公司经营: 11,
  刑事: 13,
  合同: 8,
  医疗: 9,
};

const byFieldName = new Map<string, ConsultFieldCode>(
  consultFieldCodes.map((code) => [ConsultFieldName[code], code]),
);

/** The field of an article from its tag names (first tag that maps wins); 7 其他问题 when none does. */
export function articleConsultField(tagNames: readonly string[]): ConsultFieldCode {
  for (const name of tagNames) {
    const code = ArticleTagConsultField[name] ?? byFieldName.get(name);
    if (code !== undefined) return code;
  }
  return OTHER_CONSULT_FIELD;
}
