import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  type KeyObject,
  randomBytes,
  X509Certificate,
} from 'node:crypto';
import { z } from 'zod';
import {
  type CreatePaymentInput,
  type CreatePaymentResult,
  type NotifyAnswer,
  type NotifyEvent,
  NotifyRejected,
  type PaymentProvider,
  type RawNotify,
  type RefundInput,
  type RefundResult,
  type TradeStatus,
} from './port.ts';

/** The slice of fetch the payment adapters use; globalThis.fetch fits, and so do the sandbox gateways. */
export type PayFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<Response>;

export type WeChatPayOptions = {
  appId: string;
  mchId: string;
  /** Serial number of the merchant API certificate (sent in Authorization). */
  merchantSerialNo: string;
  merchantPrivateKeyPem: string;
  /** The APIv3 key: 32 bytes. */
  apiV3Key: string;
  /** Wechatpay-Serial → public key (or platform certificate) PEM; public-key mode serials are PUB_KEY_ID_…. */
  platformPublicKeys: Record<string, string>;
  baseUrl?: string;
  fetch?: PayFetch;
  clock?: () => number;
  /** True when the other side is our offline sandbox gateway. */
  sandbox?: boolean;
};

export const WECHATPAY_BASE_URL = 'https://api.mch.weixin.qq.com';
/** WeChat's probe signatures start with this; they must never verify. */
export const WECHATPAY_SIGNTEST_PREFIX = 'WECHATPAY/SIGNTEST/';
export const WECHATPAY_AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** Allowed distance between a signed timestamp (notify or answer) and our clock. */
const MAX_SKEW_S = 300;
const TIMEOUT_MS = 10_000;
const OUT_TRADE_NO = /^[A-Za-z0-9_\-|*]{6,32}$/;

/** A refusal or an unusable answer from WeChat Pay (code is WeChat's, e.g. ORDER_NOT_EXIST, or ours in capitals). */
export class WeChatPayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`WeChat Pay ${code} (${status}): ${message}`);
    this.name = 'WeChatPayError';
  }
}

// ---------------------------------------------------------------- crypto (shared with the sandbox)

export function loadPrivateKey(pem: string): KeyObject {
  return createPrivateKey(pem);
}

/** A public key PEM or an X.509 certificate PEM (platform certificates). */
export function loadPublicKey(pem: string): KeyObject {
  return pem.includes('BEGIN CERTIFICATE') ? new X509Certificate(pem).publicKey : createPublicKey(pem);
}

/** SHA256-with-RSA (PKCS#1 v1.5), Base64. */
export function rsaSign(message: string | Buffer, key: KeyObject): string {
  return createSign('RSA-SHA256').update(message).sign(key, 'base64');
}

export function rsaVerify(message: string | Buffer, signature: string, key: KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256').update(message).verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/** 32 random upper-case hex characters. */
export function nonceStr(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

/** `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n` (BODY empty for GET). */
export function requestMessage(
  method: string,
  pathWithQuery: string,
  timestamp: string,
  nonce: string,
  body: string,
): string {
  return `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** `${timestamp}\n${nonce}\n${body}\n` over the body's exact bytes (answers and notifies). */
export function answerMessage(timestamp: string, nonce: string, body: string | Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`${timestamp}\n${nonce}\n`, 'utf8'),
    typeof body === 'string' ? Buffer.from(body, 'utf8') : body,
    Buffer.from('\n', 'utf8'),
  ]);
}

export function authorizationHeader(p: {
  mchId: string;
  serialNo: string;
  nonce: string;
  timestamp: string;
  signature: string;
}): string {
  return `${WECHATPAY_AUTH_SCHEMA} mchid="${p.mchId}",nonce_str="${p.nonce}",signature="${p.signature}",timestamp="${p.timestamp}",serial_no="${p.serialNo}"`;
}

export type AuthorizationParts = {
  mchid: string;
  nonce_str: string;
  signature: string;
  timestamp: string;
  serial_no: string;
};

export function parseAuthorization(header: string | undefined): AuthorizationParts | null {
  if (!header?.startsWith(`${WECHATPAY_AUTH_SCHEMA} `)) return null;
  const parts: Record<string, string> = {};
  for (const m of header.slice(WECHATPAY_AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) {
    if (m[1] && m[2] !== undefined) parts[m[1]] = m[2];
  }
  const { mchid, nonce_str, signature, timestamp, serial_no } = parts;
  if (!mchid || !nonce_str || !signature || !timestamp || !serial_no) return null;
  return { mchid, nonce_str, signature, timestamp, serial_no };
}

/** JSAPI paySign message: `appId\ntimeStamp\nnonceStr\npackage\n` (signType is not signed). */
export function paySignMessage(appId: string, timeStamp: string, nonce: string, pkg: string): string {
  return `${appId}\n${timeStamp}\n${nonce}\n${pkg}\n`;
}

function gcmKey(apiV3Key: string | Buffer): Buffer {
  const key = typeof apiV3Key === 'string' ? Buffer.from(apiV3Key, 'utf8') : apiV3Key;
  if (key.length !== 32) throw new Error('the APIv3 key must be 32 bytes');
  return key;
}

/** AEAD_AES_256_GCM as WeChat uses it: Base64(ciphertext ‖ 16-byte tag); IV and AAD are UTF-8 text. */
export function aesGcmEncrypt(
  apiV3Key: string | Buffer,
  nonce: string,
  aad: string,
  plaintext: string,
): string {
  const cipher = createCipheriv('aes-256-gcm', gcmKey(apiV3Key), Buffer.from(nonce, 'utf8'), {
    authTagLength: 16,
  });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString(
    'base64',
  );
}

/** Throws when the tag does not match (tampered data, wrong key, wrong AAD or nonce). */
export function aesGcmDecrypt(
  apiV3Key: string | Buffer,
  nonce: string,
  aad: string,
  ciphertext: string,
): string {
  const data = Buffer.from(ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', gcmKey(apiV3Key), Buffer.from(nonce, 'utf8'), {
    authTagLength: 16,
  });
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** Epoch ms → RFC 3339 in Beijing time, e.g. 2026-11-21T10:15:00+08:00 (time_expire, success_time). */
export function rfc3339Beijing(ms: number): string {
  return `${new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}

/** Cuts to at most `max` characters (code points, so no half surrogate pair is sent). */
export function truncateChars(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('');
}

export function headerValue(headers: RawNotify['headers'], name: string): string | undefined {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

// ---------------------------------------------------------------- vendor JSON

const ErrorAnswerSchema = z.looseObject({ code: z.string(), message: z.string().optional() });
const PrepayAnswerSchema = z.looseObject({ prepay_id: z.string().min(1) });
const H5AnswerSchema = z.looseObject({ h5_url: z.string().min(1) });

export const WeChatTransactionSchema = z.looseObject({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_type: z.string().optional(),
  trade_state: z.string(),
  trade_state_desc: z.string().optional(),
  success_time: z.string().optional(),
  amount: z.looseObject({ total: z.number().int().optional(), currency: z.string().optional() }).optional(),
});
export type WeChatTransaction = z.infer<typeof WeChatTransactionSchema>;

const RefundAnswerSchema = z.looseObject({
  refund_id: z.string(),
  out_refund_no: z.string(),
  status: z.string(),
});

export const WeChatNotifySchema = z.looseObject({
  id: z.string(),
  create_time: z.string().optional(),
  event_type: z.string(),
  resource_type: z.string().optional(),
  summary: z.string().optional(),
  resource: z.looseObject({
    algorithm: z.string(),
    ciphertext: z.string(),
    associated_data: z.string().optional(),
    nonce: z.string(),
    original_type: z.string().optional(),
  }),
});

/** Refund notices: no appid, only the merchant. */
const RefundResourceSchema = z.looseObject({ mchid: z.string(), out_trade_no: z.string().optional() });

type Answer = { status: number; text: string; verified: boolean };

/**
 * WeChat Pay API v3 for a direct merchant: JSAPI (inside WeChat) and H5 (other browsers), query,
 * close, refund and the payment notify. Every request is signed with the merchant key and every
 * answer's signature is verified with the WeChat Pay public key named by Wechatpay-Serial: a 2xx
 * without a valid signature is treated as forged. node:crypto only; fetch is injected.
 */
export class WeChatPayProvider implements PaymentProvider {
  readonly vendor = 'wechat' as const;
  readonly isSandbox: boolean;
  readonly appId: string;
  readonly mchId: string;
  private readonly serialNo: string;
  private readonly merchantKey: KeyObject;
  private readonly platformKeys: Map<string, KeyObject>;
  private readonly apiV3Key: Buffer;
  private readonly baseUrl: string;
  private readonly fetch: PayFetch;
  private readonly clock: () => number;

  constructor(options: WeChatPayOptions) {
    this.appId = options.appId;
    this.mchId = options.mchId;
    this.serialNo = options.merchantSerialNo;
    this.isSandbox = options.sandbox ?? false;
    this.merchantKey = loadPrivateKey(options.merchantPrivateKeyPem);
    this.apiV3Key = gcmKey(options.apiV3Key);
    this.platformKeys = new Map(
      Object.entries(options.platformPublicKeys).map(([serial, pem]) => [serial, loadPublicKey(pem)]),
    );
    if (this.platformKeys.size === 0) throw new Error('WeChat Pay needs at least one platform public key');
    this.baseUrl = (options.baseUrl ?? WECHATPAY_BASE_URL).replace(/\/+$/, '');
    this.fetch = options.fetch ?? (globalThis.fetch as PayFetch);
    this.clock = options.clock ?? Date.now;
  }

  async create(input: CreatePaymentInput): Promise<CreatePaymentResult> {
    if (!OUT_TRADE_NO.test(input.outTradeNo)) throw new Error('out_trade_no must be 6–32 of [A-Za-z0-9_-|*]');
    if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0)
      throw new Error('amount must be > 0 fen');
    const base = {
      appid: this.appId,
      mchid: this.mchId,
      description: truncateChars(input.description, 127),
      out_trade_no: input.outTradeNo,
      time_expire: rfc3339Beijing(input.expiresAt),
      notify_url: input.notifyUrl,
      amount: { total: input.amountFen, currency: 'CNY' },
    };
    if (input.channel === 'wechat_jsapi') {
      if (!input.openid) throw new Error('wechat_jsapi needs the payer openid');
      const answer = await this.request('POST', '/v3/pay/transactions/jsapi', {
        ...base,
        payer: { openid: input.openid },
      });
      if (answer.status !== 200) throw this.failure(answer);
      return this.jsapiParams(PrepayAnswerSchema.parse(JSON.parse(answer.text)).prepay_id);
    }
    if (input.channel === 'wechat_h5') {
      const answer = await this.request('POST', '/v3/pay/transactions/h5', {
        ...base,
        scene_info: { payer_client_ip: input.clientIp, h5_info: { type: 'Wap' } },
      });
      if (answer.status !== 200) throw this.failure(answer);
      return { kind: 'h5', h5Url: H5AnswerSchema.parse(JSON.parse(answer.text)).h5_url };
    }
    throw new Error(`WeChat Pay cannot pay by ${input.channel}`);
  }

  /** The WeixinJSBridge get_brand_wcpay_request parameters for a prepay id, signed with the merchant key. */
  jsapiParams(prepayId: string): Extract<CreatePaymentResult, { kind: 'jsapi' }> {
    const timeStamp = String(Math.floor(this.clock() / 1000));
    const nonce = nonceStr();
    const pkg = `prepay_id=${prepayId}`;
    return {
      kind: 'jsapi',
      prepayId,
      appId: this.appId,
      timeStamp,
      nonceStr: nonce,
      package: pkg,
      signType: 'RSA',
      paySign: rsaSign(paySignMessage(this.appId, timeStamp, nonce, pkg), this.merchantKey),
    };
  }

  async query(outTradeNo: string): Promise<TradeStatus> {
    const answer = await this.request(
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(this.mchId)}`,
    );
    if (answer.status === 404 && answer.verified && this.errorCode(answer) === 'ORDER_NOT_EXIST') {
      return { state: 'unknown' };
    }
    if (answer.status !== 200) throw this.failure(answer);
    const tx = WeChatTransactionSchema.parse(JSON.parse(answer.text));
    if (tx.mchid !== this.mchId || tx.appid !== this.appId || tx.out_trade_no !== outTradeNo) {
      throw new WeChatPayError(answer.status, 'MISMATCH', 'the answer names another merchant, app or trade');
    }
    return this.tradeStatus(tx);
  }

  private tradeStatus(tx: WeChatTransaction): TradeStatus {
    switch (tx.trade_state) {
      // REFUND: it was paid, and (part of) it went back since; the refund has its own record.
      case 'SUCCESS':
      case 'REFUND': {
        const paidAt = tx.success_time ? Date.parse(tx.success_time) : Number.NaN;
        if (!tx.transaction_id || tx.amount?.total === undefined || !Number.isFinite(paidAt)) {
          throw new WeChatPayError(
            200,
            'BAD_ANSWER',
            'a paid trade without transaction_id, amount or success_time',
          );
        }
        return { state: 'paid', amountFen: tx.amount.total, providerTxnId: tx.transaction_id, paidAt };
      }
      case 'NOTPAY':
      case 'USERPAYING':
        return { state: 'pending' };
      case 'CLOSED':
      case 'REVOKED':
      case 'PAYERROR':
        return { state: 'closed' };
      default:
        return { state: 'unknown' };
    }
  }

  async close(outTradeNo: string): Promise<void> {
    const answer = await this.request(
      'POST',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`,
      { mchid: this.mchId },
    );
    if (answer.status === 204 || answer.status === 200) return;
    // Already closed (or never created) is what we wanted; a paid trade (ORDERPAID) stays paid: an error.
    const code = answer.verified ? this.errorCode(answer) : null;
    if (code === 'ORDER_CLOSED' || code === 'ORDER_NOT_EXIST') return;
    throw this.failure(answer);
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    const answer = await this.request('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: input.outTradeNo,
      out_refund_no: input.outRefundNo,
      reason: truncateChars(input.reason, 80),
      ...(input.notifyUrl ? { notify_url: input.notifyUrl } : {}),
      amount: { refund: input.refundFen, total: input.totalFen, currency: 'CNY' },
    });
    if (answer.status !== 200) throw this.failure(answer);
    const refund = RefundAnswerSchema.parse(JSON.parse(answer.text));
    // ABNORMAL (card frozen or closed) is not final: the money waits for a manual decision.
    const state =
      refund.status === 'SUCCESS' ? 'succeeded' : refund.status === 'CLOSED' ? 'failed' : 'pending';
    return { state, providerRefundId: refund.refund_id };
  }

  verifyNotify(notify: RawNotify, now: number): NotifyEvent {
    const serial = headerValue(notify.headers, 'wechatpay-serial');
    const signature = headerValue(notify.headers, 'wechatpay-signature');
    const timestamp = headerValue(notify.headers, 'wechatpay-timestamp');
    const nonce = headerValue(notify.headers, 'wechatpay-nonce');
    if (!serial || !signature || !timestamp || !nonce) {
      throw new NotifyRejected('bad-signature', 'Wechatpay-* signature headers missing');
    }
    if (signature.startsWith(WECHATPAY_SIGNTEST_PREFIX)) {
      throw new NotifyRejected('probe-signature', 'WeChat Pay signature probe');
    }
    const key = this.platformKeys.get(serial);
    if (!key) throw new NotifyRejected('unknown-serial', `unknown Wechatpay-Serial ${serial}`);
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > MAX_SKEW_S) {
      throw new NotifyRejected('stale-timestamp', 'Wechatpay-Timestamp more than 300 s away');
    }
    if (!rsaVerify(answerMessage(timestamp, nonce, notify.rawBody), signature, key)) {
      throw new NotifyRejected('bad-signature', 'notify signature does not verify');
    }

    let body: z.infer<typeof WeChatNotifySchema>;
    try {
      body = WeChatNotifySchema.parse(JSON.parse(notify.rawBody.toString('utf8')));
    } catch {
      throw new NotifyRejected('bad-body', 'notify body is not the expected JSON');
    }
    const r = body.resource;
    if (r.algorithm !== 'AEAD_AES_256_GCM') throw new NotifyRejected('bad-body', `algorithm ${r.algorithm}`);
    let plaintext: string;
    try {
      plaintext = aesGcmDecrypt(this.apiV3Key, r.nonce, r.associated_data ?? '', r.ciphertext);
    } catch {
      throw new NotifyRejected('decrypt-failed', 'resource does not decrypt with the APIv3 key');
    }
    let resource: unknown;
    try {
      resource = JSON.parse(plaintext);
    } catch {
      throw new NotifyRejected('bad-body', 'decrypted resource is not JSON');
    }

    if (!body.event_type.startsWith('TRANSACTION.')) {
      // Refund notices (REFUND.SUCCESS / ABNORMAL / CLOSED): the refund call's answer or a query settles them.
      const refund = RefundResourceSchema.safeParse(resource);
      if (!refund.success) throw new NotifyRejected('bad-body', 'refund resource unreadable');
      if (refund.data.mchid !== this.mchId)
        throw new NotifyRejected('wrong-merchant', 'notify for another mchid');
      return { kind: 'ignored', outTradeNo: refund.data.out_trade_no ?? null, reason: body.event_type };
    }
    const parsed = WeChatTransactionSchema.safeParse(resource);
    if (!parsed.success) throw new NotifyRejected('bad-body', 'transaction resource unreadable');
    const tx = parsed.data;
    if (tx.mchid !== this.mchId) throw new NotifyRejected('wrong-merchant', 'notify for another mchid');
    if (tx.appid !== this.appId) throw new NotifyRejected('wrong-app', 'notify for another appid');

    if (tx.trade_state === 'SUCCESS') {
      let status: TradeStatus;
      try {
        status = this.tradeStatus(tx);
      } catch {
        throw new NotifyRejected('bad-body', 'paid transaction without its facts');
      }
      if (status.state !== 'paid') throw new NotifyRejected('bad-body', 'paid transaction without its facts');
      return {
        kind: 'paid',
        outTradeNo: tx.out_trade_no,
        amountFen: status.amountFen,
        providerTxnId: status.providerTxnId,
        paidAt: status.paidAt,
      };
    }
    if (tx.trade_state === 'CLOSED' || tx.trade_state === 'REVOKED' || tx.trade_state === 'PAYERROR') {
      return { kind: 'closed', outTradeNo: tx.out_trade_no };
    }
    return { kind: 'ignored', outTradeNo: tx.out_trade_no, reason: `${body.event_type} ${tx.trade_state}` };
  }

  notifyAnswer(ok: boolean, message?: string): NotifyAnswer {
    if (ok) return { status: 204, contentType: 'text/plain; charset=utf-8', body: '' };
    return {
      status: 400,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ code: 'FAIL', message: message ?? '失败' }),
    };
  }

  // ------------------------------------------------------------ transport

  /** Signs and sends one request; verifies the answer's signature (throws on a forged or unsigned 2xx). */
  private async request(method: 'GET' | 'POST', pathWithQuery: string, body?: object): Promise<Answer> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(this.clock() / 1000));
    const nonce = nonceStr();
    const signature = rsaSign(
      requestMessage(method, pathWithQuery, timestamp, nonce, text),
      this.merchantKey,
    );
    const headers: Record<string, string> = {
      Accept: 'application/json',
      // WeChat Pay refuses requests without a User-Agent.
      'User-Agent': 'lawline-server',
      Authorization: authorizationHeader({
        mchId: this.mchId,
        serialNo: this.serialNo,
        nonce,
        timestamp,
        signature,
      }),
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await this.fetch(`${this.baseUrl}${pathWithQuery}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: text }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const answerText = await res.text();
    return { status: res.status, text: answerText, verified: this.verifyAnswer(res, answerText) };
  }

  private verifyAnswer(res: Response, text: string): boolean {
    const serial = res.headers.get('wechatpay-serial');
    const signature = res.headers.get('wechatpay-signature');
    const timestamp = res.headers.get('wechatpay-timestamp');
    const nonce = res.headers.get('wechatpay-nonce');
    const ok = res.status >= 200 && res.status < 300;
    if (!serial || !signature || !timestamp || !nonce) {
      // Unsigned refusals (e.g. 401 SIGN_ERROR) stay errors; an unsigned success is forged.
      if (ok) throw new WeChatPayError(res.status, 'UNSIGNED_ANSWER', 'answer carries no signature');
      return false;
    }
    const key = this.platformKeys.get(serial);
    if (!key)
      throw new WeChatPayError(res.status, 'UNKNOWN_SERIAL', `answer signed by unknown key ${serial}`);
    if (signature.startsWith(WECHATPAY_SIGNTEST_PREFIX)) {
      throw new WeChatPayError(res.status, 'PROBE_SIGNATURE', 'answer carries a probe signature');
    }
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(this.clock() / 1000 - Number(timestamp)) > MAX_SKEW_S) {
      throw new WeChatPayError(res.status, 'STALE_ANSWER', 'answer timestamp more than 300 s away');
    }
    if (!rsaVerify(answerMessage(timestamp, nonce, text), signature, key)) {
      throw new WeChatPayError(res.status, 'BAD_SIGNATURE', 'answer signature does not verify');
    }
    return true;
  }

  private errorCode(answer: Answer): string | null {
    try {
      const parsed = ErrorAnswerSchema.safeParse(JSON.parse(answer.text));
      return parsed.success ? parsed.data.code : null;
    } catch {
      return null;
    }
  }

  private failure(answer: Answer): WeChatPayError {
    let message = answer.text.slice(0, 200);
    try {
      const parsed = ErrorAnswerSchema.safeParse(JSON.parse(answer.text));
      if (parsed.success) message = parsed.data.message ?? '';
    } catch {
      // not JSON: keep the text
    }
    const code = this.errorCode(answer) ?? `HTTP_${answer.status}`;
    return new WeChatPayError(
      answer.status,
      code,
      answer.verified ? message : `${message} (unsigned answer)`,
    );
  }
}
