import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  randomInt,
  randomUUID,
} from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { PayChannel, PayVendor } from './port.ts';
import {
  aesGcmEncrypt,
  answerMessage,
  nonceStr,
  type PayFetch,
  parseAuthorization,
  requestMessage,
  rfc3339Beijing,
  rsaSign,
  rsaVerify,
  WECHATPAY_AUTH_SCHEMA,
  type WeChatPayOptions,
} from './wechatpay.ts';

// ---------------------------------------------------------------- shared by both sandbox gateways

export type CashierAction = 'pay' | 'cancel' | 'fail';

/** A notify exactly as the vendor would send it; the caller posts it to `url` (or injects it). */
export type SandboxNotify = {
  vendor: PayVendor;
  url: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  rawBody: Buffer;
};

/** What the cashier page shows of a trade. */
export type CashierTrade = {
  vendor: PayVendor;
  channel: PayChannel;
  token: string;
  outTradeNo: string;
  description: string;
  amountFen: number;
  state: 'pending' | 'paid' | 'closed';
  /** The vendor's own word: NOTPAY, SUCCESS, WAIT_BUYER_PAY, TRADE_CLOSED, … */
  tradeState: string;
  expiresAt: number | null;
};

export type CashierOutcome = {
  trade: CashierTrade;
  /** The notify to deliver (WeChat: on pay; Alipay: on pay and on fail). */
  notify: SandboxNotify | null;
  /** Where the browser goes next; null: the sandbox's own "done" page. */
  redirect: string | null;
};

/** A cashier action the vendor would refuse: unknown trade, closed, past its time_expire. */
export class SandboxCashierError extends Error {
  constructor(
    readonly code: 'not-found' | 'closed' | 'expired',
    message: string,
  ) {
    super(message);
    this.name = 'SandboxCashierError';
  }
}

/** The face both sandbox gateways show the cashier routes and the tests. */
export interface SandboxPayGateway {
  readonly vendor: PayVendor;
  trade(token: string): Promise<CashierTrade | null>;
  tokenOf(outTradeNo: string): Promise<string | null>;
  act(token: string, action: CashierAction, options?: { redirect?: string | null }): Promise<CashierOutcome>;
  /** The person paid at the vendor but the notify was lost (tests: the query job must find it). */
  markPaid(outTradeNo: string): Promise<CashierTrade>;
  /** A fresh notify (new timestamp and nonce) for a trade that has one to send, as the vendor's retries are. */
  notifyFor(outTradeNo: string): Promise<SandboxNotify>;
  /** The same notify, stamped at `timestampSeconds` (stale or future ones for tests). */
  rawNotifyAt(outTradeNo: string, timestampSeconds: number): Promise<SandboxNotify>;
}

export function randomDigits(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += String(randomInt(10));
  return out;
}

export function generateRsaKeyPair(): { privateKey: KeyObject; publicKey: KeyObject } {
  return generateKeyPairSync('rsa', { modulusLength: 2048 });
}

/** A key pair from its private PEM. */
export function keyPairFromPem(privatePem: string): { privateKey: KeyObject; publicKey: KeyObject } {
  const privateKey = createPrivateKey(privatePem);
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

export function pem(key: KeyObject): string {
  return key.type === 'private'
    ? key.export({ type: 'pkcs8', format: 'pem' }).toString()
    : key.export({ type: 'spki', format: 'pem' }).toString();
}

export type StoredTrade<T> = { outTradeNo: string; token: string; data: T; raw: string };

/**
 * The gateways' trades in `sandbox_pay_trades` (vendor, out_trade_no, token, data JSON): they
 * outlive a restart like a real vendor's. Updates compare-and-set on the stored JSON so two
 * taps on the cashier cannot both apply.
 */
export class SandboxTradeStore<T> {
  constructor(
    private readonly db: Db,
    private readonly vendor: PayVendor,
    private readonly schema: z.ZodType<T>,
    private readonly clock: () => number,
  ) {}

  private read(row: { out_trade_no: string; token: string; data: string }): StoredTrade<T> {
    return {
      outTradeNo: row.out_trade_no,
      token: row.token,
      data: this.schema.parse(JSON.parse(row.data)),
      raw: row.data,
    };
  }

  async get(outTradeNo: string): Promise<StoredTrade<T> | null> {
    const row = await this.db
      .selectFrom('sandbox_pay_trades')
      .select(['out_trade_no', 'token', 'data'])
      .where('vendor', '=', this.vendor)
      .where('out_trade_no', '=', outTradeNo)
      .executeTakeFirst();
    return row ? this.read(row) : null;
  }

  async byToken(token: string): Promise<StoredTrade<T> | null> {
    const row = await this.db
      .selectFrom('sandbox_pay_trades')
      .select(['out_trade_no', 'token', 'data'])
      .where('vendor', '=', this.vendor)
      .where('token', '=', token)
      .executeTakeFirst();
    return row ? this.read(row) : null;
  }

  /** False when the out_trade_no exists already (a concurrent create won). */
  async insert(outTradeNo: string, token: string, data: T): Promise<boolean> {
    const now = this.clock();
    const result = await this.db
      .insertInto('sandbox_pay_trades')
      .values({
        vendor: this.vendor,
        out_trade_no: outTradeNo,
        token,
        data: JSON.stringify(data),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['vendor', 'out_trade_no']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  /** Applies `change` (null: leave as is) and answers the stored trade after it. */
  async update(outTradeNo: string, change: (data: T) => T | null): Promise<StoredTrade<T>> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await this.get(outTradeNo);
      if (!current) throw new SandboxCashierError('not-found', '订单不存在');
      const next = change(current.data);
      if (next === null) return current;
      const raw = JSON.stringify(next);
      const result = await this.db
        .updateTable('sandbox_pay_trades')
        .set({ data: raw, updated_at: this.clock() })
        .where('vendor', '=', this.vendor)
        .where('out_trade_no', '=', outTradeNo)
        .where('data', '=', current.raw)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) return { ...current, data: next, raw };
    }
    throw new Error('sandbox trade kept changing under the update');
  }
}

// ---------------------------------------------------------------- WeChat Pay

const OUT_TRADE_NO = /^[A-Za-z0-9_\-|*]{6,32}$/;

const WeChatTradeSchema = z.object({
  appid: z.string(),
  mchid: z.string(),
  description: z.string(),
  out_trade_no: z.string(),
  notify_url: z.string(),
  time_expire: z.string().nullable(),
  expires_at: z.number().nullable(),
  total: z.number().int(),
  trade_type: z.enum(['JSAPI', 'MWEB']),
  openid: z.string().nullable(),
  prepay_id: z.string(),
  h5_url: z.string().nullable(),
  trade_state: z.enum(['NOTPAY', 'SUCCESS', 'REFUND', 'CLOSED', 'PAYERROR']),
  transaction_id: z.string().nullable(),
  success_time: z.string().nullable(),
  refunds: z.array(
    z.object({
      out_refund_no: z.string(),
      refund_id: z.string(),
      refund: z.number().int(),
      reason: z.string(),
      create_time: z.string(),
    }),
  ),
});
type WeChatTrade = z.infer<typeof WeChatTradeSchema>;

const OrderRequestSchema = z.object({
  appid: z.string().min(1),
  mchid: z.string().min(1),
  description: z.string().min(1).max(127),
  out_trade_no: z.string().regex(OUT_TRADE_NO),
  time_expire: z.string().optional(),
  notify_url: z.string().min(1),
  amount: z.object({ total: z.number().int().positive(), currency: z.literal('CNY').optional() }),
  payer: z.object({ openid: z.string().min(1) }).optional(),
  scene_info: z
    .object({ payer_client_ip: z.string().min(1), h5_info: z.object({ type: z.string().min(1) }) })
    .optional(),
});

const CloseRequestSchema = z.object({ mchid: z.string().min(1) });

const RefundRequestSchema = z.object({
  out_trade_no: z.string().min(1),
  out_refund_no: z.string().min(1).max(64),
  reason: z.string().max(80).optional(),
  notify_url: z.string().optional(),
  amount: z.object({
    refund: z.number().int().positive(),
    total: z.number().int().positive(),
    currency: z.literal('CNY'),
  }),
});

export type SandboxWeChatGatewayOptions = {
  db: Db;
  clock: () => number;
  appId: string;
  mchId?: string;
  /** Where the cashier routes live (the h5_url points there). */
  cashierBase?: string;
  /** Keys of an earlier start (exportKeys), so forms and prepays outlive a restart; else new ones. */
  keys?: SandboxWeChatKeys;
};

/** What a restart needs to keep signing and verifying like before. */
export type SandboxWeChatKeys = {
  merchantSerialNo: string;
  platformSerial: string;
  apiV3Key: string;
  merchantPrivateKeyPem: string;
  platformPrivateKeyPem: string;
};

/**
 * Test switch: answer with a broken signature, or none, to see the adapter refuse it; or be
 * unreachable (the connection fails, as fetch does in a vendor outage).
 */
export type AnswerFault = 'bad-signature' | 'unsigned' | 'unreachable' | null;

/** What fetch throws when the host cannot be reached (undici: TypeError 'fetch failed'). */
export function unreachable(): TypeError {
  return new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED (sandbox outage)') });
}

/**
 * Offline WeChat Pay API v3. It holds the merchant key pair (the adapter signs with the private
 * half; we verify every request with the public half and answer 401 SIGN_ERROR like WeChat), the
 * WeChat Pay public-key pair (PUB_KEY_ID_…) it signs every answer and notify with, and an APIv3
 * key for the notify resource. Keys live as long as the process; trades live in the database.
 * The cashier (sandbox-cashier.ts, modules/dev/cashier-routes.ts) plays the person's wallet.
 */
export class SandboxWeChatGateway implements SandboxPayGateway {
  readonly vendor = 'wechat' as const;
  readonly appId: string;
  readonly mchId: string;
  readonly merchantSerialNo: string;
  readonly platformSerial: string;
  /** 32 visible characters, like the key a merchant sets in the WeChat Pay console. */
  readonly apiV3Key: string;
  readonly merchantKeys: { privateKey: KeyObject; publicKey: KeyObject };
  private readonly platformKeys: { privateKey: KeyObject; publicKey: KeyObject };
  private readonly store: SandboxTradeStore<WeChatTrade>;
  private readonly clock: () => number;
  private readonly cashierBase: string;
  answerFault: AnswerFault = null;

  constructor(options: SandboxWeChatGatewayOptions) {
    const keys = options.keys;
    this.merchantSerialNo = keys?.merchantSerialNo ?? randomBytes(20).toString('hex').toUpperCase();
    this.platformSerial = keys?.platformSerial ?? `PUB_KEY_ID_01${randomDigits(26)}`;
    this.apiV3Key = keys?.apiV3Key ?? randomBytes(16).toString('hex');
    this.merchantKeys = keys ? keyPairFromPem(keys.merchantPrivateKeyPem) : generateRsaKeyPair();
    this.platformKeys = keys ? keyPairFromPem(keys.platformPrivateKeyPem) : generateRsaKeyPair();
    this.appId = options.appId;
    this.mchId = options.mchId ?? '1900000109';
    this.clock = options.clock;
    this.cashierBase = options.cashierBase ?? '/api/dev/cashier';
    this.store = new SandboxTradeStore(options.db, 'wechat', WeChatTradeSchema, options.clock);
  }

  exportKeys(): SandboxWeChatKeys {
    return {
      merchantSerialNo: this.merchantSerialNo,
      platformSerial: this.platformSerial,
      apiV3Key: this.apiV3Key,
      merchantPrivateKeyPem: pem(this.merchantKeys.privateKey),
      platformPrivateKeyPem: pem(this.platformKeys.privateKey),
    };
  }

  /** Options for the real adapter, pointed at this gateway. */
  adapterOptions(): WeChatPayOptions {
    return {
      appId: this.appId,
      mchId: this.mchId,
      merchantSerialNo: this.merchantSerialNo,
      merchantPrivateKeyPem: pem(this.merchantKeys.privateKey),
      apiV3Key: this.apiV3Key,
      platformPublicKeys: { [this.platformSerial]: pem(this.platformKeys.publicKey) },
      fetch: this.fetch,
      clock: this.clock,
      sandbox: true,
    };
  }

  // ------------------------------------------------------------ the HTTP API

  readonly fetch: PayFetch = async (url, init) => {
    if (this.answerFault === 'unreachable') throw unreachable();
    const pathWithQuery = url.replace(/^https?:\/\/[^/]+/, '');
    const body = init.body ?? '';
    const headers = Object.fromEntries(Object.entries(init.headers).map(([k, v]) => [k.toLowerCase(), v]));
    const auth = parseAuthorization(headers.authorization);
    const now = this.clock();
    if (
      !auth ||
      auth.mchid !== this.mchId ||
      auth.serial_no !== this.merchantSerialNo ||
      Math.abs(now / 1000 - Number(auth.timestamp)) > 300 ||
      !rsaVerify(
        requestMessage(init.method, pathWithQuery, auth.timestamp, auth.nonce_str, body),
        auth.signature,
        this.merchantKeys.publicKey,
      )
    ) {
      // Like WeChat: a request that fails verification gets an unsigned 401.
      return json(401, { code: 'SIGN_ERROR', message: '签名错误' }, {});
    }
    const { pathname, searchParams } = new URL(pathWithQuery, 'https://api.mch.weixin.qq.com');
    const byNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(pathname);
    try {
      if (init.method === 'POST' && pathname === '/v3/pay/transactions/jsapi')
        return await this.order('JSAPI', body);
      if (init.method === 'POST' && pathname === '/v3/pay/transactions/h5')
        return await this.order('MWEB', body);
      if (init.method === 'GET' && byNo?.[1] && !byNo[2]) {
        if (searchParams.get('mchid') !== this.mchId) return this.answer(400, paramError('mchid 与请求不符'));
        return await this.queryAnswer(decodeURIComponent(byNo[1]));
      }
      if (init.method === 'POST' && byNo?.[1] && byNo[2])
        return await this.closeAnswer(decodeURIComponent(byNo[1]), body);
      if (init.method === 'POST' && pathname === '/v3/refund/domestic/refunds')
        return await this.refundAnswer(body);
    } catch (err) {
      if (err instanceof BadRequest) return this.answer(400, paramError(err.message));
      throw err;
    }
    return this.answer(404, { code: 'NOT_FOUND', message: '资源不存在' });
  };

  private async order(tradeType: 'JSAPI' | 'MWEB', body: string): Promise<Response> {
    const req = parseBody(OrderRequestSchema, body);
    if (req.appid !== this.appId || req.mchid !== this.mchId) {
      return this.answer(400, { code: 'APPID_MCHID_NOT_MATCH', message: 'AppID和mch_id不匹配' });
    }
    if (tradeType === 'JSAPI' && !req.payer) throw new BadRequest('缺少 payer.openid');
    if (tradeType === 'MWEB' && !req.scene_info) throw new BadRequest('缺少 scene_info');
    const expiresAt = req.time_expire ? Date.parse(req.time_expire) : null;
    if (expiresAt !== null && !Number.isFinite(expiresAt)) throw new BadRequest('time_expire 格式错误');
    const openid = req.payer?.openid ?? null;
    const same = (t: WeChatTrade) =>
      t.trade_type === tradeType &&
      t.total === req.amount.total &&
      t.description === req.description &&
      t.openid === openid;
    const reply = (t: WeChatTrade) =>
      tradeType === 'JSAPI'
        ? this.answer(200, { prepay_id: t.prepay_id })
        : this.answer(200, { h5_url: t.h5_url });

    for (let attempt = 0; attempt < 2; attempt++) {
      const existing = await this.store.get(req.out_trade_no);
      if (existing) {
        const t = existing.data;
        if (!same(t)) return this.answer(403, { code: 'OUT_TRADE_NO_USED', message: '商户订单号重复' });
        if (t.trade_state === 'SUCCESS' || t.trade_state === 'REFUND') {
          return this.answer(400, { code: 'ORDERPAID', message: '该订单已支付' });
        }
        if (t.trade_state === 'CLOSED')
          return this.answer(400, { code: 'ORDER_CLOSED', message: '订单已关闭' });
        // Same parameters again: WeChat answers the same prepay.
        return reply(t);
      }
      const token = randomBytes(14).toString('hex');
      const prepayId = `wx${token}`;
      const trade: WeChatTrade = {
        appid: req.appid,
        mchid: req.mchid,
        description: req.description,
        out_trade_no: req.out_trade_no,
        notify_url: req.notify_url,
        time_expire: req.time_expire ?? null,
        expires_at: expiresAt,
        total: req.amount.total,
        trade_type: tradeType,
        openid,
        prepay_id: prepayId,
        // Like WeChat's checkmweb URL it carries a query, so the client can append &redirect_url=….
        h5_url:
          tradeType === 'MWEB'
            ? `${this.cashierBase}/wechat/${token}?prepay_id=${prepayId}&package=${randomDigits(10)}`
            : null,
        trade_state: 'NOTPAY',
        transaction_id: null,
        success_time: null,
        refunds: [],
      };
      if (await this.store.insert(req.out_trade_no, token, trade)) return reply(trade);
    }
    throw new Error('sandbox order kept colliding');
  }

  private transaction(t: WeChatTrade): Record<string, unknown> {
    const paid = t.trade_state === 'SUCCESS' || t.trade_state === 'REFUND';
    return {
      appid: t.appid,
      mchid: t.mchid,
      out_trade_no: t.out_trade_no,
      ...(paid ? { transaction_id: t.transaction_id } : {}),
      trade_type: t.trade_type,
      trade_state: t.trade_state,
      trade_state_desc: TRADE_STATE_DESC[t.trade_state],
      ...(paid ? { bank_type: 'OTHERS', success_time: t.success_time } : {}),
      attach: '',
      ...(t.openid ? { payer: { openid: t.openid } } : {}),
      amount: paid
        ? { total: t.total, payer_total: t.total, currency: 'CNY', payer_currency: 'CNY' }
        : { total: t.total, currency: 'CNY', payer_currency: 'CNY' },
    };
  }

  private async queryAnswer(outTradeNo: string): Promise<Response> {
    const trade = await this.store.get(outTradeNo);
    if (!trade) return this.answer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
    return this.answer(200, this.transaction(trade.data));
  }

  private async closeAnswer(outTradeNo: string, body: string): Promise<Response> {
    const req = parseBody(CloseRequestSchema, body);
    if (req.mchid !== this.mchId) throw new BadRequest('mchid 与请求不符');
    const trade = await this.store.get(outTradeNo);
    if (!trade) return this.answer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
    const after = await this.store.update(outTradeNo, (t) =>
      t.trade_state === 'NOTPAY' || t.trade_state === 'PAYERROR' ? { ...t, trade_state: 'CLOSED' } : null,
    );
    if (after.raw !== trade.raw) return this.answer(204, null);
    const state = after.data.trade_state;
    if (state === 'CLOSED') return this.answer(400, { code: 'ORDER_CLOSED', message: '订单已关闭' });
    return this.answer(400, { code: 'ORDERPAID', message: '订单已支付' });
  }

  private async refundAnswer(body: string): Promise<Response> {
    const req = parseBody(RefundRequestSchema, body);
    const trade = await this.store.get(req.out_trade_no);
    if (!trade) return this.answer(404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
    const out: { refusal: Response | null } = { refusal: null };
    const after = await this.store.update(req.out_trade_no, (t) => {
      out.refusal = null;
      if (t.refunds.some((r) => r.out_refund_no === req.out_refund_no)) return null;
      if (t.trade_state !== 'SUCCESS' && t.trade_state !== 'REFUND') {
        out.refusal = this.answer(400, { code: 'INVALID_REQUEST', message: '订单未支付，不能退款' });
        return null;
      }
      if (req.amount.total !== t.total) {
        out.refusal = this.answer(400, { code: 'INVALID_REQUEST', message: '订单金额与原订单不一致' });
        return null;
      }
      const refunded = t.refunds.reduce((sum, r) => sum + r.refund, 0);
      if (refunded + req.amount.refund > t.total) {
        out.refusal = this.answer(400, { code: 'INVALID_REQUEST', message: '申请退款金额超过订单可退金额' });
        return null;
      }
      return {
        ...t,
        trade_state: 'REFUND',
        refunds: [
          ...t.refunds,
          {
            out_refund_no: req.out_refund_no,
            refund_id: `50${randomDigits(27)}`,
            refund: req.amount.refund,
            reason: req.reason ?? '',
            create_time: rfc3339Beijing(this.clock()),
          },
        ],
      };
    });
    if (out.refusal) return out.refusal;
    const t = after.data;
    const r = t.refunds.find((x) => x.out_refund_no === req.out_refund_no);
    if (!r) throw new Error('refund vanished');
    if (r.refund !== req.amount.refund) {
      return this.answer(400, { code: 'INVALID_REQUEST', message: '退款金额与之前请求不一致' });
    }
    // Sandbox refunds succeed at once.
    return this.answer(200, {
      refund_id: r.refund_id,
      out_refund_no: r.out_refund_no,
      transaction_id: t.transaction_id,
      out_trade_no: t.out_trade_no,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      success_time: r.create_time,
      create_time: r.create_time,
      status: 'SUCCESS',
      funds_account: 'AVAILABLE',
      amount: {
        total: t.total,
        refund: r.refund,
        payer_total: t.total,
        payer_refund: r.refund,
        settlement_refund: r.refund,
        settlement_total: t.total,
        discount_refund: 0,
        currency: 'CNY',
      },
    });
  }

  /** A signed answer, as WeChat signs every answer to a verified request. */
  private answer(status: number, body: object | null): Response {
    const text = body === null ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(this.clock() / 1000));
    const nonce = nonceStr();
    let signature = rsaSign(answerMessage(timestamp, nonce, text), this.platformKeys.privateKey);
    if (this.answerFault === 'bad-signature') signature = `${signature.slice(0, -6)}AAAAA=`;
    const signed: Record<string, string> =
      this.answerFault === 'unsigned'
        ? {}
        : {
            'Wechatpay-Serial': this.platformSerial,
            'Wechatpay-Signature': signature,
            'Wechatpay-Timestamp': timestamp,
            'Wechatpay-Nonce': nonce,
            'Wechatpay-Signature-Type': WECHATPAY_AUTH_SCHEMA,
          };
    return json(status, body, signed, text);
  }

  // ------------------------------------------------------------ the cashier (the person's wallet)

  private view(stored: StoredTrade<WeChatTrade>): CashierTrade {
    const t = stored.data;
    return {
      vendor: 'wechat',
      channel: t.trade_type === 'JSAPI' ? 'wechat_jsapi' : 'wechat_h5',
      token: stored.token,
      outTradeNo: t.out_trade_no,
      description: t.description,
      amountFen: t.total,
      state:
        t.trade_state === 'SUCCESS' || t.trade_state === 'REFUND'
          ? 'paid'
          : t.trade_state === 'NOTPAY'
            ? 'pending'
            : 'closed',
      tradeState: t.trade_state,
      expiresAt: t.expires_at,
    };
  }

  async trade(token: string): Promise<CashierTrade | null> {
    const stored = await this.store.byToken(token);
    return stored ? this.view(stored) : null;
  }

  async tokenOf(outTradeNo: string): Promise<string | null> {
    return (await this.store.get(outTradeNo))?.token ?? null;
  }

  /** The cashier token behind a JSAPI prepay id (the sandbox stands in for the WeixinJSBridge). */
  async tokenOfPrepay(prepayId: string): Promise<string | null> {
    if (!prepayId.startsWith('wx')) return null;
    const stored = await this.store.byToken(prepayId.slice(2));
    return stored?.data.prepay_id === prepayId ? stored.token : null;
  }

  async act(
    token: string,
    action: CashierAction,
    options: { redirect?: string | null } = {},
  ): Promise<CashierOutcome> {
    const stored = await this.store.byToken(token);
    if (!stored) throw new SandboxCashierError('not-found', '订单不存在');
    const now = this.clock();
    // WeChat H5 goes back to the redirect_url the client appended to h5_url; JSAPI returns to the page.
    const redirect = options.redirect ?? null;
    if (action === 'pay') {
      const before = stored.data.trade_state;
      if (before === 'CLOSED' || before === 'PAYERROR') throw new SandboxCashierError('closed', '订单已关闭');
      if (before === 'NOTPAY' && stored.data.expires_at !== null && now > stored.data.expires_at) {
        throw new SandboxCashierError('expired', '订单已过期');
      }
      const after = await this.store.update(stored.outTradeNo, (t) =>
        t.trade_state === 'NOTPAY'
          ? {
              ...t,
              trade_state: 'SUCCESS',
              transaction_id: `4200${randomDigits(24)}`,
              success_time: rfc3339Beijing(now),
            }
          : null,
      );
      const view = this.view(after);
      if (view.state !== 'paid') throw new SandboxCashierError('closed', '订单已关闭');
      return { trade: view, notify: this.paidNotify(after.data, Math.floor(now / 1000)), redirect };
    }
    const after =
      action === 'fail'
        ? await this.store.update(stored.outTradeNo, (t) =>
            t.trade_state === 'NOTPAY' ? { ...t, trade_state: 'PAYERROR' } : null,
          )
        : stored;
    // WeChat sends no notify for an unpaid or failed payment.
    return { trade: this.view(after), notify: null, redirect };
  }

  async markPaid(outTradeNo: string): Promise<CashierTrade> {
    const token = await this.tokenOf(outTradeNo);
    if (!token) throw new SandboxCashierError('not-found', '订单不存在');
    return (await this.act(token, 'pay')).trade;
  }

  async notifyFor(outTradeNo: string): Promise<SandboxNotify> {
    return this.rawNotifyAt(outTradeNo, Math.floor(this.clock() / 1000));
  }

  async rawNotifyAt(outTradeNo: string, timestampSeconds: number): Promise<SandboxNotify> {
    const stored = await this.store.get(outTradeNo);
    if (!stored) throw new SandboxCashierError('not-found', '订单不存在');
    return this.paidNotify(stored.data, timestampSeconds);
  }

  private paidNotify(t: WeChatTrade, timestampSeconds: number): SandboxNotify {
    if (t.trade_state !== 'SUCCESS' && t.trade_state !== 'REFUND') {
      throw new SandboxCashierError('not-found', '订单未支付，没有支付通知');
    }
    // The notify carries the trade as it was when paid.
    const resource = this.encryptResource(JSON.stringify(this.transaction({ ...t, trade_state: 'SUCCESS' })));
    const body = {
      id: randomUUID(),
      create_time: rfc3339Beijing(timestampSeconds * 1000),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource,
    };
    return this.signedNotify(t.notify_url, JSON.stringify(body), timestampSeconds);
  }

  /** The notify's encrypted resource (AEAD_AES_256_GCM with the APIv3 key); public for tests. */
  encryptResource(plaintext: string, associatedData = 'transaction') {
    const nonce = randomBytes(6).toString('hex');
    return {
      original_type: associatedData,
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: aesGcmEncrypt(this.apiV3Key, nonce, associatedData, plaintext),
      associated_data: associatedData,
      nonce,
    };
  }

  /** Any body signed with the WeChat Pay key, with the four Wechatpay-* headers; public for tests. */
  signedNotify(
    url: string,
    rawBody: string,
    timestampSeconds = Math.floor(this.clock() / 1000),
  ): SandboxNotify {
    const timestamp = String(timestampSeconds);
    const nonce = nonceStr();
    return {
      vendor: 'wechat',
      url,
      headers: {
        'content-type': 'application/json',
        'wechatpay-serial': this.platformSerial,
        'wechatpay-signature': rsaSign(
          answerMessage(timestamp, nonce, rawBody),
          this.platformKeys.privateKey,
        ),
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-signature-type': WECHATPAY_AUTH_SCHEMA,
      },
      rawBody: Buffer.from(rawBody, 'utf8'),
    };
  }
}

const TRADE_STATE_DESC: Record<WeChatTrade['trade_state'], string> = {
  NOTPAY: '订单未支付',
  SUCCESS: '支付成功',
  REFUND: '转入退款',
  CLOSED: '已关闭',
  PAYERROR: '支付失败',
};

class BadRequest extends Error {}

function paramError(message: string) {
  return { code: 'PARAM_ERROR', message };
}

function parseBody<T>(schema: z.ZodType<T>, body: string): T {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new BadRequest('请求体不是合法的 JSON');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new BadRequest(parsed.error.issues[0]?.message ?? '参数错误');
  return parsed.data;
}

function json(status: number, body: object | null, headers: Record<string, string>, text?: string): Response {
  return new Response(status === 204 ? null : (text ?? JSON.stringify(body)), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Request-ID': randomUUID(), ...headers },
  });
}
