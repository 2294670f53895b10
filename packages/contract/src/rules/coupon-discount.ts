import { Charge, CouponType, ProductCode } from '../constants/codes.ts';

export type CouponTerms = {
  couponType: number;
  /** Money: fen off; time: free minutes; times: free consultations (orders). */
  value: number;
  minSpendFen: number;
  /** Product codes it applies to; empty = any. */
  productCodes: readonly string[];
};

export type CouponTarget = {
  productCode: string;
  /** The amount the coupon applies to, after member rights (fen). */
  amountFen: number;
  /** Phone orders: how the call was charged, its unit price and units. */
  charge?: string;
  unitPriceFen?: number;
  billableUnits?: number;
};

export type CouponVerdict = { usable: true; discountFen: number } | { usable: false; reason: string };

/**
 * What a coupon takes off an order (issue 6; spec §5 "order price minus coupon value, never below
 * 0"). Money coupons take their value; time coupons pay that many minutes of a phone call charged
 * by time; times coupons pay one whole order (a call charged by count, or a service). A coupon
 * never takes more than the amount, and never applies to an order of 0.
 */
export function couponDiscount(coupon: CouponTerms, target: CouponTarget): CouponVerdict {
  const amount = Math.max(0, Math.round(target.amountFen));
  if (coupon.productCodes.length > 0 && !coupon.productCodes.includes(target.productCode)) {
    return { usable: false, reason: '该优惠券不适用于此订单' };
  }
  if (amount === 0) return { usable: false, reason: '订单无需支付，不能使用优惠券' };
  if (amount < coupon.minSpendFen) {
    return { usable: false, reason: `订单满${coupon.minSpendFen / 100}元可用` };
  }
  switch (coupon.couponType) {
    case CouponType.money:
      return { usable: true, discountFen: Math.min(amount, Math.max(0, Math.round(coupon.value))) };
    case CouponType.time: {
      if (target.productCode !== ProductCode.phoneCall || target.charge !== Charge.byTime) {
        return { usable: false, reason: '通话时长券仅适用于按分钟计费的电话咨询' };
      }
      const minutes = Math.min(Math.max(0, Math.round(coupon.value)), target.billableUnits ?? 0);
      return { usable: true, discountFen: Math.min(amount, minutes * (target.unitPriceFen ?? 0)) };
    }
    case CouponType.times:
      return { usable: true, discountFen: amount };
    default:
      return { usable: false, reason: '不支持的优惠券类型' };
  }
}
