import { type KeyObject, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { formatBeijingTime, parseBeijingTime } from '../telephony/port.ts';
import { type AlipayOptions, alipaySignContent, fenToYuan, parseForm, yuanToFen } from './alipay.ts';
import {
  type AnswerFault,
  type CashierAction,
  type CashierOutcome,
  type CashierTrade,
  generateRsaKeyPair,
  keyPairFromPem,
  pem,
  randomDigits,
  SandboxCashierError,
  type SandboxNotify,
  type SandboxPayGateway,
  SandboxTradeStore,
  type StoredTrade,
  unreachable,
} from './sandbox-wechat-gateway.ts';
import { type PayFetch, rsaSign, rsaVerify } from './wechatpay.ts';

const OUT_TRADE_NO = /^[A-Za-z0-9_\-|*]{6,64}$/;

const AlipayTradeSchema = z.object({
  app_id: z.string(),
  seller_id: z.string(),
  out_trade_no: z.string(),
  subject: z.string(),
  /** Yuan text as the merchant sent it ('88.80'). */
  total_amount: z.string(),
  notify_url: z.string().nullable(),
  return_url: z.string().nullable(),
  quit_url: z.string().nullable(),
  expires_at: z.number().nullable(),
  trade_status: z.enum(['WAIT_BUYER_PAY', 'TRADE_SUCCESS', 'TRADE_CLOSED', 'TRADE_FINISHED']),
  trade_no: z.string(),
  buyer_id: z.string(),
  buyer_logon_id: z.string(),
  gmt_create: z.string(),
  gmt_payment: z.string().nullable(),
  gmt_close: z.string().nullable(),
  refunds: z.array(
    z.object({ out_request_no: z.string(), refund_fen: z.number().int(), gmt_refund: z.string() }),
  ),
});
type AlipayTrade = z.infer<typeof AlipayTradeSchema>;

const WapPayBizSchema = z.looseObject({
  out_trade_no: z.string().regex(OUT_TRADE_NO),
  total_amount: z.string(),
  subject: z.string().min(1).max(256),
  product_code: z.string().optional(),
  quit_url: z.string().optional(),
  time_expire: z.string().optional(),
});
const TradeBizSchema = z.looseObject({ out_trade_no: z.string().min(1) });
const RefundBizSchema = z.looseObject({
  out_trade_no: z.string().min(1),
  refund_amount: z.string(),
  out_request_no: z.string().optional(),
  refund_reason: z.string().optional(),
});

export type SandboxAlipayGatewayOptions = {
  db: Db;
  clock: () => number;
  appId?: string;
  sellerId?: string;
  cashierBase?: string;
  /** Keys of an earlier start (exportKeys), so forms outlive a restart; else new ones. */
  keys?: SandboxAlipayKeys;
};

export type SandboxAlipayKeys = { appPrivateKeyPem: string; alipayPrivateKeyPem: string };

type Answer = Record<string, unknown>;
const SUCCESS = { code: '10000', msg: 'Success' } as const;

function business(subCode: string, subMsg: string): Answer {
  return { code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg };
}

function invalid(subCode: string, subMsg: string): Answer {
  return { code: '40002', msg: 'Invalid Arguments', sub_code: subCode, sub_msg: subMsg };
}

function isPaid(t: AlipayTrade): boolean {
  return t.trade_status === 'TRADE_SUCCESS' || t.trade_status === 'TRADE_FINISHED' || t.gmt_payment !== null;
}

/** Appends query params to an absolute or relative URL. */
function withParams(url: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  const [base, hash] = url.split('#', 2) as [string, string | undefined];
  return `${base}${base.includes('?') ? '&' : '?'}${query}${hash === undefined ? '' : `#${hash}`}`;
}

/**
 * Offline Alipay openapi gateway (RSA2, public-key mode). It holds the app key pair (the adapter
 * signs with the private half; we verify) and the Alipay key pair it signs answers, notifies and
 * sync returns with. The wap.pay form reaches it through the browser (POST /api/dev/cashier/alipay/gateway,
 * see openFromForm); query / close / refund / fastpay.refund.query come server to server
 * through `fetch`. Trades live in `sandbox_pay_trades`.
 */
export class SandboxAlipayGateway implements SandboxPayGateway {
  readonly vendor = 'alipay' as const;
  readonly appId: string;
  readonly sellerId: string;
  readonly gatewayUrl: string;
  readonly appKeys: { privateKey: KeyObject; publicKey: KeyObject };
  private readonly alipayKeys: { privateKey: KeyObject; publicKey: KeyObject };
  private readonly store: SandboxTradeStore<AlipayTrade>;
  private readonly clock: () => number;
  private readonly cashierBase: string;
  private readonly seenForms = new Map<string, Record<string, string>>();
  answerFault: AnswerFault = null;

  constructor(options: SandboxAlipayGatewayOptions) {
    this.appKeys = options.keys ? keyPairFromPem(options.keys.appPrivateKeyPem) : generateRsaKeyPair();
    this.alipayKeys = options.keys ? keyPairFromPem(options.keys.alipayPrivateKeyPem) : generateRsaKeyPair();
    this.appId = options.appId ?? '2021000000000000';
    this.sellerId = options.sellerId ?? '2088000000000000';
    this.clock = options.clock;
    this.cashierBase = options.cashierBase ?? '/api/dev/cashier';
    this.gatewayUrl = `${this.cashierBase}/alipay/gateway`;
    this.store = new SandboxTradeStore(options.db, 'alipay', AlipayTradeSchema, options.clock);
  }

  exportKeys(): SandboxAlipayKeys {
    return {
      appPrivateKeyPem: pem(this.appKeys.privateKey),
      alipayPrivateKeyPem: pem(this.alipayKeys.privateKey),
    };
  }

  /** Options for the real adapter, pointed at this gateway (the form's action is our cashier). */
  adapterOptions(): AlipayOptions {
    return {
      appId: this.appId,
      appPrivateKeyPem: pem(this.appKeys.privateKey),
      alipayPublicKeyPem: pem(this.alipayKeys.publicKey),
      sellerId: this.sellerId,
      gatewayUrl: this.gatewayUrl,
      fetch: this.fetch,
      clock: this.clock,
      sandbox: true,
    };
  }

  /** Our request params signed with the app key? (every param but `sign`). */
  private requestSigned(params: Record<string, string>): boolean {
    return (
      params.sign_type === 'RSA2' &&
      !!params.sign &&
      rsaVerify(alipaySignContent(params), params.sign, this.appKeys.publicKey)
    );
  }

  // ------------------------------------------------------------ the browser side: alipay.trade.wap.pay

  /**
   * The person's browser posted the wap.pay form: verify it, create (or find) the trade and answer
   * its cashier token, or Alipay's refusal.
   */
  async openFromForm(
    params: Record<string, string>,
  ): Promise<{ ok: true; token: string } | { ok: false; code: string; message: string }> {
    if (!this.requestSigned(params)) return { ok: false, code: 'isv.invalid-signature', message: '验签出错' };
    if (params.app_id !== this.appId)
      return { ok: false, code: 'isv.invalid-app-id', message: '无效的AppID参数' };
    if (params.method !== 'alipay.trade.wap.pay') {
      return { ok: false, code: 'isv.invalid-method', message: '不存在的方法名' };
    }
    let biz: z.infer<typeof WapPayBizSchema>;
    let totalFen: number;
    try {
      biz = WapPayBizSchema.parse(JSON.parse(params.biz_content ?? ''));
      totalFen = yuanToFen(biz.total_amount);
    } catch {
      return { ok: false, code: 'ACQ.INVALID_PARAMETER', message: '参数无效' };
    }
    if (totalFen <= 0) return { ok: false, code: 'ACQ.INVALID_PARAMETER', message: '金额无效' };
    const expiresAt = biz.time_expire ? parseBeijingTime(biz.time_expire) : null;
    const now = this.clock();

    for (let attempt = 0; attempt < 2; attempt++) {
      const existing = await this.expired(await this.store.get(biz.out_trade_no));
      if (existing) {
        const t = existing.data;
        if (yuanToFen(t.total_amount) !== totalFen || t.subject !== biz.subject) {
          return { ok: false, code: 'ACQ.CONTEXT_INCONSISTENT', message: '交易信息被篡改' };
        }
        if (isPaid(t)) return { ok: false, code: 'ACQ.TRADE_HAS_SUCCESS', message: '交易已被支付' };
        if (t.trade_status === 'TRADE_CLOSED')
          return { ok: false, code: 'ACQ.TRADE_HAS_CLOSE', message: '交易已经关闭' };
        return { ok: true, token: existing.token };
      }
      if (expiresAt !== null && now > expiresAt) {
        return { ok: false, code: 'ACQ.TRADE_HAS_CLOSE', message: '交易已经关闭' };
      }
      const token = randomBytes(14).toString('hex');
      const trade: AlipayTrade = {
        app_id: this.appId,
        seller_id: this.sellerId,
        out_trade_no: biz.out_trade_no,
        subject: biz.subject,
        total_amount: fenToYuan(totalFen),
        notify_url: params.notify_url || null,
        return_url: params.return_url || null,
        quit_url: biz.quit_url || null,
        expires_at: expiresAt,
        trade_status: 'WAIT_BUYER_PAY',
        trade_no: `${formatBeijingTime(now).slice(0, 10).replaceAll('-', '')}22001${randomDigits(15)}`,
        buyer_id: `2088${randomDigits(12)}`,
        buyer_logon_id: '138******00',
        gmt_create: formatBeijingTime(now),
        gmt_payment: null,
        gmt_close: null,
        refunds: [],
      };
      if (await this.store.insert(biz.out_trade_no, token, trade)) return { ok: true, token };
    }
    throw new Error('sandbox trade kept colliding');
  }

  /** Alipay closes an unpaid trade at its time_expire; the sandbox does it when it next looks. */
  private async expired(stored: StoredTrade<AlipayTrade> | null): Promise<StoredTrade<AlipayTrade> | null> {
    if (!stored) return null;
    const now = this.clock();
    const t = stored.data;
    if (t.trade_status !== 'WAIT_BUYER_PAY' || t.expires_at === null || now <= t.expires_at) return stored;
    return this.store.update(t.out_trade_no, (x) =>
      x.trade_status === 'WAIT_BUYER_PAY'
        ? { ...x, trade_status: 'TRADE_CLOSED', gmt_close: formatBeijingTime(now) }
        : null,
    );
  }

  // ------------------------------------------------------------ server to server

  readonly fetch: PayFetch = async (url, init) => {
    if (this.answerFault === 'unreachable') throw unreachable();
    const u = new URL(url, 'https://openapi.alipay.com');
    const body = init.method === 'POST' ? parseForm(init.body ?? '') : {};
    if (!body) return this.signedAnswer('error_response', invalid('isv.invalid-parameter', '参数重复'));
    const params: Record<string, string> = { ...Object.fromEntries(u.searchParams), ...body };
    const method = params.method ?? '';
    const key = /^[a-z.]+$/.test(method) ? `${method.replaceAll('.', '_')}_response` : 'error_response';
    if (!this.requestSigned(params))
      return this.signedAnswer(key, invalid('isv.invalid-signature', '验签出错'));
    if (params.app_id !== this.appId)
      return this.signedAnswer(key, invalid('isv.invalid-app-id', '无效的AppID参数'));
    let biz: unknown;
    try {
      biz = JSON.parse(params.biz_content ?? '');
    } catch {
      return this.signedAnswer(key, invalid('isv.invalid-parameter', 'biz_content 不是合法的 JSON'));
    }
    switch (method) {
      case 'alipay.trade.query':
        return this.signedAnswer(key, await this.queryAnswer(biz));
      case 'alipay.trade.close':
        return this.signedAnswer(key, await this.closeAnswer(biz));
      case 'alipay.trade.refund':
        return this.signedAnswer(key, await this.refundAnswer(biz));
      case 'alipay.trade.fastpay.refund.query':
        return this.signedAnswer(key, await this.refundQueryAnswer(biz));
      default:
        return this.signedAnswer('error_response', invalid('isv.invalid-method', '不存在的方法名'));
    }
  };

  private async queryAnswer(bizValue: unknown): Promise<Answer> {
    const biz = TradeBizSchema.safeParse(bizValue);
    if (!biz.success) return invalid('isv.missing-parameter', '缺少 out_trade_no');
    const stored = await this.expired(await this.store.get(biz.data.out_trade_no));
    if (!stored) return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
    const t = stored.data;
    const paid = isPaid(t);
    const amount = paid ? t.total_amount : '0.00';
    return {
      ...SUCCESS,
      trade_no: t.trade_no,
      out_trade_no: t.out_trade_no,
      buyer_logon_id: t.buyer_logon_id,
      trade_status: t.trade_status,
      total_amount: t.total_amount,
      buyer_pay_amount: amount,
      point_amount: '0.00',
      invoice_amount: amount,
      receipt_amount: amount,
      ...(t.gmt_payment ? { send_pay_date: t.gmt_payment } : {}),
      buyer_user_id: t.buyer_id,
    };
  }

  private async closeAnswer(bizValue: unknown): Promise<Answer> {
    const biz = TradeBizSchema.safeParse(bizValue);
    if (!biz.success) return invalid('isv.missing-parameter', '缺少 out_trade_no');
    const stored = await this.expired(await this.store.get(biz.data.out_trade_no));
    if (!stored) return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
    const now = this.clock();
    const after = await this.store.update(stored.outTradeNo, (t) =>
      t.trade_status === 'WAIT_BUYER_PAY'
        ? { ...t, trade_status: 'TRADE_CLOSED', gmt_close: formatBeijingTime(now) }
        : null,
    );
    if (after.raw === stored.raw) return business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    return { ...SUCCESS, trade_no: after.data.trade_no, out_trade_no: after.data.out_trade_no };
  }

  private async refundAnswer(bizValue: unknown): Promise<Answer> {
    const parsed = RefundBizSchema.safeParse(bizValue);
    if (!parsed.success) return invalid('isv.missing-parameter', '缺少 out_trade_no 或 refund_amount');
    const biz = parsed.data;
    let refundFen: number;
    try {
      refundFen = yuanToFen(biz.refund_amount);
    } catch {
      return business('ACQ.INVALID_PARAMETER', '退款金额无效');
    }
    const outRequestNo = biz.out_request_no ?? biz.out_trade_no;
    const stored = await this.store.get(biz.out_trade_no);
    if (!stored) return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
    const now = this.clock();
    const out: { refusal: Answer | null } = { refusal: null };
    const after = await this.store.update(stored.outTradeNo, (t) => {
      out.refusal = null;
      const earlier = t.refunds.find((r) => r.out_request_no === outRequestNo);
      if (earlier) {
        if (earlier.refund_fen !== refundFen)
          out.refusal = business('ACQ.REQUEST_AMOUNT_EXCEED', '请求退款金额与之前不一致');
        return null;
      }
      if (!isPaid(t)) {
        out.refusal = business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        return null;
      }
      const refunded = t.refunds.reduce((sum, r) => sum + r.refund_fen, 0);
      const total = yuanToFen(t.total_amount);
      if (refunded + refundFen > total) {
        out.refusal = business('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
        return null;
      }
      const refunds = [
        ...t.refunds,
        { out_request_no: outRequestNo, refund_fen: refundFen, gmt_refund: formatBeijingTime(now) },
      ];
      // A full refund closes the trade, as Alipay does.
      return {
        ...t,
        refunds,
        trade_status: refunded + refundFen === total ? 'TRADE_CLOSED' : t.trade_status,
      };
    });
    if (out.refusal) return out.refusal;
    const t = after.data;
    // Sandbox refunds succeed at once; a repeat of the same out_request_no moves no money ('N').
    const fundChange = after.raw === stored.raw ? 'N' : 'Y';
    const refundedFen = t.refunds.reduce((sum, r) => sum + r.refund_fen, 0);
    return {
      ...SUCCESS,
      trade_no: t.trade_no,
      out_trade_no: t.out_trade_no,
      buyer_logon_id: t.buyer_logon_id,
      fund_change: fundChange,
      refund_fee: fenToYuan(refundedFen),
      gmt_refund_pay:
        t.refunds.find((r) => r.out_request_no === outRequestNo)?.gmt_refund ?? formatBeijingTime(now),
      buyer_user_id: t.buyer_id,
    };
  }

  private async refundQueryAnswer(bizValue: unknown): Promise<Answer> {
    const parsed = z
      .looseObject({ out_trade_no: z.string(), out_request_no: z.string() })
      .safeParse(bizValue);
    if (!parsed.success) return invalid('isv.missing-parameter', '缺少 out_trade_no 或 out_request_no');
    const stored = await this.store.get(parsed.data.out_trade_no);
    if (!stored) return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
    const t = stored.data;
    const r = t.refunds.find((x) => x.out_request_no === parsed.data.out_request_no);
    // Alipay answers 10000 with no refund fields when there is no such refund.
    if (!r) return { ...SUCCESS, out_trade_no: t.out_trade_no, trade_no: t.trade_no };
    return {
      ...SUCCESS,
      trade_no: t.trade_no,
      out_trade_no: t.out_trade_no,
      out_request_no: r.out_request_no,
      total_amount: t.total_amount,
      refund_amount: fenToYuan(r.refund_fen),
      refund_status: 'REFUND_SUCCESS',
      gmt_refund_pay: r.gmt_refund,
    };
  }

  /** `{"…_response":{…},"sign":"…"}`: the sign is over the exact text of the member. */
  private signedAnswer(key: string, answer: Answer): Response {
    const member = JSON.stringify(answer);
    let sign = rsaSign(member, this.alipayKeys.privateKey);
    if (this.answerFault === 'bad-signature') sign = `${sign.slice(0, -6)}AAAAA=`;
    const text =
      this.answerFault === 'unsigned'
        ? `{"${key}":${member}}`
        : `{"${key}":${member},"sign":${JSON.stringify(sign)}}`;
    return new Response(text, { status: 200, headers: { 'Content-Type': 'application/json;charset=utf-8' } });
  }

  // ------------------------------------------------------------ the cashier (the person's wallet)

  private view(stored: StoredTrade<AlipayTrade>): CashierTrade {
    const t = stored.data;
    return {
      vendor: 'alipay',
      channel: 'alipay_wap',
      token: stored.token,
      outTradeNo: t.out_trade_no,
      description: t.subject,
      amountFen: yuanToFen(t.total_amount),
      state:
        isPaid(t) && t.trade_status !== 'TRADE_CLOSED'
          ? 'paid'
          : t.trade_status === 'WAIT_BUYER_PAY'
            ? 'pending'
            : 'closed',
      tradeState: t.trade_status,
      expiresAt: t.expires_at,
    };
  }

  async trade(token: string): Promise<CashierTrade | null> {
    const stored = await this.store.byToken(token);
    return stored ? this.view((await this.expired(stored)) ?? stored) : null;
  }

  async tokenOf(outTradeNo: string): Promise<string | null> {
    return (await this.store.get(outTradeNo))?.token ?? null;
  }

  async act(token: string, action: CashierAction): Promise<CashierOutcome> {
    const found = await this.store.byToken(token);
    if (!found) throw new SandboxCashierError('not-found', '订单不存在');
    const stored = (await this.expired(found)) ?? found;
    const now = this.clock();
    // Leaving without paying goes to quit_url (our return page, which queries).
    const quit = stored.data.quit_url ?? stored.data.return_url;
    if (action === 'cancel') return { trade: this.view(stored), notify: null, redirect: quit };
    if (action === 'fail') {
      const after = await this.store.update(stored.outTradeNo, (t) =>
        t.trade_status === 'WAIT_BUYER_PAY'
          ? { ...t, trade_status: 'TRADE_CLOSED', gmt_close: formatBeijingTime(now) }
          : null,
      );
      const notify = after.raw !== stored.raw ? this.notifyOf(after.data, now) : null;
      return { trade: this.view(after), notify, redirect: quit };
    }
    if (stored.data.trade_status === 'TRADE_CLOSED') {
      throw new SandboxCashierError(stored.raw === found.raw ? 'closed' : 'expired', '交易已经关闭');
    }
    const after = await this.store.update(stored.outTradeNo, (t) =>
      t.trade_status === 'WAIT_BUYER_PAY'
        ? { ...t, trade_status: 'TRADE_SUCCESS', gmt_payment: formatBeijingTime(now) }
        : null,
    );
    if (!isPaid(after.data)) throw new SandboxCashierError('closed', '交易已经关闭');
    return {
      trade: this.view(after),
      notify: this.notifyOf(after.data, now),
      redirect: this.syncReturn(after.data, now),
    };
  }

  /** return_url with Alipay's signed sync-return params (never proof of payment: the page queries). */
  private syncReturn(t: AlipayTrade, now: number): string | null {
    if (!t.return_url) return null;
    const params: Record<string, string> = {
      charset: 'utf-8',
      out_trade_no: t.out_trade_no,
      method: 'alipay.trade.wap.pay.return',
      total_amount: t.total_amount,
      trade_no: t.trade_no,
      auth_app_id: t.app_id,
      version: '1.0',
      app_id: t.app_id,
      sign_type: 'RSA2',
      seller_id: t.seller_id,
      timestamp: formatBeijingTime(now),
    };
    return withParams(t.return_url, this.sign(params));
  }

  /**
   * The form the adapter built, as the browser will post it: kept (in memory) so markPaid can play
   * a person who opened it and paid while our notify endpoint heard nothing.
   */
  sawForm(params: Record<string, string>): void {
    let outTradeNo: string;
    try {
      outTradeNo = TradeBizSchema.parse(JSON.parse(params.biz_content ?? '')).out_trade_no;
    } catch {
      return;
    }
    this.seenForms.delete(outTradeNo);
    this.seenForms.set(outTradeNo, params);
    for (const key of this.seenForms.keys()) {
      if (this.seenForms.size <= 1000) break;
      this.seenForms.delete(key);
    }
  }

  async markPaid(outTradeNo: string): Promise<CashierTrade> {
    let token = await this.tokenOf(outTradeNo);
    if (!token) {
      const form = this.seenForms.get(outTradeNo);
      if (!form) throw new SandboxCashierError('not-found', '交易不存在');
      const opened = await this.openFromForm(form);
      if (!opened.ok) throw new SandboxCashierError('closed', opened.message);
      token = opened.token;
    }
    return (await this.act(token, 'pay')).trade;
  }

  /** `tradeStatus` overrides the state told (TRADE_FINISHED comes again later for a paid trade). */
  async notifyFor(outTradeNo: string, tradeStatus?: AlipayTrade['trade_status']): Promise<SandboxNotify> {
    return this.rawNotifyAt(outTradeNo, Math.floor(this.clock() / 1000), tradeStatus);
  }

  async rawNotifyAt(
    outTradeNo: string,
    timestampSeconds: number,
    tradeStatus?: AlipayTrade['trade_status'],
  ): Promise<SandboxNotify> {
    const stored = await this.store.get(outTradeNo);
    if (!stored) throw new SandboxCashierError('not-found', '交易不存在');
    const notify = this.notifyOf(stored.data, timestampSeconds * 1000, tradeStatus);
    if (!notify) throw new SandboxCashierError('not-found', '交易没有可发的通知');
    return notify;
  }

  /** The trade_status_sync notify for the trade's current state (none while waiting). */
  private notifyOf(t: AlipayTrade, at: number, tradeStatus = t.trade_status): SandboxNotify | null {
    if (!t.notify_url || tradeStatus === 'WAIT_BUYER_PAY') return null;
    const paid = t.gmt_payment !== null;
    const amount = paid ? t.total_amount : undefined;
    const refundedFen = t.refunds.reduce((sum, r) => sum + r.refund_fen, 0);
    const params: Record<string, string | undefined> = {
      gmt_create: t.gmt_create,
      charset: 'utf-8',
      subject: t.subject,
      buyer_id: t.buyer_id,
      invoice_amount: amount,
      notify_id: `2026${randomBytes(14).toString('hex')}`,
      fund_bill_list: paid
        ? JSON.stringify([{ amount: t.total_amount, fundChannel: 'ALIPAYACCOUNT' }])
        : undefined,
      notify_type: 'trade_status_sync',
      trade_status: tradeStatus,
      receipt_amount: amount,
      app_id: t.app_id,
      buyer_pay_amount: amount,
      sign_type: 'RSA2',
      seller_id: t.seller_id,
      gmt_payment: t.gmt_payment ?? undefined,
      gmt_close: t.trade_status === 'TRADE_CLOSED' ? (t.gmt_close ?? undefined) : undefined,
      refund_fee: refundedFen > 0 ? fenToYuan(refundedFen) : undefined,
      gmt_refund: t.refunds.at(-1)?.gmt_refund,
      notify_time: formatBeijingTime(at),
      version: '1.0',
      out_trade_no: t.out_trade_no,
      total_amount: t.total_amount,
      trade_no: t.trade_no,
      auth_app_id: t.app_id,
      buyer_logon_id: t.buyer_logon_id,
      point_amount: paid ? '0.00' : undefined,
    };
    const defined = Object.fromEntries(
      Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined),
    );
    return this.signedNotify(t.notify_url, defined);
  }

  /** Notify / sync-return signing: all params but `sign` and `sign_type`, with the Alipay key. */
  private sign(params: Record<string, string>): Record<string, string> {
    return {
      ...params,
      sign: rsaSign(alipaySignContent(params, ['sign', 'sign_type']), this.alipayKeys.privateKey),
    };
  }

  /** Any params signed with the Alipay key as a form-encoded notify; public for tests. */
  signedNotify(url: string, params: Record<string, string>): SandboxNotify {
    return {
      vendor: 'alipay',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      rawBody: Buffer.from(new URLSearchParams(this.sign(params)).toString(), 'utf8'),
    };
  }
}
