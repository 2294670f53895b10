import type {
  CallOrderDetail,
  CreatedProductOrder,
  PayAmount,
  ProductOrderDetail,
  ProductRate,
  UsableCoupon,
  UserCoupon,
} from '@lawline/contract/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { body, createTestApp, loginAs, type TestContext } from './helpers.ts';
import {
  atCashier,
  consumer,
  DAY,
  formFields,
  ledgerSum,
  MINUTE,
  ordersPaidSum,
  paymentDueOrder,
} from './pay-helpers.ts';

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800322c) NetType/WIFI Language/zh_CN';

const contexts: TestContext[] = [];
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

async function start(): Promise<TestContext> {
  const t = await createTestApp();
  contexts.push(t);
  return t;
}

let phone = 13800138000;
async function person(t: TestContext) {
  phone += 1;
  const { token, userId } = await loginAs(t.app, String(phone), `10.7.${phone % 250}.${(phone >> 8) % 250}`);
  return { token, userId, api: consumer(t.app, token) };
}

async function callDetail(t: TestContext, token: string, orderId: string): Promise<CallOrderDetail> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v2/order/callOrderDetail?orderId=${orderId}`,
    headers: { token },
  });
  return body<CallOrderDetail>(res).data;
}

/** Claims the channel campaign's coupon through activity/get and answers the person's coupon. */
async function claimCampaignCoupon(t: TestContext, token: string, channel: string): Promise<UserCoupon> {
  const activity = await t.db.db
    .selectFrom('activities')
    .select('id')
    .where('channel_key', '=', channel)
    .executeTakeFirstOrThrow();
  const api = consumer(t.app, token);
  await api.data(await api.post('activity/get', { activityId: activity.id, channel }));
  const list = await api.data<UserCoupon[]>(await api.get('coupon/list?status=valid'));
  const coupon = list[0];
  if (!coupon) throw new Error('no coupon claimed');
  return coupon;
}

async function orderState(t: TestContext, orderId: string): Promise<string> {
  const row = await t.db.db
    .selectFrom('call_orders')
    .select('state')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return row.state;
}

describe('paying a phone consult', () => {
  it('computes the amount on the server, pays at the WeChat H5 cashier with a coupon, and moves the order once', async () => {
    const t = await start();
    const p = await person(t);
    // czh: 39 元 per consultation; its campaign coupon takes 10 元 off orders from 30 元.
    const coupon = await claimCampaignCoupon(t, p.token, 'czh');
    const orderId = await paymentDueOrder(t, p.token, 200, 'czh');
    expect((await callDetail(t, p.token, orderId)).status).toBe(5);

    const amount = await p.api.data<PayAmount>(
      await p.api.post('order/calculatePayAmount', { orderId, couponId: coupon.id }),
    );
    expect(amount).toMatchObject({ orderPrice: 39, couponValue: 10, needPayAmount: 29, couponError: null });
    const usable = await p.api.data<UsableCoupon[]>(await p.api.get(`coupon/usable?orderId=${orderId}`));
    expect(usable.find((c) => c.id === coupon.id)).toMatchObject({ usable: true, discount: 10 });

    // The client cannot name its own amount: the payload is strict.
    const forged = await p.api.post('pay/createPayOrder', {
      payType: '1',
      orderId,
      couponId: coupon.id,
      amount: 0.01,
    });
    expect(forged.statusCode).toBe(400);
    expect(body(forged).msg).toBeTruthy();

    const result = await p.api.pay({ payType: '1', orderId, couponId: coupon.id });
    expect(result).toMatchObject({ payStatus: '1', amount: 29, aliPayForm: null, prepay_id: null });
    expect(result.mweb_url).toMatch(/^\/api\/dev\/cashier\/wechat\//);
    expect((await callDetail(t, p.token, orderId)).status).toBe(3);
    // A double tap answers the same attempt, also when both taps arrive at once.
    const again = await p.api.pay({ payType: '1', orderId, couponId: coupon.id });
    expect(again.outTradeNo).toBe(result.outTradeNo);
    const both = await Promise.all(
      [1, 2].map(() => p.api.pay({ payType: '1', orderId, couponId: coupon.id })),
    );
    expect(both.map((r) => r.outTradeNo)).toEqual([result.outTradeNo, result.outTradeNo]);

    const paid = await atCashier(t.app, result, 'pay');
    expect(paid.notifyStatus).toBeLessThan(300);
    expect((await callDetail(t, p.token, orderId)).status).toBe(4);
    expect(await p.api.query(orderId)).toMatchObject({ payStatus: '2', amount: 29 });
    expect(await ledgerSum(t, orderId)).toBe(2900);
    const used = await p.api.data<UserCoupon[]>(await p.api.get('coupon/list?status=used'));
    expect(used.map((c) => c.id)).toEqual([coupon.id]);
    // Paying again answers payStatus '2' and creates nothing.
    const twice = await p.api.pay({ payType: '1', orderId });
    expect(twice.payStatus).toBe('2');
    const attempts = await t.db.db
      .selectFrom('payments')
      .select('id')
      .where('order_id', '=', orderId)
      .execute();
    expect(attempts).toHaveLength(1);
  });

  it('a cancelled bridge closes the attempt, frees the coupon and lets the person pay again', async () => {
    const t = await start();
    const p = await person(t);
    const coupon = await claimCampaignCoupon(t, p.token, 'czh');
    const orderId = await paymentDueOrder(t, p.token, 200, 'czh');
    const first = await p.api.pay({
      payType: '1',
      orderId,
      couponId: coupon.id,
      openid: 'o_sandbox_openid_1',
    });
    expect(first.prepay_id).toBeTruthy();
    expect(first.singn).toBeTruthy();
    expect(first.package).toBe(`prepay_id=${first.prepay_id}`);
    const cancelled = await p.api.data<{ payStatus: string }>(
      await p.api.post('pay/cancelPayOrder', { orderId }),
    );
    expect(cancelled.payStatus).toBe('3');
    expect((await callDetail(t, p.token, orderId)).status).toBe(5);
    const valid = await p.api.data<UserCoupon[]>(await p.api.get('coupon/list?status=valid'));
    expect(valid.map((c) => c.id)).toContain(coupon.id);
    const reserved = await t.db.db
      .selectFrom('user_coupons')
      .select('used_order_id')
      .where('id', '=', coupon.id)
      .executeTakeFirstOrThrow();
    expect(reserved.used_order_id).toBeNull();
    // The closed trade can no longer be paid at the cashier; a new attempt can.
    const second = await p.api.pay({ payType: '0', orderId });
    expect(second.aliPayForm).toContain('<form');
    expect(second.amount).toBe(39);
    await atCashier(t.app, second, 'pay');
    expect((await callDetail(t, p.token, orderId)).status).toBe(4);
    expect(await ledgerSum(t)).toBe(3900);
  });

  it('switching method closes the first attempt and leaves the order waiting for the second', async () => {
    const t = await start();
    const p = await person(t);
    const orderId = await paymentDueOrder(t, p.token, 200);
    const wechat = await p.api.pay({ payType: '1', orderId });
    const alipay = await p.api.pay({ payType: '0', orderId });
    expect(alipay.outTradeNo).not.toBe(wechat.outTradeNo);
    expect((await callDetail(t, p.token, orderId)).status).toBe(3);
    const attempts = await t.db.db
      .selectFrom('payments')
      .select(['out_trade_no', 'state'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    expect(attempts.map((a) => a.state)).toEqual(['closed', 'open']);
    await atCashier(t.app, alipay, 'pay');
    expect((await callDetail(t, p.token, orderId)).status).toBe(4);
  });

  it('chooses the method that fits the browser: no H5 or Alipay inside WeChat', async () => {
    const t = await start();
    const p = await person(t);
    const orderId = await paymentDueOrder(t, p.token, 200);
    const inWeChat = consumer(t.app, p.token, { 'user-agent': WECHAT_UA });
    const ali = await inWeChat.post('pay/createPayOrder', { payType: '0', orderId });
    expect(ali.statusCode).toBe(400);
    expect(body(ali).msg).toContain('浏览器');
    const h5 = await inWeChat.post('pay/createPayOrder', { payType: '1', orderId });
    expect(h5.statusCode).toBe(400);
    const jsapi = await inWeChat.pay({ payType: '1', orderId, openid: 'o_sandbox_openid_2' });
    expect(jsapi).toMatchObject({ payStatus: '1', signType: 'RSA' });
    expect(jsapi.appid).toBeTruthy();
    expect(jsapi.timeStamp).toMatch(/^\d{10}$/);
    const fss = await inWeChat.pay({ payType: '5', orderId, openid: 'o_sandbox_openid_2' });
    expect(fss.prepay_id).toBeTruthy();
    const badReturn = await p.api.post('pay/createPayOrder', {
      payType: '1',
      orderId,
      return_url: 'https://evil.example/x',
    });
    expect(badReturn.statusCode).toBe(400);
  });

  it('a times coupon covering the whole amount pays at once without a provider', async () => {
    const t = await start();
    const p = await person(t);
    const coupon = await claimCampaignCoupon(t, p.token, 'gzh'); // 免费电话咨询1次券
    const orderId = await paymentDueOrder(t, p.token, 200);
    const result = await p.api.pay({ payType: '1', orderId, couponId: coupon.id });
    expect(result).toMatchObject({ payStatus: '2', amount: 0 });
    expect((await callDetail(t, p.token, orderId)).status).toBe(4);
    expect(await ledgerSum(t)).toBe(0);
    const used = await p.api.data<UserCoupon[]>(await p.api.get('coupon/list?status=used'));
    expect(used).toHaveLength(1);
  });
});

describe('notifies', () => {
  it('applies the same notify once, whether it comes twice at once or again a day later', async () => {
    const t = await start();
    const p = await person(t);
    const orderId = await paymentDueOrder(t, p.token, 200);
    const result = await p.api.pay({ payType: '1', orderId });
    const gateway = t.app.payments.sandbox?.gateways.wechat;
    if (!gateway) throw new Error('sandbox expected');
    await gateway.markPaid(result.outTradeNo as string);
    const notify = await gateway.notifyFor(result.outTradeNo as string);
    const send = (n: typeof notify) =>
      t.app.inject({
        method: 'POST',
        url: '/api/callbacks/pay/wechat',
        headers: n.headers,
        payload: n.rawBody,
      });
    const [a, b] = await Promise.all([send(notify), send(notify)]);
    expect([a.statusCode, b.statusCode].every((s) => s >= 200 && s < 300)).toBe(true);
    t.clock.advance(DAY);
    const later = await send(await gateway.notifyFor(result.outTradeNo as string));
    expect(later.statusCode).toBeLessThan(300);
    expect(await ledgerSum(t)).toBe(2400);
    expect(await orderState(t, orderId)).toBe('to_evaluate');
    const entries = await t.db.db.selectFrom('ledger_entries').selectAll().execute();
    expect(entries).toHaveLength(1);
    const notes = await t.db.db
      .selectFrom('notifications')
      .select('title')
      .where('user_id', '=', p.userId)
      .where('title', '=', '支付成功')
      .execute();
    expect(notes).toHaveLength(1);
  });

  it('refuses tampered bodies, stale timestamps, probes and a wrong amount, changing nothing', async () => {
    const t = await start();
    const p = await person(t);
    const orderId = await paymentDueOrder(t, p.token, 200);
    const result = await p.api.pay({ payType: '1', orderId });
    const gateway = t.app.payments.sandbox?.gateways.wechat;
    if (!gateway) throw new Error('sandbox expected');
    await gateway.markPaid(result.outTradeNo as string);
    const good = await gateway.notifyFor(result.outTradeNo as string);
    const send = (headers: Record<string, string>, payload: Buffer | string) =>
      t.app.inject({ method: 'POST', url: '/api/callbacks/pay/wechat', headers, payload });

    const tampered = Buffer.from(good.rawBody);
    tampered[tampered.length - 3] = (tampered[tampered.length - 3] as number) ^ 1;
    expect((await send(good.headers, tampered)).statusCode).toBeGreaterThanOrEqual(400);
    const reserialised = JSON.stringify(JSON.parse(good.rawBody.toString()), null, 1);
    expect((await send(good.headers, reserialised)).statusCode).toBeGreaterThanOrEqual(400);
    const probe = {
      ...good.headers,
      'wechatpay-signature': `WECHATPAY/SIGNTEST/${good.headers['wechatpay-signature']}`,
    };
    expect((await send(probe, good.rawBody)).statusCode).toBeGreaterThanOrEqual(400);
    t.clock.advance(301 * 1000);
    expect((await send(good.headers, good.rawBody)).statusCode).toBeGreaterThanOrEqual(400);

    expect(await orderState(t, orderId)).toBe('pay_submitted');
    expect(await ledgerSum(t)).toBe(0);
    // The provider's query still settles it (the persisted job), with the right amount.
    t.clock.advance(MINUTE);
    await t.app.calls.jobs.runDueJobs();
    expect(await orderState(t, orderId)).toBe('to_evaluate');
    expect(await ledgerSum(t)).toBe(2400);
  });

  it('Alipay: verifies the form notify, answers success, ignores WAIT_BUYER_PAY and counts TRADE_FINISHED once', async () => {
    const t = await start();
    const p = await person(t);
    const orderId = await paymentDueOrder(t, p.token, 200);
    const result = await p.api.pay({ payType: '0', orderId });
    expect(formFields(result.aliPayForm as string).get('sign')).toBeTruthy();
    const out = await atCashier(t.app, result, 'pay');
    expect(out.notifyStatus).toBe(200);
    const gateway = t.app.payments.sandbox?.gateways.alipay;
    if (!gateway) throw new Error('sandbox expected');
    const again = await gateway.notifyFor(result.outTradeNo as string, 'TRADE_FINISHED');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/callbacks/pay/alipay',
      headers: again.headers,
      payload: again.rawBody,
    });
    expect(res.body).toBe('success');
    const forged = Buffer.from(again.rawBody.toString().replace(/total_amount=[^&]+/, 'total_amount=0.01'));
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/callbacks/pay/alipay',
      headers: again.headers,
      payload: forged,
    });
    expect(bad.body).not.toBe('success');
    expect(await ledgerSum(t)).toBe(2400);
  });
});

describe('a payment nobody tells us about', () => {
  it('is settled by the persisted query job, or closed when it expires (coupon released, order payable)', async () => {
    const t = await start();
    const p = await person(t);
    const coupon = await claimCampaignCoupon(t, p.token, 'czh');
    const orderId = await paymentDueOrder(t, p.token, 200, 'czh');
    const first = await p.api.pay({ payType: '1', orderId, couponId: coupon.id });
    // Nobody pays: after the attempt's 15 minutes the job closes it.
    for (let i = 0; i < 8; i++) {
      t.clock.advance(3 * MINUTE);
      await t.app.calls.jobs.runDueJobs();
    }
    const attempt = await t.db.db
      .selectFrom('payments')
      .selectAll()
      .where('out_trade_no', '=', first.outTradeNo as string)
      .executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({ state: 'closed', close_reason: 'expired' });
    expect(await orderState(t, orderId)).toBe('payment_due');
    const reserved = await t.db.db
      .selectFrom('user_coupons')
      .select('used_order_id')
      .where('id', '=', coupon.id)
      .executeTakeFirstOrThrow();
    expect(reserved.used_order_id).toBeNull();

    // Paid at the vendor, notify lost: the job finds it.
    const second = await p.api.pay({ payType: '0', orderId, couponId: coupon.id });
    await t.app.payments.sandbox?.gateways.alipay.markPaid(second.outTradeNo as string);
    t.clock.advance(MINUTE);
    await t.app.calls.jobs.runDueJobs();
    expect(await orderState(t, orderId)).toBe('to_evaluate');
    expect(await ledgerSum(t)).toBe(2900);
  });

  it('looks again within seconds after its first look, so a notify lost then is found soon', async () => {
    const t = await start();
    const p = await person(t);
    const orderId = await paymentDueOrder(t, p.token, 200, 'czh');
    const attempt = await p.api.pay({ payType: '1', orderId });
    // The first look (PAY_QUERY_FIRST_MS, a minute by default): not paid yet.
    t.clock.advance(MINUTE);
    await t.app.calls.jobs.runDueJobs();
    expect(await orderState(t, orderId)).toBe('pay_submitted');
    // The person pays now; the vendor's notify never arrives.
    await t.app.payments.sandbox?.gateways.wechat.markPaid(attempt.outTradeNo as string);
    t.clock.advance(10_000);
    await t.app.calls.jobs.runDueJobs();
    expect(await orderState(t, orderId)).toBe('to_evaluate');
    expect(await ledgerSum(t)).toBe(3900);
  });

  it('keeps asking through a provider outage, past the job retries and the expiry, then settles or closes', async () => {
    const t = await start();
    const gateways = t.app.payments.sandbox?.gateways;
    if (!gateways) throw new Error('sandbox gateways');
    const p = await person(t);
    const coupon = await claimCampaignCoupon(t, p.token, 'czh');
    const paidLater = await paymentDueOrder(t, p.token, 200, 'czh');
    const attempt = await p.api.pay({ payType: '1', orderId: paidLater, couponId: coupon.id });
    const q = await person(t);
    const abandoned = await paymentDueOrder(t, q.token, 200, 'czh');
    const other = await q.api.pay({ payType: '0', orderId: abandoned });

    const stateOf = async (outTradeNo: string | null) =>
      (
        await t.db.db
          .selectFrom('payments')
          .select('state')
          .where('out_trade_no', '=', outTradeNo ?? '')
          .executeTakeFirstOrThrow()
      ).state;
    const pendingQueryJobs = async () =>
      (
        await t.db.db
          .selectFrom('jobs')
          .select('payload')
          .where('kind', '=', 'pay.query')
          .where('done_at', 'is', null)
          .execute()
      ).length;

    // Both vendors down for an hour: far more failed looks than a failing job gets, and past the
    // attempts' 15 minutes. Nothing is decided without the provider's word.
    gateways.wechat.answerFault = 'unreachable';
    gateways.alipay.answerFault = 'unreachable';
    // The person paid at WeChat; its notify never came.
    await gateways.wechat.markPaid(attempt.outTradeNo as string);
    for (let i = 0; i < 60; i++) {
      t.clock.advance(MINUTE);
      await t.app.calls.jobs.runDueJobs();
    }
    expect(await stateOf(attempt.outTradeNo)).toBe('open');
    expect(await stateOf(other.outTradeNo)).toBe('open');
    expect(await pendingQueryJobs()).toBe(2);
    const held = await t.db.db
      .selectFrom('user_coupons')
      .select('used_order_id')
      .where('id', '=', coupon.id)
      .executeTakeFirstOrThrow();
    expect(held.used_order_id).toBe(paidLater);
    expect(await ledgerSum(t)).toBe(0);

    // Back up: the paid one is settled once, the other closed as expired.
    gateways.wechat.answerFault = null;
    gateways.alipay.answerFault = null;
    t.clock.advance(3 * MINUTE);
    await t.app.calls.jobs.runDueJobs();
    expect(await stateOf(attempt.outTradeNo)).toBe('paid');
    expect(await orderState(t, paidLater)).toBe('to_evaluate');
    expect(await stateOf(other.outTradeNo)).toBe('closed');
    expect(await orderState(t, abandoned)).toBe('payment_due');
    expect(await ledgerSum(t)).toBe(2900);
    expect(await pendingQueryJobs()).toBe(0);
  });
});

describe('coupons at payment', () => {
  it('a coupon serves one paid order: refused for a second order while reserved or used', async () => {
    const t = await start();
    const p = await person(t);
    const coupon = await claimCampaignCoupon(t, p.token, 'czh');
    const a = await paymentDueOrder(t, p.token, 200, 'czh');
    await p.api.pay({ payType: '1', orderId: a, couponId: coupon.id });
    // A second order (a service bought by code) cannot take it while a's payment is open.
    const doc = await p.api.data<CreatedProductOrder>(
      await p.api.post('order/createOrder', { productCode: 'SC18001' }),
    );
    const busy = await p.api.post('pay/createPayOrder', {
      payType: '1',
      orderId: doc.orderId,
      couponId: coupon.id,
    });
    expect(busy.statusCode).toBe(409);
    expect(body(busy).msg).toContain('另一笔订单');
    const paidA = await p.api.pay({ payType: '1', orderId: a, couponId: coupon.id });
    await atCashier(t.app, paidA, 'pay');
    const used = await p.api.post('pay/createPayOrder', {
      payType: '1',
      orderId: doc.orderId,
      couponId: coupon.id,
    });
    expect(used.statusCode).toBe(409);
    expect(body(used).msg).toContain('已使用');
    const other = await person(t);
    const foreign = await other.api.post('order/calculatePayAmount', { orderId: a, couponId: coupon.id });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('member cards', () => {
  it('buying a gold card grants its rights, makes the person a member and the next phone consult free', async () => {
    const t = await start();
    const p = await person(t);
    const order = await p.api.data<CreatedProductOrder>(
      await p.api.post('order/createOrder', { productCode: 'MC19001' }),
    );
    expect(order.status).toBe(3);
    // A double tap answers the same unpaid order.
    const same = await p.api.data<CreatedProductOrder>(
      await p.api.post('order/createOrder', { productCode: 'MC19001' }),
    );
    expect(same.orderId).toBe(order.orderId);
    const result = await p.api.pay({ payType: '0', orderId: order.orderId });
    await atCashier(t.app, result, 'pay');
    const detail = await p.api.data<ProductOrderDetail>(
      await p.api.get(`order/productOrderDetail?orderId=${order.orderId}`),
    );
    expect(detail).toMatchObject({ status: 5, kind: 'card', statusText: '已开通' });
    expect(detail.cardExpireDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const info = await p.api.data<{ isMember: boolean; memberEntityList: Array<{ productCode: string }> }>(
      await p.api.get('user/userInfo'),
    );
    expect(info.isMember).toBe(true);
    expect(info.memberEntityList.map((m) => m.productCode)).toEqual(['MC19001']);
    const rights = await p.api.data<Array<{ productCode: string; rights: Array<{ rightCode: string }> }>>(
      await p.api.get('user/memberRightList'),
    );
    expect(rights[0]?.rights.map((r) => r.rightCode)).toEqual(
      expect.arrayContaining(['phoneUnlimited', 'docReview', 'faceDiscount']),
    );
    const rate = await p.api.data<ProductRate>(
      await p.api.post('order/productOrderRate', { productCode: 'SC19001' }),
    );
    expect(rate.rate).toBe(70);
    const phonePrice = await p.api.data<{ needPayAmount: number; memberFree: boolean }>(
      await p.api.post('order/reconfirmProductPrice', { productCode: 'SC17001', field: 7 }),
    );
    expect(phonePrice).toMatchObject({ needPayAmount: 0, memberFree: true });
    // The next consult is free: straight to evaluation.
    const next = await paymentDueOrder(t, p.token, 200);
    expect((await callDetail(t, p.token, next)).status).toBe(4);
    expect(await ledgerSum(t)).toBe(await ordersPaidSum(t));

    // The card ends by the persisted job; memberRightExpired lists it.
    const card = await t.db.db
      .selectFrom('user_cards')
      .selectAll()
      .where('order_ref', '=', order.orderId)
      .executeTakeFirstOrThrow();
    t.clock.now = card.expires_at + 1;
    await t.app.calls.jobs.runDueJobs();
    // A year later the old session has expired: log in again.
    const again = consumer(t.app, (await loginAs(t.app, String(phone), '10.7.99.99')).token);
    const expired = await again.data<Array<{ productCode: string }>>(
      await again.get('user/memberRightExpired'),
    );
    expect(expired.map((c) => c.productCode)).toContain('MC19001');
    const after = await again.data<{ isMember: boolean }>(await again.get('user/userInfo'));
    expect(after.isMember).toBe(false);
    const told = await t.db.db
      .selectFrom('notifications')
      .select('title')
      .where('user_id', '=', p.userId)
      .where('title', '=', '会员已到期')
      .execute();
    expect(told).toHaveLength(1);
  });
});

describe('service orders by product code', () => {
  it('face, letter and lawsuit are refused on order/createOrder: they start on their forms', async () => {
    const t = await start();
    const p = await person(t);
    for (const [code, page] of [
      ['SC19001', '见面咨询'],
      ['SC19002', '律师函'],
      ['SC19003', '诉讼代理'],
    ] as const) {
      const res = await p.api.post('order/createOrder', { productCode: code });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain(page);
    }
    const made = await t.db.db.selectFrom('product_orders').select('id').execute();
    expect(made).toHaveLength(0);
  });
});

describe('refunds', () => {
  it('a paid service cancelled before it starts is refunded through the provider; the ledger shows it', async () => {
    const t = await start();
    const p = await person(t);
    const order = await p.api.data<CreatedProductOrder>(
      await p.api.post('order/createOrder', { productCode: 'SC18004' }),
    );
    const result = await p.api.pay({ payType: '1', orderId: order.orderId });
    await atCashier(t.app, result, 'pay');
    const paid = await p.api.data<ProductOrderDetail>(
      await p.api.get(`order/productOrderDetail?orderId=${order.orderId}`),
    );
    expect(paid).toMatchObject({ status: 1, actions: { canCancel: true } });
    const amountFen = Math.round((paid.paidAmount ?? 0) * 100);
    expect(amountFen).toBeGreaterThan(0);
    const cancelled = await p.api.data<ProductOrderDetail>(
      await p.api.post('order/cancelOrder', { orderId: order.orderId, reason: '暂时不需要了' }),
    );
    expect(cancelled).toMatchObject({ status: 99, statusText: '已退款', refund: { state: 'succeeded' } });
    expect(cancelled.refund?.amount).toBe(amountFen / 100);
    const entries = await t.db.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount_fen'])
      .where('order_id', '=', order.orderId)
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { kind: 'payment', amount_fen: amountFen },
      { kind: 'refund', amount_fen: -amountFen },
    ]);
    expect(await ledgerSum(t)).toBe(await ordersPaidSum(t));
    const twice = await p.api.post('order/cancelOrder', { orderId: order.orderId });
    expect(twice.statusCode).toBe(409);
  });

  it('money for an order that another attempt already paid is refunded at once', async () => {
    const t = await start();
    const p = await person(t);
    const orderId = await paymentDueOrder(t, p.token, 200);
    const h5 = await p.api.pay({ payType: '1', orderId });
    // The person also pays the first trade at the vendor while a second attempt is paid.
    await t.app.payments.sandbox?.gateways.wechat.markPaid(h5.outTradeNo as string);
    const ali = await p.api.pay({ payType: '0', orderId });
    // Creating the second attempt found the first paid: the order is paid, nothing else to pay.
    expect(ali.payStatus).toBe('2');
    expect(await ledgerSum(t)).toBe(2400);
    expect(await ledgerSum(t)).toBe(await ordersPaidSum(t));
  });
});

describe('access', () => {
  it("refuses another person's order and coupon ids", async () => {
    const t = await start();
    const owner = await person(t);
    const coupon = await claimCampaignCoupon(t, owner.token, 'czh');
    const orderId = await paymentDueOrder(t, owner.token, 200);
    const card = await owner.api.data<CreatedProductOrder>(
      await owner.api.post('order/createOrder', { productCode: 'MC19001' }),
    );
    const thief = await person(t);
    const thiefOrder = await thief.api.data<CreatedProductOrder>(
      await thief.api.post('order/createOrder', { productCode: 'MC19001' }),
    );
    for (const [url, payload] of [
      ['pay/createPayOrder', { payType: '1', orderId }],
      ['pay/queryPayOrder', { orderId }],
      ['pay/cancelPayOrder', { orderId: card.orderId }],
      ['order/calculatePayAmount', { orderId }],
      ['order/cancelOrder', { orderId: card.orderId }],
      ['pay/createPayOrder', { payType: '1', orderId: thiefOrder.orderId, couponId: coupon.id }],
    ] as const) {
      const res = await thief.api.post(url, payload);
      expect(res.statusCode, `${url} ${res.body}`).toBe(404);
    }
    const detail = await thief.api.get(`order/productOrderDetail?orderId=${card.orderId}`);
    expect(detail.statusCode).toBe(404);
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/v2/pay/createPayOrder',
      payload: { payType: '1', orderId },
    });
    expect(noToken.statusCode).toBe(401);
  });
});
