import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { formatBeijingTime, parseBeijingTime } from '../telephony/port.ts';
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
import { type PayFetch, rsaSign, rsaVerify, truncateChars } from './wechatpay.ts';

export type AlipayOptions = {
  appId: string;
  /** The app private key: PEM, or the bare Base64 the Alipay key tool prints (PKCS#8 or PKCS#1). */
  appPrivateKeyPem: string;
  /** The Alipay public key (public-key mode): PEM or bare Base64. */
  alipayPublicKeyPem: string;
  /** Our seller id (PID 2088…): every notify must name it. */
  sellerId: string;
  gatewayUrl?: string;
  fetch?: PayFetch;
  clock?: () => number;
  /** True when the other side is our offline sandbox gateway. */
  sandbox?: boolean;
};

export const ALIPAY_GATEWAY_URL = 'https://openapi.alipay.com/gateway.do';
const TIMEOUT_MS = 10_000;
const OUT_TRADE_NO = /^[A-Za-z0-9_\-|*]{6,32}$/;

/** A refusal or an unusable answer from Alipay (code 40004 with sub_code ACQ.…, or ours in capitals). */
export class AlipayError extends Error {
  constructor(
    readonly code: string,
    readonly subCode: string | null,
    message: string,
  ) {
    super(`Alipay ${subCode ?? code}: ${message}`);
    this.name = 'AlipayError';
  }
}

// ---------------------------------------------------------------- keys, signing, money

function derBase64(text: string): Buffer | null {
  return text.includes('-----BEGIN') ? null : Buffer.from(text.replace(/\s+/g, ''), 'base64');
}

export function loadAlipayPrivateKey(text: string): KeyObject {
  const der = derBase64(text);
  if (!der) return createPrivateKey(text);
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

export function loadAlipayPublicKey(text: string): KeyObject {
  const der = derBase64(text);
  return der ? createPublicKey({ key: der, format: 'der', type: 'spki' }) : createPublicKey(text);
}

/** Every param but the omitted ones, empty values dropped, sorted by key, `k=v&…` with raw values. */
export function alipaySignContent(
  params: Record<string, string | undefined>,
  omit: readonly string[] = ['sign'],
): string {
  return Object.keys(params)
    .filter((k) => !omit.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** RSA2 (SHA256withRSA) over the request params (all but `sign`). */
export function alipaySign(params: Record<string, string | undefined>, key: KeyObject): string {
  return rsaSign(alipaySignContent(params), key);
}

/** Verifies notify or sync-return params: `sign` and `sign_type` are not signed. */
export function alipayVerifyParams(params: Record<string, string>, key: KeyObject): boolean {
  const sign = params.sign;
  if (!sign) return false;
  if (params.sign_type !== undefined && params.sign_type !== 'RSA2') return false;
  return rsaVerify(alipaySignContent(params, ['sign', 'sign_type']), sign, key);
}

/** Integer fen → yuan with 2 decimals ('0.01'). */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new Error(`bad amount ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** Yuan text ('88.8', '0.01') → integer fen, parsed as text so no float drift; throws on anything else. */
export function yuanToFen(text: string): number {
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m?.[1]) throw new Error(`bad yuan amount '${text}'`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The POST form the browser submits to the gateway (no script: the client submits it; our CSP forbids inline script). */
export function alipayForm(actionUrl: string, params: Record<string, string>): string {
  const inputs = Object.entries(params)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return `<form id="alipaysubmit" name="alipaysubmit" method="post" action="${escapeHtml(actionUrl)}">${inputs}</form>`;
}

function unescapeHtml(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** The hidden inputs of a form built by alipayForm, as the browser posts them. */
export function alipayFormFields(form: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of form.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[unescapeHtml(m[1] ?? '')] = unescapeHtml(m[2] ?? '');
  }
  return fields;
}

function withCharset(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}charset=utf-8`;
}

/**
 * The raw text of each top-level member of a JSON object: Alipay signs the exact text of the
 * `…_response` member, so it is cut out of the answer, never re-serialised.
 */
export function jsonMemberTexts(text: string): Map<string, string> {
  const members = new Map<string, string>();
  let i = text.indexOf('{');
  if (i < 0) return members;
  i += 1;
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i] ?? '')) i += 1;
  };
  const scanString = (): string => {
    const start = i;
    i += 1;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i += 1;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const scanValue = (): string => {
    const start = i;
    let depth = 0;
    while (i < text.length) {
      const c = text[i];
      if (c === '"') {
        scanString();
        if (depth === 0) break;
        continue;
      }
      if (c === '{' || c === '[') depth += 1;
      else if (c === '}' || c === ']') {
        if (depth === 0) break;
        depth -= 1;
        if (depth === 0) {
          i += 1;
          break;
        }
      } else if (c === ',' && depth === 0) break;
      i += 1;
    }
    return text.slice(start, i).trim();
  };
  try {
    while (i < text.length) {
      skipSpace();
      if (text[i] !== '"') break;
      const key = scanString();
      skipSpace();
      if (text[i] !== ':') break;
      i += 1;
      skipSpace();
      members.set(key, scanValue());
      skipSpace();
      if (text[i] !== ',') break;
      i += 1;
    }
  } catch {
    // malformed text: the members read so far (a missing one reads as an unusable answer)
  }
  return members;
}

// ---------------------------------------------------------------- vendor JSON and forms

const CommonAnswerSchema = z.looseObject({
  code: z.string(),
  msg: z.string().optional(),
  sub_code: z.string().optional(),
  sub_msg: z.string().optional(),
});
type CommonAnswer = z.infer<typeof CommonAnswerSchema>;

const QueryAnswerSchema = z.looseObject({
  out_trade_no: z.string(),
  trade_no: z.string().optional(),
  trade_status: z.string(),
  total_amount: z.string().optional(),
  send_pay_date: z.string().optional(),
});

const RefundAnswerSchema = z.looseObject({
  trade_no: z.string().optional(),
  fund_change: z.string().optional(),
});

const RefundQueryAnswerSchema = z.looseObject({ refund_status: z.string().optional() });

export const AlipayNotifySchema = z.looseObject({
  app_id: z.string(),
  out_trade_no: z.string(),
  trade_status: z.string(),
  seller_id: z.string().optional(),
  trade_no: z.string().optional(),
  total_amount: z.string().optional(),
  gmt_payment: z.string().optional(),
  notify_time: z.string().optional(),
  refund_fee: z.string().optional(),
  gmt_refund: z.string().optional(),
});

/** Form-encoded text → params; a repeated key makes it unreadable (which value was signed?). */
export function parseForm(text: string): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(text)) {
    if (Object.hasOwn(params, k)) return null;
    params[k] = v;
  }
  return params;
}

/**
 * Alipay (openapi gateway, RSA2, public-key mode): alipay.trade.wap.pay as a POST form the browser
 * submits, and alipay.trade.query / close / refund server to server with the answer's signature
 * (over the exact text of the `…_response` member) verified with the Alipay public key.
 */
export class AlipayProvider implements PaymentProvider {
  readonly vendor = 'alipay' as const;
  readonly isSandbox: boolean;
  readonly appId: string;
  readonly sellerId: string;
  readonly gatewayUrl: string;
  private readonly appKey: KeyObject;
  private readonly alipayKey: KeyObject;
  private readonly fetch: PayFetch;
  private readonly clock: () => number;

  constructor(options: AlipayOptions) {
    this.appId = options.appId;
    this.sellerId = options.sellerId;
    this.isSandbox = options.sandbox ?? false;
    this.appKey = loadAlipayPrivateKey(options.appPrivateKeyPem);
    this.alipayKey = loadAlipayPublicKey(options.alipayPublicKeyPem);
    this.gatewayUrl = options.gatewayUrl ?? ALIPAY_GATEWAY_URL;
    this.fetch = options.fetch ?? (globalThis.fetch as PayFetch);
    this.clock = options.clock ?? Date.now;
  }

  /** The common params of one call, signed. */
  signedParams(method: string, biz: object, extra: Record<string, string> = {}): Record<string, string> {
    const params: Record<string, string> = {
      app_id: this.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: formatBeijingTime(this.clock()),
      version: '1.0',
      ...extra,
      biz_content: JSON.stringify(biz),
    };
    for (const k of Object.keys(params)) if (params[k] === '') delete params[k];
    params.sign = alipaySign(params, this.appKey);
    return params;
  }

  async create(input: CreatePaymentInput): Promise<CreatePaymentResult> {
    if (input.channel !== 'alipay_wap') throw new Error(`Alipay cannot pay by ${input.channel}`);
    if (!OUT_TRADE_NO.test(input.outTradeNo)) throw new Error('out_trade_no must be 6–32 of [A-Za-z0-9_-|*]');
    if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0)
      throw new Error('amount must be > 0 fen');
    const params = this.signedParams(
      'alipay.trade.wap.pay',
      {
        out_trade_no: input.outTradeNo,
        total_amount: fenToYuan(input.amountFen),
        subject: truncateChars(input.description, 256),
        product_code: 'QUICK_WAP_WAY',
        quit_url: input.returnUrl,
        time_expire: formatBeijingTime(input.expiresAt),
      },
      { notify_url: input.notifyUrl, return_url: input.returnUrl },
    );
    return {
      kind: 'wap',
      gatewayUrl: this.gatewayUrl,
      form: alipayForm(withCharset(this.gatewayUrl), params),
    };
  }

  async query(outTradeNo: string): Promise<TradeStatus> {
    const answer = await this.call('alipay.trade.query', { out_trade_no: outTradeNo });
    if (answer.code !== '10000') {
      if (answer.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'unknown' };
      throw this.failure(answer);
    }
    const trade = QueryAnswerSchema.parse(answer);
    if (trade.out_trade_no !== outTradeNo)
      throw new AlipayError('MISMATCH', null, 'the answer names another trade');
    switch (trade.trade_status) {
      case 'TRADE_SUCCESS':
      case 'TRADE_FINISHED':
        return this.paid(trade);
      case 'WAIT_BUYER_PAY':
        return { state: 'pending' };
      case 'TRADE_CLOSED':
        // A full refund closes a paid trade too; send_pay_date tells that it was paid.
        return trade.send_pay_date && trade.trade_no ? this.paid(trade) : { state: 'closed' };
      default:
        return { state: 'unknown' };
    }
  }

  private paid(trade: z.infer<typeof QueryAnswerSchema>): TradeStatus {
    if (!trade.trade_no || !trade.total_amount) {
      throw new AlipayError('BAD_ANSWER', null, 'a paid trade without trade_no or total_amount');
    }
    return {
      state: 'paid',
      amountFen: yuanToFen(trade.total_amount),
      providerTxnId: trade.trade_no,
      paidAt: parseBeijingTime(trade.send_pay_date) ?? this.clock(),
    };
  }

  async close(outTradeNo: string): Promise<void> {
    const answer = await this.call('alipay.trade.close', { out_trade_no: outTradeNo });
    if (answer.code === '10000') return;
    // Never opened by the person: Alipay has no trade to close (time_expire still bounds the form).
    if (answer.sub_code === 'ACQ.TRADE_NOT_EXIST') return;
    if (answer.sub_code === 'ACQ.TRADE_STATUS_ERROR') {
      const status = await this.query(outTradeNo);
      if (status.state === 'closed') return;
    }
    throw this.failure(answer);
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    const answer = await this.call('alipay.trade.refund', {
      out_trade_no: input.outTradeNo,
      refund_amount: fenToYuan(input.refundFen),
      out_request_no: input.outRefundNo,
      refund_reason: truncateChars(input.reason, 256),
    });
    if (answer.code !== '10000') throw this.failure(answer);
    const refund = RefundAnswerSchema.parse(answer);
    const providerRefundId = refund.trade_no ?? null;
    if (refund.fund_change === 'Y') return { state: 'succeeded', providerRefundId };
    // 'N': no money moved by this call (e.g. a repeat of a refund already done): ask the refund itself.
    const check = await this.call('alipay.trade.fastpay.refund.query', {
      out_trade_no: input.outTradeNo,
      out_request_no: input.outRefundNo,
    });
    if (check.code !== '10000') throw this.failure(check);
    const status = RefundQueryAnswerSchema.parse(check).refund_status;
    return { state: status === 'REFUND_SUCCESS' ? 'succeeded' : 'pending', providerRefundId };
  }

  verifyNotify(notify: RawNotify, _now: number): NotifyEvent {
    const params = parseForm(notify.rawBody.toString('utf8'));
    if (!params) throw new NotifyRejected('bad-body', 'notify body repeats a key');
    if (!alipayVerifyParams(params, this.alipayKey)) {
      throw new NotifyRejected('bad-signature', 'notify signature does not verify');
    }
    const parsed = AlipayNotifySchema.safeParse(params);
    if (!parsed.success)
      throw new NotifyRejected('bad-body', 'notify lacks app_id, out_trade_no or trade_status');
    const n = parsed.data;
    if (n.app_id !== this.appId) throw new NotifyRejected('wrong-app', 'notify for another app_id');
    if (n.seller_id !== this.sellerId)
      throw new NotifyRejected('wrong-merchant', 'notify for another seller_id');

    switch (n.trade_status) {
      case 'TRADE_SUCCESS':
      case 'TRADE_FINISHED': {
        if (!n.trade_no || !n.total_amount)
          throw new NotifyRejected('bad-body', 'paid notify without its facts');
        let amountFen: number;
        try {
          amountFen = yuanToFen(n.total_amount);
        } catch {
          throw new NotifyRejected('bad-body', 'total_amount unreadable');
        }
        const paidAt = parseBeijingTime(n.gmt_payment) ?? parseBeijingTime(n.notify_time);
        if (paidAt === null) throw new NotifyRejected('bad-body', 'gmt_payment unreadable');
        return { kind: 'paid', outTradeNo: n.out_trade_no, amountFen, providerTxnId: n.trade_no, paidAt };
      }
      case 'TRADE_CLOSED':
        // A full refund closes a paid trade: that is a refund notice, not an unpaid attempt closing.
        if (n.gmt_refund || n.refund_fee)
          return { kind: 'ignored', outTradeNo: n.out_trade_no, reason: 'refund' };
        return { kind: 'closed', outTradeNo: n.out_trade_no };
      default:
        return { kind: 'ignored', outTradeNo: n.out_trade_no, reason: n.trade_status };
    }
  }

  notifyAnswer(ok: boolean): NotifyAnswer {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: ok ? 'success' : 'failure' };
  }

  // ------------------------------------------------------------ transport

  /** One server-to-server call; answers the `…_response` member once its signature verified. */
  private async call(method: string, biz: object): Promise<CommonAnswer> {
    const params = this.signedParams(method, biz);
    const res = await this.fetch(withCharset(this.gatewayUrl), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8',
        Accept: 'application/json',
      },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    if (res.status !== 200) throw new AlipayError(`HTTP_${res.status}`, null, text.slice(0, 200));
    const members = jsonMemberTexts(text);
    const key = `${method.replaceAll('.', '_')}_response`;
    const memberText = members.get(key) ?? members.get('error_response');
    if (!memberText) throw new AlipayError('BAD_ANSWER', null, `no ${key} in the answer`);
    let answer: CommonAnswer;
    try {
      answer = CommonAnswerSchema.parse(JSON.parse(memberText));
    } catch {
      throw new AlipayError('BAD_ANSWER', null, `${key} unreadable`);
    }
    const signText = members.get('sign');
    const sign = signText ? z.string().safeParse(JSON.parse(signText)) : null;
    if (!sign?.success) {
      throw new AlipayError('UNSIGNED_ANSWER', answer.sub_code ?? null, `unsigned answer ${answer.code}`);
    }
    // Alipay may escape '/' in the text it sends but sign the unescaped form.
    const verified =
      rsaVerify(memberText, sign.data, this.alipayKey) ||
      (memberText.includes('\\/') && rsaVerify(memberText.replaceAll('\\/', '/'), sign.data, this.alipayKey));
    if (!verified)
      throw new AlipayError('BAD_SIGNATURE', answer.sub_code ?? null, 'answer signature does not verify');
    return answer;
  }

  private failure(answer: CommonAnswer): AlipayError {
    return new AlipayError(answer.code, answer.sub_code ?? null, answer.sub_msg ?? answer.msg ?? '');
  }
}
