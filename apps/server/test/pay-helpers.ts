import type { PayOrderResult, PayState } from '@lawline/contract/schemas';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { body, type TestContext } from './helpers.ts';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const DAY = 24 * 60 * MINUTE;

/** The consumer API as the app calls it (token header, JSON). */
export function consumer(app: FastifyInstance, token: string, headers: Record<string, string> = {}) {
  const get = (url: string) =>
    app.inject({ method: 'GET', url: `/api/v2/${url}`, headers: { token, ...headers } });
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api/v2/${url}`, payload, headers: { token, ...headers } });
  return {
    get,
    post,
    async data<T>(res: { statusCode: number; body: string }): Promise<T> {
      expect(res.statusCode, res.body).toBe(200);
      return body<T>(res).data;
    },
    async pay(payload: object): Promise<PayOrderResult> {
      return this.data<PayOrderResult>(await post('pay/createPayOrder', payload));
    },
    async query(orderId: string): Promise<PayState> {
      return this.data<PayState>(await post('pay/queryPayOrder', { orderId }));
    },
  };
}

/** A phone consult of field 2 (channel `channel`) whose call lasted `seconds`: payment due. */
export async function paymentDueOrder(
  t: TestContext,
  token: string,
  seconds: number,
  channel = 'gzh',
): Promise<string> {
  const lawyers = await t.db.db.selectFrom('lawyers').select(['id', 'skill_field']).orderBy('id').execute();
  const lawyer = lawyers.find((l) => l.skill_field.split(',')[0] === '2');
  if (!lawyer) throw new Error('no field-2 lawyer');
  await t.app.calls.engine.setPresence(lawyer.id, 'online');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/order/createCallOrder',
    payload: { consultField: '2', userRemark: '离婚后孩子抚养权怎么争取？', channel },
    headers: { token },
  });
  expect(res.statusCode, res.body).toBe(200);
  const orderId = body<{ orderId: string }>(res).data.orderId;
  await t.app.calls.engine.accept(lawyer.id, orderId);
  await t.app.calls.engine.sandboxConnect(orderId);
  t.clock.advance(seconds * SECOND);
  await t.app.calls.engine.sandboxHangup(orderId);
  return orderId;
}

/** The cashier token in a sandbox cashier URL (/api/dev/cashier/{vendor}/{token}). */
export function cashierToken(url: string): string {
  const m = /\/api\/dev\/cashier\/(?:wechat|alipay)\/([A-Za-z0-9_-]+)/.exec(url);
  if (!m?.[1]) throw new Error(`not a cashier url: ${url}`);
  return m[1];
}

/** The hidden inputs of an aliPayForm, as the browser would post them. */
export function formFields(form: string): URLSearchParams {
  const params = new URLSearchParams();
  for (const m of form.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
    const decode = (s: string) =>
      s
        .replaceAll('&quot;', '"')
        .replaceAll('&#39;', "'")
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&amp;', '&');
    params.set(decode(m[1] as string), decode(m[2] as string));
  }
  return params;
}

/** Where the cashier for a created payment lives (H5 url, Alipay form through the gateway, JSAPI prepay). */
export async function cashierOf(
  app: FastifyInstance,
  result: PayOrderResult,
): Promise<{ vendor: 'wechat' | 'alipay'; token: string }> {
  if (result.mweb_url) return { vendor: 'wechat', token: cashierToken(result.mweb_url) };
  if (result.prepay_id) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/dev/cashier/wechat/prepay/${result.prepay_id}`,
    });
    expect(res.statusCode, res.body).toBe(303);
    return { vendor: 'wechat', token: cashierToken(String(res.headers.location)) };
  }
  if (result.aliPayForm) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/dev/cashier/alipay/gateway',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: formFields(result.aliPayForm).toString(),
    });
    expect(res.statusCode, res.body).toBe(303);
    return { vendor: 'alipay', token: cashierToken(String(res.headers.location)) };
  }
  throw new Error('nothing to pay at a cashier');
}

/** A person's choice at the sandbox cashier; pay sends the vendor's signed notify to our endpoint. */
export async function atCashier(
  app: FastifyInstance,
  result: PayOrderResult,
  action: 'pay' | 'cancel' | 'fail',
): Promise<{ state: string; notifyStatus: number | null }> {
  const { vendor, token } = await cashierOf(app, result);
  const res = await app.inject({
    method: 'POST',
    url: `/api/dev/cashier/${vendor}/${token}/${action}`,
    headers: { accept: 'application/json' },
    payload: {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ state: string; notifyStatus: number | null }>(res).data;
}

export async function ledgerSum(t: TestContext, orderId?: string): Promise<number> {
  let q = t.db.db.selectFrom('ledger_entries').select((eb) => eb.fn.sum<number>('amount_fen').as('n'));
  if (orderId) q = q.where('order_id', '=', orderId);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

/**
 * What the orders say was paid and kept: phone orders settled by a payment (paid/refunded
 * attempts minus refunds) and product orders paid and not refunded.
 */
export async function ordersPaidSum(t: TestContext): Promise<number> {
  const calls = await t.db.db
    .selectFrom('payments')
    .innerJoin('call_orders', 'call_orders.id', 'payments.order_id')
    .select(['payments.id', 'payments.amount_fen', 'payments.state'])
    .where('payments.state', '=', 'paid')
    .where('call_orders.state', 'in', ['to_evaluate', 'evaluated'])
    .execute();
  const products = await t.db.db
    .selectFrom('product_orders')
    .select('paid_fen')
    .where('state', 'in', ['paid', 'fulfilled'])
    .execute();
  return calls.reduce((s, r) => s + r.amount_fen, 0) + products.reduce((s, r) => s + (r.paid_fen ?? 0), 0);
}
