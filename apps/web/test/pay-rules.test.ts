import { PayText, PayType } from '@lawline/contract';
import type { PayOrderResult } from '@lawline/contract/schemas';
import { describe, expect, it } from 'vitest';
import {
  amountView,
  bridgeOutcome,
  bridgeParams,
  cancelConfirmText,
  cashierUrl,
  commitPlan,
  couponRowText,
  couponToSend,
  currentRouter,
  isPayOrderId,
  miniProgramPayUrl,
  NOT_BUILT_TEXT,
  PAY_WAIT_TIMEOUT_MS,
  paidPath,
  paidToast,
  payAction,
  payMethodViews,
  payReturnUrl,
  payWaitingStep,
  pickPayType,
  refundText,
} from '../src/features/pay/pay-rules.ts';
import { orderPayPath, orderRowPath } from '../src/features/phone-consult/components/order-row.tsx';

const PHONE = 'T20261121A1B2C3D4';
const PRODUCT = 'P20261121ABCD1234';

const result = (patch: Partial<PayOrderResult>): PayOrderResult => ({
  payStatus: '1',
  orderId: PHONE,
  outTradeNo: 'LL20261121000001',
  amount: 12,
  aliPayForm: null,
  mweb_url: null,
  appid: null,
  timeStamp: null,
  nonce_str: null,
  package: null,
  prepay_id: null,
  signType: null,
  singn: null,
  ...patch,
});

describe('order ids', () => {
  it('knows phone (T…) and product (P…) order ids as the contract writes them', () => {
    expect(isPayOrderId(PHONE)).toBe(true);
    expect(isPayOrderId(PRODUCT)).toBe(true);
    expect(isPayOrderId('X20261121A1B2C3D4')).toBe(false);
    expect(isPayOrderId('T2026112')).toBe(false);
    expect(isPayOrderId(null)).toBe(false);
  });
});

describe('commit payment (spec §4): which order a tap pays', () => {
  it('pays an unpaid order as it is, whatever its type', () => {
    expect(commitPlan({ type: 'card', productCode: 'MC19001', orderId: PRODUCT, status: 3 })).toEqual({
      action: 'pay',
      orderId: PRODUCT,
    });
    expect(commitPlan({ type: 'video', productCode: 'SC17001', orderId: PHONE, status: 3 })).toEqual({
      action: 'pay',
      orderId: PHONE,
    });
  });

  it('phone and writ orders pay the existing id; without one there is nothing to pay', () => {
    expect(commitPlan({ type: 'phone', productCode: 'SC17001', orderId: PHONE })).toEqual({
      action: 'pay',
      orderId: PHONE,
    });
    expect(commitPlan({ type: 'writ', productCode: 'SC18001', orderId: PRODUCT })).toEqual({
      action: 'pay',
      orderId: PRODUCT,
    });
    expect(commitPlan({ type: 'phone', productCode: 'SC17001' }).action).toBe('unsupported');
  });

  it('a card and the services by product code create the order first', () => {
    expect(commitPlan({ type: 'card', productCode: 'MC19002' })).toEqual({
      action: 'create',
      productCode: 'MC19002',
    });
    for (const code of ['SC18004', 'SC18001']) {
      expect(commitPlan({ type: 'service', productCode: code })).toEqual({
        action: 'create',
        productCode: code,
      });
    }
    // Face, letter and lawsuit are ordered on their forms (issue 14).
    expect(commitPlan({ type: 'service', productCode: 'SC19001' })).toEqual({
      action: 'form',
      path: '/SubDoc/faceConsult',
    });
    expect(commitPlan({ type: 'service', productCode: 'SC19002' })).toMatchObject({ action: 'form' });
    expect(commitPlan({ type: 'service', productCode: 'SC19003' })).toMatchObject({ action: 'form' });
    expect(commitPlan({ type: 'service', productCode: 'SC18002' })).toEqual({
      action: 'unsupported',
      message: NOT_BUILT_TEXT,
    });
    expect(commitPlan({ type: 'card', productCode: 'SC17001' }).action).toBe('unsupported');
  });

  it('video and quoted orders are not built yet: 功能建设中', () => {
    expect(commitPlan({ type: 'video', productCode: 'SC17001' })).toEqual({
      action: 'unsupported',
      message: '功能建设中',
    });
    expect(commitPlan({ type: 'quoted', productCode: 'SC18001', orderId: PRODUCT }).action).toBe(
      'unsupported',
    );
  });

  it('where a paid order is shown: phone → PaySuccess, product → ServiceOrder, video → VideoOrder', () => {
    expect(paidPath(PHONE)).toBe(`/PaySuccess/${PHONE}`);
    expect(paidPath(PRODUCT)).toBe(`/ServiceOrder/${PRODUCT}`);
    expect(paidPath(PRODUCT, 'video')).toBe(`/VideoOrder/${PRODUCT}`);
  });
});

describe('payment methods inside and outside WeChat (spec §3, providers.md)', () => {
  it('outside WeChat both methods can be chosen, WeChat first', () => {
    const methods = payMethodViews({ inWeChat: false });
    expect(methods.map((m) => [m.payType, m.name, m.selectable])).toEqual([
      [PayType.wxPay, '微信支付', true],
      [PayType.aliPay, '支付宝', true],
    ]);
    expect(pickPayType(methods)).toBe(PayType.wxPay);
    expect(pickPayType(methods, PayType.aliPay)).toBe(PayType.aliPay);
  });

  it('inside WeChat Alipay is shown but cannot be chosen, with the open-in-browser hint', () => {
    const methods = payMethodViews({ inWeChat: true });
    const alipay = methods.find((m) => m.payType === PayType.aliPay);
    expect(alipay).toMatchObject({ selectable: false, disabledReason: PayText.openInBrowser });
    expect(pickPayType(methods, PayType.aliPay)).toBe(PayType.wxPay);
  });
});

describe('the sheet: coupon row and amount', () => {
  it('says the chosen coupon and its value, the usable count, or that none is usable', () => {
    const chosen = { id: 7, name: '新人券', value: 10 };
    expect(couponRowText({ chosen, usableCount: 2 })).toEqual({ text: '新人券 −¥10', tone: 'chosen' });
    expect(couponRowText({ chosen, usableCount: 2, serverValue: 6 }).text).toBe('新人券 −¥6');
    expect(couponRowText({ chosen: null, usableCount: 3 })).toEqual({ text: '3张可用', tone: 'available' });
    expect(couponRowText({ chosen: null, usableCount: 0 })).toEqual({ text: '无可用优惠券', tone: 'none' });
    expect(couponRowText({ chosen: null, usableCount: null }).tone).toBe('loading');
    expect(couponRowText({ chosen, usableCount: 1, error: '订单满50元可用' })).toEqual({
      text: '订单满50元可用',
      tone: 'error',
    });
  });

  it('sends the chosen coupon unless the server said it does not apply', () => {
    expect(couponToSend(7, { couponError: null })).toBe(7);
    expect(couponToSend(7, { couponError: '该优惠券不适用于此订单' })).toBeNull();
    expect(couponToSend(null, undefined)).toBeNull();
  });

  it("shows the server's figure; while re-pricing an estimate by the contract's rule (never below 0)", () => {
    const amount = { orderPrice: 30, memberDiscount: 5, needPayAmount: 15 };
    expect(amountView(undefined, false, null)).toEqual({ yuan: null, estimated: true });
    expect(amountView(amount, false, 10)).toEqual({ yuan: 15, estimated: false });
    expect(amountView(amount, true, 10)).toEqual({ yuan: 15, estimated: true });
    expect(amountView(amount, true, 40)).toEqual({ yuan: 0, estimated: true });
  });
});

describe('going to the provider and back', () => {
  const location = {
    origin: 'https://law.example.com',
    pathname: '/h5/gzh/',
    search: '?channel=czh&token=secret&code=abc&state=xyz',
  };

  it('return_url is the app address of PayWaiting (hash route), without token or OAuth leftovers', () => {
    expect(payReturnUrl(PHONE, location)).toBe(
      `https://law.example.com/h5/gzh/?channel=czh#/PayWaiting/${PHONE}`,
    );
    expect(payReturnUrl(PRODUCT, { ...location, search: '' })).toBe(
      `https://law.example.com/h5/gzh/#/PayWaiting/${PRODUCT}`,
    );
  });

  it('the cashier address appends redirect_url with ? or &, and resolves a relative sandbox URL', () => {
    const back = payReturnUrl(PHONE, location);
    const base = 'https://law.example.com/h5/gzh/?channel=czh#/Payment/x';
    expect(cashierUrl('/api/dev/cashier/wechat/xyz', back, base)).toBe(
      `https://law.example.com/api/dev/cashier/wechat/xyz?redirect_url=${encodeURIComponent(back)}`,
    );
    expect(
      cashierUrl('https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=2', back, base),
    ).toBe(
      `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=2&redirect_url=${encodeURIComponent(back)}`,
    );
  });

  it('the route to come back to after WeChat authorisation, and the mini-program pay page', () => {
    expect(currentRouter(`#/Payment/${PHONE}`)).toBe(`Payment/${PHONE}`);
    expect(currentRouter('#/BuyCard/MC19001?x=1')).toBe('BuyCard/MC19001?x=1');
    expect(miniProgramPayUrl(PHONE, PayType.wxPay)).toBe(`/pages/pay/index?orderId=${PHONE}&payType=1`);
    expect(miniProgramPayUrl(PRODUCT, PayType.wxPay, 9)).toBe(
      `/pages/pay/index?orderId=${PRODUCT}&payType=1&couponId=9`,
    );
  });
});

describe('the pay answer and the WeChat bridge', () => {
  it("payStatus '2': nothing to pay; the toast says paid now (0) or paid before", () => {
    expect(payAction(result({ payStatus: '2' }))).toEqual({ kind: 'paid' });
    expect(paidToast({ amount: 0 })).toBe(PayText.success);
    expect(paidToast({ amount: 12 })).toBe(PayText.alreadyPaid);
  });

  it('JSAPI fields become the getBrandWCPayRequest parameters (singn is paySign)', () => {
    const jsapi = result({
      appid: 'wxapp',
      timeStamp: '1700000000',
      nonce_str: 'n0nce',
      package: 'prepay_id=wx123',
      prepay_id: 'wx123',
      signType: 'RSA',
      singn: 'c2lnbg==',
    });
    expect(payAction(jsapi)).toEqual({
      kind: 'jsapi',
      params: {
        appId: 'wxapp',
        timeStamp: '1700000000',
        nonceStr: 'n0nce',
        package: 'prepay_id=wx123',
        signType: 'RSA',
        paySign: 'c2lnbg==',
      },
    });
    expect(bridgeParams({ ...jsapi, package: null })?.package).toBe('prepay_id=wx123');
    expect(payAction(result({ mweb_url: '/api/dev/cashier/wechat/x' }))).toEqual({
      kind: 'h5',
      mwebUrl: '/api/dev/cashier/wechat/x',
    });
    expect(payAction(result({ aliPayForm: '<form></form>' }))).toEqual({
      kind: 'alipay',
      form: '<form></form>',
    });
    expect(payAction(result({}))).toEqual({ kind: 'unknown' });
  });

  it('reads the bridge answer: ok, cancel, anything else fails', () => {
    expect(bridgeOutcome('get_brand_wcpay_request:ok')).toBe('ok');
    expect(bridgeOutcome('get_brand_wcpay_request:cancel')).toBe('cancel');
    expect(bridgeOutcome('get_brand_wcpay_request:fail')).toBe('fail');
    expect(bridgeOutcome('get_brand_wcpay_request:fail_invalid appid')).toBe('fail');
    expect(bridgeOutcome('bridge:timeout')).toBe('fail');
    expect(bridgeOutcome(undefined)).toBe('fail');
  });
});

describe('PayWaiting', () => {
  const at = (payStatus: '1' | '2' | '3' | undefined, callStatus?: number | null, elapsedMs = 0) =>
    payWaitingStep({
      orderId: callStatus === undefined ? PRODUCT : PHONE,
      pay: payStatus ? { payStatus } : undefined,
      callStatus,
      elapsedMs,
    });

  it('a product order: paid → ServiceOrder with 支付成功, failed → ServiceOrder with 支付失败, else wait', () => {
    expect(at('2')).toEqual({ kind: 'paid', path: `/ServiceOrder/${PRODUCT}`, toast: '支付成功' });
    expect(at('3')).toEqual({ kind: 'failed', path: `/ServiceOrder/${PRODUCT}`, toast: '支付失败' });
    expect(at('1')).toEqual({ kind: 'wait', late: false });
    expect(at(undefined)).toEqual({ kind: 'wait', late: false });
  });

  it('says it is late after 60 s, and keeps waiting', () => {
    expect(at('1', undefined, PAY_WAIT_TIMEOUT_MS - 1)).toEqual({ kind: 'wait', late: false });
    expect(at('1', undefined, PAY_WAIT_TIMEOUT_MS)).toEqual({ kind: 'wait', late: true });
  });

  it('a phone order: paid → PaySuccess, failed → Payment, closed (99) → TelDetail, once its status is known', () => {
    expect(at('2', 3)).toEqual({ kind: 'paid', path: `/PaySuccess/${PHONE}`, toast: null });
    expect(at('1', 4)).toEqual({ kind: 'paid', path: `/PaySuccess/${PHONE}`, toast: null });
    expect(at('3', 5)).toEqual({ kind: 'failed', path: `/Payment/${PHONE}`, toast: '支付失败' });
    expect(at('3', 99)).toEqual({ kind: 'closed', path: `/TelDetail/${PHONE}` });
    // Still 3 while the attempt closes: wait rather than bounce between Payment and PayWaiting.
    expect(at('3', 3)).toEqual({ kind: 'wait', late: false });
    expect(at('2', null)).toEqual({ kind: 'wait', late: false });
  });
});

describe('product orders in the order list and on ServiceOrder', () => {
  it('a product order opens ServiceOrder and 去支付 opens its sheet; a phone order TelDetail and Payment', () => {
    expect(orderRowPath({ orderId: PRODUCT })).toBe(`/ServiceOrder/${PRODUCT}`);
    expect(orderPayPath({ orderId: PRODUCT })).toBe(`/ServiceOrder/${PRODUCT}?pay=1`);
    expect(orderRowPath({ orderId: PHONE })).toBe(`/TelDetail/${PHONE}`);
    expect(orderPayPath({ orderId: PHONE })).toBe(`/Payment/${PHONE}`);
  });

  it('refund and cancel texts', () => {
    expect(refundText({ amount: 99, state: 'pending' })).toBe('退款中 ¥99');
    expect(refundText({ amount: 99, state: 'succeeded' })).toBe('已退款 ¥99');
    expect(refundText({ amount: 99, state: 'failed' })).toContain('退款失败');
    expect(cancelConfirmText({ paidAt: 1, paidAmount: 99 })).toContain('已支付的¥99将原路退回');
    expect(cancelConfirmText({ paidAt: null, paidAmount: null })).toBe('确定取消该订单吗？');
  });
});
