import { describe, expect, it } from 'vitest';
import { Charge, CouponType, PayType, ProductCode } from '../src/constants/codes.ts';
import { PayText, payMethodsFor } from '../src/constants/payments.ts';
import { couponDiscount } from '../src/rules/coupon-discount.ts';
import {
  PaymentState,
  PaymentTransitions,
  ProductOrderProjection,
  ProductOrderState,
  ProductOrderTabStates,
  ProductOrderTransitions,
  productOrderStateText,
} from '../src/rules/payment-machines.ts';
import { CreatePayOrderSchema } from '../src/schemas/payments.ts';

const phoneByTime = {
  productCode: ProductCode.phoneCall,
  amountFen: 2400,
  charge: Charge.byTime,
  unitPriceFen: 600,
  billableUnits: 4,
};

describe('couponDiscount', () => {
  it('money coupons take their value, never more than the amount, from the minimum spend', () => {
    const tenOff = { couponType: CouponType.money, value: 1000, minSpendFen: 3000, productCodes: [] };
    expect(couponDiscount(tenOff, { productCode: 'SC19001', amountFen: 3000 })).toEqual({
      usable: true,
      discountFen: 1000,
    });
    expect(couponDiscount(tenOff, { productCode: 'SC19001', amountFen: 2999 })).toMatchObject({
      usable: false,
      reason: '订单满30元可用',
    });
    const big = { ...tenOff, value: 99_900, minSpendFen: 0 };
    expect(couponDiscount(big, { productCode: 'SC19001', amountFen: 500 })).toEqual({
      usable: true,
      discountFen: 500,
    });
  });

  it('time coupons pay minutes of a call charged by time only', () => {
    const tenMinutes = { couponType: CouponType.time, value: 10, minSpendFen: 0, productCodes: [] };
    expect(couponDiscount(tenMinutes, phoneByTime)).toEqual({ usable: true, discountFen: 2400 });
    const twoMinutes = { ...tenMinutes, value: 2 };
    expect(couponDiscount(twoMinutes, phoneByTime)).toEqual({ usable: true, discountFen: 1200 });
    expect(couponDiscount(twoMinutes, { ...phoneByTime, charge: Charge.byPer })).toMatchObject({
      usable: false,
    });
    expect(couponDiscount(twoMinutes, { productCode: 'SC19001', amountFen: 10_000 })).toMatchObject({
      usable: false,
    });
  });

  it('times coupons pay one whole order; scope and zero amounts are respected', () => {
    const once = {
      couponType: CouponType.times,
      value: 1,
      minSpendFen: 0,
      productCodes: [ProductCode.phoneCall],
    };
    expect(couponDiscount(once, phoneByTime)).toEqual({ usable: true, discountFen: 2400 });
    expect(couponDiscount(once, { productCode: 'SC19001', amountFen: 100 })).toMatchObject({
      usable: false,
      reason: '该优惠券不适用于此订单',
    });
    expect(couponDiscount(once, { ...phoneByTime, amountFen: 0 })).toMatchObject({ usable: false });
    expect(couponDiscount({ ...once, couponType: 9 }, phoneByTime)).toMatchObject({ usable: false });
  });
});

describe('payment methods and the pay request', () => {
  it('Alipay inside WeChat is shown but says to open the page in a browser', () => {
    expect(payMethodsFor({ inWeChat: false }).map((m) => [m.payType, m.disabledReason])).toEqual([
      [PayType.wxPay, null],
      [PayType.aliPay, null],
    ]);
    const inside = payMethodsFor({ inWeChat: true });
    expect(inside.find((m) => m.payType === PayType.aliPay)?.disabledReason).toBe(PayText.openInBrowser);
  });

  it('refuses an amount, unknown pay types and malformed ids (the amount is never the client’s)', () => {
    const base = { payType: '1', orderId: 'T20261121ABCDEFGH' };
    expect(CreatePayOrderSchema.safeParse(base).success).toBe(true);
    expect(CreatePayOrderSchema.safeParse({ ...base, couponId: '' }).success).toBe(true);
    expect(CreatePayOrderSchema.safeParse({ ...base, amount: 0.01 }).success).toBe(false);
    expect(CreatePayOrderSchema.safeParse({ ...base, payType: '2' }).success).toBe(false);
    expect(CreatePayOrderSchema.safeParse({ ...base, orderId: "T1' or 1=1" }).success).toBe(false);
    expect(CreatePayOrderSchema.safeParse({ ...base, couponId: -3 }).success).toBe(false);
  });
});

describe('the product-order and payment tables', () => {
  it('every product-order state has a status, a text and exactly one order-list tab', () => {
    for (const state of Object.values(ProductOrderState)) {
      expect(ProductOrderProjection[state]).toBeTypeOf('number');
      expect(productOrderStateText(state, 'service')).toBeTruthy();
      const tabs = Object.entries(ProductOrderTabStates).filter(([, states]) =>
        (states as readonly string[]).includes(state),
      );
      expect(tabs, state).toHaveLength(1);
    }
    expect(productOrderStateText(ProductOrderState.fulfilled, 'card')).toBe('已开通');
    expect(ProductOrderProjection.refunded).toBe(99);
  });

  it('payments are paid once: only open or closed attempts settle, only paid ones refund', () => {
    expect(PaymentTransitions.settle.from).not.toContain(PaymentState.paid);
    expect(PaymentTransitions.settle.from).not.toContain(PaymentState.refunded);
    expect(PaymentTransitions.close.from).toEqual([PaymentState.open]);
    expect(PaymentTransitions.refund.from).toEqual([PaymentState.paid]);
    expect(ProductOrderTransitions.pay.from).toEqual([ProductOrderState.unpaid]);
    expect(ProductOrderTransitions.refund.from).toEqual([ProductOrderState.paid]);
  });
});
