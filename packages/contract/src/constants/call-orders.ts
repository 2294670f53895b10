/**
 * Phone consultation (issue 5): the constants both sides share. The state machine itself is in
 * rules/call-order-machine.ts, the bill in rules/billing.ts.
 */

/** The app's message when a new consult is asked for while an order is unpaid (spec §8). */
export const UNPAID_ORDER_MESSAGE = '您有未支付订单，请及时支付';
/** After this many cancellations in a (Beijing) day, no new consult that day. */
export const DAILY_CANCEL_LIMIT = 3;
export const CANCEL_LIMIT_MESSAGE = `您今天已取消${DAILY_CANCEL_LIMIT}次咨询，今日无法再发起电话咨询，请明天再试`;
/** The order was taken by another lawyer (lawyer/offer/accept answers 409). */
export const OFFER_TAKEN_MESSAGE = '已被其他律师接单';
/** Closing reasons the server writes (cancelReason of a closed order). */
export const CallCloseReason = {
  noLawyerOnline: '暂无律师在线',
  noLawyerAccepted: '暂无律师接单，订单已关闭',
  unanswered: '通话未接通，订单已关闭',
  callbackUnserved: '服务时间内暂无律师接单，预约已关闭',
} as const;

/**
 * A requested lawyer (issue 23: 电话咨询 on a lawyer's profile). THE CHOICES, written down:
 * - The order records the lawyer and, for REQUESTED_LAWYER_WAIT_MS from placing it, is offered
 *   ONLY to that lawyer (20-second offers, repeated while the lawyer is free). No 60-second promise
 *   is made meanwhile: the wait is the promise.
 * - Busy (in a call) or offline: the order detail says so (requestedLawyer.presence, message) and
 *   the person chooses: wait (nothing to do: the order waits) or order/releaseRequestedLawyer,
 *   after which the order goes to the first available lawyer with a new 60-second promise.
 * - The lawyer declines: released at once, as if the person had chosen.
 * - The wait runs out unanswered (a persisted job at the wait's end): released the same way —
 *   offered to anyone, the requested lawyer still first if free — and the person is told. The
 *   order is not closed: the person can still cancel.
 */
export const REQUESTED_LAWYER_WAIT_MS = 5 * 60 * 1000;
export const REQUESTED_LAWYER_WAIT_TEXT = '5分钟';

/** The requested lawyer's side of an order (order/callOrderDetail requestedLawyer.state). */
export const RequestedLawyerState = {
  /** Offered to that lawyer only; they have not answered yet (offer out or waiting for them). */
  waiting: 'waiting',
  /** They took it. */
  accepted: 'accepted',
  /** The person chose the first available lawyer. */
  released: 'released',
  /** The wait ran out: offered to anyone. */
  expired: 'expired',
  /** The lawyer declined: offered to anyone. */
  declined: 'declined',
} as const;
export type RequestedLawyerState = (typeof RequestedLawyerState)[keyof typeof RequestedLawyerState];

/** Reviews on a lawyer's profile: below this many evaluations no average is shown. */
export const REVIEW_MIN_COUNT_FOR_AVERAGE = 3;

/** The rating a card or profile may show: none below REVIEW_MIN_COUNT_FOR_AVERAGE evaluations. */
export function shownRating(rating: number, ratingCount: number): string | null {
  return ratingCount >= REVIEW_MIN_COUNT_FOR_AVERAGE ? rating.toFixed(1) : null;
}

/** The product code of the phone consultation (spec §9 SC17001). */
export const CALL_ORDER_PRODUCT_CODE = 'SC17001';

/** A counted phone right a card may carry (uses per card year), next to the contract's MemberRight. */
export const PhoneCountRight = 'phoneCount' as const;
export const PhoneCountRightName = '电话咨询次数';

/** Why a finished call costs nothing. */
export const FreeReason = { member: 'member', shortCall: 'shortCall', countCard: 'countCard' } as const;
export type FreeReason = (typeof FreeReason)[keyof typeof FreeReason];
export const FreeReasonLabel: Record<FreeReason, string> = {
  member: '会员免费',
  shortCall: '通话不足1分钟，免费',
  countCard: '次卡抵扣',
};

/** Lawyer availability. */
export const LawyerPresence = { online: 'online', offline: 'offline', busy: 'busy' } as const;
export type LawyerPresence = (typeof LawyerPresence)[keyof typeof LawyerPresence];
export const LawyerPresenceText: Record<LawyerPresence, string> = {
  online: '在线接单',
  offline: '离线',
  busy: '通话中',
};

/** What the waiting page shows about the dispatch. */
export const DispatchStage = {
  /** Looking for a lawyer (an offer may be out to one). */
  matching: 'matching',
  /** A lawyer accepted and will call through the masked number. */
  assigned: 'assigned',
  /** The call is connected. */
  inCall: 'inCall',
  /** The call is over (or the order closed). */
  done: 'done',
} as const;
export type DispatchStage = (typeof DispatchStage)[keyof typeof DispatchStage];

/** Order-list tabs of order/list-new and order/orderStatusCount. */
export const OrderListTab = {
  ongoing: 'ongoing',
  unpaid: 'unpaid',
  finished: 'finished',
  cancelled: 'cancelled',
} as const;
export type OrderListTab = (typeof OrderListTab)[keyof typeof OrderListTab];

/** Cancel reasons (tag/getCause). */
export const CancelReasons = [
  { id: 1, name: '不想咨询了' },
  { id: 2, name: '等待时间太长' },
  { id: 3, name: '问题已经解决' },
  { id: 4, name: '问题描述有误，重新下单' },
  { id: 5, name: '想换个律师' },
  { id: 6, name: '其他原因' },
] as const;

/** Evaluation tags (tag/getAllEvaluate). */
export const EvaluationTags = [
  { id: 1, name: '专业靠谱' },
  { id: 2, name: '耐心细致' },
  { id: 3, name: '回复及时' },
  { id: 4, name: '解答清楚' },
  { id: 5, name: '态度友好' },
  { id: 6, name: '建议实用' },
  { id: 7, name: '思路清晰' },
  { id: 8, name: '值得推荐' },
] as const;

/** Order types (order/orderType): the service types that have orders, tel first. */
export const OrderTypes = [
  { orderType: 1, name: '电话咨询', productCode: 'SC17001' },
  { orderType: 6, name: '视频咨询', productCode: null },
  { orderType: 4, name: '合同审查', productCode: 'SC18001' },
  { orderType: 5, name: '文书服务', productCode: 'SC18004' },
] as const;

/** How an order was paid (PaidInfo.method). */
export const PaidMethod = { wechat: 'wechat', alipay: 'alipay', none: 'none' } as const;
export type PaidMethod = (typeof PaidMethod)[keyof typeof PaidMethod];
export const PaidMethodText: Record<PaidMethod, string> = {
  wechat: '微信支付',
  alipay: '支付宝',
  none: '无需支付',
};

/** The lawyer's share of a call's value (the platform pays members' and card holders' calls). */
export const LAWYER_SHARE_PERCENT = 70;
