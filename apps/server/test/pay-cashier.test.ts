import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../src/http/error-handler.ts';
import { cashierRoutes } from '../src/modules/dev/cashier-routes.ts';
import { alipayFormFields } from '../src/providers/payments/alipay.ts';
import { createSandboxPayments, type SandboxPayments } from '../src/providers/payments/index.ts';
import type { CreatePaymentInput, NotifyEvent } from '../src/providers/payments/port.ts';
import { renderCashierPage } from '../src/providers/payments/sandbox-cashier.ts';
import type { SandboxNotify } from '../src/providers/payments/sandbox-wechat-gateway.ts';
import { body, openTestDb, type TestDb } from './helpers.ts';

const clock = { now: Date.parse('2026-11-21T10:00:00+08:00') };
let db: TestDb;
let pay: SandboxPayments;
let app: FastifyInstance;
/** What our notify endpoint heard (the real adapters verify each delivered notify). */
const heard: Array<{ notify: SandboxNotify; event: NotifyEvent | string }> = [];

beforeAll(async () => {
  db = await openTestDb();
  pay = createSandboxPayments({ db: db.db, clock: () => clock.now, wechatAppId: 'wx8888888888888888' });
  app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await app.register(cashierRoutes, {
    prefix: '/api/dev/cashier',
    wechat: pay.gateways.wechat,
    alipay: pay.gateways.alipay,
    deliver: async (notify) => {
      const provider = notify.vendor === 'wechat' ? pay.wechat : pay.alipay;
      try {
        heard.push({
          notify,
          event: provider.verifyNotify({ headers: notify.headers, rawBody: notify.rawBody }, clock.now),
        });
        const answer = provider.notifyAnswer(true);
        return { status: answer.status, body: answer.body };
      } catch (err) {
        heard.push({ notify, event: String(err) });
        return { status: 400, body: 'refused' };
      }
    },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

let seq = 0;
function input(
  channel: CreatePaymentInput['channel'],
  overrides: Partial<CreatePaymentInput> = {},
): CreatePaymentInput {
  seq += 1;
  return {
    channel,
    outTradeNo: `C${clock.now}${String(seq).padStart(4, '0')}`,
    amountFen: 3900,
    description: '律师函 <b>加急</b> & "审阅"',
    notifyUrl: 'https://lawline.example/api/callbacks/pay/x',
    returnUrl: 'https://lawline.example/pay/result?orderId=P1',
    openid: channel === 'wechat_jsapi' ? 'o_openid' : undefined,
    clientIp: '10.0.0.9',
    expiresAt: clock.now + 15 * 60_000,
    ...overrides,
  };
}

const location = (res: { headers: Record<string, unknown> }) => String(res.headers.location ?? '');

describe('the sandbox cashier page', () => {
  it('shows merchant, description and amount, escaped, with three POST forms and no script', async () => {
    const created = await pay.wechat.create(input('wechat_h5'));
    if (created.kind !== 'h5') throw new Error('h5 expected');
    const res = await app.inject({
      method: 'GET',
      url: `${created.h5Url}&redirect_url=${encodeURIComponent('/pay/result?o=1')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<meta name="viewport"');
    expect(html).toContain('律线');
    expect(html).toContain('¥39.00');
    expect(html).toContain('律师函 &lt;b&gt;加急&lt;/b&gt; &amp; &quot;审阅&quot;');
    expect(html).not.toContain('<b>');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/ style=/);
    for (const label of ['确认支付', '取消支付', '模拟支付失败']) expect(html).toContain(label);
    const actions = [...html.matchAll(/<form method="post" action="([^"]+)">/g)].map((m) => m[1]);
    const token = /\/wechat\/([0-9a-f]+)\?/.exec(created.h5Url)?.[1];
    expect(actions).toEqual(['pay', 'cancel', 'fail'].map((a) => `/api/dev/cashier/wechat/${token}/${a}`));
    expect(html).toContain('<input type="hidden" name="redirect" value="/pay/result?o=1">');
  });

  it('answers a 404 page for an unknown token and a 400 page for a foreign redirect', async () => {
    const unknown = await app.inject({ method: 'GET', url: `/api/dev/cashier/wechat/${'0'.repeat(28)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('订单不存在');
    const created = await pay.wechat.create(input('wechat_h5'));
    if (created.kind !== 'h5') throw new Error('h5 expected');
    const evil = await app.inject({
      method: 'GET',
      url: `${created.h5Url}&redirect_url=${encodeURIComponent('https://evil.example/x')}`,
    });
    expect(evil.statusCode).toBe(400);
    const ours = await app.inject({
      method: 'GET',
      url: `${created.h5Url}&redirect_url=${encodeURIComponent('http://localhost/pay')}`,
    });
    expect(ours.statusCode).toBe(200);
  });

  it('renders a paid trade without buttons', () => {
    const html = renderCashierPage({
      trade: {
        vendor: 'alipay',
        channel: 'alipay_wap',
        token: 'ab',
        outTradeNo: 'X',
        description: 'd',
        amountFen: 1,
        state: 'paid',
        tradeState: 'TRADE_SUCCESS',
        expiresAt: null,
      },
      actionBase: '/x',
      redirect: null,
    });
    expect(html).toContain('¥0.01');
    expect(html).toContain('订单已支付');
    expect(html).not.toContain('<form');
  });
});

describe('WeChat at the cashier', () => {
  it('H5: pay delivers a notify the real adapter accepts, then 303 to the redirect_url', async () => {
    const req = input('wechat_h5');
    const created = await pay.wechat.create(req);
    if (created.kind !== 'h5') throw new Error('h5 expected');
    const token = /\/wechat\/([0-9a-f]+)\?/.exec(created.h5Url)?.[1];
    const res = await app.inject({
      method: 'POST',
      url: `/api/dev/cashier/wechat/${token}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ redirect: '/pay/result?orderId=T9' }).toString(),
    });
    expect(res.statusCode).toBe(303);
    expect(location(res)).toBe('/pay/result?orderId=T9');
    const last = heard.at(-1);
    expect(last?.notify.url).toBe(req.notifyUrl);
    expect(last?.event).toMatchObject({ kind: 'paid', outTradeNo: req.outTradeNo, amountFen: 3900 });
    expect(await pay.wechat.query(req.outTradeNo)).toMatchObject({ state: 'paid', amountFen: 3900 });
  });

  it('JSAPI: the prepay id opens the cashier; without a redirect the done page says what happened', async () => {
    const created = await pay.wechat.create(input('wechat_jsapi'));
    if (created.kind !== 'jsapi') throw new Error('jsapi expected');
    const open = await app.inject({
      method: 'GET',
      url: `/api/dev/cashier/wechat/prepay/${created.prepayId}`,
    });
    expect(open.statusCode).toBe(303);
    const cashier = location(open);
    expect(cashier).toMatch(/^\/api\/dev\/cashier\/wechat\/[0-9a-f]+$/);
    const cancel = await app.inject({ method: 'POST', url: `${cashier}/cancel` });
    expect(cancel.statusCode).toBe(303);
    expect(location(cancel)).toBe(`${cashier}/done?result=cancelled`);
    const done = await app.inject({ method: 'GET', url: location(cancel) });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('已取消');
    const trade = await pay.gateways.wechat.trade(cashier.split('/').at(-1) ?? '');
    expect(await pay.wechat.query(trade?.outTradeNo ?? '')).toEqual({ state: 'pending' });
    const failed = await app.inject({
      method: 'POST',
      url: `${cashier}/fail`,
      headers: { accept: 'application/json' },
    });
    expect(body(failed).data).toEqual({
      state: 'closed',
      tradeState: 'PAYERROR',
      notifyStatus: null,
      redirect: null,
    });
    // Paying a failed trade is refused like the wallet would.
    const again = await app.inject({ method: 'POST', url: `${cashier}/pay` });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('订单已关闭');
    const unknownPrepay = await app.inject({ method: 'GET', url: '/api/dev/cashier/wechat/prepay/wx0000' });
    expect(unknownPrepay.statusCode).toBe(404);
  });

  it('answers JSON when asked (tests and the crash harness)', async () => {
    const req = input('wechat_h5');
    await pay.wechat.create(req);
    const token = await pay.gateways.wechat.tokenOf(req.outTradeNo);
    const res = await app.inject({
      method: 'POST',
      url: `/api/dev/cashier/wechat/${token}/pay`,
      headers: { accept: 'application/json' },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({
      code: 0,
      msg: 'ok',
      data: { state: 'paid', tradeState: 'SUCCESS', notifyStatus: 204, redirect: null },
    });
    const missing = await app.inject({
      method: 'POST',
      url: `/api/dev/cashier/wechat/${'f'.repeat(28)}/pay`,
      headers: { accept: 'application/json' },
    });
    expect(missing.statusCode).toBe(404);
    expect(body(missing).code).not.toBe(0);
  });
});

describe('Alipay at the cashier', () => {
  it('the form posts to the sandbox gateway; pay notifies and returns with signed params', async () => {
    const req = input('alipay_wap');
    const created = await pay.alipay.create(req);
    if (created.kind !== 'wap') throw new Error('wap expected');
    const action = /action="([^"]+)"/.exec(created.form)?.[1]?.replaceAll('&amp;', '&') ?? '';
    const posted = await app.inject({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(alipayFormFields(created.form)).toString(),
    });
    expect(posted.statusCode).toBe(303);
    const cashier = location(posted);
    expect(cashier).toMatch(/^\/api\/dev\/cashier\/alipay\/[0-9a-f]+$/);
    const page = await app.inject({ method: 'GET', url: cashier });
    expect(page.body).toContain('支付宝');
    expect(page.body).toContain('¥39.00');

    // The browser posts the button's form: form-encoded, empty.
    const paid = await app.inject({
      method: 'POST',
      url: `${cashier}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    const back = new URL(location(paid));
    expect(`${back.origin}${back.pathname}`).toBe('https://lawline.example/pay/result');
    expect(back.searchParams.get('orderId')).toBe('P1');
    expect(back.searchParams.get('method')).toBe('alipay.trade.wap.pay.return');
    expect(back.searchParams.get('sign')).toBeTruthy();
    expect(heard.at(-1)?.event).toMatchObject({ kind: 'paid', outTradeNo: req.outTradeNo, amountFen: 3900 });

    // Posting the same form again: Alipay says it is paid already.
    const twice = await app.inject({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      payload: new URLSearchParams(alipayFormFields(created.form)).toString(),
    });
    expect(twice.statusCode).toBe(400);
    expect(body(twice).msg).toContain('ACQ.TRADE_HAS_SUCCESS');
  });

  it('a form with a bad signature gets a 400 page; a failed payment sends TRADE_CLOSED', async () => {
    const req = input('alipay_wap');
    const created = await pay.alipay.create(req);
    if (created.kind !== 'wap') throw new Error('wap expected');
    const fields = alipayFormFields(created.form);
    const forged = await app.inject({
      method: 'POST',
      url: '/api/dev/cashier/alipay/gateway',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...fields, return_url: 'https://evil.example/' }).toString(),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('isv.invalid-signature');

    const posted = await app.inject({
      method: 'POST',
      url: '/api/dev/cashier/alipay/gateway',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      payload: new URLSearchParams(fields).toString(),
    });
    const { cashierUrl } = body<{ token: string; cashierUrl: string }>(posted).data;
    const failed = await app.inject({
      method: 'POST',
      url: `${cashierUrl}/fail`,
      headers: { accept: 'application/json' },
    });
    expect(body(failed).data).toEqual({
      state: 'closed',
      tradeState: 'TRADE_CLOSED',
      notifyStatus: 200,
      redirect: req.returnUrl,
    });
    expect(heard.at(-1)?.event).toEqual({ kind: 'closed', outTradeNo: req.outTradeNo });
    expect(await pay.alipay.query(req.outTradeNo)).toEqual({ state: 'closed' });
  });

  it('markPaid plays a payment whose notify was lost; the query still finds it', async () => {
    const req = input('alipay_wap');
    await pay.alipay.create(req);
    expect(await pay.alipay.query(req.outTradeNo)).toEqual({ state: 'unknown' });
    const before = heard.length;
    await pay.gateways.alipay.markPaid(req.outTradeNo);
    expect(heard.length).toBe(before);
    expect(await pay.alipay.query(req.outTradeNo)).toMatchObject({ state: 'paid', amountFen: 3900 });
    const notify = await pay.gateways.alipay.notifyFor(req.outTradeNo);
    expect(pay.alipay.verifyNotify(notify, clock.now)).toMatchObject({
      kind: 'paid',
      outTradeNo: req.outTradeNo,
    });
  });
});
