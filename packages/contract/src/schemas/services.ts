import { z } from 'zod';
import { isConsultFieldCode } from '../constants/consult-fields.ts';
import {
  FaceStage,
  LawsuitMilestone,
  LawsuitStage,
  LetterStage,
  ServiceKind,
  ServiceOrderState,
} from '../rules/service-order-machine.ts';
import { PageQueryShape, pageResult, payload } from './common.ts';
import {
  EvaluationSchema,
  OrderLawyerSchema,
  PaidInfoSchema,
  ServiceKindSchema,
  textField,
} from './orders.ts';
import { mobileField } from './user.ts';

// ---------------------------------------------------------------------------------------------
// Service orders (issue 14): face consultation, lawyer letters, lawsuits — and later contract
// review, drafting and video — on one lifecycle (rules/service-order-machine.ts). Ids look like
// S20261125A1B2C3D4. Money is yuan on the wire, fen inside; times are epoch ms; dates yyyy-mm-dd.
// ---------------------------------------------------------------------------------------------

/** A service order id: 'S' + yyyymmdd + 8 characters. */
export const serviceOrderIdField = z
  .string({ error: '请提供订单号' })
  .trim()
  .min(1, '请提供订单号')
  .regex(/^S\d{8}[0-9A-Z]{8}$/, '订单号格式不正确');

export const ServiceOrderStateSchema = z.enum(Object.values(ServiceOrderState) as [ServiceOrderState]);

/** One form visit = one key: a double tap or a retried request answers the same order. */
const requestIdField = z.uuid('请求标识格式不正确，请刷新页面后重试');

/** A 6-digit region code of @vant/area-data (the server checks it names a city). */
export const regionCodeField = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .regex(/^\d{6}$/, `请选择${label}`);

const consultFieldField = z.coerce
  .number({ error: '请选择问题类型' })
  .int('请选择问题类型')
  .refine((code: number): boolean => isConsultFieldCode(code), '请选择问题类型');

/** yyyy-mm-dd that is a real calendar date (the server checks it against today). */
export const dateField = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `请选择${label}`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `${label}不是有效日期`);

/** Uploaded files (oss/breakpointUpload uuids) of this person. */
export const evidenceField = z
  .array(z.uuid('证据文件标识不正确'), { error: '证据材料格式不正确' })
  .max(20, '最多上传20个文件')
  .default([]);

/** A party of a lawyer letter. */
export const LetterPartySchema = z.strictObject({
  name: textField('姓名或名称', 40, 2),
  phone: mobileField,
  address: textField('地址', 120, 5),
});
export type LetterParty = z.infer<typeof LetterPartySchema>;

// ---------------------------------------------------------------------------------------------
// Terms shown before ordering: price, what a card takes off, promise and refund rule

/** order/serviceTerms?kind=…&level=…: everything the order form shows before paying. */
export const ServiceTermsQuerySchema = payload({
  kind: z.enum([ServiceKind.faceConsult, ServiceKind.lawyerLetter, ServiceKind.lawsuit], {
    error: '服务类型不支持',
  }),
  /** Face consultation: the lawyer level chosen (1 著名, 2 专家, 3 资深). */
  level: z.coerce.number().int().min(1, '律师级别不正确').max(3, '律师级别不正确').optional(),
});
export type ServiceTermsQuery = z.infer<typeof ServiceTermsQuerySchema>;

export const ServiceLevelPriceSchema = z.object({
  level: z.number().int(),
  /** 著名律师 / 专家律师 / 资深律师. */
  name: z.string(),
  /** Yuan before any card. */
  price: z.number(),
  /** Yuan this person pays (a card's 70 % applied). */
  needPayAmount: z.number(),
});
export type ServiceLevelPrice = z.infer<typeof ServiceLevelPriceSchema>;

export const ServiceTermsSchema = z.object({
  kind: ServiceKindSchema,
  productCode: z.string(),
  /** 见面咨询 / 律师函 / 诉讼代理. */
  title: z.string(),
  /** Spec §4 step list and the form's current step, null: no bar. */
  steps: z.array(z.string()).nullable(),
  formStep: z.number().int().nullable(),
  /** full price, deposit (lawsuit 订金), none. */
  upFront: z.enum(['full', 'deposit', 'none']),
  /** Yuan before any card (face: of the chosen level). */
  price: z.number(),
  /** Yuan due now for this person. */
  needPayAmount: z.number(),
  /** Percent of the price paid: 100, 70 (card discount) or 0 (a card right covers it). */
  rate: z.number().int(),
  /** What a card did or why it did not (等待期, 本年剩余n次); '' when nothing applies. */
  rightNote: z.string(),
  /** Face consultation: every level's price for this person; [] for other kinds. */
  levels: z.array(ServiceLevelPriceSchema),
  /** 支付后48小时内为您安排律师… */
  arrangePromise: z.string(),
  /** The cancel and refund rule (cancelRuleText). */
  cancelRule: z.string(),
  /** Lawsuit: the card's free agency rule text for this person, else null. */
  freeLawsuitNote: z.string().nullable(),
});
export type ServiceTerms = z.infer<typeof ServiceTermsSchema>;

// ---------------------------------------------------------------------------------------------
// Creating orders (double taps: the same requestId answers the same order)

/** order/lawyerFaceOrder: region (city), field, lawyer level, preferred dates, the matter. */
export const CreateFaceOrderSchema = payload({
  requestId: requestIdField,
  /** City code (a municipality's city code, e.g. 110100). */
  regionCode: regionCodeField('见面城市'),
  consultField: consultFieldField,
  level: z.coerce
    .number({ error: '请选择律师级别' })
    .int('请选择律师级别')
    .min(1, '请选择律师级别')
    .max(3, '请选择律师级别'),
  preferredDates: z
    .array(dateField('期望日期'), { error: '请选择期望日期' })
    .min(1, '请至少选择一个期望日期')
    .max(3, '最多选择3个期望日期')
    .refine((d) => new Set(d).size === d.length, '期望日期不能重复'),
  description: textField('问题描述', 500, 10),
  contactName: textField('联系人', 20, 1),
});
export type CreateFaceOrder = z.infer<typeof CreateFaceOrderSchema>;

const letterShape = {
  sender: LetterPartySchema,
  recipient: LetterPartySchema,
  facts: textField('事实经过', 2000, 20),
  demands: textField('您的要求', 500, 5),
  /** The date by which the recipient must act. */
  deadline: dateField('履行期限'),
  evidence: evidenceField,
};

/** order/lawLetterOrder. */
export const CreateLetterOrderSchema = payload({ requestId: requestIdField, ...letterShape });
export type CreateLetterOrder = z.infer<typeof CreateLetterOrderSchema>;

/** order/lawLetterOrder/edit: the letter's facts, until the lawyer's first draft. */
export const EditLetterOrderSchema = payload({ orderId: serviceOrderIdField, ...letterShape });
export type EditLetterOrder = z.infer<typeof EditLetterOrderSchema>;

export const LawsuitRole = { plaintiff: 'plaintiff', defendant: 'defendant' } as const;
export const LawsuitRoleText = { plaintiff: '原告（起诉方）', defendant: '被告（应诉方）' } as const;
export const LawsuitCaseType = {
  civil: 'civil',
  administrative: 'administrative',
  criminal: 'criminal',
} as const;
export const LawsuitCaseTypeText = { civil: '民事', administrative: '行政', criminal: '刑事' } as const;

/** order/lawsuitOrder. */
export const CreateLawsuitOrderSchema = payload({
  requestId: requestIdField,
  role: z.enum(['plaintiff', 'defendant'], { error: '请选择您是原告还是被告' }),
  caseType: z.enum(['civil', 'administrative', 'criminal'], { error: '请选择案件类型' }),
  consultField: consultFieldField,
  /** Yuan in dispute; 0 = not about money. */
  amount: z.coerce
    .number({ error: '请填写争议金额（元）' })
    .min(0, '争议金额不能小于0')
    .max(10_000_000_000, '争议金额过大')
    .refine(
      (v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      '金额最多两位小数',
    ),
  courtRegionCode: regionCodeField('法院所在地'),
  facts: textField('案情经过', 3000, 20),
  evidence: evidenceField,
});
export type CreateLawsuitOrder = z.infer<typeof CreateLawsuitOrderSchema>;

export const CreatedServiceOrderSchema = z.object({
  orderId: z.string(),
  kind: ServiceKindSchema,
  state: ServiceOrderStateSchema,
  /** General order status (spec §4). */
  status: z.number().int(),
  /** Yuan due now (0: a card right covered it and the order is already with lawyers). */
  needPayAmount: z.number(),
});
export type CreatedServiceOrder = z.infer<typeof CreatedServiceOrderSchema>;

// ---------------------------------------------------------------------------------------------
// The order as the person sees it

/** A file on an order; url is served only to its owner (person) or the arranged lawyer. */
export const ServiceFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** evidence (the person's upload), letterPdf, draftPdf, entrustmentPdf, document (a lawyer's). */
  kind: z.enum(['evidence', 'letterPdf', 'entrustmentPdf', 'document']),
  url: z.string(),
  size: z.number().int(),
  mime: z.string(),
});
export type ServiceFile = z.infer<typeof ServiceFileSchema>;

/** One line of the order's timeline (newest last). */
export const ServiceEventSchema = z.object({
  at: z.number(),
  title: z.string(),
  text: z.string(),
  files: z.array(ServiceFileSchema),
});
export type ServiceEvent = z.infer<typeof ServiceEventSchema>;

export const FaceSectionSchema = z.object({
  regionCode: z.string(),
  /** 广东省 深圳市. */
  regionName: z.string(),
  consultField: z.number().int(),
  consultFieldName: z.string(),
  level: z.number().int(),
  levelName: z.string(),
  preferredDates: z.array(z.string()),
  description: z.string(),
  contactName: z.string(),
  stage: z.enum(Object.values(FaceStage) as [FaceStage]).nullable(),
  /** The lawyer's latest proposal (or the confirmed meeting). */
  proposal: z.object({ at: z.number(), place: z.string(), note: z.string() }).nullable(),
  /** What the person asked when they wanted another time. */
  otherTimeNote: z.string().nullable(),
  /** The confirmed meeting time, null until confirmed. */
  meetingAt: z.number().nullable(),
});
export type FaceSection = z.infer<typeof FaceSectionSchema>;

export const CourierEventSchema = z.object({
  at: z.number(),
  status: z.enum(['created', 'collected', 'in_transit', 'delivering', 'signed', 'failed']),
  text: z.string(),
});
export type CourierEventView = z.infer<typeof CourierEventSchema>;

export const LetterSectionSchema = z.object({
  sender: z.object({ name: z.string(), phone: z.string(), address: z.string() }),
  recipient: z.object({ name: z.string(), phone: z.string(), address: z.string() }),
  facts: z.string(),
  demands: z.string(),
  deadline: z.string(),
  evidence: z.array(ServiceFileSchema),
  stage: z.enum(Object.values(LetterStage) as [LetterStage]).nullable(),
  /** The lawyer's current draft (the person reads it and approves or asks for changes). */
  draft: z.object({ version: z.number().int(), text: z.string(), submittedAt: z.number() }).nullable(),
  /** Rounds of changes asked and left (LETTER_REVISION_ROUNDS). */
  revisionsUsed: z.number().int(),
  revisionsLeft: z.number().int(),
  revisions: z.array(z.object({ at: z.number(), note: z.string() })),
  /** The final letter (PDF with letterhead), null until finalised. */
  finalPdf: ServiceFileSchema.nullable(),
  courier: z
    .object({ carrier: z.string(), trackingNo: z.string(), events: z.array(CourierEventSchema) })
    .nullable(),
  /** The facts can still be edited (no draft yet). */
  editable: z.boolean(),
});
export type LetterSection = z.infer<typeof LetterSectionSchema>;

export const LawsuitSectionSchema = z.object({
  role: z.enum(['plaintiff', 'defendant']),
  roleName: z.string(),
  caseType: z.enum(['civil', 'administrative', 'criminal']),
  caseTypeName: z.string(),
  consultField: z.number().int(),
  consultFieldName: z.string(),
  /** Yuan in dispute. */
  amount: z.number(),
  courtRegionCode: z.string(),
  courtRegionName: z.string(),
  facts: z.string(),
  evidence: z.array(ServiceFileSchema),
  /** Yuan paid up front (订金); 0 when the card's free agency covers the case. */
  deposit: z.number(),
  /** The platinum card's free lawsuit covers this case. */
  free: z.boolean(),
  quote: z.object({ fee: z.number(), note: z.string(), at: z.number() }).nullable(),
  /** Yuan left to pay after an accepted quote, null before. */
  balance: z.number().nullable(),
  entrust: z.object({
    /** order/needEntrust: a quote awaits the signature. */
    needed: z.boolean(),
    signed: z.boolean(),
    signName: z.string().nullable(),
    signedAt: z.number().nullable(),
    pdf: ServiceFileSchema.nullable(),
  }),
  stage: z.enum(Object.values(LawsuitStage) as [LawsuitStage]).nullable(),
  milestones: z.array(
    z.object({
      at: z.number(),
      milestone: z.enum(Object.values(LawsuitMilestone) as [LawsuitMilestone]),
      /** 立案 / 开庭 / 判决 / 执行 / 调解 / 其他. */
      name: z.string(),
      note: z.string(),
      files: z.array(ServiceFileSchema),
    }),
  ),
});
export type LawsuitSection = z.infer<typeof LawsuitSectionSchema>;

/** What the person can do now (each is checked again by the server). */
export const ServiceActionsSchema = z.object({
  pay: z.boolean(),
  cancel: z.boolean(),
  /** Face: confirm the proposed time / ask for another. */
  confirmTime: z.boolean(),
  askOtherTime: z.boolean(),
  /** Letter: approve the draft / ask for changes / edit the facts. */
  approveDraft: z.boolean(),
  askRevision: z.boolean(),
  editLetter: z.boolean(),
  /** Lawsuit: sign the entrustment (accepts the quote) / decline the quote. */
  signEntrust: z.boolean(),
  declineQuote: z.boolean(),
  /** Confirm a delivered service before the window closes. */
  confirmDone: z.boolean(),
  evaluate: z.boolean(),
});
export type ServiceActions = z.infer<typeof ServiceActionsSchema>;

/** order/lawyerFaceOrder/detail, order/lawLetterOrder/detail, order/lawsuitOrder/detail. */
export const ServiceOrderDetailSchema = z.object({
  orderId: z.string(),
  kind: ServiceKindSchema,
  productCode: z.string(),
  title: z.string(),
  state: ServiceOrderStateSchema,
  /** General order status (spec §4) and order-list tab. */
  status: z.number().int(),
  tab: z.enum(['ongoing', 'unpaid', 'finished', 'cancelled']),
  statusText: z.string(),
  /** Step bar: the list and the current index (length = all done); null = no bar. */
  steps: z.array(z.string()).nullable(),
  stepIndex: z.number().int().nullable(),
  /** Yuan: the price before cards, what is due now (null: nothing), paid so far, refunded. */
  price: z.number(),
  payable: z.number().nullable(),
  paid: z.number(),
  refunded: z.number(),
  /** Each payment made on the order (price or deposit, then a balance). */
  payments: z.array(PaidInfoSchema),
  rightNote: z.string(),
  lawyer: OrderLawyerSchema.nullable(),
  /** What happens next and by when (e.g. 11月27日 10:00 前为您安排律师), null when nothing is pending. */
  deadline: z.object({ at: z.number(), text: z.string() }).nullable(),
  cancelRule: z.string(),
  actions: ServiceActionsSchema,
  timeline: z.array(ServiceEventSchema),
  evaluation: EvaluationSchema.nullable(),
  createdAt: z.number(),
  face: FaceSectionSchema.nullable(),
  letter: LetterSectionSchema.nullable(),
  lawsuit: LawsuitSectionSchema.nullable(),
});
export type ServiceOrderDetail = z.infer<typeof ServiceOrderDetailSchema>;

export const ServiceOrderQuerySchema = payload({ orderId: serviceOrderIdField });
export type ServiceOrderQuery = z.infer<typeof ServiceOrderQuerySchema>;

/** order/cancelServiceOrder: the refund follows the rule the page showed (cancelRuleText). */
export const CancelServiceOrderSchema = payload({
  orderId: serviceOrderIdField,
  reason: textField('取消原因', 200).optional(),
});
export type CancelServiceOrder = z.infer<typeof CancelServiceOrderSchema>;

/** order/serviceStep: the person's answer at a step. */
export const PersonServiceStepSchema = z.discriminatedUnion(
  'action',
  [
    payload({ orderId: serviceOrderIdField, action: z.literal('confirmTime') }),
    payload({
      orderId: serviceOrderIdField,
      action: z.literal('askOtherTime'),
      note: textField('希望的时间', 200, 2),
    }),
    payload({ orderId: serviceOrderIdField, action: z.literal('approveDraft') }),
    payload({
      orderId: serviceOrderIdField,
      action: z.literal('askRevision'),
      note: textField('修改意见', 1000, 5),
    }),
    payload({
      orderId: serviceOrderIdField,
      action: z.literal('declineQuote'),
      reason: textField('原因', 200).optional(),
    }),
    payload({ orderId: serviceOrderIdField, action: z.literal('confirmDone') }),
  ],
  { error: '不支持的操作' },
);
export type PersonServiceStep = z.infer<typeof PersonServiceStepSchema>;

/** order/needEntrust: whether the person still has to sign, and the contract to sign. */
export const NeedEntrustSchema = z.object({
  orderId: z.string(),
  need: z.boolean(),
  signed: z.boolean(),
  /** The full 委托代理合同 (null until a lawyer quoted). */
  text: z.string().nullable(),
  /** Yuan: the quoted fee, the deposit paid, the balance after signing. */
  fee: z.number().nullable(),
  deposit: z.number(),
  balance: z.number().nullable(),
});
export type NeedEntrust = z.infer<typeof NeedEntrustSchema>;

/** order/signEntrust: signed by typing one's name and agreeing (accepts the quote). */
export const SignEntrustSchema = payload({
  orderId: serviceOrderIdField,
  signName: textField('签署姓名', 20, 2),
  consent: z.literal(true, { error: '请阅读并同意委托代理合同' }),
});
export type SignEntrust = z.infer<typeof SignEntrustSchema>;

/** order/serviceFile/:orderId/:fileId (and lawyer/services/file/…): a file of an order. */
export const ServiceFileParamsSchema = z.object({
  orderId: serviceOrderIdField,
  fileId: z.string().regex(/^[0-9a-zA-Z-]{1,64}$/, '文件标识不正确'),
});

// ---------------------------------------------------------------------------------------------
// Lawyer workbench: /api/v2/lawyer/services/* (never the person's phone number)

/** An order waiting for a lawyer of its city / field (lawyer/services/offers). */
export const ServiceOfferSchema = z.object({
  orderId: z.string(),
  kind: ServiceKindSchema,
  title: z.string(),
  consultFieldName: z.string(),
  /** City of the meeting or the court; '' for letters. */
  regionName: z.string(),
  /** The matter in a few lines. */
  summary: z.string(),
  /** Face: the level the person chose; else ''. */
  levelName: z.string(),
  createdAt: z.number(),
  /** The promise: accepted by then or refunded. */
  arrangeBy: z.number(),
  /** Yuan the lawyer earns when it is done (for quoted kinds: of the deposit). */
  earning: z.number(),
});
export type ServiceOffer = z.infer<typeof ServiceOfferSchema>;
export const ServiceOfferListSchema = z.array(ServiceOfferSchema);

export const LawyerServiceListQuerySchema = payload({
  ...PageQueryShape,
  tab: z.enum(['active', 'done'], { error: '分类只能是 active 或 done' }).default('active'),
});
export type LawyerServiceListQuery = z.infer<typeof LawyerServiceListQuerySchema>;

export const LawyerServiceItemSchema = z.object({
  orderId: z.string(),
  kind: ServiceKindSchema,
  title: z.string(),
  state: ServiceOrderStateSchema,
  statusText: z.string(),
  summary: z.string(),
  /** What the lawyer should do next ('' when nothing). */
  nextStep: z.string(),
  updatedAt: z.number(),
});
export type LawyerServiceItem = z.infer<typeof LawyerServiceItemSchema>;
export const LawyerServicePageSchema = pageResult(LawyerServiceItemSchema);

/** What the arranged lawyer can do now. */
export const LawyerServiceActionsSchema = z.object({
  release: z.boolean(),
  proposeTime: z.boolean(),
  markHeld: z.boolean(),
  submitDraft: z.boolean(),
  finalise: z.boolean(),
  quote: z.boolean(),
  recordProgress: z.boolean(),
  closeCase: z.boolean(),
});
export type LawyerServiceActions = z.infer<typeof LawyerServiceActionsSchema>;

/**
 * lawyer/services/detail: the order as its lawyer sees it. The person's own phone number is
 * masked (138****0000); a letter's recipient is shown (the letter goes to them).
 */
export const LawyerServiceDetailSchema = ServiceOrderDetailSchema.omit({
  actions: true,
  cancelRule: true,
}).extend({
  clientName: z.string(),
  lawyerActions: LawyerServiceActionsSchema,
  /** Yuan this order earns the lawyer (estimate until it is confirmed). */
  earning: z.number(),
});
export type LawyerServiceDetail = z.infer<typeof LawyerServiceDetailSchema>;

export const LawyerServiceAcceptSchema = payload({ orderId: serviceOrderIdField });

/** lawyer/services/step: the lawyer's steps. */
export const LawyerServiceStepSchema = z.discriminatedUnion(
  'action',
  [
    payload({
      orderId: serviceOrderIdField,
      action: z.literal('proposeTime'),
      /** Epoch ms of the meeting (in the future). */
      at: z.coerce.number({ error: '请选择见面时间' }).int('请选择见面时间').positive('请选择见面时间'),
      place: textField('见面地点', 120, 5),
      note: textField('备注', 200).default(''),
    }),
    payload({
      orderId: serviceOrderIdField,
      action: z.literal('markHeld'),
      note: textField('备注', 500).default(''),
    }),
    payload({
      orderId: serviceOrderIdField,
      action: z.literal('submitDraft'),
      text: textField('律师函正文', 10_000, 50),
    }),
    payload({ orderId: serviceOrderIdField, action: z.literal('finalise') }),
    payload({
      orderId: serviceOrderIdField,
      action: z.literal('quote'),
      /** Yuan: the full fee (the deposit counts towards it). */
      fee: z.coerce
        .number({ error: '请填写报价金额' })
        .positive('请填写报价金额')
        .max(10_000_000, '报价金额过大'),
      note: textField('报价说明', 500, 5),
    }),
    payload({
      orderId: serviceOrderIdField,
      action: z.literal('recordProgress'),
      milestone: z.enum(Object.values(LawsuitMilestone) as [LawsuitMilestone], { error: '请选择进展类型' }),
      note: textField('进展说明', 500, 2),
      /** Files uploaded with lawyer/services/upload. */
      files: z.array(z.uuid('文件标识不正确')).max(10, '最多附10个文件').default([]),
    }),
    payload({
      orderId: serviceOrderIdField,
      action: z.literal('closeCase'),
      note: textField('结案说明', 500, 2),
    }),
    payload({
      orderId: serviceOrderIdField,
      action: z.literal('release'),
      reason: textField('原因', 200, 2),
    }),
  ],
  { error: '不支持的操作' },
);
export type LawyerServiceStep = z.infer<typeof LawyerServiceStepSchema>;

/** lawyer/services/letterPreview: the PDF a draft text would make (not saved). */
export const LetterPreviewSchema = payload({
  orderId: serviceOrderIdField,
  text: textField('律师函正文', 10_000, 1),
});

/** lawyer/services/upload answer (a document for a lawsuit milestone). */
export const LawyerUploadResultSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  size: z.number().int(),
});

/** lawyer/services/earnings: per kind, what served orders earned. */
export const LawyerServiceEarningsSchema = z.array(
  z.object({ kind: ServiceKindSchema, title: z.string(), count: z.number().int(), earnings: z.number() }),
);
export type LawyerServiceEarnings = z.infer<typeof LawyerServiceEarningsSchema>;

/** Face consultation price by lawyer level, in percent of the product's price (资深 = the price). */
export const FaceLevelPricePercent: Readonly<Record<1 | 2 | 3, number>> = { 1: 300, 2: 200, 3: 100 };

/** Percent of what the person paid that the lawyer earns on a service order. */
export const SERVICE_LAWYER_SHARE_PERCENT = 70;
