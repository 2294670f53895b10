import { CANCEL_LIMIT_MESSAGE, OFFER_TAKEN_MESSAGE, UNPAID_ORDER_MESSAGE } from '@lawline/contract';
import {
  type CallOrderDetail,
  CallOrderDetailSchema,
  type LawyerOffer,
  OrderListPageSchema,
  type RealtimeEvent,
} from '@lawline/contract/schemas';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seedDatabase } from '../src/db/seed/index.ts';
import type { HubMessage, InProcessHub } from '../src/modules/realtime/hub.ts';
import { formatBeijingTime } from '../src/providers/telephony/port.ts';
import { body, createTestApp, loginAs, openTestDb, type TestContext, type TestDb } from './helpers.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
const CALLBACK = '/api/callbacks/telephony/sandbox-telephony-callback';

const contexts: TestContext[] = [];
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

async function start(env: Record<string, string> = {}): Promise<TestContext> {
  const t = await createTestApp({ env });
  contexts.push(t);
  return t;
}

type Api = ReturnType<typeof api>;
function api(app: FastifyInstance) {
  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url: `/api/v2/${url}`, headers: token ? { token } : {} });
  const post = (url: string, payload: object, token?: string) =>
    app.inject({ method: 'POST', url: `/api/v2/${url}`, payload, headers: token ? { token } : {} });
  return {
    get,
    post,
    async create(token: string, payload: object = {}) {
      return post(
        'order/createCallOrder',
        { consultField: '2', userRemark: '离婚后孩子抚养权怎么争取？', ...payload },
        token,
      );
    },
    async detail(token: string, orderId: string): Promise<CallOrderDetail> {
      const res = await get(`order/callOrderDetail?orderId=${orderId}`, token);
      expect(res.statusCode, res.body).toBe(200);
      return CallOrderDetailSchema.parse(body(res).data);
    },
  };
}

/** Seeded lawyer of a field: index i has primary field [4,2,3,5,1,6,24,7][i % 8], mobile 1700001{i+1}. */
async function lawyerOfField(t: TestContext, field: number, nth = 0) {
  const rows = await t.db.db
    .selectFrom('lawyers')
    .select(['id', 'user_id', 'mobile', 'skill_field'])
    .orderBy('id')
    .execute();
  const matching = rows.filter((l) => l.skill_field.split(',')[0] === String(field));
  const lawyer = matching[nth];
  if (!lawyer) throw new Error(`no lawyer ${nth} of field ${field}`);
  return lawyer;
}

async function online(t: TestContext, lawyerId: number) {
  await t.app.calls.engine.setPresence(lawyerId, 'online');
}

async function lawyerLogin(t: TestContext, mobile: string): Promise<string> {
  const a = api(t.app);
  const sent = await a.post('lawyer/sendCode', { mobile });
  expect(sent.statusCode, sent.body).toBe(200);
  const outbox = await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?mobile=${mobile}` });
  const code = body<Array<{ code: string }>>(outbox).data[0]?.code as string;
  const res = await a.post('lawyer/codeLogin', { mobile, code });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ token: string }>(res).data.token;
}

function capture(t: TestContext, userId: number): RealtimeEvent[] {
  const events: RealtimeEvent[] = [];
  void (t.app.accounts.realtime.hub as InProcessHub).join(userId, (m: HubMessage) => {
    if (m.kind === 'event') events.push(m.event);
  });
  return events;
}

async function orderRow(t: TestContext, id: string) {
  return t.db.db.selectFrom('call_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function giveCard(t: TestContext, userId: number, code: string) {
  const row = await t.db.db
    .insertInto('user_cards')
    .values({
      user_id: userId,
      card_code: code,
      starts_at: t.clock.now - DAY,
      expires_at: t.clock.now + 300 * DAY,
      source_order_id: null,
      created_at: t.clock.now - DAY,
      ended_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A consult of field 2 taken by a field-2 lawyer (through the engine), connected; answers ids. */
async function acceptedOrder(t: TestContext, token: string, payload: object = {}) {
  const a = api(t.app);
  const lawyer = await lawyerOfField(t, 2);
  await online(t, lawyer.id);
  const res = await a.create(token, payload);
  expect(res.statusCode, res.body).toBe(200);
  const orderId = body<{ orderId: string }>(res).data.orderId;
  await t.app.calls.engine.accept(lawyer.id, orderId);
  return { orderId, lawyer };
}

/** Completes a call of `seconds` through the sandbox (connect, wait, hang up → our callback). */
async function talk(t: TestContext, orderId: string, seconds: number) {
  await t.app.calls.engine.sandboxConnect(orderId);
  t.clock.advance(seconds * SECOND);
  await t.app.calls.engine.sandboxHangup(orderId);
}

describe('creating and dispatching a phone consult', () => {
  it('offers a new order to an online lawyer of the field; the person sees status 2 / 等待服务', async () => {
    const t = await start();
    const a = api(t.app);
    const { token } = await loginAs(t.app, '13800001001');
    const generalist = await lawyerOfField(t, 4);
    const lawyer = await lawyerOfField(t, 2);
    await online(t, generalist.id);
    await online(t, lawyer.id);
    const res = await a.create(token, { userLocation: '广东省 深圳市 南山区', expectTime: '尽快' });
    expect(res.statusCode).toBe(200);
    const { orderId, unpaidOrderId } = body<{ orderId: string; unpaidOrderId: null }>(res).data;
    expect(orderId).toMatch(/^T20261121[0-9A-Z]{8}$/);
    expect(unpaidOrderId).toBeNull();
    const detail = await a.detail(token, orderId);
    expect(detail).toMatchObject({
      status: 2,
      orderStatus: 1,
      consultField: 2,
      consultFieldName: '婚姻家庭',
      userLocation: '广东省 深圳市 南山区',
      lawyer: null,
      bill: null,
      pricing: { charge: '2', unitPrice: 6, unitText: '元/分钟', memberFree: false, label: null },
      dispatch: {
        stage: 'matching',
        mode: 'now',
        countdown: true,
        overdue: false,
        noLawyerOnline: false,
        attempts: 1,
      },
      actions: { canCancel: true, canKeepWaiting: false, canPay: false },
    });
    expect(detail.dispatch.promiseDeadline).toBe(t.clock.now + 60 * SECOND);
    const offer = await t.db.db
      .selectFrom('call_offers')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute();
    expect(offer).toHaveLength(1);
    expect(offer[0]?.lawyer_id).toBe(lawyer.id); // the skill match wins over the generalist
  });

  it('falls back to a generalist when nobody of the field is online', async () => {
    const t = await start();
    const { token } = await loginAs(t.app, '13800001002');
    const other = await lawyerOfField(t, 5);
    await online(t, other.id);
    const orderId = body<{ orderId: string }>(await api(t.app).create(token)).data.orderId;
    const offer = await t.db.db
      .selectFrom('call_offers')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    expect(offer?.lawyer_id).toBe(other.id);
  });

  it('with nobody online says so at once, and closes 99 暂无律师在线 after the give-up time', async () => {
    const t = await start();
    const a = api(t.app);
    const { token } = await loginAs(t.app, '13800001003');
    const orderId = body<{ orderId: string }>(await a.create(token)).data.orderId;
    expect((await a.detail(token, orderId)).dispatch).toMatchObject({ noLawyerOnline: true, attempts: 0 });
    t.clock.advance(5 * MINUTE);
    await t.app.calls.jobs.runDueJobs();
    const detail = await a.detail(token, orderId);
    expect(detail).toMatchObject({ status: 99, orderStatus: 99, cancelReason: '暂无律师在线' });
  });

  it('an offer expires after 20 s and moves on to the next lawyer; a lawyer coming online gets waiting orders', async () => {
    const t = await start();
    const a = api(t.app);
    const { token } = await loginAs(t.app, '13800001004');
    const first = await lawyerOfField(t, 2, 0);
    const second = await lawyerOfField(t, 2, 1);
    await online(t, first.id);
    const orderId = body<{ orderId: string }>(await a.create(token)).data.orderId;
    await online(t, second.id); // the order is already offered: the second waits
    t.clock.advance(19 * SECOND);
    await t.app.calls.jobs.runDueJobs();
    expect((await orderRow(t, orderId)).attempts).toBe(1);
    t.clock.advance(1 * SECOND);
    await t.app.calls.jobs.runDueJobs();
    const offers = await t.db.db
      .selectFrom('call_offers')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    expect(offers.map((o) => [o.lawyer_id, o.outcome])).toEqual([
      [first.id, 'expired'],
      [second.id, null],
    ]);
    expect((await orderRow(t, orderId)).state).toBe('offered');
  });

  it('after 60 s without a lawyer: overdue, keep waiting or rematch (refused before)', async () => {
    const t = await start();
    const a = api(t.app);
    const { token } = await loginAs(t.app, '13800001005');
    const lawyer = await lawyerOfField(t, 2);
    await online(t, lawyer.id);
    const orderId = body<{ orderId: string }>(await a.create(token)).data.orderId;
    const early = await a.post('order/keepWaiting', { orderId }, token);
    expect(early.statusCode).toBe(409);
    t.clock.advance(60 * SECOND);
    await t.app.calls.jobs.runDueJobs();
    const overdue = await a.detail(token, orderId);
    expect(overdue.dispatch.overdue).toBe(true);
    expect(overdue.actions).toMatchObject({ canKeepWaiting: true, canRematch: true, canCancel: true });
    const kept = await a.post('order/keepWaiting', { orderId }, token);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(body<CallOrderDetail>(kept).data.dispatch).toMatchObject({
      overdue: false,
      promiseDeadline: t.clock.now + 60 * SECOND,
    });
    t.clock.advance(60 * SECOND);
    const rematch = await a.post('order/rematch', { orderId }, token);
    expect(rematch.statusCode, rematch.body).toBe(200);
    expect(body<CallOrderDetail>(rematch).data.dispatch.overdue).toBe(false);
    // The give-up moved with the promise: the first give-up job does nothing.
    t.clock.advance(3 * MINUTE);
    await t.app.calls.jobs.runDueJobs();
    expect((await a.detail(token, orderId)).status).toBe(2);
    t.clock.advance(3 * MINUTE);
    await t.app.calls.jobs.runDueJobs();
    expect(await a.detail(token, orderId)).toMatchObject({
      status: 99,
      cancelReason: '暂无律师接单，订单已关闭',
    });
  });
});

describe('accepting', () => {
  it('two lawyers accepting at once: exactly one wins, the other gets 409 已被其他律师接单', async () => {
    const t = await start();
    const a = api(t.app);
    const { token, userId } = await loginAs(t.app, '13800001010');
    const events = capture(t, userId);
    const lawyerA = await lawyerOfField(t, 2, 0);
    const lawyerB = await lawyerOfField(t, 2, 1);
    const tokenA = await lawyerLogin(t, lawyerA.mobile);
    const tokenB = await lawyerLogin(t, lawyerB.mobile);
    await a.post('lawyer/presence', { status: 'online' }, tokenA);
    const orderId = body<{ orderId: string }>(await a.create(token)).data.orderId;
    // Both hold an open offer (say the first one's expiry is being processed): a real race.
    await t.db.db
      .insertInto('call_offers')
      .values({
        order_id: orderId,
        lawyer_id: lawyerB.id,
        offered_at: t.clock.now,
        expires_at: t.clock.now + 20 * SECOND,
        outcome: null,
        answered_at: null,
      })
      .execute();
    const offersA = body<LawyerOffer[]>(await a.get('lawyer/offers', tokenA)).data;
    expect(offersA[0]).toMatchObject({ orderId, consultField: 2, userRemark: '离婚后孩子抚养权怎么争取？' });
    expect(JSON.stringify(offersA)).not.toContain('13800001010');
    const [ra, rb] = await Promise.all([
      a.post('lawyer/offer/accept', { orderId }, tokenA),
      a.post('lawyer/offer/accept', { orderId }, tokenB),
    ]);
    const codes = [ra.statusCode, rb.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = ra.statusCode === 409 ? ra : rb;
    expect(body(loser).msg).toBe(OFFER_TAKEN_MESSAGE);
    const row = await orderRow(t, orderId);
    expect(row.state).toBe('assigned');
    expect(row.version).toBe(2); // offer + accept: changed exactly once by the accept
    const winner = ra.statusCode === 200 ? lawyerA : lawyerB;
    expect(row.lawyer_id).toBe(winner.id);
    const detail = await a.detail(token, orderId);
    expect(detail.lawyer).toMatchObject({ userId: winner.user_id });
    expect(JSON.stringify(detail)).not.toContain(winner.mobile);
    expect(detail.call?.secretNo).toMatch(/^1710000\d{4}$/);
    expect(events.find((e) => e.code === '102')).toMatchObject({ code: '102', data: { orderId } });
  });

  it('the same lawyer tapping accept twice changes the order once', async () => {
    const t = await start();
    const a = api(t.app);
    const { token } = await loginAs(t.app, '13800001011');
    const lawyer = await lawyerOfField(t, 2);
    const tokenL = await lawyerLogin(t, lawyer.mobile);
    await a.post('lawyer/presence', { status: 'online' }, tokenL);
    const orderId = body<{ orderId: string }>(await a.create(token)).data.orderId;
    const res = await Promise.all([
      a.post('lawyer/offer/accept', { orderId }, tokenL),
      a.post('lawyer/offer/accept', { orderId }, tokenL),
    ]);
    expect(res.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await orderRow(t, orderId)).version).toBe(2);
  });

  it('decline moves the order on; a late accept after expiry is refused', async () => {
    const t = await start();
    const a = api(t.app);
    const { token } = await loginAs(t.app, '13800001012');
    const lawyerA = await lawyerOfField(t, 2, 0);
    const lawyerB = await lawyerOfField(t, 2, 1);
    const tokenA = await lawyerLogin(t, lawyerA.mobile);
    await a.post('lawyer/presence', { status: 'online' }, tokenA);
    await online(t, lawyerB.id);
    const orderId = body<{ orderId: string }>(await a.create(token)).data.orderId;
    const first = await t.db.db
      .selectFrom('call_offers')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const firstToken = first.lawyer_id === lawyerA.id ? tokenA : null;
    if (firstToken) {
      expect((await a.post('lawyer/offer/decline', { orderId }, tokenA)).statusCode).toBe(200);
    } else {
      await t.app.calls.engine.decline(first.lawyer_id, orderId);
    }
    const next = await t.db.db
      .selectFrom('call_offers')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('outcome', 'is', null)
      .executeTakeFirstOrThrow();
    expect(next.lawyer_id).not.toBe(first.lawyer_id);
    // The declining lawyer cannot take it any more.
    if (firstToken) {
      const late = await a.post('lawyer/offer/accept', { orderId }, tokenA);
      expect(late.statusCode).toBe(409);
    }
  });
});

describe('the call, the bill and the events', () => {
  it('lawyer connects and hangs up after 61 s: payment due (5 / 3 待支付), 2 minutes × 6 元, 103 sent', async () => {
    const t = await start();
    const a = api(t.app);
    const { token, userId } = await loginAs(t.app, '13800002001');
    const events = capture(t, userId);
    const lawyer = await lawyerOfField(t, 2);
    const tokenL = await lawyerLogin(t, lawyer.mobile);
    await a.post('lawyer/presence', { status: 'online' }, tokenL);
    const orderId = body<{ orderId: string }>(await a.create(token)).data.orderId;
    const before = body<{ today: { calls: number; earnings: number } }>(
      await a.get('lawyer/me', tokenL),
    ).data;
    expect((await a.post('lawyer/offer/accept', { orderId }, tokenL)).statusCode).toBe(200);
    expect(body(await a.get('lawyer/me', tokenL)).data).toMatchObject({ presence: 'busy' });
    const connected = await a.post('lawyer/call/connect', { orderId }, tokenL);
    expect(body(connected).data).toMatchObject({ stage: 'inCall' });
    expect((await a.detail(token, orderId)).dispatch.stage).toBe('inCall');
    t.clock.advance(61 * SECOND);
    const hung = await a.post('lawyer/call/hangup', { orderId }, tokenL);
    expect(hung.statusCode, hung.body).toBe(200);
    const detail = await a.detail(token, orderId);
    expect(detail).toMatchObject({
      status: 5,
      orderStatus: 3,
      statusText: '咨询已完成，请立即支付',
      call: { durationSeconds: 61 },
      bill: {
        charge: '2',
        unitPrice: 6,
        billableUnits: 2,
        amount: 12,
        free: false,
        freeReason: null,
        payable: 12,
      },
      actions: { canPay: true, canEvaluate: false, canCancel: false },
    });
    expect(events.some((e) => e.code === '103' && e.data.orderId === orderId)).toBe(true);
    // The lawyer is free again and sees the earnings.
    const me = body<{ presence: string; today: { calls: number; earnings: number } }>(
      await a.get('lawyer/me', tokenL),
    ).data;
    expect(me.presence).toBe('online');
    // (The sandbox seed's sample calls may count for this lawyer too: compare with before.)
    expect(me.today.calls).toBe(before.today.calls + 1);
    expect(me.today.earnings).toBeCloseTo(before.today.earnings + 8.4, 5);
    const orders = body<{ list: Array<{ orderId: string; durationSeconds: number }> }>(
      await a.get('lawyer/orders', tokenL),
    ).data;
    expect(orders.list[0]).toMatchObject({ orderId, durationSeconds: 61, amount: 12, earnings: 8.4 });
    // Unpaid: listed, and a new consult is blocked with the app's message.
    expect(
      body<Array<{ orderId: string; payable: number }>>(await a.get('order/unpaidCallOrder', token)).data,
    ).toEqual([expect.objectContaining({ orderId, payable: 12 })]);
    const blocked = await a.create(token);
    expect(blocked.statusCode).toBe(200);
    expect(body(blocked)).toMatchObject({
      msg: UNPAID_ORDER_MESSAGE,
      data: { orderId: null, unpaidOrderId: orderId },
    });
    // Payment is issue 6: until then the order stays payment due and cannot be evaluated.
    const evaluate = await a.post('order/evaluateOrder', { orderId, stars: 5 }, token);
    expect(evaluate.statusCode).toBe(409);
  });

  it.each([
    [59, 0, 0, 'shortCall', 4],
    [60, 1, 6, null, 5],
    [61, 2, 12, null, 5],
  ])('a %i s call by time: %i minutes, pays %i', async (seconds, units, payable, freeReason, status) => {
    const t = await start();
    const { token } = await loginAs(t.app, '13800002002');
    const { orderId } = await acceptedOrder(t, token);
    await talk(t, orderId, seconds);
    const detail = await api(t.app).detail(token, orderId);
    expect(detail.status).toBe(status);
    expect(detail.bill).toMatchObject({ billableUnits: units, payable, freeReason });
    expect(detail.call?.durationSeconds).toBe(seconds);
  });

  it('a member pays nothing: 会员免费, straight to evaluation (4), member completion text', async () => {
    const t = await start();
    const a = api(t.app);
    const { token, userId } = await loginAs(t.app, '13800002003');
    await giveCard(t, userId, 'MC19001');
    const { orderId } = await acceptedOrder(t, token);
    const before = await a.detail(token, orderId);
    expect(before.pricing).toMatchObject({ memberFree: true, label: '会员免费' });
    await talk(t, orderId, 300);
    const detail = await a.detail(token, orderId);
    expect(detail).toMatchObject({
      status: 4,
      orderStatus: 4,
      statusText: '订单已完成',
      bill: { free: true, freeReason: 'member', freeLabel: '会员免费', payable: 0, amount: 30 },
      actions: { canEvaluate: true, canPay: false },
    });
  });

  it('a count card covers the call and one use is recorded', async () => {
    const t = await start();
    const { token, userId } = await loginAs(t.app, '13800002004');
    await t.db.db
      .insertInto('member_cards')
      .values({
        code: 'MC15099',
        name: '电话咨询次卡（测试）',
        kind: 'time',
        product_type: '2',
        price_fen: 9900,
        original_price_fen: 9900,
        validity_days: 365,
        theme_field: null,
        img: '',
        intro: '',
        sort: 99,
        on_sale: 0,
      })
      .execute();
    await t.db.db
      .insertInto('member_card_rights')
      .values({
        card_code: 'MC15099',
        right_code: 'phoneCount',
        per_year: 1,
        price_percent: null,
        waiting_days: null,
        cap_fen: null,
        note: '',
      })
      .execute();
    const cardId = await giveCard(t, userId, 'MC15099');
    const first = await acceptedOrder(t, token);
    await talk(t, first.orderId, 200);
    expect((await api(t.app).detail(token, first.orderId)).bill).toMatchObject({
      freeReason: 'countCard',
      payable: 0,
    });
    const uses = await t.db.db
      .selectFrom('user_right_usage')
      .selectAll()
      .where('user_card_id', '=', cardId)
      .execute();
    expect(uses).toHaveLength(1);
    // The single use is spent: the next call is paid.
    const second = await acceptedOrder(t, token);
    await talk(t, second.orderId, 200);
    expect((await api(t.app).detail(token, second.orderId)).bill).toMatchObject({
      freeReason: null,
      payable: 24,
    });
  });

  it('a by-count channel (czh, 39 元/次) bills one consultation', async () => {
    const t = await start();
    const { token } = await loginAs(t.app, '13800002005');
    const { orderId } = await acceptedOrder(t, token, { channel: 'czh' });
    await talk(t, orderId, 400);
    const detail = await api(t.app).detail(token, orderId);
    expect(detail.pricing).toMatchObject({ charge: '1', unitText: '元/次', unitPrice: 39 });
    expect(detail.bill).toMatchObject({ charge: '1', billableUnits: 1, amount: 39, payable: 39 });
  });

  it('call records replayed twice change nothing; an unanswered call closes the order', async () => {
    const t = await start();
    const a = api(t.app);
    const { token } = await loginAs(t.app, '13800002006');
    const { orderId } = await acceptedOrder(t, token);
    const row = await orderRow(t, orderId);
    const answeredAt = t.clock.now;
    const record = {
      call_id: '100000123456789',
      sub_id: row.subs_id,
      out_id: orderId,
      secret_no: row.secret_no,
      start_time: formatBeijingTime(answeredAt),
      release_time: formatBeijingTime(answeredAt + 125 * SECOND),
      release_cause: '16',
    };
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'POST', url: CALLBACK, payload: [record] });
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ code: 0 });
    }
    const after = await orderRow(t, orderId);
    expect(after).toMatchObject({
      state: 'payment_due',
      duration_s: 125,
      amount_fen: 1800,
      version: row.version + 1,
    });
    expect(await t.db.db.selectFrom('call_records').selectAll().execute()).toHaveLength(1);
    // A second record for the finished order is stored but changes nothing either.
    await t.app.inject({ method: 'POST', url: CALLBACK, payload: [{ ...record, call_id: 'other-1' }] });
    expect((await orderRow(t, orderId)).version).toBe(after.version);
    // Wrong secret path: 404, nothing stored.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/callbacks/telephony/guess',
      payload: [record],
    });
    expect(wrong.statusCode).toBe(404);

    // Unanswered: start = release.
    const { token: token2 } = await loginAs(t.app, '13800002007');
    const second = await acceptedOrder(t, token2);
    const at = formatBeijingTime(t.clock.now);
    await t.app.inject({
      method: 'POST',
      url: CALLBACK,
      payload: [{ call_id: 'unanswered-1', out_id: second.orderId, start_time: at, release_time: at }],
    });
    const closed = await a.detail(token2, second.orderId);
    expect(closed).toMatchObject({ status: 99, cancelReason: '通话未接通，订单已关闭', bill: null });
    expect(closed.actions.canContinue).toBe(true);
  });

  it('an IP allow-list refuses other senders', async () => {
    const t = await start({ TELEPHONY_CALLBACK_IPS: '10.1.1.1' });
    const res = await t.app.inject({ method: 'POST', url: CALLBACK, payload: [], remoteAddress: '10.9.9.9' });
    expect(res.statusCode).toBe(404);
    const okRes = await t.app.inject({
      method: 'POST',
      url: CALLBACK,
      payload: [],
      remoteAddress: '10.1.1.1',
    });
    expect(JSON.parse(okRes.body)).toEqual({ code: 0 });
  });
});

describe('after the call', () => {
  it('evaluate once (stars, tags, text); continue with the same lawyer offered first; lists and counts', async () => {
    const t = await start();
    const a = api(t.app);
    const { token, userId } = await loginAs(t.app, '13800003001');
    await giveCard(t, userId, 'MC19001');
    const { orderId, lawyer } = await acceptedOrder(t, token);
    await talk(t, orderId, 90);
    const bad = await a.post('order/evaluateOrder', { orderId, stars: 6 }, token);
    expect(bad.statusCode).toBe(400);
    const badTag = await a.post('order/evaluateOrder', { orderId, stars: 5, tagIds: [99] }, token);
    expect(badTag.statusCode).toBe(400);
    const long = await a.post('order/evaluateOrder', { orderId, stars: 5, content: '好'.repeat(301) }, token);
    expect(long.statusCode).toBe(400);
    // The lawyer's rating so far: 4.0 from three evaluations.
    await t.db.db
      .updateTable('lawyers')
      .set({ rating: 4, rating_count: 3 })
      .where('id', '=', lawyer.id)
      .execute();
    const ratingOf = async () =>
      body<{ rating: number }>(
        await t.app.inject({ method: 'GET', url: `/api/v2/uc/lawyerInfo?id=${lawyer.id}` }),
      ).data.rating;
    const res = await a.post(
      'order/evaluateOrder',
      { orderId, stars: 5, tagIds: [1, 4], content: '很专业' },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(body<CallOrderDetail>(res).data).toMatchObject({
      orderStatus: 5,
      status: 4,
      evaluation: { stars: 5, content: '很专业', tags: [{ id: 1 }, { id: 4 }] },
      actions: { canEvaluate: false, canContinue: true },
    });
    expect((await a.post('order/evaluateOrder', { orderId, stars: 4 }, token)).statusCode).toBe(409);
    // Five stars moved it to (4 × 3 + 5) / 4; the refused second evaluation did not.
    expect(await ratingOf()).toBeCloseTo(4.25, 10);

    // The lawyer is online and free again; a generalist is also online: the same lawyer comes first.
    await online(t, (await lawyerOfField(t, 4)).id);
    const cont = await a.post('order/continueConsultOrder', { orderId }, token);
    expect(cont.statusCode, cont.body).toBe(200);
    const newId = body<{ orderId: string }>(cont).data.orderId;
    const offer = await t.db.db
      .selectFrom('call_offers')
      .selectAll()
      .where('order_id', '=', newId)
      .executeTakeFirstOrThrow();
    expect(offer.lawyer_id).toBe(lawyer.id);

    const counts = body(await a.get('order/orderStatusCount', token)).data;
    expect(counts).toEqual({ ongoing: 1, unpaid: 0, finished: 1, cancelled: 0 });
    const finished = OrderListPageSchema.parse(body(await a.get('order/list-new?tab=finished', token)).data);
    expect(finished.list).toEqual([expect.objectContaining({ orderId, status: 5, freeLabel: '会员免费' })]);
    const ongoing = OrderListPageSchema.parse(
      body(await a.get('order/list-new?tab=ongoing&page=1&limit=10', token)).data,
    );
    expect(ongoing.list.map((o) => o.orderId)).toEqual([newId]);
    expect((await a.get('order/list-new?tab=nope', token)).statusCode).toBe(400);

    const dynamic = body<string[]>(await a.get('order/dynamic')).data;
    expect(dynamic[0]).toMatch(/^.\*\*律师 (刚刚|.+前) 为用户解答了婚姻家庭问题$/);
    expect(body<unknown[]>(await a.get('tag/getAllEvaluate')).data.length).toBeGreaterThan(0);
    expect(body<unknown[]>(await a.get('tag/getCause')).data.length).toBeGreaterThan(0);
    expect(body<unknown[]>(await a.get('order/orderType')).data[0]).toMatchObject({ orderType: 1 });
  });
});

describe('refusals', () => {
  it('every refused transition answers 409 and changes nothing', async () => {
    const t = await start();
    const a = api(t.app);
    const { token } = await loginAs(t.app, '13800004001');
    const { orderId } = await acceptedOrder(t, token);
    // assigned: no keepWaiting / rematch / evaluate; a second order is refused while this one runs.
    expect((await a.post('order/keepWaiting', { orderId }, token)).statusCode).toBe(409);
    expect((await a.post('order/rematch', { orderId }, token)).statusCode).toBe(409);
    expect((await a.post('order/evaluateOrder', { orderId, stars: 5 }, token)).statusCode).toBe(409);
    expect((await a.create(token)).statusCode).toBe(409);
    expect((await a.post('order/continueConsultOrder', { orderId }, token)).statusCode).toBe(409);
    await t.app.calls.engine.sandboxConnect(orderId);
    // in call: no cancel.
    const version = (await orderRow(t, orderId)).version;
    const cancel = await a.post('order/cancelCallOrder', { orderId, reasonId: 1 }, token);
    expect(cancel.statusCode).toBe(409);
    expect((await orderRow(t, orderId)).version).toBe(version);
    t.clock.advance(70 * SECOND);
    await t.app.calls.engine.sandboxHangup(orderId);
    // payment due: the lawyer cannot hang up or connect again, the person cannot cancel.
    expect((await a.post('order/cancelCallOrder', { orderId }, token)).statusCode).toBe(409);
    await expect(t.app.calls.engine.sandboxConnect(orderId)).rejects.toMatchObject({ httpStatus: 409 });
    // Issue 6's events through the same table: paySubmitted → payFailed → payConfirmed; repeats refused.
    const engine = t.app.calls.engine;
    await engine.transition(orderId, 'paySubmitted');
    expect((await a.detail(token, orderId)).status).toBe(3);
    await engine.transition(orderId, 'payFailed');
    expect((await a.detail(token, orderId)).status).toBe(5);
    await engine.transition(orderId, 'payConfirmed');
    expect(await a.detail(token, orderId)).toMatchObject({
      status: 4,
      orderStatus: 4,
      statusText: '支付已完成',
    });
    await expect(engine.transition(orderId, 'payConfirmed')).rejects.toMatchObject({ httpStatus: 409 });
    await expect(engine.transition(orderId, 'accept')).rejects.toMatchObject({ httpStatus: 409 });
    expect((await a.post('order/evaluateOrder', { orderId, stars: 5 }, token)).statusCode).toBe(200);
    expect((await a.post('order/cancelCallOrder', { orderId }, token)).statusCode).toBe(409);
  });

  it('cancel with a reason; after 3 cancellations today a new consult is refused (429) until tomorrow', async () => {
    const t = await start();
    const a = api(t.app);
    const { token, userId } = await loginAs(t.app, '13800004002');
    const lawyer = await lawyerOfField(t, 2);
    await online(t, lawyer.id);
    for (let i = 0; i < 3; i++) {
      const orderId = body<{ orderId: string }>(await a.create(token)).data.orderId;
      const res = await a.post('order/cancelCallOrder', { orderId, reasonId: 2, reason: '临时有事' }, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(body<CallOrderDetail>(res).data).toMatchObject({
        status: 99,
        cancelReason: '等待时间太长：临时有事',
      });
      // The lawyer's offer was withdrawn with the order.
      expect(
        await t.db.db
          .selectFrom('call_offers')
          .selectAll()
          .where('order_id', '=', orderId)
          .where('outcome', 'is', null)
          .execute(),
      ).toHaveLength(0);
    }
    const refused = await a.create(token);
    expect(refused.statusCode).toBe(429);
    expect(body(refused).msg).toBe(CANCEL_LIMIT_MESSAGE);
    expect(
      await t.db.db.selectFrom('call_orders').selectAll().where('user_id', '=', userId).execute(),
    ).toHaveLength(3);
    t.clock.advance(DAY);
    expect((await a.create(token)).statusCode).toBe(200);
  });

  it("another person's order id is refused on every order endpoint (404, no data)", async () => {
    const t = await start();
    const a = api(t.app);
    const owner = await loginAs(t.app, '13800004003');
    const other = await loginAs(t.app, '13800004004');
    const { orderId } = await acceptedOrder(t, owner.token);
    const calls = [
      a.get(`order/callOrderDetail?orderId=${orderId}`, other.token),
      a.post('order/cancelCallOrder', { orderId }, other.token),
      a.post('order/keepWaiting', { orderId }, other.token),
      a.post('order/rematch', { orderId }, other.token),
      a.post('order/continueConsultOrder', { orderId }, other.token),
      a.post('order/evaluateOrder', { orderId, stars: 5 }, other.token),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(body(res).data).toBeNull();
      expect(res.body).not.toContain('婚姻');
    }
    const list = body<{ total: number }>(await a.get('order/list-new?tab=ongoing', other.token)).data;
    expect(list.total).toBe(0);
    expect((await orderRow(t, orderId)).state).toBe('assigned');
    // A lawyer cannot drive another lawyer's call either.
    const stranger = await lawyerOfField(t, 3);
    const tokenS = await lawyerLogin(t, stranger.mobile);
    expect((await a.post('lawyer/call/connect', { orderId }, tokenS)).statusCode).toBe(404);
    expect((await a.post('lawyer/call/hangup', { orderId }, tokenS)).statusCode).toBe(404);
    // Malformed ids: 400.
    expect((await a.get('order/callOrderDetail?orderId=1', owner.token)).statusCode).toBe(400);
  });

  it('lawyer and consumer tokens open only their own side', async () => {
    const t = await start();
    const a = api(t.app);
    const consumer = await loginAs(t.app, '13800004005');
    const lawyer = await lawyerOfField(t, 2);
    const tokenL = await lawyerLogin(t, lawyer.mobile);
    expect((await a.get('lawyer/me', consumer.token)).statusCode).toBe(403);
    expect((await a.get('lawyer/me')).statusCode).toBe(401);
    expect((await a.create(tokenL)).statusCode).toBe(403);
    expect((await a.get('user/userInfo', tokenL)).statusCode).toBe(403);
    expect((await a.get('order/unpaidCallOrder', tokenL)).statusCode).toBe(403);
    const me = body<{ userId: number; name: string; presence: string }>(
      await a.get('lawyer/me', tokenL),
    ).data;
    expect(me).toMatchObject({ userId: lawyer.user_id, presence: 'offline' });
    // A number that is not a lawyer's: the same answer on send, nothing sent, refused on login.
    const sent = await a.post('lawyer/sendCode', { mobile: '13900009999' });
    expect(sent.statusCode).toBe(200);
    expect(body(sent).data).toEqual({ resendAfter: 60 });
    const outbox = await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?mobile=13900009999' });
    expect(body<unknown[]>(outbox).data).toHaveLength(0);
    expect((await a.post('lawyer/codeLogin', { mobile: '13900009999', code: '123456' })).statusCode).toBe(
      400,
    );
    // The lawyer's phone as a consumer is a separate consumer account.
    t.clock.advance(61 * SECOND);
    const asConsumer = await loginAs(t.app, lawyer.mobile, '10.9.0.2');
    expect(asConsumer.userId).not.toBe(lawyer.user_id);
  });
});

describe('persistence', () => {
  let extra: { app: FastifyInstance | null; db: TestDb | null } = { app: null, db: null };
  afterEach(async () => {
    await extra.app?.close();
    await extra.db?.drop();
    extra = { app: null, db: null };
  });

  it('a restart during dispatch loses no order and no deadline: the offer still expires and dispatch resumes', async () => {
    const db = await openTestDb();
    extra.db = db;
    const clock = { now: Date.parse('2026-11-21T10:00:00+08:00') };
    await seedDatabase(db.db, clock.now);
    const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', JOBS_POLL_MS: '0' });
    const build = async () => {
      const app = await buildApp(config, { db: db.db, dbKind: db.kind, clock: () => clock.now });
      await app.ready();
      return app;
    };
    const app1 = await build();
    const { token } = await loginAs(app1, '13800005001');
    const lawyers = await db.db.selectFrom('lawyers').select(['id', 'skill_field']).orderBy('id').execute();
    const [first, second] = lawyers.filter((l) => l.skill_field.split(',')[0] === '2');
    if (!first || !second) throw new Error('seed');
    await app1.calls.engine.setPresence(first.id, 'online');
    const orderId = body<{ orderId: string }>(await api(app1).create(token)).data.orderId;
    const before = await api(app1).detail(token, orderId);
    await app1.close();

    clock.now += 25 * SECOND;
    const app2 = await build();
    extra.app = app2;
    const after = await api(app2).detail(token, orderId);
    expect(after.dispatch.promiseDeadline).toBe(before.dispatch.promiseDeadline);
    expect(after.status).toBe(2);
    await app2.calls.engine.setPresence(second.id, 'online');
    await app2.calls.jobs.runDueJobs();
    const offers = await db.db
      .selectFrom('call_offers')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    expect(offers.map((o) => [o.lawyer_id, o.outcome])).toEqual([
      [first.id, 'expired'],
      [second.id, null],
    ]);
    await app2.calls.engine.accept(second.id, orderId);
    expect((await api(app2).detail(token, orderId)).lawyer).not.toBeNull();
    // The 35 s left of the promise were kept: overdue only 60 s after the order.
    clock.now += 35 * SECOND;
    expect(
      (
        await db.db
          .selectFrom('call_orders')
          .select('promise_deadline')
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow()
      ).promise_deadline,
    ).toBe(before.dispatch.promiseDeadline);
  });
});

describe('sandbox autopilot lawyer', () => {
  it('accepts after 3 s, talks 8 s of wall time that bill as 95 s: a non-member owes 12 元', async () => {
    const t = await start({ SANDBOX_AUTOPILOT: '1' });
    const a = api(t.app);
    const { token, userId } = await loginAs(t.app, '13800006001');
    const events = capture(t, userId);
    const orderId = body<{ orderId: string }>(await a.create(token)).data.orderId;
    // The autopilot lawyer is on the way, so nobody is told that no lawyer is online.
    expect((await a.detail(token, orderId)).dispatch.noLawyerOnline).toBe(false);
    t.clock.advance(2_999);
    await t.app.calls.jobs.runDueJobs();
    expect((await a.detail(token, orderId)).lawyer).toBeNull();
    t.clock.advance(1);
    await t.app.calls.jobs.runDueJobs();
    const inCall = await a.detail(token, orderId);
    expect(inCall).toMatchObject({ status: 2, orderStatus: 2, dispatch: { stage: 'inCall' } });
    expect(inCall.lawyer?.name).toBeTruthy();
    expect(events.map((e) => e.code)).toContain('102');
    t.clock.advance(8_000);
    await t.app.calls.jobs.runDueJobs();
    const done = await a.detail(token, orderId);
    expect(done).toMatchObject({
      status: 5,
      call: { durationSeconds: 95 },
      bill: { billableUnits: 2, payable: 12 },
    });
    expect(events.map((e) => e.code)).toContain('103');
    // The autopilot lawyer went back offline.
    const lawyerId = (await orderRow(t, orderId)).lawyer_id as number;
    expect(await t.app.calls.engine.presenceOf(lawyerId)).toBe('offline');
  });

  it('a member walking the same flow lands on evaluation (4)', async () => {
    const t = await start({ SANDBOX_AUTOPILOT: '1' });
    const a = api(t.app);
    const { token, userId } = await loginAs(t.app, '13800006002');
    await giveCard(t, userId, 'MC19002');
    const orderId = body<{ orderId: string }>(await a.create(token, { consultField: 5 })).data.orderId;
    t.clock.advance(3_000);
    await t.app.calls.jobs.runDueJobs();
    t.clock.advance(8_000);
    await t.app.calls.jobs.runDueJobs();
    expect(await a.detail(token, orderId)).toMatchObject({
      status: 4,
      bill: { freeLabel: '会员免费', payable: 0 },
    });
  });
});

// Keep the helper type referenced (editors flag unused otherwise).
export type { Api };

describe('lawyer realtime', () => {
  it('a lawyer token opens the websocket of its own user id and receives the offer (104)', async () => {
    const { default: WebSocket } = await import('ws');
    const t = await start();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const lawyer = await lawyerOfField(t, 2);
    const tokenL = await lawyerLogin(t, lawyer.mobile);
    const messages: Array<{ code: string; data?: { orderId?: string } }> = [];
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/websocket/${lawyer.user_id}?token=${tokenL}`);
    await new Promise((resolve, reject) => {
      ws.on('open', resolve);
      ws.on('error', reject);
    });
    ws.on('message', (raw) => messages.push(JSON.parse(raw.toString())));
    await api(t.app).post('lawyer/presence', { status: 'online' }, tokenL);
    const { token } = await loginAs(t.app, '13800007001');
    const orderId = body<{ orderId: string }>(await api(t.app).create(token)).data.orderId;
    for (let i = 0; i < 50 && !messages.some((m) => m.code === '104'); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(messages.find((m) => m.code === '104')?.data?.orderId).toBe(orderId);
    ws.terminate();
  });
});
