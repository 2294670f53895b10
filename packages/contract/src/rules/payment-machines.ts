import { OrderStatus } from '../constants/order-status.ts';

/**
 * The state machines of issue 6: product orders (member cards and services bought by product code,
 * ids 'P…') and payment attempts (one out_trade_no each, several per order). The server applies
 * each event with a guarded UPDATE (… WHERE state IN (from) AND version = ?), so a replayed notify
 * or a double tap changes a row once.
 *
 * Product orders:
 * | state     | meaning                                      | general status        |
 * |-----------|----------------------------------------------|-----------------------|
 * | unpaid    | created, waiting for payment                 | 3 待支付              |
 * | paid      | a service paid (or covered by a right), lawyer not yet arranged | 1 等待服务 |
 * | fulfilled | a member card paid and granted               | 5 已完成 (已开通)     |
 * | cancelled | cancelled before payment                     | 99 已取消             |
 * | refunded  | a paid service cancelled, money sent back    | 99 已取消 (已退款)    |
 *
 * | event  | from   | to                             | who                              |
 * |--------|--------|--------------------------------|----------------------------------|
 * | pay    | unpaid | paid (service) / fulfilled (card) | the first settled payment     |
 * | cancel | unpaid | cancelled                      | order/cancelOrder                |
 * | refund | paid   | refunded                       | order/cancelOrder (before service starts) |
 *
 * Payment attempts:
 * | event  | from         | to       | who                                                  |
 * |--------|--------------|----------|------------------------------------------------------|
 * | settle | open, closed | paid     | notify or query: the vendor says paid (a closed attempt paid at the last moment still counts) |
 * | close  | open         | closed   | cancel, expiry, superseded, the vendor closed it     |
 * | refund | paid         | refunded | the refund succeeded at the vendor                   |
 */
export const ProductOrderState = {
  unpaid: 'unpaid',
  paid: 'paid',
  fulfilled: 'fulfilled',
  cancelled: 'cancelled',
  refunded: 'refunded',
} as const;
export type ProductOrderState = (typeof ProductOrderState)[keyof typeof ProductOrderState];

const P = ProductOrderState;

export const ProductOrderTransitions = {
  pay: { from: [P.unpaid], to: { service: P.paid, card: P.fulfilled } },
  cancel: { from: [P.unpaid], to: P.cancelled },
  refund: { from: [P.paid], to: P.refunded },
} as const;

/** General status (spec §4) of each product-order state. */
export const ProductOrderProjection: Readonly<Record<ProductOrderState, OrderStatus>> = {
  unpaid: OrderStatus.unpaid,
  paid: OrderStatus.newSubmitted,
  fulfilled: OrderStatus.finished,
  cancelled: OrderStatus.cancelled,
  refunded: OrderStatus.cancelled,
};

/** The order-list tab of each product-order state. */
export const ProductOrderTabStates = {
  ongoing: [P.paid],
  unpaid: [P.unpaid],
  finished: [P.fulfilled],
  cancelled: [P.cancelled, P.refunded],
} as const satisfies Record<'ongoing' | 'unpaid' | 'finished' | 'cancelled', readonly ProductOrderState[]>;

export function isProductOrderState(value: string): value is ProductOrderState {
  return (Object.values(ProductOrderState) as string[]).includes(value);
}

/** Text of a product order's state: cards read 已开通, refunds 已退款. */
export function productOrderStateText(state: string, kind: 'card' | 'service' | string): string {
  switch (state) {
    case P.unpaid:
      return '待支付';
    case P.paid:
      return '已支付，等待安排律师';
    case P.fulfilled:
      return kind === 'card' ? '已开通' : '已完成';
    case P.refunded:
      return '已退款';
    default:
      return '已取消';
  }
}

export const PaymentState = { open: 'open', paid: 'paid', closed: 'closed', refunded: 'refunded' } as const;
export type PaymentState = (typeof PaymentState)[keyof typeof PaymentState];

const S = PaymentState;

export const PaymentTransitions = {
  settle: { from: [S.open, S.closed], to: S.paid },
  close: { from: [S.open], to: S.closed },
  refund: { from: [S.paid], to: S.refunded },
} as const satisfies Record<string, { from: readonly PaymentState[]; to: PaymentState }>;
