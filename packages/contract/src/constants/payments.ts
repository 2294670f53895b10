import { PayType } from './codes.ts';

/**
 * Payments (issue 6). The spec's payStatus '2' means "already paid"; we add '1' (waiting for the
 * provider) and '3' (failed or closed: pay again) for pay/queryPayOrder.
 */
export const PayStatus = { pending: '1', paid: '2', failed: '3' } as const;
export type PayStatus = (typeof PayStatus)[keyof typeof PayStatus];

/** Toasts of the payment flow (spec §4). */
export const PayText = {
  success: '支付成功',
  cancelled: '支付已取消',
  failed: '支付失败',
  alreadyPaid: '订单已支付',
  openInBrowser: '请点击右上角，选择在浏览器打开后使用支付宝支付',
} as const;

/** How long our own payment attempt stays open before the query job closes it (WeChat h5_url: 5 min). */
export const PAY_ATTEMPT_TTL_MS = 15 * 60 * 1000;

/** A payment method as the sheet lists it. */
export type PayMethod = {
  payType: PayType;
  name: string;
  /** Shown but not selectable, with this hint (Alipay inside WeChat). */
  disabledReason: string | null;
};

/**
 * The payment methods that fit the browser (spec §3 "the wallet is hidden inside the messaging-app
 * browser"; providers.md: Alipay is blocked inside WeChat, so it says "open in browser"; WeChat H5
 * pay refuses to run inside WeChat, so there the WeChat method is JSAPI).
 */
export function payMethodsFor(env: { inWeChat: boolean }): PayMethod[] {
  return [
    { payType: PayType.wxPay, name: '微信支付', disabledReason: null },
    {
      payType: PayType.aliPay,
      name: '支付宝',
      disabledReason: env.inWeChat ? PayText.openInBrowser : null,
    },
  ];
}

/** Product orders ('P…') are member cards and services bought by product code. */
export const ProductOrderKind = { card: 'card', service: 'service' } as const;
export type ProductOrderKind = (typeof ProductOrderKind)[keyof typeof ProductOrderKind];
