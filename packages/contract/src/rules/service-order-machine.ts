import { OrderListTab } from '../constants/call-orders.ts';
import { ProductCode } from '../constants/codes.ts';
import { baseCardRights, MemberRight, platinumCardRights } from '../constants/member-cards.ts';
import { OrderStatus } from '../constants/order-status.ts';
import { type StepListName, StepLists } from '../constants/steps.ts';

/**
 * THE state machine of a lawyer-served paid order (issue 14): face consultation, lawyer letter,
 * lawsuit, and later contract review, drafting and video. One lifecycle for every kind; a kind
 * only chooses its flow (ServiceKindFlow: what is due up front, fixed price or quoted) and adds
 * its own sub-steps (a small step table over its own "stage", e.g. FaceConsultSteps), which never
 * move the lifecycle except through the lifecycle event they name (`fires`). The server applies
 * both with one guarded UPDATE (… WHERE id = ? AND state = ? AND version = ?), so the accept race
 * has one winner and a replayed notify changes an order once.
 *
 * Refunded is NOT a state: a refund is the money side of a cancel, made in the same transaction
 * (refund_fen on the order; the payment attempt moves paid → refunded by PaymentTransitions). The
 * order is `cancelled`, and serviceOrderStateText says 已退款 when something was refunded.
 *
 * | state            | meaning                                              | general     | tab       |
 * |------------------|------------------------------------------------------|-------------|-----------|
 * | awaiting_payment | created; the full price or the deposit is due        | 3 待支付    | unpaid    |
 * | arranging        | nothing due now (paid, or docCheck before its quote); offered to lawyers | 1 等待服务 | ongoing |
 * | arranged         | one lawyer accepted; service not started (agreeing a time, drafting, assessing) | 2 服务中 | ongoing |
 * | quoted           | a quote (lawsuit fee, drafting fee, review options) awaits the person | 2 服务中 | ongoing |
 * | balance_due      | quote accepted; the quoted amount less what was paid is due | 3 待支付 | unpaid  |
 * | in_service       | service started: the lawyer works in steps           | 2 服务中    | ongoing   |
 * | delivered        | lawyer says done (meeting held, letter sent, case closed); the person may object | 4 已支付 | finished |
 * | to_evaluate      | confirmed (by the person, or by time); lawyer's earning settles | 4 已支付 | finished |
 * | evaluated        | evaluated: finished                                  | 5 已完成    | finished  |
 * | cancelled        | cancelled, expired, declined or terminated (+ refund_fen) | 99 已取消 | cancelled |
 *
 * | event        | from                                          | to          | actors                   |
 * |--------------|-----------------------------------------------|-------------|--------------------------|
 * | pay          | awaiting_payment                              | arranging   | system (payment notify; a right or coupon covering all, in the create transaction) |
 * | accept       | arranging                                     | arranged    | lawyer, operator (assign) |
 * | release      | arranged                                      | arranging   | lawyer, operator         |
 * | quote        | arranged, quoted (a new quote replaces)       | quoted      | lawyer                   |
 * | acceptQuote  | quoted                                        | balance_due | person (lawsuit: by signing the entrustment) |
 * | declineQuote | quoted                                        | cancelled   | person                   |
 * | payBalance   | balance_due                                   | in_service  | system (notify; zero balance settled at once) |
 * | start        | arranged                                      | in_service  | person (face: confirms the time), lawyer (letter: first draft), system (video: call connects) |
 * | deliver      | in_service                                    | delivered   | lawyer, system (letter: courier took it), operator |
 * | confirm      | delivered                                     | to_evaluate | person, system (confirm window passed) |
 * | reopen       | delivered                                     | in_service  | operator (the person objected) |
 * | evaluate     | delivered, to_evaluate                        | evaluated   | person (evaluating confirms) |
 * | cancel       | awaiting_payment, arranging, arranged, quoted, balance_due | cancelled | person, operator (refund: all paid) |
 * | expire       | awaiting_payment, arranging, arranged, quoted, balance_due | cancelled | system (a promise ran out; refund: all paid) |
 * | terminate    | in_service, delivered                         | cancelled   | operator (refund decided by customer service) |
 *
 * Fixed-price kinds (face, letter, video) use `start`; quoted kinds (lawsuit, drafting, review) use
 * quote → acceptQuote → payBalance instead; review has nothing due up front, so it is created in
 * `arranging` and never sees `pay`. Every other (event, state, actor) is refused: 409, no change.
 *
 * Refund rule (cancelRuleText): everything paid comes back until the service starts — the start
 * is per kind (face: the meeting time confirmed; letter: the first draft; lawsuit and drafting:
 * the fee paid in full; review: the quote paid; video: the call). After it the person cannot
 * cancel on their own: customer service terminates and refunds by what was served.
 *
 * Promises (serviceDeadline; the system fires `expire`, refunding all paid, unless noted):
 * unpaid 24 h · not arranged: face 48 h, letter 24 h, lawsuit 48 h, review 24 h, drafting 48 h,
 * video 24 h · not started (fixed) or not quoted (quoted) after the accept: face 7 d, letter 48 h,
 * lawsuit 72 h, review 48 h, drafting 72 h, video: its own appointment job · quote undecided 7 d ·
 * balance unpaid 72 h · delivered: `confirm` after 7 d.
 *
 * Sub-steps (serviceStep): FaceConsultSteps (proposeTime ⇄ askOtherTime, confirmTime → start,
 * markHeld → deliver), LawyerLetterSteps (submitDraft → start, askRevision ≤ 3, approveDraft,
 * finalise, dispatch → deliver), LawsuitSteps (signEntrust → acceptQuote, recordProgress,
 * closeCase → deliver). A lawsuit's quote is accepted only through signEntrust (the server offers
 * no other route); review, drafting and video add their own tables the same way.
 */
export const ServiceKind = {
  faceConsult: 'faceConsult',
  lawyerLetter: 'lawyerLetter',
  lawsuit: 'lawsuit',
  docCheck: 'docCheck',
  docDraft: 'docDraft',
  video: 'video',
} as const;
export type ServiceKind = (typeof ServiceKind)[keyof typeof ServiceKind];
export const serviceKinds = Object.values(ServiceKind) as ServiceKind[];

/** The product code a kind is sold under (spec §9). Video has none: it is made by its own call. */
export const ServiceKindProductCode = {
  faceConsult: ProductCode.faceConsult,
  lawyerLetter: ProductCode.lawyerLetter,
  lawsuit: ProductCode.lawsuit,
  docCheck: ProductCode.docCheck,
  docDraft: ProductCode.docDraft,
  video: null,
} as const satisfies Record<ServiceKind, ProductCode | null>;

export function serviceKindOfProductCode(code: string): ServiceKind | null {
  return serviceKinds.find((kind) => ServiceKindProductCode[kind] === code) ?? null;
}

/** The card right that prices a kind (spec §9); a counted right is given back by a full refund. */
export const ServiceKindRight = {
  faceConsult: MemberRight.faceDiscount,
  lawyerLetter: MemberRight.lawyerLetter,
  lawsuit: MemberRight.lawsuitAgency,
  docCheck: MemberRight.docReview,
  docDraft: null,
  video: null,
} as const satisfies Record<ServiceKind, MemberRight | null>;

/** Whether a kind may use up a counted right (a use per year), which a full refund gives back. */
export function usesCountedRight(kind: ServiceKind): boolean {
  const right = ServiceKindRight[kind];
  return [...baseCardRights, ...platinumCardRights].some((r) => r.right === right && r.perYear !== null);
}

/** How each kind is paid and priced; entrustment = a signed 委托代理合同 before work starts. */
export const ServiceKindFlow = {
  faceConsult: { upFront: 'full', priced: 'fixed', entrustment: false },
  lawyerLetter: { upFront: 'full', priced: 'fixed', entrustment: false },
  lawsuit: { upFront: 'deposit', priced: 'quoted', entrustment: true },
  docCheck: { upFront: 'none', priced: 'quoted', entrustment: false },
  docDraft: { upFront: 'deposit', priced: 'quoted', entrustment: false },
  video: { upFront: 'full', priced: 'fixed', entrustment: false },
} as const satisfies Record<
  ServiceKind,
  { upFront: 'full' | 'deposit' | 'none'; priced: 'fixed' | 'quoted'; entrustment: boolean }
>;

export const ServiceActor = {
  person: 'person',
  lawyer: 'lawyer',
  /** Payment notify, jobs (deadlines), ports (courier, telephony), the sandbox clock. */
  system: 'system',
  /** Customer service in the admin tools. The sandbox autopilot acts as `lawyer`. */
  operator: 'operator',
} as const;
export type ServiceActor = (typeof ServiceActor)[keyof typeof ServiceActor];
export const serviceActors = Object.values(ServiceActor) as ServiceActor[];

export const ServiceOrderState = {
  awaitingPayment: 'awaiting_payment',
  arranging: 'arranging',
  arranged: 'arranged',
  quoted: 'quoted',
  balanceDue: 'balance_due',
  inService: 'in_service',
  delivered: 'delivered',
  toEvaluate: 'to_evaluate',
  evaluated: 'evaluated',
  cancelled: 'cancelled',
} as const;
export type ServiceOrderState = (typeof ServiceOrderState)[keyof typeof ServiceOrderState];
export const serviceOrderStates = Object.values(ServiceOrderState) as ServiceOrderState[];

export function isServiceOrderState(value: string): value is ServiceOrderState {
  return (serviceOrderStates as string[]).includes(value);
}

export const ServiceOrderEvent = {
  pay: 'pay',
  accept: 'accept',
  release: 'release',
  quote: 'quote',
  acceptQuote: 'acceptQuote',
  declineQuote: 'declineQuote',
  payBalance: 'payBalance',
  start: 'start',
  deliver: 'deliver',
  confirm: 'confirm',
  reopen: 'reopen',
  evaluate: 'evaluate',
  cancel: 'cancel',
  expire: 'expire',
  terminate: 'terminate',
} as const;
export type ServiceOrderEvent = (typeof ServiceOrderEvent)[keyof typeof ServiceOrderEvent];
export const serviceOrderEvents = Object.values(ServiceOrderEvent) as ServiceOrderEvent[];

const S = ServiceOrderState;
const A = ServiceActor;

/** Before the service starts: the person may cancel and everything paid comes back. */
export const beforeServiceStates: readonly ServiceOrderState[] = [
  S.awaitingPayment,
  S.arranging,
  S.arranged,
  S.quoted,
  S.balanceDue,
];

export type ServiceTransitionRule = {
  from: readonly ServiceOrderState[];
  to: ServiceOrderState;
  actors: readonly ServiceActor[];
};

/** The one lifecycle table (see the doc table above). */
export const ServiceOrderTransitions: Readonly<Record<ServiceOrderEvent, ServiceTransitionRule>> = {
  pay: { from: [S.awaitingPayment], to: S.arranging, actors: [A.system] },
  accept: { from: [S.arranging], to: S.arranged, actors: [A.lawyer, A.operator] },
  release: { from: [S.arranged], to: S.arranging, actors: [A.lawyer, A.operator] },
  quote: { from: [S.arranged, S.quoted], to: S.quoted, actors: [A.lawyer] },
  acceptQuote: { from: [S.quoted], to: S.balanceDue, actors: [A.person] },
  declineQuote: { from: [S.quoted], to: S.cancelled, actors: [A.person] },
  payBalance: { from: [S.balanceDue], to: S.inService, actors: [A.system] },
  start: { from: [S.arranged], to: S.inService, actors: [A.person, A.lawyer, A.system] },
  deliver: { from: [S.inService], to: S.delivered, actors: [A.lawyer, A.system, A.operator] },
  confirm: { from: [S.delivered], to: S.toEvaluate, actors: [A.person, A.system] },
  reopen: { from: [S.delivered], to: S.inService, actors: [A.operator] },
  evaluate: { from: [S.delivered, S.toEvaluate], to: S.evaluated, actors: [A.person] },
  cancel: { from: beforeServiceStates, to: S.cancelled, actors: [A.person, A.operator] },
  expire: { from: beforeServiceStates, to: S.cancelled, actors: [A.system] },
  terminate: { from: [S.inService, S.delivered], to: S.cancelled, actors: [A.operator] },
};

export type ServiceTransitionRefusal = 'not_allowed_in_state' | 'actor_not_allowed';
export type ServiceTransitionResult =
  | { ok: true; to: ServiceOrderState }
  | { ok: false; reason: ServiceTransitionRefusal };

/** The lifecycle's answer to `actor` firing `event` on an order in `state` (state checked first). */
export function serviceTransition(
  state: ServiceOrderState,
  event: ServiceOrderEvent,
  actor: ServiceActor,
): ServiceTransitionResult {
  const rule = ServiceOrderTransitions[event];
  if (!rule.from.includes(state)) return { ok: false, reason: 'not_allowed_in_state' };
  if (!rule.actors.includes(actor)) return { ok: false, reason: 'actor_not_allowed' };
  return { ok: true, to: rule.to };
}

/** Events only one flow has: fixed-price kinds start; quoted kinds go through a quote. */
const fixedOnlyEvents: readonly ServiceOrderEvent[] = [ServiceOrderEvent.start];
const quotedOnlyEvents: readonly ServiceOrderEvent[] = [
  ServiceOrderEvent.quote,
  ServiceOrderEvent.acceptQuote,
  ServiceOrderEvent.declineQuote,
  ServiceOrderEvent.payBalance,
];

function eventsOf(kind: ServiceKind): readonly ServiceOrderEvent[] {
  const flow = ServiceKindFlow[kind];
  return serviceOrderEvents.filter((event) => {
    if (event === ServiceOrderEvent.pay) return flow.upFront !== 'none';
    if (fixedOnlyEvents.includes(event)) return flow.priced === 'fixed';
    if (quotedOnlyEvents.includes(event)) return flow.priced === 'quoted';
    return true;
  });
}

/** The lifecycle events that can happen to an order of each kind. */
export const ServiceKindEvents: Readonly<Record<ServiceKind, readonly ServiceOrderEvent[]>> = {
  faceConsult: eventsOf(ServiceKind.faceConsult),
  lawyerLetter: eventsOf(ServiceKind.lawyerLetter),
  lawsuit: eventsOf(ServiceKind.lawsuit),
  docCheck: eventsOf(ServiceKind.docCheck),
  docDraft: eventsOf(ServiceKind.docDraft),
  video: eventsOf(ServiceKind.video),
};

/** The state a new order starts in. A price covered in full is still paid by `pay` (one money path). */
export function initialServiceOrderState(kind: ServiceKind): ServiceOrderState {
  return ServiceKindFlow[kind].upFront === 'none' ? S.arranging : S.awaitingPayment;
}

/** serviceTransition for an order of `kind`: an event its flow never has is refused first. */
export function serviceKindTransition(
  kind: ServiceKind,
  state: ServiceOrderState,
  event: ServiceOrderEvent,
  actor: ServiceActor,
): ServiceTransitionResult | { ok: false; reason: 'not_for_kind' } {
  if (!ServiceKindEvents[kind].includes(event)) return { ok: false, reason: 'not_for_kind' };
  return serviceTransition(state, event, actor);
}

// ---------------------------------------------------------------------------------------------
// Projections

/** General order status (spec §4) and order-list tab of each state. */
export const ServiceOrderProjection: Readonly<
  Record<ServiceOrderState, { orderStatus: OrderStatus; tab: OrderListTab }>
> = {
  awaiting_payment: { orderStatus: OrderStatus.unpaid, tab: OrderListTab.unpaid },
  arranging: { orderStatus: OrderStatus.newSubmitted, tab: OrderListTab.ongoing },
  arranged: { orderStatus: OrderStatus.inService, tab: OrderListTab.ongoing },
  // Not 待支付: commit payment pays a 3 directly, while a quote is chosen first (spec §4).
  quoted: { orderStatus: OrderStatus.inService, tab: OrderListTab.ongoing },
  balance_due: { orderStatus: OrderStatus.unpaid, tab: OrderListTab.unpaid },
  in_service: { orderStatus: OrderStatus.inService, tab: OrderListTab.ongoing },
  delivered: { orderStatus: OrderStatus.evaluated, tab: OrderListTab.finished },
  to_evaluate: { orderStatus: OrderStatus.evaluated, tab: OrderListTab.finished },
  evaluated: { orderStatus: OrderStatus.finished, tab: OrderListTab.finished },
  cancelled: { orderStatus: OrderStatus.cancelled, tab: OrderListTab.cancelled },
};

/** States grouped by the order-list tabs (for `WHERE state IN (…)`), from the projection. */
export const ServiceOrderTabStates: Readonly<Record<OrderListTab, readonly ServiceOrderState[]>> = {
  ongoing: serviceOrderStates.filter((s) => ServiceOrderProjection[s].tab === OrderListTab.ongoing),
  unpaid: serviceOrderStates.filter((s) => ServiceOrderProjection[s].tab === OrderListTab.unpaid),
  finished: serviceOrderStates.filter((s) => ServiceOrderProjection[s].tab === OrderListTab.finished),
  cancelled: serviceOrderStates.filter((s) => ServiceOrderProjection[s].tab === OrderListTab.cancelled),
};

const StateText: Readonly<Record<ServiceOrderState, string>> = {
  awaiting_payment: '待支付',
  arranging: '正在安排律师',
  arranged: '律师已接单',
  quoted: '律师已报价，待您确认',
  balance_due: '待支付尾款',
  in_service: '服务中',
  delivered: '服务已完成',
  to_evaluate: '待评价',
  evaluated: '已完成',
  cancelled: '已取消',
};

/** Where a kind says it better than the generic text. */
const KindStateText: Readonly<Record<ServiceKind, Partial<Record<ServiceOrderState, string>>>> = {
  faceConsult: {
    arranged: '律师已接单，待约定见面时间',
    in_service: '待见面咨询',
    delivered: '见面咨询已完成',
  },
  lawyerLetter: { arranged: '律师已接单，正在起草', in_service: '律师函办理中', delivered: '律师函已发出' },
  lawsuit: {
    awaiting_payment: '待支付订金',
    arranged: '律师已接单，正在评估案件',
    in_service: '案件代理中',
    delivered: '案件已办结',
  },
  docCheck: {
    arranging: '正在安排律师报价',
    arranged: '律师已接单，正在报价',
    balance_due: '待支付',
    in_service: '律师审查中',
    delivered: '审查已完成',
  },
  docDraft: {
    awaiting_payment: '待支付订金',
    arranged: '律师已接单，正在评估',
    in_service: '文书起草中',
    delivered: '文书已交付',
  },
  video: { arranged: '律师已接单，待视频咨询', in_service: '视频咨询中', delivered: '视频咨询已完成' },
};

/** Status text of a service order for the list and the detail frame (已退款 when money went back). */
export function serviceOrderStateText(
  kind: ServiceKind,
  state: ServiceOrderState,
  facts: { refundFen?: number } = {},
): string {
  if (state === S.cancelled && (facts.refundFen ?? 0) > 0) return '已退款';
  return KindStateText[kind][state] ?? StateText[state];
}

// ---------------------------------------------------------------------------------------------
// Step bar (spec §4 step lists)

type StepPlan = {
  list: StepListName;
  /** Current step on the order form, before the order exists. */
  form: number;
  /** Current step per state; the list's length = every step done; absent = no bar. */
  byState: Partial<Record<ServiceOrderState, number>>;
};

/** Pay first, then a lawyer: 立即下单 / 填写信息 / 确认支付|支付订金 / 安排律师 / 见面咨询|发律师函|律师服务. */
const payFirst = {
  awaiting_payment: 2,
  arranging: 3,
  arranged: 4,
  in_service: 4,
  delivered: 5,
  to_evaluate: 5,
  evaluated: 5,
} as const;
/** Quoted kinds: deciding on the quote and paying the balance are part of 律师服务. */
const payFirstQuoted = { ...payFirst, quoted: 4, balance_due: 4 } as const;

/** Video has no step list in the spec; its page shows none. Cancelled orders show none either. */
const ServiceStepPlans: Readonly<Record<ServiceKind, StepPlan | null>> = {
  faceConsult: { list: 'faceConsult', form: 1, byState: payFirst },
  lawyerLetter: { list: 'lawyerLetter', form: 1, byState: payFirst },
  lawsuit: { list: 'lawsuit', form: 1, byState: payFirstQuoted },
  docDraft: { list: 'draftDoc', form: 1, byState: payFirstQuoted },
  // 提交订单 / 律师报价 / 律师审查 / 查看结果: the quote step lasts until the quote is paid.
  docCheck: {
    list: 'docCheck',
    form: 0,
    byState: {
      arranging: 1,
      arranged: 1,
      quoted: 1,
      balance_due: 1,
      in_service: 2,
      delivered: 3,
      to_evaluate: 4,
      evaluated: 4,
    },
  },
  video: null,
};

/** The step list (spec §4) a kind's step bar shows, or null. */
export function serviceSteps(kind: ServiceKind): readonly string[] | null {
  const plan = ServiceStepPlans[kind];
  return plan ? StepLists[plan.list] : null;
}

/** The StepBar's `current` for an order of `kind` in `state` (length = all done), or null: no bar. */
export function serviceStepIndex(kind: ServiceKind, state: ServiceOrderState): number | null {
  return ServiceStepPlans[kind]?.byState[state] ?? null;
}

/** The StepBar's `current` on the order form (the order does not exist yet). */
export function serviceFormStepIndex(kind: ServiceKind): number | null {
  return ServiceStepPlans[kind]?.form ?? null;
}

// ---------------------------------------------------------------------------------------------
// Promises, deadlines and refunds

/** Deadlines every kind shares, in hours from entering the state. */
export const ServiceOrderTimeouts = {
  /** An unpaid order closes (nothing to refund). */
  unpaidCloseH: 24,
  /** The person decides on a quote; silence counts as declining (deposit back). */
  quoteDecideH: 7 * 24,
  /** The person pays an accepted quote's balance; else cancelled, deposit back. */
  balancePayH: 72,
  /** The person may object to a delivery (customer service reopens); then it is confirmed. */
  confirmWindowH: 7 * 24,
} as const;

export type ServiceTermsRule = {
  /** Promise: a lawyer accepts within this many hours of payment (docCheck: of submission). */
  arrangeWithinH: number;
  /** Then the service starts (fixed) or is quoted (quoted kinds) within this; null = the kind's job. */
  startWithinH: number | null;
  /** The moment the service starts, as the rule text says it. */
  startsWhen: string;
  /** What the rule text says about after the start. */
  afterStart: string;
  /** The quote sentence of quoted kinds. */
  quote: string | null;
};

/** How many times the person may send a draft letter back (the issue: at least two). */
export const LETTER_REVISION_ROUNDS = 3;
/** A draft letter the person has not answered is approved by the system after this many hours. */
export const LETTER_DRAFT_REPLY_H = 72;

/** Each kind's promise and where its rule text draws the line. */
export const ServiceTerms: Readonly<Record<ServiceKind, ServiceTermsRule>> = {
  faceConsult: {
    arrangeWithinH: 48,
    startWithinH: 7 * 24,
    startsWhen: '见面时间确认',
    afterStart: '见面时间确认后不可自行取消，可申请改约时间',
    quote: null,
  },
  lawyerLetter: {
    arrangeWithinH: 24,
    startWithinH: 48,
    startsWhen: '律师提交初稿',
    afterStart: `初稿提交后不可自行取消，可要求修改${LETTER_REVISION_ROUNDS}次`,
    quote: null,
  },
  lawsuit: {
    arrangeWithinH: 48,
    startWithinH: 72,
    startsWhen: '付清律师费',
    afterStart: '委托开始后不可自行取消，解除委托请联系客服，按委托代理合同结算',
    quote:
      '律师评估案件后报价：接受报价并签署委托代理合同后支付尾款（订金抵扣律师费），不接受报价则订金全额退还。',
  },
  docCheck: {
    arrangeWithinH: 24,
    startWithinH: 48,
    startsWhen: '确认报价并支付',
    afterStart: '支付后律师即开始审查，不可自行取消',
    quote: null,
  },
  docDraft: {
    arrangeWithinH: 48,
    startWithinH: 72,
    startsWhen: '付清服务费',
    afterStart: '律师开始起草后不可自行取消',
    quote: '律师评估后报价：接受报价后支付尾款（订金抵扣服务费），不接受报价则订金全额退还。',
  },
  video: {
    arrangeWithinH: 24,
    // The appointment decides: the video module expires a missed appointment itself.
    startWithinH: null,
    startsWhen: '视频咨询开始',
    afterStart: '视频咨询开始后不可取消',
    quote: null,
  },
};

/** The promise line the waiting page shows (e.g. 支付后48小时内为您安排律师…). */
export function arrangePromiseText(kind: ServiceKind): string {
  const h = ServiceTerms[kind].arrangeWithinH;
  switch (ServiceKindFlow[kind].upFront) {
    case 'none':
      return `提交后${h}小时内为您安排律师报价，逾期未安排订单将自动取消。`;
    case 'deposit':
      return `支付订金后${h}小时内为您安排律师，逾期未安排将自动全额退还订金。`;
    case 'full':
      return `支付后${h}小时内为您安排律师，逾期未安排将自动全额退款。`;
  }
}

const refundPhrase = { none: '无需付费', deposit: '订金全额退还', full: '已付款项全额退还' } as const;

/** The cancel and refund rule, shown before payment and again on the cancel dialog. */
export function cancelRuleText(kind: ServiceKind): string {
  const terms = ServiceTerms[kind];
  const flow = ServiceKindFlow[kind];
  return [
    arrangePromiseText(kind),
    terms.quote ?? '',
    `${terms.startsWhen}前可随时取消，${refundPhrase[flow.upFront]}；${terms.afterStart}，如有争议请联系客服。`,
    usesCountedRight(kind) ? '全额退款时，使用的会员权益次数一并退回。' : '',
  ].join('');
}

/** When the system acts on an order left in `state` since `sinceMs` (arranging: since payment — a
 * release does not restart the promise), and with which event; null = nothing happens by time. */
export function serviceDeadline(
  kind: ServiceKind,
  state: ServiceOrderState,
  sinceMs: number,
): { event: typeof ServiceOrderEvent.expire | typeof ServiceOrderEvent.confirm; atMs: number } | null {
  const hour = 3_600_000;
  const expireAfter = (h: number | null) =>
    h === null ? null : { event: ServiceOrderEvent.expire, atMs: sinceMs + h * hour };
  switch (state) {
    case S.awaitingPayment:
      return expireAfter(ServiceOrderTimeouts.unpaidCloseH);
    case S.arranging:
      return expireAfter(ServiceTerms[kind].arrangeWithinH);
    case S.arranged:
      return expireAfter(ServiceTerms[kind].startWithinH);
    case S.quoted:
      return expireAfter(ServiceOrderTimeouts.quoteDecideH);
    case S.balanceDue:
      return expireAfter(ServiceOrderTimeouts.balancePayH);
    case S.delivered:
      return { event: ServiceOrderEvent.confirm, atMs: sinceMs + ServiceOrderTimeouts.confirmWindowH * hour };
    default:
      return null;
  }
}

export function isServiceDeadlinePassed(
  kind: ServiceKind,
  state: ServiceOrderState,
  sinceMs: number,
  nowMs: number,
): boolean {
  const deadline = serviceDeadline(kind, state, sinceMs);
  return deadline !== null && nowMs >= deadline.atMs;
}

/** The events that end an order in `cancelled`. */
export const ServiceCancelEvent = {
  cancel: ServiceOrderEvent.cancel,
  expire: ServiceOrderEvent.expire,
  declineQuote: ServiceOrderEvent.declineQuote,
  terminate: ServiceOrderEvent.terminate,
} as const;
export type ServiceCancelEvent = (typeof ServiceCancelEvent)[keyof typeof ServiceCancelEvent];

export type ServiceRefund = {
  refundFen: number;
  /** Give back the counted card right the order used (its use is deleted with the refund). */
  restoresRight: boolean;
};

/**
 * What ending an order in `from` by `event` gives back, of `paidFen` (everything paid on it:
 * price or deposit, plus a balance). Before the service starts: all of it, right included. A
 * termination (after the start) refunds what customer service decided, never more than was
 * paid. Null: the event cannot end an order in that state.
 */
export function serviceCancelRefund(
  from: ServiceOrderState,
  event: ServiceCancelEvent,
  paidFen: number,
  decided?: { refundFen: number; restoreRight: boolean },
): ServiceRefund | null {
  if (!ServiceOrderTransitions[event].from.includes(from)) return null;
  if (event === ServiceOrderEvent.terminate) {
    const refundFen = Math.min(Math.max(0, Math.floor(decided?.refundFen ?? 0)), paidFen);
    return { refundFen, restoresRight: decided?.restoreRight ?? false };
  }
  return { refundFen: paidFen, restoresRight: true };
}

/**
 * The balance an accepted quote leaves, given what was paid up front (a deposit counts towards
 * the fee); null: a quote below what was paid, which the server refuses.
 */
export function quoteBalanceFen(quoteFen: number, paidUpFrontFen: number): number | null {
  if (!Number.isInteger(quoteFen) || quoteFen < paidUpFrontFen) return null;
  return quoteFen - paidUpFrontFen;
}

/** Whether the person has an entrustment to sign now (order/needEntrust): a quote awaits them. */
export function needsEntrustment(kind: ServiceKind, state: ServiceOrderState, signed: boolean): boolean {
  return ServiceKindFlow[kind].entrustment && !signed && state === S.quoted;
}

// ---------------------------------------------------------------------------------------------
// Sub-steps: each service's own small table over its own stage. A step keeps the lifecycle state
// unless it names a lifecycle event (`fires`) that the state allows; the stage starts at null when
// a lawyer accepts (a release voids the last lawyer's proposals and drafts).

export type ServiceStepRule<Stage extends string> = {
  /** Lifecycle states in which the step may be taken. */
  states: readonly ServiceOrderState[];
  /** Stages it may follow (null = no step yet). */
  after: readonly (Stage | null)[];
  to: Stage;
  actors: readonly ServiceActor[];
  /** Lifecycle event fired with it, when the order's state allows that event (else it stays). */
  fires?: ServiceOrderEvent;
  /** How often the step may be taken on one order. */
  maxTimes?: number;
};
export type ServiceStepTable<Stage extends string, Step extends string> = Readonly<
  Record<Step, ServiceStepRule<Stage>>
>;

export type ServiceStepResult<Stage extends string> =
  | { ok: true; stage: Stage; state: ServiceOrderState; fired: ServiceOrderEvent | null }
  | {
      ok: false;
      reason: 'not_allowed_in_state' | 'not_allowed_in_stage' | 'actor_not_allowed' | 'limit_reached';
    };

/** Apply one sub-step of `table`: `timesDone` = how often this step was taken on the order. */
export function serviceStep<Stage extends string, Step extends string>(
  table: ServiceStepTable<Stage, Step>,
  at: { state: ServiceOrderState; stage: Stage | null; timesDone?: number },
  step: Step,
  actor: ServiceActor,
): ServiceStepResult<Stage> {
  const rule = table[step];
  if (!rule.states.includes(at.state)) return { ok: false, reason: 'not_allowed_in_state' };
  if (!rule.after.includes(at.stage)) return { ok: false, reason: 'not_allowed_in_stage' };
  if (!rule.actors.includes(actor)) return { ok: false, reason: 'actor_not_allowed' };
  if (rule.maxTimes !== undefined && (at.timesDone ?? 0) >= rule.maxTimes) {
    return { ok: false, reason: 'limit_reached' };
  }
  if (rule.fires && ServiceOrderTransitions[rule.fires].from.includes(at.state)) {
    const moved = serviceTransition(at.state, rule.fires, actor);
    if (!moved.ok) return moved;
    return { ok: true, stage: rule.to, state: moved.to, fired: rule.fires };
  }
  return { ok: true, stage: rule.to, state: at.state, fired: null };
}

/** Face consultation: the lawyer proposes a time and place, the person confirms or asks another. */
export const FaceStage = {
  timeProposed: 'time_proposed',
  otherTimeAsked: 'other_time_asked',
  timeConfirmed: 'time_confirmed',
  held: 'held',
} as const;
export type FaceStage = (typeof FaceStage)[keyof typeof FaceStage];
export const FaceStep = {
  proposeTime: 'proposeTime',
  askOtherTime: 'askOtherTime',
  confirmTime: 'confirmTime',
  markHeld: 'markHeld',
} as const;
export type FaceStep = (typeof FaceStep)[keyof typeof FaceStep];

const F = FaceStage;
const agreeing = [S.arranged, S.inService] as const;

/** Confirming the first time starts the service; later proposals reschedule it (state stays). */
export const FaceConsultSteps: ServiceStepTable<FaceStage, FaceStep> = {
  proposeTime: {
    states: agreeing,
    after: [null, F.timeProposed, F.otherTimeAsked, F.timeConfirmed],
    to: F.timeProposed,
    actors: [A.lawyer, A.operator],
  },
  askOtherTime: {
    states: agreeing,
    after: [F.timeProposed, F.timeConfirmed],
    to: F.otherTimeAsked,
    actors: [A.person],
  },
  confirmTime: {
    states: agreeing,
    after: [F.timeProposed],
    to: F.timeConfirmed,
    actors: [A.person],
    fires: ServiceOrderEvent.start,
  },
  markHeld: {
    states: [S.inService],
    after: [F.timeConfirmed],
    to: F.held,
    actors: [A.lawyer, A.operator],
    fires: ServiceOrderEvent.deliver,
  },
};

/** Lawyer letter: draft ⇄ revision (at most LETTER_REVISION_ROUNDS), approve, final PDF, courier. */
export const LetterStage = {
  draftSent: 'draft_sent',
  revisionAsked: 'revision_asked',
  approved: 'approved',
  final: 'final',
  sent: 'sent',
} as const;
export type LetterStage = (typeof LetterStage)[keyof typeof LetterStage];
export const LetterStep = {
  submitDraft: 'submitDraft',
  askRevision: 'askRevision',
  approveDraft: 'approveDraft',
  finalise: 'finalise',
  dispatch: 'dispatch',
} as const;
export type LetterStep = (typeof LetterStep)[keyof typeof LetterStep];

const L = LetterStage;

/** The first draft starts the service; the courier taking the final letter delivers it. */
export const LawyerLetterSteps: ServiceStepTable<LetterStage, LetterStep> = {
  submitDraft: {
    states: [S.arranged, S.inService],
    after: [null, L.revisionAsked],
    to: L.draftSent,
    actors: [A.lawyer],
    fires: ServiceOrderEvent.start,
  },
  askRevision: {
    states: [S.inService],
    after: [L.draftSent],
    to: L.revisionAsked,
    actors: [A.person],
    maxTimes: LETTER_REVISION_ROUNDS,
  },
  // system: the person left a draft unanswered for LETTER_DRAFT_REPLY_H.
  approveDraft: { states: [S.inService], after: [L.draftSent], to: L.approved, actors: [A.person, A.system] },
  finalise: { states: [S.inService], after: [L.approved], to: L.final, actors: [A.lawyer] },
  // system: the courier port answered with a tracking number; operator: sent by hand.
  dispatch: {
    states: [S.inService],
    after: [L.final],
    to: L.sent,
    actors: [A.system, A.operator],
    fires: ServiceOrderEvent.deliver,
  },
};

/** Lawsuit: signing the entrustment is accepting the quote; then milestones until the case closes. */
export const LawsuitStage = { entrusted: 'entrusted', progress: 'progress', closed: 'closed' } as const;
export type LawsuitStage = (typeof LawsuitStage)[keyof typeof LawsuitStage];
export const LawsuitStep = {
  signEntrust: 'signEntrust',
  recordProgress: 'recordProgress',
  closeCase: 'closeCase',
} as const;
export type LawsuitStep = (typeof LawsuitStep)[keyof typeof LawsuitStep];

const W = LawsuitStage;

export const LawsuitSteps: ServiceStepTable<LawsuitStage, LawsuitStep> = {
  signEntrust: {
    states: [S.quoted],
    after: [null],
    to: W.entrusted,
    actors: [A.person],
    fires: ServiceOrderEvent.acceptQuote,
  },
  recordProgress: {
    states: [S.inService],
    after: [W.entrusted, W.progress],
    to: W.progress,
    actors: [A.lawyer, A.operator],
  },
  closeCase: {
    states: [S.inService],
    after: [W.entrusted, W.progress],
    to: W.closed,
    actors: [A.lawyer, A.operator],
    fires: ServiceOrderEvent.deliver,
  },
};

/** What a progress record is about (its payload; the timeline shows the text). */
export const LawsuitMilestone = {
  filed: 'filed',
  hearing: 'hearing',
  judgment: 'judgment',
  enforcement: 'enforcement',
  mediation: 'mediation',
  other: 'other',
} as const;
export type LawsuitMilestone = (typeof LawsuitMilestone)[keyof typeof LawsuitMilestone];
export const LawsuitMilestoneText: Readonly<Record<LawsuitMilestone, string>> = {
  filed: '立案',
  hearing: '开庭',
  judgment: '判决',
  enforcement: '执行',
  mediation: '调解',
  other: '其他',
};
