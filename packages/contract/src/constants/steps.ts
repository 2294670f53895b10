/** Step lists of spec §4, shown by the step bar. */
const faceConsult = ['立即下单', '填写信息', '确认支付', '安排律师', '见面咨询'] as const;

export const StepLists = {
  docModule: ['成为会员', '选择模板', '导出邮箱', '邮箱验收'],
  docCheck: ['提交订单', '律师报价', '律师审查', '查看结果'],
  faceConsult,
  lawyerLetter: [...faceConsult.slice(0, 4), '发律师函'],
  lawsuit: ['立即下单', '填写信息', '支付订金', '安排律师', '律师服务'],
  draftDoc: ['立即下单', '填写信息', '支付订金', '安排律师', '律师服务'],
  /** The phone consultation's four steps (spec §1). */
  phoneConsult: ['立即咨询', '等待回电', '满意付费', '服务评价'],
} as const satisfies Record<string, readonly string[]>;
export type StepListName = keyof typeof StepLists;
