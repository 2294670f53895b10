import { CouponType, ProductCode } from '@lawline/contract';
import type { UsableCoupon, UserCoupon, UserCouponStatus } from '@lawline/contract/schemas';

/**
 * The coupon screens' texts and orderings (我的优惠券 and ChooseCoupon), free of React so they can
 * be unit-tested.
 */

/** 我的优惠券's tabs, keyed by coupon/list's status. */
export const CouponTabs = [
  { key: 'valid', title: '可使用' },
  { key: 'used', title: '已使用' },
  { key: 'expired', title: '已过期' },
] as const satisfies ReadonlyArray<{ key: UserCouponStatus; title: string }>;

export function couponTabOf(param: string | null | undefined): UserCouponStatus {
  return CouponTabs.find((t) => t.key === param)?.key ?? 'valid';
}

export const emptyCouponText: Record<UserCouponStatus, string> = {
  valid: '暂无可使用的优惠券',
  used: '暂无已使用的优惠券',
  expired: '暂无已过期的优惠券',
};

/** Product names for a coupon's scope (spec §9 product codes). */
const productNames: Record<string, string> = {
  [ProductCode.phoneCall]: '电话咨询',
  [ProductCode.docCheck]: '合同审查',
  [ProductCode.docModule]: '合同模板',
  [ProductCode.docDraft]: '合同起草',
  [ProductCode.faceConsult]: '见面咨询',
  [ProductCode.lawyerLetter]: '律师函',
  [ProductCode.lawsuit]: '诉讼代理',
};

export function productNameOf(code: string): string {
  if (productNames[code]) return productNames[code];
  return code.startsWith('MC') ? '会员卡' : code;
}

/** 全场通用, or 适用：电话咨询、见面咨询 (member cards named once). */
export function scopeText(productCodes: readonly string[]): string {
  if (productCodes.length === 0) return '全场通用';
  const names = [...new Set(productCodes.map(productNameOf))];
  return `适用：${names.join('、')}`;
}

/** 满50元可用, or 无门槛. */
export function minSpendText(minSpend: number): string {
  return minSpend > 0 ? `满${minSpend}元可用` : '无门槛';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 有效期至 2026-12-31 (this device's calendar). */
export function expiryText(expiresAt: number): string {
  const d = new Date(expiresAt);
  return `有效期至 ${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The big figure on the coupon's face: 10 元, 30 分钟, 1 次. */
export function couponFace(coupon: Pick<UserCoupon, 'couponType' | 'value'>): {
  amount: string;
  unit: string;
} {
  if (coupon.couponType === CouponType.time) return { amount: String(coupon.value), unit: '分钟' };
  if (coupon.couponType === CouponType.times) return { amount: String(coupon.value), unit: '次' };
  return { amount: String(coupon.value), unit: '元' };
}

/** ChooseCoupon's line for a coupon: 可抵扣¥10, or why it cannot be used here. */
export function discountText(coupon: Pick<UsableCoupon, 'usable' | 'discount' | 'reason'>): string {
  return coupon.usable ? `可抵扣¥${coupon.discount}` : (coupon.reason ?? '不适用于此订单');
}

/** Usable coupons first, the biggest discount first (then the soonest to expire); unusable ones last. */
export function sortForChoosing<T extends Pick<UsableCoupon, 'usable' | 'discount' | 'expiresAt'>>(
  coupons: readonly T[],
): T[] {
  return [...coupons].sort((a, b) => {
    if (a.usable !== b.usable) return a.usable ? -1 : 1;
    if (a.discount !== b.discount) return b.discount - a.discount;
    return a.expiresAt - b.expiresAt;
  });
}
