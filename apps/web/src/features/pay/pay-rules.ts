import {
  OrderStatus,
  type PayMethod,
  PayStatus,
  PayText,
  type PayType,
  ProductCode,
  payablePrice,
  payMethodsFor,
  type ServiceKind,
  serviceKindOfProductCode,
} from '@lawline/contract';
import type { PayAmount, PayOrderResult, PayState } from '@lawline/contract/schemas';
import { paths } from '../../app/paths.ts';

/**
 * The payment's decisions (spec §2 payment popup, §3 pay request/response, §4 payment flow and
 * commit payment), free of React and of the browser so they can be unit-tested: which order a tap
 * pays, which methods the browser offers, what the coupon row says, where the provider sends the
 * person back, what the WeChat bridge's answer means and where each outcome leads.
 */

/**
 * How long PayWaiting polls before it says the result is late and offers 重新支付 (providers.md:
 * never assume paid). WeChat H5 tells nobody about a cancel at its cashier, so a person who gave up
 * there should not wait long for the offer; 重新支付 closes the open attempt at the vendor first.
 */
export const PAY_WAIT_TIMEOUT_MS = 15_000;
/** PayWaiting asks pay/queryPayOrder this often, then every PAY_POLL_SLOW_MS once it is late. */
export const PAY_POLL_MS = 2000;
export const PAY_POLL_SLOW_MS = 5000;
/** After payStatus '2' the order is shown again after this delay (spec §4: reload after 1 s). */
export const PAID_RELOAD_MS = 1000;
/** What is not built yet says so. */
export const NOT_BUILT_TEXT = '功能建设中';
/** The sheet's title (spec §2). */
export const PAY_SHEET_TITLE = '订单支付';

// ---------------------------------------------------------------------------------------------
// Order ids
// ---------------------------------------------------------------------------------------------

/**
 * Any order a payment can be for: phone orders 'T…', product orders 'P…', service orders 'S…'
 * (contract orderIdField).
 */
export function isPayOrderId(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^[TPS]\d{8}[0-9A-Z]{8}$/.test(value);
}

/** A service order (face, letter, lawsuit …; issue 14): 'S' + yyyymmdd + 8 characters. */
export function isServiceOrderId(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^S\d{8}[0-9A-Z]{8}$/.test(value);
}

export function isProductOrderId(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^P\d{8}[0-9A-Z]{8}$/.test(value);
}

export type PayOrderKind = 'phone' | 'product' | 'service';

export function payOrderKind(orderId: string): PayOrderKind {
  if (orderId.startsWith('S')) return 'service';
  return orderId.startsWith('P') ? 'product' : 'phone';
}

/** The service kind of what a payment is for: an 'S…' order's kind by its product code, else null. */
export function serviceKindOfPayment(
  order: Pick<CommitOrder, 'orderId' | 'productCode'>,
): ServiceKind | null {
  return isServiceOrderId(order.orderId) ? serviceKindOfProductCode(order.productCode) : null;
}

// ---------------------------------------------------------------------------------------------
// Commit payment (spec §4)
// ---------------------------------------------------------------------------------------------

/**
 * What the person pays for: a phone order (pay the existing id), a member card or a service by
 * product code (create the order, then pay), a writ (pay the existing id), a video order (create
 * the video order, then pay: not built yet), a quoted order (choose the quote first: not built).
 */
export type CommitOrderType = 'phone' | 'card' | 'writ' | 'video' | 'service' | 'quoted';

export type CommitOrder = {
  type: CommitOrderType;
  productCode: string;
  /** The existing order, when there is one. */
  orderId?: string | null;
  /** Its general status (spec §4); 3 = unpaid: pay it as it is. */
  status?: number | null;
};

export type CommitPlan =
  | { action: 'pay'; orderId: string }
  | { action: 'create'; productCode: string }
  /** A service ordered through its own form (the matter, the region, the parties …). */
  | { action: 'form'; path: string }
  | { action: 'unsupported'; message: string };

/** Services ordered by product code alone (draft, review), then paid. */
export const ORDER_BY_CODE_PRODUCTS: readonly string[] = [ProductCode.docDraft, ProductCode.docCheck];

/** Service orders (issue 14) start on their form: the server refuses them by product code. */
const SERVICE_FORMS: Readonly<Record<string, () => string>> = {
  [ProductCode.faceConsult]: () => paths.subDoc('faceConsult'),
  [ProductCode.lawyerLetter]: () => paths.lawyerLetter(),
  [ProductCode.lawsuit]: () => paths.subDoc('lawsuit'),
};

/** Spec §4 "Commit payment": which order a tap on 立即支付 pays, or which one it creates first. */
export function commitPlan(order: CommitOrder): CommitPlan {
  const existing = order.orderId && isPayOrderId(order.orderId) ? order.orderId : null;
  if (existing && order.status === OrderStatus.unpaid) return { action: 'pay', orderId: existing };
  switch (order.type) {
    case 'phone':
    case 'writ':
      return existing
        ? { action: 'pay', orderId: existing }
        : { action: 'unsupported', message: '订单不存在' };
    case 'card':
      return /^MC\d{5}$/.test(order.productCode)
        ? { action: 'create', productCode: order.productCode }
        : { action: 'unsupported', message: '会员卡不存在' };
    case 'service': {
      const form = SERVICE_FORMS[order.productCode];
      if (form) return { action: 'form', path: form() };
      return ORDER_BY_CODE_PRODUCTS.includes(order.productCode)
        ? { action: 'create', productCode: order.productCode }
        : { action: 'unsupported', message: NOT_BUILT_TEXT };
    }
    case 'video':
    case 'quoted':
      return { action: 'unsupported', message: NOT_BUILT_TEXT };
  }
}

/**
 * Where an order is shown once paid: phone → PaySuccess (then evaluation), video → VideoOrder, a
 * service order → its kind's detail page (the order list when the kind is unknown), else ServiceOrder.
 */
export function paidPath(orderId: string, type?: CommitOrderType, serviceKind?: ServiceKind | null): string {
  if (type === 'video') return paths.videoOrder(orderId);
  switch (payOrderKind(orderId)) {
    case 'phone':
      return paths.paySuccess(orderId);
    case 'service':
      return paths.serviceDetail(serviceKind, orderId);
    case 'product':
      return paths.serviceOrder(orderId);
  }
}

/** Where an unpaid order can be paid again: phone → Payment, service → Payment by kind, product → ServiceOrder. */
export function payAgainPath(orderId: string, serviceKind?: ServiceKind | null): string {
  switch (payOrderKind(orderId)) {
    case 'phone':
      return paths.payment(orderId);
    case 'service':
      return serviceKind ? paths.servicePayment(orderId, serviceKind) : paths.orderList();
    case 'product':
      return paths.serviceOrder(orderId);
  }
}

/** Where 查看订单 of PayWaiting leads: TelDetail, the service order's detail page, or ServiceOrder. */
export function orderViewPath(orderId: string, serviceKind?: ServiceKind | null): string {
  switch (payOrderKind(orderId)) {
    case 'phone':
      return paths.telDetail(orderId);
    case 'service':
      return paths.serviceDetail(serviceKind, orderId);
    case 'product':
      return paths.serviceOrder(orderId);
  }
}

/** The toast of payStatus '2': the coupon or a right paid it all now (amount 0), or it was paid before. */
export function paidToast(result: Pick<PayOrderResult, 'amount'>): string {
  return result.amount === 0 ? PayText.success : PayText.alreadyPaid;
}

// ---------------------------------------------------------------------------------------------
// Payment methods (spec §3; providers.md: Alipay is blocked inside WeChat)
// ---------------------------------------------------------------------------------------------

export type PayMethodView = PayMethod & { selectable: boolean };

export function payMethodViews(env: { inWeChat: boolean }): PayMethodView[] {
  return payMethodsFor(env).map((m) => ({ ...m, selectable: m.disabledReason === null }));
}

/** The method chosen at first (the first one that can be chosen), or the chosen one while it still can be. */
export function pickPayType(methods: readonly PayMethodView[], chosen?: PayType | null): PayType | null {
  const current = methods.find((m) => m.payType === chosen && m.selectable);
  return (current ?? methods.find((m) => m.selectable))?.payType ?? null;
}

// ---------------------------------------------------------------------------------------------
// The sheet's amount and coupon row
// ---------------------------------------------------------------------------------------------

export type AmountView = { yuan: number | null; estimated: boolean };

/**
 * The amount the sheet shows: the server's needPayAmount; while a new coupon is being priced, the
 * previous answer's price minus the chosen coupon (the contract's rule, never below 0) marked as an
 * estimate; nothing before the first answer.
 */
export function amountView(
  amount: Pick<PayAmount, 'orderPrice' | 'memberDiscount' | 'needPayAmount'> | undefined,
  isPlaceholder: boolean,
  couponValue: number | null,
): AmountView {
  if (!amount) return { yuan: null, estimated: true };
  if (!isPlaceholder) return { yuan: amount.needPayAmount, estimated: false };
  return {
    yuan: payablePrice(Math.max(0, amount.orderPrice - amount.memberDiscount), couponValue ?? 0),
    estimated: true,
  };
}

export type ChosenCoupon = { id: number; name: string; value: number };

export type CouponRow = { text: string; tone: 'chosen' | 'available' | 'none' | 'loading' | 'error' };

/** '满减券 −¥10', '2张可用', '无可用优惠券', or the server's reason the chosen one does not apply. */
export function couponRowText(input: {
  chosen: ChosenCoupon | null;
  /** Usable coupons for this order; null while loading. */
  usableCount: number | null;
  /** The server's couponError for the chosen coupon. */
  error?: string | null;
  /** The server's couponValue for the chosen coupon (wins over the value the picker showed). */
  serverValue?: number | null;
}): CouponRow {
  if (input.chosen && input.error) return { text: input.error, tone: 'error' };
  if (input.chosen) {
    const value = input.serverValue ?? input.chosen.value;
    return { text: `${input.chosen.name} −¥${value}`, tone: 'chosen' };
  }
  if (input.usableCount === null) return { text: '加载中…', tone: 'loading' };
  if (input.usableCount > 0) return { text: `${input.usableCount}张可用`, tone: 'available' };
  return { text: '无可用优惠券', tone: 'none' };
}

/** The coupon to send with the pay request: the chosen one unless the server said it does not apply. */
export function couponToSend(chosenId: number | null, amount: Pick<PayAmount, 'couponError'> | undefined) {
  if (chosenId === null) return null;
  return amount?.couponError ? null : chosenId;
}

// ---------------------------------------------------------------------------------------------
// Going to the provider and coming back
// ---------------------------------------------------------------------------------------------

export type AppLocation = { origin: string; pathname: string; search: string };

/** Query parameters of the page address that must not travel to a provider and back. */
const PRIVATE_PARAMS = ['token', 'code', 'state'] as const;

/**
 * The app's absolute address of PayWaiting for the order (hash route), the return_url the WeChat
 * H5 cashier and Alipay send the person back to: `{origin}{base}?{channel…}#/PayWaiting/{orderId}`.
 */
export function payReturnUrl(
  orderId: string,
  location: AppLocation,
  serviceKind?: ServiceKind | null,
): string {
  const params = new URLSearchParams(location.search);
  for (const name of PRIVATE_PARAMS) params.delete(name);
  const query = params.toString();
  return `${location.origin}${location.pathname}${query ? `?${query}` : ''}#${paths.payWaiting(orderId, serviceKind)}`;
}

/**
 * The WeChat H5 cashier address: mweb_url plus `redirect_url` (the return address, encoded), with
 * '?' or '&' as the URL needs; a relative sandbox URL (/api/dev/cashier/…) is made absolute.
 */
export function cashierUrl(mwebUrl: string, returnUrl: string, base: string): string {
  const separator = mwebUrl.includes('?') ? (/[?&]$/.test(mwebUrl) ? '' : '&') : '?';
  return new URL(`${mwebUrl}${separator}redirect_url=${encodeURIComponent(returnUrl)}`, base).href;
}

/** The current hash route without its leading '#/' (weixin/authorize's `router`). */
export function currentRouter(hash: string): string {
  return hash.replace(/^#?\/*/, '');
}

/** The mini-program page that pays for a web-view (providers.md: JSAPI is not available there). */
export function miniProgramPayUrl(orderId: string, payType: PayType, couponId?: number | null): string {
  const params = new URLSearchParams({ orderId, payType });
  if (couponId) params.set('couponId', String(couponId));
  return `/pages/pay/index?${params.toString()}`;
}

// ---------------------------------------------------------------------------------------------
// The WeChat bridge (JSAPI)
// ---------------------------------------------------------------------------------------------

export type BridgePayParams = {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: string;
  paySign: string;
};

/** The getBrandWCPayRequest parameters of a JSAPI answer, or null when the answer is not JSAPI. */
export function bridgeParams(result: PayOrderResult): BridgePayParams | null {
  const pkg = result.package ?? (result.prepay_id ? `prepay_id=${result.prepay_id}` : null);
  if (!result.appid || !result.timeStamp || !result.nonce_str || !pkg || !result.singn) return null;
  return {
    appId: result.appid,
    timeStamp: result.timeStamp,
    nonceStr: result.nonce_str,
    package: pkg,
    signType: result.signType ?? 'RSA',
    paySign: result.singn,
  };
}

export type BridgeResult = 'ok' | 'cancel' | 'fail';

/** The bridge's err_msg: get_brand_wcpay_request:ok | :cancel | anything else is a failure. */
export function bridgeOutcome(errMsg: unknown): BridgeResult {
  if (typeof errMsg !== 'string') return 'fail';
  const text = errMsg.trim().toLowerCase();
  if (text === 'get_brand_wcpay_request:ok') return 'ok';
  if (text === 'get_brand_wcpay_request:cancel') return 'cancel';
  return 'fail';
}

/** What to do with a pay/createPayOrder answer. */
export type PayAction =
  | { kind: 'paid' }
  | { kind: 'jsapi'; params: BridgePayParams }
  | { kind: 'h5'; mwebUrl: string }
  | { kind: 'alipay'; form: string }
  | { kind: 'unknown' };

export function payAction(result: PayOrderResult): PayAction {
  if (result.payStatus === PayStatus.paid) return { kind: 'paid' };
  const params = bridgeParams(result);
  if (params) return { kind: 'jsapi', params };
  if (result.mweb_url) return { kind: 'h5', mwebUrl: result.mweb_url };
  if (result.aliPayForm) return { kind: 'alipay', form: result.aliPayForm };
  return { kind: 'unknown' };
}

// ---------------------------------------------------------------------------------------------
// PayWaiting
// ---------------------------------------------------------------------------------------------

export type PayWaitingStep =
  | { kind: 'wait'; late: boolean }
  | { kind: 'paid'; path: string; toast: string | null }
  | { kind: 'failed'; path: string; toast: string }
  | { kind: 'closed'; path: string };

/**
 * What PayWaiting does with what the server knows: paid → PaySuccess (phone) or the product order
 * with 支付成功; failed or closed → pay again (phone Payment, product ServiceOrder) with 支付失败;
 * still waiting → keep asking, and after PAY_WAIT_TIMEOUT_MS say it is late. A phone order the
 * call-order table already shows paid (4) or closed (99) wins over a late payment answer.
 * A phone order is only routed once its call-order status is known.
 */
export function payWaitingStep(input: {
  orderId: string;
  pay: Pick<PayState, 'payStatus'> | undefined;
  /** Phone orders: the call-order status (4 paid, 99 closed), when known. */
  callStatus?: number | null;
  /** Service orders: the kind (PayWaiting's second route part), which picks the page shown after. */
  serviceKind?: ServiceKind | null;
  elapsedMs: number;
}): PayWaitingStep {
  const { orderId, pay, callStatus } = input;
  const phone = payOrderKind(orderId) === 'phone';
  if (phone && (callStatus === undefined || callStatus === null)) {
    return { kind: 'wait', late: input.elapsedMs >= PAY_WAIT_TIMEOUT_MS };
  }
  if (pay?.payStatus === PayStatus.paid || (phone && callStatus === 4)) {
    return {
      kind: 'paid',
      path: paidPath(orderId, undefined, input.serviceKind),
      toast: phone ? null : PayText.success,
    };
  }
  if (phone && callStatus === 99) return { kind: 'closed', path: paths.telDetail(orderId) };
  // A phone order still marked 3 (pay waiting) moves back to 5 with the closed attempt: wait for it,
  // or Payment would send the person straight back here.
  if (pay?.payStatus === PayStatus.failed && !(phone && callStatus === 3)) {
    return { kind: 'failed', path: payAgainPath(orderId, input.serviceKind), toast: PayText.failed };
  }
  return { kind: 'wait', late: input.elapsedMs >= PAY_WAIT_TIMEOUT_MS };
}

// ---------------------------------------------------------------------------------------------
// ServiceOrder texts
// ---------------------------------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');

/** 2026-11-21 18:05 on this device's clock; — for none. */
export function timeText(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** 退款中 ¥x, 已退款 ¥x, 退款失败 (the refund block of a cancelled paid order). */
export function refundText(refund: { amount: number; state: string }): string {
  if (refund.state === 'succeeded') return `已退款 ¥${refund.amount}`;
  if (refund.state === 'failed') return `退款失败 ¥${refund.amount}，请联系客服`;
  return `退款中 ¥${refund.amount}`;
}

/** The cancel confirmation: a paid order says where the money goes. */
export function cancelConfirmText(order: { paidAt: number | null; paidAmount: number | null }): string {
  if (order.paidAt !== null && (order.paidAmount ?? 0) > 0) {
    return `取消后，已支付的¥${order.paidAmount}将原路退回到您的支付账户。确定取消订单吗？`;
  }
  return '确定取消该订单吗？';
}
