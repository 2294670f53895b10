import { z } from 'zod';
import { DAILY_CANCEL_LIMIT, REQUESTED_LAWYER_WAIT_MS } from '../constants/call-orders.ts';
import { isConsultFieldCode } from '../constants/consult-fields.ts';
import { type ServiceKind, serviceKinds } from '../rules/service-order-machine.ts';
import { positiveId } from './catalogue.ts';
import { PageQueryShape, pageResult, payload } from './common.ts';

// ---------------------------------------------------------------------------------------------
// Phone consultation (issue 5): order/* and tag/* requests and answers. Times are epoch ms,
// money is yuan on the wire (fen inside). Order ids look like T20261121A1B2C3D4.
// ---------------------------------------------------------------------------------------------

// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point.
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function textField(label: string, max: number, min = 0) {
  return (
    z
      .string({ error: `${label}必须是文字` })
      .trim()
      .min(Math.min(min, 1), `请填写${label}`)
      // Something typed but too little: say how much is needed, not "fill it in".
      .min(min, `${label}至少${min}个字`)
      .max(max, `${label}最多${max}个字`)
      .refine((v) => !CONTROL_CHARS.test(v), `${label}包含无法识别的字符`)
  );
}

/** A call order id: 'T' + yyyymmdd + 8 characters. */
export const callOrderIdField = z
  .string({ error: '请提供订单号' })
  .trim()
  .min(1, '请提供订单号')
  .regex(/^T\d{8}[0-9A-Z]{8}$/, '订单号格式不正确');

/** An order the person can evaluate: a phone order ('T…') or a service order ('S…', issue 14). */
export const evaluableOrderIdField = z
  .string({ error: '请提供订单号' })
  .trim()
  .min(1, '请提供订单号')
  .regex(/^[TS]\d{8}[0-9A-Z]{8}$/, '订单号格式不正确');

/** The consult field of a new order: required, a code of spec §3 (string or number on the wire). */
export const consultFieldRequired = z.coerce
  .number({ error: '请选择咨询领域' })
  .int('咨询领域必须是领域编号')
  .refine((code: number): boolean => isConsultFieldCode(code), '不支持的咨询领域编号');

/** order/createCallOrder (spec §3 consult order params). */
export const CreateCallOrderSchema = payload({
  consultField: consultFieldRequired,
  /** Region text or code from the region picker ('广东省 深圳市 南山区' or '440305'). */
  userLocation: textField('所在地区', 60).optional(),
  /** When the person wants the call ('尽快', '今天 18:00前' …). */
  expectTime: textField('期望时间', 30).optional(),
  /** The person's question. */
  userRemark: textField('问题描述', 500, 1),
  /**
   * The lawyer's USER id (LawyerCard.userId) when the person pressed 电话咨询 on that lawyer's
   * profile: the order waits for that lawyer first (REQUESTED_LAWYER_WAIT_MS; see
   * constants/call-orders.ts). Unknown: 404 律师不存在.
   */
  lawyerUserId: positiveId('律师id').optional(),
  /**
   * Leave a callback request instead of waiting now (nobody online, or outside service hours):
   * the order is `scheduled` and dispatched at `callbackAt` of order/availability by a persisted
   * job. Not with lawyerUserId.
   */
  callback: z.boolean({ error: 'callback 只能是 true 或 false' }).optional(),
}).refine((v) => !(v.callback && v.lawyerUserId !== undefined), {
  message: '预约回电不能指定律师',
  path: ['callback'],
});
export type CreateCallOrder = z.infer<typeof CreateCallOrderSchema>;

/** The lawyer as the person sees them: never a phone number. */
export const OrderLawyerSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  faceUrl: z.string(),
  /** 1 著名, 2 专家, 3 资深, 4/null none. */
  level: z.number().int().nullable(),
  levelName: z.string(),
});
export type OrderLawyer = z.infer<typeof OrderLawyerSchema>;

/**
 * order/availability?field=[&lawyer=]: before consulting, whether a lawyer can take the call now;
 * `lawyer` (a lawyer's USER id, from a profile's 电话咨询) also asks about that lawyer.
 */
export const AvailabilityQuerySchema = payload({
  field: consultFieldRequired,
  lawyer: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    positiveId('律师id').optional(),
  ),
});
export type AvailabilityQuery = z.infer<typeof AvailabilityQuerySchema>;

/**
 * order/availability. Only when canConnectNow may the page promise the 60-second callback; else it
 * says expectedText and offers to wait or to leave a callback request (createCallOrder callback).
 */
export const ConsultAvailabilitySchema = z.object({
  consultField: z.number().int(),
  consultFieldName: z.string(),
  /** Lawyers of this field online now (taking calls or in a call). */
  fieldLawyersOnline: z.number().int(),
  /** Any lawyer online now (dispatch falls back to lawyers of other fields). */
  lawyersOnline: z.number().int(),
  /** Somebody can take the call now: the 60-second promise holds. */
  canConnectNow: z.boolean(),
  /** 60 when canConnectNow, else null: show no countdown. */
  promiseSeconds: z.number().int().nullable(),
  /** The channel's service hours ('09:00–21:00', Beijing) and customer service number. */
  serviceHours: z.string(),
  servicePhone: z.string(),
  inServiceHours: z.boolean(),
  /** Epoch ms when lawyers are next expected (= now inside the hours). */
  nextOpenAt: z.number(),
  /** '现在' inside the hours, else '今天 09:00' / '明天 09:00'. */
  nextOpenText: z.string(),
  /** What to say when nobody is online (null when canConnectNow). */
  expectedText: z.string().nullable(),
  /** When a callback request left now would be dispatched (epoch ms: now inside the hours, else nextOpenAt). */
  callbackAt: z.number(),
  /** The billing rule in words (billingRuleText) at this channel's price. */
  ruleText: z.string(),
  /**
   * With `lawyer=`: that lawyer and whether they are free now (online, no offer out, not in a
   * call); null without the query or for an unknown user id.
   */
  requestedLawyer: z
    .object({
      lawyer: OrderLawyerSchema,
      presence: z.enum(['online', 'busy', 'offline']),
      available: z.boolean(),
    })
    .nullable(),
});
export type ConsultAvailability = z.infer<typeof ConsultAvailabilitySchema>;

/** Either a new order, or (code 0, msg 您有未支付订单，请及时支付) the unpaid one to pay first. */
export const CreateCallOrderResultSchema = z.object({
  orderId: z.string().nullable(),
  unpaidOrderId: z.string().nullable(),
});
export type CreateCallOrderResult = z.infer<typeof CreateCallOrderResultSchema>;

/** order/callOrderDetail?orderId=, order/keepWaiting, order/rematch, order/continueConsultOrder. */
export const CallOrderIdSchema = payload({ orderId: callOrderIdField });
export type CallOrderIdPayload = z.infer<typeof CallOrderIdSchema>;

/** order/cancelCallOrder: a reason from tag/getCause and/or free text. */
export const CancelCallOrderSchema = payload({
  orderId: callOrderIdField,
  reasonId: positiveId('取消原因').optional(),
  reason: textField('取消原因', 100).optional(),
});
export type CancelCallOrder = z.infer<typeof CancelCallOrderSchema>;

/** order/evaluateOrder: 1–5 stars, tags of tag/getAllEvaluate, at most 300 characters. */
export const EvaluateOrderSchema = payload({
  orderId: evaluableOrderIdField,
  stars: z.coerce
    .number({ error: '请选择1–5星评分' })
    .int('请选择1–5星评分')
    .min(1, '请选择1–5星评分')
    .max(5, '请选择1–5星评分'),
  tagIds: z.array(positiveId('评价标签')).max(8, '最多选择8个标签').default([]),
  content: textField('评价内容', 300).default(''),
});
export type EvaluateOrder = z.infer<typeof EvaluateOrderSchema>;

/** order/list-new: a tab (ongoing 进行中, unpaid 待支付, finished 已完成, cancelled 已取消), paged. */
export const OrderListQuerySchema = payload({
  ...PageQueryShape,
  tab: z
    .enum(['ongoing', 'unpaid', 'finished', 'cancelled'], {
      error: '订单分类只能是 ongoing、unpaid、finished、cancelled',
    })
    .default('ongoing'),
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

export const TagItemSchema = z.object({ id: z.number().int(), name: z.string() });
export type TagItem = z.infer<typeof TagItemSchema>;
/** tag/getAllEvaluate (evaluation tags) and tag/getCause (cancel reasons). */
export const TagListSchema = z.array(TagItemSchema);

export const ChargeSchema = z.enum(['1', '2']);
export const FreeReasonSchema = z.enum(['member', 'shortCall', 'countCard']);

/** The price that applies to the order (PhoneWaiting, the fixed bottom bar of TelDetail). */
export const CallPricingSchema = z.object({
  /** '1' by count (元/次), '2' by time (元/分钟). */
  charge: ChargeSchema,
  /** Yuan per unit. */
  unitPrice: z.number(),
  /** 元/分钟 or 元/次. */
  unitText: z.string(),
  /** The person holds the unlimited phone right: label 会员免费. */
  memberFree: z.boolean(),
  /** '会员免费' for members, else null. */
  label: z.string().nullable(),
});
export type CallPricing = z.infer<typeof CallPricingSchema>;

/** The 60-second promise and the search for a lawyer. */
export const DispatchInfoSchema = z.object({
  /** scheduled (a callback request, dispatched at scheduledAt), matching (looking for a lawyer), assigned (will call), inCall, done. */
  stage: z.enum(['scheduled', 'matching', 'assigned', 'inCall', 'done']),
  /** now (any lawyer, 60-second promise), requested (waiting for the lawyer asked for), scheduled (callback request). */
  mode: z.enum(['now', 'requested', 'scheduled']),
  /**
   * Show the 60-second countdown (secondsLeft) only when true: false while nobody is online, while
   * waiting for a requested lawyer (requestedLawyer.secondsLeft counts that wait), for a callback.
   */
  countdown: z.boolean(),
  /** A callback request's time (epoch ms), else null. */
  scheduledAt: z.number().nullable(),
  /** When lawyers are next expected (service hours), null when somebody is online. */
  nextOpenAt: z.number().nullable(),
  /** What to say while nobody is online ('当前暂无律师在线…'), else null. */
  expectedText: z.string().nullable(),
  /** Epoch ms by which a lawyer should have called back (60 s after the order or the last keepWaiting/rematch). */
  promiseDeadline: z.number(),
  /** Seconds left of the promise (0 when overdue or no longer matching). */
  secondsLeft: z.number().int(),
  /** Still matching after the promise: offer keepWaiting / rematch / cancel. */
  overdue: z.boolean(),
  /** No lawyer is online at all right now (told at once). */
  noLawyerOnline: z.boolean(),
  /** Offers made so far. */
  attempts: z.number().int(),
  /** Epoch ms when the order closes if still nobody accepted. */
  giveUpAt: z.number().nullable(),
});
export type DispatchInfo = z.infer<typeof DispatchInfoSchema>;

export const CallInfoSchema = z.object({
  /** The masked (privacy) number the call comes from; never a real number. */
  secretNo: z.string().nullable(),
  startedAt: z.number().nullable(),
  endedAt: z.number().nullable(),
  durationSeconds: z.number().int().nullable(),
  /** formatDuration ('1分35秒'), null before the call ended. */
  durationText: z.string().nullable(),
});
export type CallInfo = z.infer<typeof CallInfoSchema>;

/** The bill, from the call record (see rules/billing.ts for how minutes count). */
export const CallBillSchema = z.object({
  charge: ChargeSchema,
  /** Yuan per unit. */
  unitPrice: z.number(),
  unitText: z.string(),
  /** Started minutes (by time) or 1 (by count); 0 for a call under 60 s. */
  billableUnits: z.number().int(),
  /** The call's value in yuan. */
  amount: z.number(),
  free: z.boolean(),
  freeReason: FreeReasonSchema.nullable(),
  /** 会员免费 / 通话不足1分钟，免费 / 次卡抵扣, or null. */
  freeLabel: z.string().nullable(),
  /** What the person pays, yuan (0 when free). */
  payable: z.number(),
  /** How the rule applied to this call: the call's seconds, '1分35秒', minutes billed (by time; null by count). */
  durationSeconds: z.number().int(),
  durationText: z.string(),
  billedMinutes: z.number().int().nullable(),
  /** The free first minute (60). */
  freeSeconds: z.number().int(),
  /** The rule in words (billingRuleText). */
  ruleText: z.string(),
  /** How it applied to this call (explainCallBill): '通话1分35秒，按2分钟计费：2分钟 × 6元/分钟 = 12元'. */
  explanation: z.string(),
});
export type CallBillView = z.infer<typeof CallBillSchema>;

export const EvaluationSchema = z.object({
  stars: z.number().int(),
  tags: TagListSchema,
  content: z.string(),
  createdAt: z.number(),
});
export type Evaluation = z.infer<typeof EvaluationSchema>;

/** How a paid order was paid (已支付 with amount, time, method and coupon); null until paid. */
export const PaidInfoSchema = z.object({
  /** Yuan paid. */
  amount: z.number(),
  /** The order's amount before the coupon, yuan. */
  orderAmount: z.number(),
  paidAt: z.number(),
  method: z.enum(['wechat', 'alipay', 'none']),
  /** 微信支付 / 支付宝 / 无需支付. */
  methodText: z.string(),
  couponName: z.string().nullable(),
  /** Yuan the coupon took off (0 without one). */
  couponValue: z.number(),
});
export type PaidInfo = z.infer<typeof PaidInfoSchema>;

/** The lawyer the person asked for (电话咨询 on a profile): where that request stands. */
export const RequestedLawyerSchema = z.object({
  lawyer: OrderLawyerSchema,
  /** online (free or holding an offer), busy (in a call), offline. */
  presence: z.enum(['online', 'busy', 'offline']),
  /** waiting (only this lawyer is asked), accepted, released (the person chose anyone), expired (the wait ran out), declined. */
  state: z.enum(['waiting', 'accepted', 'released', 'expired', 'declined']),
  /** Epoch ms the exclusive wait ends while waiting, else null. */
  waitUntil: z.number().nullable(),
  secondsLeft: z.number().int(),
  /** The stated wait ('5分钟'). */
  waitText: z.string(),
  /** What to tell the person ('张律师正在通话中，您可以等待张律师（最多5分钟），或立即匹配其他律师'). */
  message: z.string(),
});
export type RequestedLawyer = z.infer<typeof RequestedLawyerSchema>;

/** What the person may do now (buttons on PhoneWaiting / TelDetail). */
export const CallOrderActionsSchema = z.object({
  canCancel: z.boolean(),
  /** Overdue: keep waiting (a new 60 s promise). */
  canKeepWaiting: z.boolean(),
  /** Overdue: ask for another lawyer. */
  canRematch: z.boolean(),
  /** Payment due (pay/createPayOrder comes with the payments issue). */
  canPay: z.boolean(),
  canEvaluate: z.boolean(),
  /** Ask the same lawyer again (order/continueConsultOrder). */
  canContinue: z.boolean(),
  /** Waiting for a requested lawyer: take the first available one instead (order/releaseRequestedLawyer). */
  canReleaseRequested: z.boolean(),
});
export type CallOrderActions = z.infer<typeof CallOrderActionsSchema>;

/** order/callOrderDetail. */
export const CallOrderDetailSchema = z.object({
  orderId: z.string(),
  /** Phone call-order status: 2 in progress, 5 pay, 3 pay waiting, 4 evaluate, 99 closed (spec §4). */
  status: z.union([z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(99)]),
  /** General order status: 1 等待服务, 2 服务中, 3 待支付, 4 已支付, 5 已完成, 99 已取消. */
  orderStatus: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(99)]),
  statusText: z.string(),
  productCode: z.string(),
  consultField: z.number().int(),
  consultFieldName: z.string(),
  userRemark: z.string(),
  userLocation: z.string(),
  expectTime: z.string(),
  createdAt: z.number(),
  pricing: CallPricingSchema,
  dispatch: DispatchInfoSchema,
  lawyer: OrderLawyerSchema.nullable(),
  /** The lawyer asked for on their profile, null for an order to anyone. */
  requestedLawyer: RequestedLawyerSchema.nullable(),
  call: CallInfoSchema.nullable(),
  bill: CallBillSchema.nullable(),
  /** How it was paid, null until paid (free calls: null; bill.freeLabel says why). */
  payment: PaidInfoSchema.nullable(),
  evaluation: EvaluationSchema.nullable(),
  cancelReason: z.string().nullable(),
  actions: CallOrderActionsSchema,
});
export type CallOrderDetail = z.infer<typeof CallOrderDetailSchema>;

/** order/unpaidCallOrder: the person's orders with money owed (an array, spec §7). */
export const UnpaidCallOrderSchema = z.object({
  orderId: z.string(),
  status: z.number().int(),
  consultField: z.number().int(),
  consultFieldName: z.string(),
  /** Yuan owed. */
  payable: z.number(),
  createdAt: z.number(),
});
export type UnpaidCallOrder = z.infer<typeof UnpaidCallOrderSchema>;
export const UnpaidCallOrderListSchema = z.array(UnpaidCallOrderSchema);

/** The kinds of lawyer-served orders (issue 14; rules/service-order-machine.ts). */
export const ServiceKindSchema = z.enum(serviceKinds as [ServiceKind, ...ServiceKind[]], {
  error: '服务类型不支持',
});

/** One row of order/list-new. */
export const OrderListItemSchema = z.object({
  orderId: z.string(),
  /** 1 phone consultation (service type). */
  orderType: z.number().int(),
  productCode: z.string(),
  title: z.string(),
  /** General order status. */
  status: z.number().int(),
  /** A service order's kind (its detail page: FaceDetail, LetterDetail, LawsuitDetail); null otherwise. */
  serviceKind: ServiceKindSchema.nullable(),
  /** Phone call-order status (route with nextScreenForCallStatus). */
  callStatus: z.number().int(),
  statusText: z.string(),
  consultField: z.number().int(),
  consultFieldName: z.string(),
  userRemark: z.string(),
  lawyer: OrderLawyerSchema.nullable(),
  durationSeconds: z.number().int().nullable(),
  /** formatDuration ('1分35秒'), null without a call. */
  durationText: z.string().nullable(),
  /** The call's value in yuan (null before the call record). */
  amount: z.number().nullable(),
  payable: z.number().nullable(),
  freeLabel: z.string().nullable(),
  /** How it was paid, null until paid. */
  payment: PaidInfoSchema.nullable(),
  createdAt: z.number(),
});
export type OrderListItem = z.infer<typeof OrderListItemSchema>;
export const OrderListPageSchema = pageResult(OrderListItemSchema);

/** order/orderStatusCount: how many orders per list tab. */
export const OrderStatusCountSchema = z.object({
  ongoing: z.number().int(),
  unpaid: z.number().int(),
  finished: z.number().int(),
  cancelled: z.number().int(),
});
export type OrderStatusCount = z.infer<typeof OrderStatusCountSchema>;

/** order/orderType. */
export const OrderTypeListSchema = z.array(
  z.object({ orderType: z.number().int(), name: z.string(), productCode: z.string().nullable() }),
);

/** order/dynamic: recent service events, names masked ('张**律师 3分钟前 为用户解答了婚姻家庭问题'). */
export const OrderDynamicSchema = z.array(z.string());

/** order/continueConsultOrder: the new order (the same lawyer is offered first). */
export const ContinueConsultResultSchema = CreateCallOrderResultSchema;

/** Answer of the state-changing calls: the order as it is now. */
export const CallOrderStateResultSchema = z.object({
  orderId: z.string(),
  status: z.number().int(),
  orderStatus: z.number().int(),
});
export type CallOrderStateResult = z.infer<typeof CallOrderStateResultSchema>;

export const CALL_ORDER_LIMITS = {
  dailyCancelLimit: DAILY_CANCEL_LIMIT,
  requestedLawyerWaitMs: REQUESTED_LAWYER_WAIT_MS,
} as const;
