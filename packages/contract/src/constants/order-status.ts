/** General order status (spec §4): order list and details. */
export const OrderStatus = {
  newSubmitted: 1,
  inService: 2,
  unpaid: 3,
  evaluated: 4,
  finished: 5,
  cancelled: 99,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

export const OrderStatusText: Record<OrderStatus, string> = {
  1: '等待服务',
  2: '服务中',
  3: '待支付',
  4: '已支付',
  5: '已完成',
  99: '已取消',
};

/** The other reading the spec lists as constants (kept for the client code that uses them). */
export const OrderConst = { START: 1, UNPAY: 2, APPRAISE: 3, NOT_LINK: 6 } as const;
export const ConsultStatus = { over: 6 } as const;

/** Phone call-order status (spec §4), polled on PhoneWaiting; governs phone orders. */
export const CallOrderStatus = {
  inProgress: 2,
  payWaiting: 3,
  evaluate: 4,
  paymentDue: 5,
  closed: 99,
} as const;
export type CallOrderStatus = (typeof CallOrderStatus)[keyof typeof CallOrderStatus];

/** Statuses the waiting page watches. */
export const watchedCallOrderStatuses: readonly CallOrderStatus[] = [2, 3, 4, 5, 99];

/** Status display texts of spec §4 (3 pay now, 4 paid / member completed, 5 completed). */
export function callOrderStatusText(status: number, isMember: boolean): string | undefined {
  switch (status) {
    case 3:
      return '咨询已完成，请立即支付';
    case 4:
      return isMember ? '订单已完成' : '支付已完成';
    case 5:
      return '订单已完成，欢迎再次使用';
    default:
      return undefined;
  }
}

/** Document order status (spec §4). */
export const DocOrderStatus = { awaiting: 1, checking: 2, checked: 3 } as const;
export type DocOrderStatus = (typeof DocOrderStatus)[keyof typeof DocOrderStatus];

/** Order-list tabs (spec §4); `?index=1` opens the unpaid list. */
export const OrderListTabs = [
  { key: 'ongoing', title: '进行中' },
  { key: 'unpaid', title: '待支付' },
  { key: 'finished', title: '已完成' },
  { key: 'cancelled', title: '已取消' },
] as const;
