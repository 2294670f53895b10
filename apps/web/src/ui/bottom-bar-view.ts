/**
 * What the fixed bottom bar (spec §2) shows, decided without React so it can be unit-tested:
 * - the price label 会员免费 → the text 会员尊享免费咨询 (members consult free);
 * - no price → nothing but a full-width button;
 * - otherwise ¥ price, a 待支付 tag while the order waits for payment, and a unit or time text.
 */
export const MEMBER_FREE_LABEL = '会员免费';
export const MEMBER_FREE_TEXT = '会员尊享免费咨询';
export const WAITING_PAYMENT_TAG = '待支付';

export interface BottomBarPrice {
  /** Yuan; null/undefined/'' = no price. */
  price?: number | string | null;
  /** The channel's or order's price label (会员免费 for members). */
  priceLabel?: string | null;
  /** 元/分钟, 元/次, or a time text (通话1分35秒). */
  unitText?: string | null;
  /** The order is waiting for payment: show the 待支付 tag. */
  waitingPayment?: boolean;
}

export type BottomBarView =
  | { kind: 'button' }
  | { kind: 'member'; text: string }
  | { kind: 'price'; priceText: string; tag: string | null; unitText: string | null };

export function bottomBarView(input: BottomBarPrice): BottomBarView {
  if (input.priceLabel === MEMBER_FREE_LABEL) return { kind: 'member', text: MEMBER_FREE_TEXT };
  const price = input.price;
  if (price === null || price === undefined || price === '' || Number.isNaN(Number(price))) {
    return { kind: 'button' };
  }
  return {
    kind: 'price',
    priceText: `¥${Number(price)}`,
    tag: input.waitingPayment ? WAITING_PAYMENT_TAG : null,
    unitText: input.unitText?.trim() ? input.unitText.trim() : null,
  };
}
