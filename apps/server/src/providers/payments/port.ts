/**
 * Payment providers (issue 6): WeChat Pay API v3 (JSAPI inside WeChat, H5 outside) and Alipay
 * (alipay.trade.wap.pay). The real adapters sign, verify and decrypt with node:crypto; the sandbox
 * is the same adapters talking to an in-process fake gateway (sandbox-gateway-*.ts) that holds
 * keys it generated, so the real verification code runs in every test.
 *
 * Amounts are integer fen; times epoch ms. Our out_trade_no belongs to one payment attempt, never
 * to the order (one order can have several attempts).
 */

export type PayVendor = 'wechat' | 'alipay';

/** How the person pays: WeChat JSAPI (inside WeChat), WeChat H5 (other browsers), Alipay WAP. */
export type PayChannel = 'wechat_jsapi' | 'wechat_h5' | 'alipay_wap';

export type CreatePaymentInput = {
  channel: PayChannel;
  outTradeNo: string;
  amountFen: number;
  /** What is bought, shown by the wallet (≤ 127 characters). */
  description: string;
  /** Our notify endpoint for this vendor (absolute URL). */
  notifyUrl: string;
  /** Where the wallet sends the person back (H5 / WAP); never proof of payment. */
  returnUrl: string;
  /** WeChat JSAPI: the payer's openid (required for wechat_jsapi). */
  openid?: string;
  /** WeChat H5: the payer's IP (scene_info.payer_client_ip). */
  clientIp: string;
  /** The attempt closes at this moment (WeChat time_expire, Alipay time_expire). */
  expiresAt: number;
};

export type CreatePaymentResult =
  | {
      kind: 'jsapi';
      prepayId: string;
      /** The WeixinJSBridge get_brand_wcpay_request parameters, signed. */
      appId: string;
      timeStamp: string;
      nonceStr: string;
      package: string;
      signType: 'RSA';
      paySign: string;
    }
  | { kind: 'h5'; h5Url: string }
  | { kind: 'wap'; gatewayUrl: string; form: string };

/** A trade as the vendor sees it. */
export type TradeStatus =
  | { state: 'pending' }
  | { state: 'paid'; amountFen: number; providerTxnId: string; paidAt: number }
  | { state: 'closed' }
  | { state: 'unknown' };

/** What a verified notify says. */
export type NotifyEvent =
  | { kind: 'paid'; outTradeNo: string; amountFen: number; providerTxnId: string; paidAt: number }
  | { kind: 'closed'; outTradeNo: string }
  /** Verified but nothing to do (e.g. Alipay WAIT_BUYER_PAY, a refund notice). */
  | { kind: 'ignored'; outTradeNo: string | null; reason: string };

/** Refused notify: the vendor gets an error answer and will retry; nothing changed. */
export class NotifyRejected extends Error {
  constructor(
    readonly reason:
      | 'bad-signature'
      | 'probe-signature'
      | 'stale-timestamp'
      | 'unknown-serial'
      | 'bad-body'
      | 'wrong-merchant'
      | 'wrong-app'
      | 'decrypt-failed',
    message: string,
  ) {
    super(message);
    this.name = 'NotifyRejected';
  }
}

export type RawNotify = {
  /** Lower-cased header names. */
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received: re-serialised JSON breaks WeChat's signature. */
  rawBody: Buffer;
};

/** What we answer the vendor (WeChat: 200/204 or 4xx/5xx JSON; Alipay: the bare text `success`). */
export type NotifyAnswer = { status: number; contentType: string; body: string };

export type RefundInput = {
  outTradeNo: string;
  outRefundNo: string;
  refundFen: number;
  totalFen: number;
  reason: string;
  /** WeChat refund notify URL (we do not rely on it: the answer or a query settles the refund). */
  notifyUrl?: string;
};
export type RefundResult = { state: 'succeeded' | 'pending' | 'failed'; providerRefundId: string | null };

export interface PaymentProvider {
  readonly vendor: PayVendor;
  readonly isSandbox: boolean;
  /** The app id the notify must carry (WeChat appid, Alipay app_id). */
  readonly appId: string;
  create(input: CreatePaymentInput): Promise<CreatePaymentResult>;
  query(outTradeNo: string): Promise<TradeStatus>;
  /** Closes an unpaid trade; resolves also when it was already closed. A paid trade stays paid. */
  close(outTradeNo: string): Promise<void>;
  refund(input: RefundInput): Promise<RefundResult>;
  /**
   * Verifies a notify (signature on the raw body, timestamp within 300 s for WeChat, merchant and
   * app ids) and decrypts / decodes it. Throws NotifyRejected. The caller checks the amount
   * against its own attempt.
   */
  verifyNotify(notify: RawNotify, now: number): NotifyEvent;
  /** The answer the vendor expects for an accepted (ok) or refused notify. */
  notifyAnswer(ok: boolean, message?: string): NotifyAnswer;
}
