import { REVIEW_MIN_COUNT_FOR_AVERAGE, readableBrandColour, shownRating } from '@lawline/contract';
import {
  type ArticleDetail,
  ArticleDetailSchema,
  type CallOrderDetail,
  CallOrderDetailSchema,
  type ChannelData,
  type ConsultAvailability,
  ConsultAvailabilitySchema,
  type LawyerCall,
  type LawyerOffer,
  type LawyerOrderItem,
  type LawyerReviewPage,
  LawyerReviewPageSchema,
  type OrderListItem,
  type PageResult,
  type ProductOrderDetail,
  type UserCoupon,
} from '@lawline/contract/schemas';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { seedDatabase } from '../src/db/seed/index.ts';
import { CallJob } from '../src/modules/calls/engine.ts';
import { homeShellHtml } from '../src/modules/channels/home-shell.ts';
import { body, createTestApp, loginAs, type TestContext } from './helpers.ts';
import { atCashier, consumer, MINUTE, paymentDueOrder, SECOND } from './pay-helpers.ts';

/**
 * Issue 23, server side: a requested lawyer (offered first, busy / offline told, wait or release,
 * the wait running out, the workbench's marker), reviews on profiles, availability and service
 * hours, callback requests dispatched at the opening, paid orders with how they were paid, the
 * bill explained, one name per field and one duration format.
 */

const HOUR = 60 * MINUTE;
/** 2026-11-21 at hh:mm Beijing time. */
const beijing = (hh: number, mm = 0, day = 21) =>
  Date.parse(`2026-11-${day}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00+08:00`);

const contexts: TestContext[] = [];
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

async function start(options: { now?: number } = {}): Promise<TestContext> {
  const t = await createTestApp(options);
  contexts.push(t);
  return t;
}

let phone = 13900139000;
async function person(t: TestContext) {
  phone += 1;
  const { token, userId } = await loginAs(t.app, String(phone), `10.23.${phone % 250}.${(phone >> 8) % 250}`);
  return { token, userId, api: consumer(t.app, token) };
}

type Person = Awaited<ReturnType<typeof person>>;

function get(app: FastifyInstance, url: string, token?: string) {
  return app.inject({ method: 'GET', url: `/api/v2/${url}`, headers: token ? { token } : {} });
}

async function dataOf<T>(res: { statusCode: number; body: string }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return body<T>(res).data;
}

async function detail(p: Person, orderId: string): Promise<CallOrderDetail> {
  return CallOrderDetailSchema.parse(
    await dataOf(await p.api.get(`order/callOrderDetail?orderId=${orderId}`)),
  );
}

/** Seeded lawyers by primary field, in id order. */
async function lawyersOfField(t: TestContext, field: number) {
  const rows = await t.db.db
    .selectFrom('lawyers')
    .select(['id', 'user_id', 'mobile', 'skill_field', 'real_name'])
    .orderBy('id')
    .execute();
  return rows.filter((l) => l.skill_field.split(',')[0] === String(field));
}

async function openOffers(t: TestContext, orderId: string) {
  return t.db.db
    .selectFrom('call_offers')
    .select(['lawyer_id', 'outcome'])
    .where('order_id', '=', orderId)
    .where('outcome', 'is', null)
    .execute();
}

async function lawyerToken(t: TestContext, mobile: string): Promise<string> {
  const sent = await t.app.inject({ method: 'POST', url: '/api/v2/lawyer/sendCode', payload: { mobile } });
  expect(sent.statusCode, sent.body).toBe(200);
  const outbox = await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?mobile=${mobile}` });
  const code = body<Array<{ code: string }>>(outbox).data[0]?.code as string;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/lawyer/codeLogin',
    payload: { mobile, code },
  });
  return (await dataOf<{ token: string }>(res)).token;
}

async function place(p: Person, payload: object) {
  return p.api.post('order/createCallOrder', {
    consultField: '2',
    userRemark: '离婚后孩子抚养权怎么争取？',
    ...payload,
  });
}

async function messages(p: Person): Promise<Array<{ title: string; content: string }>> {
  return (await dataOf<{ list: Array<{ title: string; content: string }> }>(await p.api.get('message/list')))
    .list;
}

describe('电话咨询 on a lawyer profile: the requested lawyer', () => {
  it('is offered the order first, alone, and the workbench marks it as asked for', async () => {
    const t = await start();
    const p = await person(t);
    const [fieldLawyer] = await lawyersOfField(t, 2);
    const [asked] = await lawyersOfField(t, 5);
    if (!fieldLawyer || !asked) throw new Error('seed');
    // A field match is online too: without the request it would win the ranking.
    await t.app.calls.engine.setPresence(fieldLawyer.id, 'online');
    await t.app.calls.engine.setPresence(asked.id, 'online');
    const res = await place(p, { lawyerUserId: asked.user_id });
    expect(body(res).msg).toBe(`已通知${asked.real_name}律师，请稍候（最多等待5分钟）`);
    const { orderId } = await dataOf<{ orderId: string }>(res);
    expect(await openOffers(t, orderId)).toEqual([{ lawyer_id: asked.id, outcome: null }]);
    const row = await t.db.db
      .selectFrom('call_orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ requested_lawyer_id: asked.id, request_state: 'waiting' });

    const d = await detail(p, orderId);
    expect(d.dispatch).toMatchObject({ stage: 'matching', mode: 'requested', countdown: false });
    expect(d.requestedLawyer).toMatchObject({
      lawyer: { userId: asked.user_id, name: asked.real_name },
      presence: 'online',
      state: 'waiting',
      waitUntil: t.clock.now + 5 * MINUTE,
      secondsLeft: 300,
      waitText: '5分钟',
    });
    expect(d.requestedLawyer?.message).toContain(`已通知${asked.real_name}律师`);
    expect(d.actions.canReleaseRequested).toBe(true);

    const lawyerAuth = await lawyerToken(t, asked.mobile);
    const offers = await dataOf<LawyerOffer[]>(await get(t.app, 'lawyer/offers', lawyerAuth));
    expect(offers).toMatchObject([{ orderId, requestedByCustomer: true, repeatCustomer: false }]);
    expect(offers[0]?.consultFieldName).toBe('婚姻家庭');
    const other = await lawyerToken(t, fieldLawyer.mobile);
    expect(await dataOf<LawyerOffer[]>(await get(t.app, 'lawyer/offers', other))).toEqual([]);

    const accepted = await dataOf<LawyerCall>(
      await t.app.inject({
        method: 'POST',
        url: '/api/v2/lawyer/offer/accept',
        headers: { token: lawyerAuth },
        payload: { orderId },
      }),
    );
    expect(accepted).toMatchObject({ requestedByCustomer: true, consultFieldName: '婚姻家庭' });
    const after = await detail(p, orderId);
    expect(after.requestedLawyer).toMatchObject({ state: 'accepted', waitUntil: null });
    expect(after.actions.canReleaseRequested).toBe(false);
    // Nothing left to release.
    expect((await p.api.post('order/releaseRequestedLawyer', { orderId })).statusCode).toBe(409);
  });

  it('busy: the person is told, nobody else is offered it; releasing takes the first available lawyer', async () => {
    const t = await start();
    const p = await person(t);
    const other = await person(t);
    const [asked, second] = await lawyersOfField(t, 2);
    const [free] = await lawyersOfField(t, 4);
    if (!asked || !second || !free) throw new Error('seed');
    // The requested lawyer is in a call with someone else.
    await t.app.calls.engine.setPresence(asked.id, 'online');
    const busyOrder = await dataOf<{ orderId: string }>(await place(other, {}));
    await t.app.calls.engine.accept(asked.id, busyOrder.orderId);
    await t.app.calls.engine.setPresence(free.id, 'online');

    const { orderId } = await dataOf<{ orderId: string }>(await place(p, { lawyerUserId: asked.user_id }));
    await t.app.calls.jobs.runDueJobs();
    t.clock.advance(10 * SECOND);
    await t.app.calls.jobs.runDueJobs();
    expect(await openOffers(t, orderId)).toEqual([]);
    const d = await detail(p, orderId);
    expect(d.requestedLawyer).toMatchObject({ presence: 'busy', state: 'waiting' });
    expect(d.requestedLawyer?.message).toBe(
      `${asked.real_name}律师正在通话中，您可以等待${asked.real_name}律师（最多5分钟，至10:05），或立即匹配其他律师`,
    );
    expect(d.dispatch.countdown).toBe(false);

    const released = CallOrderDetailSchema.parse(
      await dataOf(await p.api.post('order/releaseRequestedLawyer', { orderId })),
    );
    expect(released.requestedLawyer).toMatchObject({ state: 'released', waitUntil: null });
    expect(released.dispatch).toMatchObject({ mode: 'now', countdown: true });
    expect(released.dispatch.promiseDeadline).toBe(t.clock.now + 60 * SECOND);
    expect((await openOffers(t, orderId)).map((o) => o.lawyer_id)).toEqual([free.id]);
    // A guarded update: a second release changes nothing.
    const again = await p.api.post('order/releaseRequestedLawyer', { orderId });
    expect(again.statusCode).toBe(409);
    // Another person's order is not theirs to release.
    expect((await other.api.post('order/releaseRequestedLawyer', { orderId })).statusCode).toBe(404);
  });

  it('offline and unanswered: when the 5 minutes run out the order goes to anyone, and the person is told', async () => {
    const t = await start();
    const p = await person(t);
    const [asked] = await lawyersOfField(t, 2);
    const [free] = await lawyersOfField(t, 4);
    if (!asked || !free) throw new Error('seed');
    await t.app.calls.engine.setPresence(free.id, 'online');
    const { orderId } = await dataOf<{ orderId: string }>(await place(p, { lawyerUserId: asked.user_id }));
    const d = await detail(p, orderId);
    expect(d.requestedLawyer).toMatchObject({ presence: 'offline', state: 'waiting' });
    expect(d.requestedLawyer?.message).toContain('当前不在线');

    t.clock.advance(4 * MINUTE);
    await t.app.calls.jobs.runDueJobs();
    expect(await openOffers(t, orderId)).toEqual([]);
    t.clock.advance(MINUTE);
    await t.app.calls.jobs.runDueJobs();
    expect((await openOffers(t, orderId)).map((o) => o.lawyer_id)).toEqual([free.id]);
    const after = await detail(p, orderId);
    expect(after.requestedLawyer).toMatchObject({ state: 'expired' });
    expect(after.requestedLawyer?.message).toBe(`${asked.real_name}律师5分钟内未能接听，已为您匹配其他律师`);
    expect(after.status).toBe(2);
    expect((await messages(p)).map((m) => m.title)).toContain('已为您匹配其他律师');
  });

  it('the requested lawyer declining ends the wait at once', async () => {
    const t = await start();
    const p = await person(t);
    const [asked, next] = await lawyersOfField(t, 2);
    if (!asked || !next) throw new Error('seed');
    await t.app.calls.engine.setPresence(asked.id, 'online');
    await t.app.calls.engine.setPresence(next.id, 'online');
    const { orderId } = await dataOf<{ orderId: string }>(await place(p, { lawyerUserId: asked.user_id }));
    expect((await openOffers(t, orderId)).map((o) => o.lawyer_id)).toEqual([asked.id]);
    await t.app.calls.engine.decline(asked.id, orderId);
    expect((await openOffers(t, orderId)).map((o) => o.lawyer_id)).toEqual([next.id]);
    expect((await detail(p, orderId)).requestedLawyer?.state).toBe('declined');
  });

  it('refuses an unknown lawyer and a callback request naming a lawyer', async () => {
    const t = await start();
    const p = await person(t);
    expect((await place(p, { lawyerUserId: 999_999 })).statusCode).toBe(404);
    const [asked] = await lawyersOfField(t, 2);
    expect((await place(p, { lawyerUserId: asked?.user_id, callback: true })).statusCode).toBe(400);
  });
});

describe('reviews on a lawyer profile', () => {
  it("a lawyer's card and profile carry the rating of their evaluations and how many there are", async () => {
    const t = await start();
    const top = await t.db.db
      .selectFrom('lawyers')
      .select(['id'])
      .orderBy('hot_score', 'desc')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const reviews = await dataOf<LawyerReviewPage>(await get(t.app, `uc/lawyerInfo/reviews?id=${top.id}`));
    const profile = await dataOf<{ rating: number; ratingCount: number }>(
      await get(t.app, `uc/lawyerInfo?id=${top.id}`),
    );
    expect(profile.ratingCount).toBe(reviews.count);
    expect(profile.rating).toBe(reviews.average);
    // Nobody evaluated: no stars, and the apps show none (shownRating).
    const list = await dataOf<PageResult<{ id: number; rating: number; ratingCount: number }>>(
      await get(t.app, 'uc/lawyerInfo/page?limit=50'),
    );
    const unrated = list.list.find((l) => l.ratingCount === 0);
    expect(unrated).toMatchObject({ rating: 0, ratingCount: 0 });
    expect(shownRating(0, 0)).toBeNull();
    expect(shownRating(4.66, 3)).toBe('4.7');
  });

  it('come from evaluations: stars, tags, comment, masked name, date; count and average from the minimum', async () => {
    const t = await start();
    // The seeded hottest lawyer has six sample reviews.
    const top = await t.db.db
      .selectFrom('lawyers')
      .select(['id'])
      .orderBy('hot_score', 'desc')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const page = LawyerReviewPageSchema.parse(
      await dataOf(await get(t.app, `uc/lawyerInfo/reviews?id=${top.id}&limit=4`)),
    );
    expect(page).toMatchObject({ count: 6, total: 6, page: 1, limit: 4, hasMore: true, minCount: 3 });
    expect(page.list).toHaveLength(4);
    expect(page.average).toBeGreaterThanOrEqual(3);
    expect(page.list.map((r) => r.createdAt)).toEqual(
      [...page.list.map((r) => r.createdAt)].sort((a, b) => b - a),
    );
    for (const review of page.list) {
      expect(review.userName).toMatch(/^.\*\*$/);
      expect(review.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(review.id).toMatch(/^[0-9a-f]{16}$/);
    }
    expect(JSON.stringify(page)).not.toMatch(/女士|先生|T\d{8}/); // names masked, order ids not shown

    // A lawyer with fewer than the minimum: the count, no average.
    const counts = await t.db.db
      .selectFrom('evaluations')
      .select(['lawyer_id'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy('lawyer_id')
      .execute();
    const few = counts.find((c) => Number(c.n) > 0 && Number(c.n) < REVIEW_MIN_COUNT_FOR_AVERAGE);
    if (!few?.lawyer_id) throw new Error('seed: a lawyer with few reviews');
    const small = await dataOf<LawyerReviewPage>(
      await get(t.app, `uc/lawyerInfo/reviews?id=${few.lawyer_id}`),
    );
    expect(small.count).toBe(Number(few.n));
    expect(small.average).toBeNull();

    expect((await get(t.app, 'uc/lawyerInfo/reviews?id=999999')).statusCode).toBe(404);
    expect((await get(t.app, 'uc/lawyerInfo/reviews?id=abc')).statusCode).toBe(400);
  });

  it("an evaluation through the app shows up, the person's name masked", async () => {
    const t = await start();
    const p = await person(t);
    await p.api.post('user/update', { nickname: '欧阳娜娜' });
    const orderId = await paymentDueOrder(t, p.token, 30); // under a minute: free, to evaluate
    const row = await t.db.db
      .selectFrom('call_orders')
      .select(['lawyer_id'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    await dataOf(
      await p.api.post('order/evaluateOrder', { orderId, stars: 4, tagIds: [2, 5], content: '很耐心' }),
    );
    const page = await dataOf<LawyerReviewPage>(
      await get(t.app, `uc/lawyerInfo/reviews?id=${row.lawyer_id}`),
    );
    expect(page.list[0]).toMatchObject({
      stars: 4,
      tags: [
        { id: 2, name: '耐心细致' },
        { id: 5, name: '态度友好' },
      ],
      content: '很耐心',
      userName: '欧**',
      date: '2026-11-21',
    });
  });
});

describe('availability and service hours', () => {
  it('channel/getChannel carries the service phone and hours of every channel', async () => {
    const t = await start();
    for (const channel of ['gzh', 'czh', 'zxyh', 'paky', 'yjjd']) {
      const data = await dataOf<ChannelData>(await get(t.app, `channel/getChannel?channel=${channel}`));
      expect(data.servicePhone).toMatch(/^400-\d{3}-\d{4}$/);
      expect(data.serviceHours).toMatch(/^\d{2}:\d{2}–\d{2}:\d{2}$/);
    }
  });

  it('sample data from before the migration gets the sample phones on the next start; a set phone stays', async () => {
    const t = await start();
    // As migration 0012 leaves an older database: the column there, empty.
    await t.db.db.updateTable('channels').set({ service_phone: '' }).execute();
    await t.db.db
      .updateTable('channels')
      .set({ service_phone: '0571-1234567' })
      .where('key', '=', 'czh')
      .execute();
    expect(await seedDatabase(t.db.db, t.clock.now)).toEqual({ seeded: false });
    const phones = Object.fromEntries(
      (await t.db.db.selectFrom('channels').select(['key', 'service_phone']).execute()).map((c) => [
        c.key,
        c.service_phone,
      ]),
    );
    expect(phones).toMatchObject({ gzh: '400-800-1001', czh: '0571-1234567', zxyh: '400-800-1003' });
  });

  it('says whether lawyers of the field are online, and promises 60 s only then', async () => {
    const t = await start();
    const none = ConsultAvailabilitySchema.parse(
      await dataOf(await get(t.app, 'order/availability?field=2')),
    );
    expect(none).toMatchObject({
      consultField: 2,
      consultFieldName: '婚姻家庭',
      fieldLawyersOnline: 0,
      lawyersOnline: 0,
      canConnectNow: false,
      promiseSeconds: null,
      serviceHours: '09:00–21:00',
      servicePhone: '400-800-1001',
      inServiceHours: true,
      nextOpenAt: t.clock.now,
      callbackAt: t.clock.now,
    });
    expect(none.expectedText).toContain('当前暂无律师在线');
    expect(none.ruleText).toBe('通话不足1分钟免费；满1分钟起，每开始1分钟按6元计费（如1分35秒按2分钟计）');
    const [labour] = await lawyersOfField(t, 5);
    await t.app.calls.engine.setPresence(labour?.id as number, 'online');
    const other = await dataOf<ConsultAvailability>(await get(t.app, 'order/availability?field=2'));
    expect(other).toMatchObject({
      fieldLawyersOnline: 0,
      lawyersOnline: 1,
      canConnectNow: true,
      promiseSeconds: 60,
    });
    expect(other.expectedText).toBeNull();
    const own = await dataOf<ConsultAvailability>(await get(t.app, 'order/availability?field=5'));
    expect(own.fieldLawyersOnline).toBe(1);
    const czh = await dataOf<ConsultAvailability>(await get(t.app, 'order/availability?field=5&channel=czh'));
    expect(czh.ruleText).toBe('通话不足1分钟免费；满1分钟按次收费，39元/次');
    expect((await get(t.app, 'order/availability?field=99')).statusCode).toBe(400);
  });

  it('with lawyer=: that lawyer and whether they are free now (before the order)', async () => {
    const t = await start();
    const [asked] = await lawyersOfField(t, 2);
    if (!asked) throw new Error('seed');
    const url = `order/availability?field=2&lawyer=${asked.user_id}`;
    const offline = await dataOf<ConsultAvailability>(await get(t.app, url));
    expect(offline.requestedLawyer).toMatchObject({
      lawyer: { userId: asked.user_id, name: asked.real_name },
      presence: 'offline',
      available: false,
    });
    await t.app.calls.engine.setPresence(asked.id, 'online');
    expect((await dataOf<ConsultAvailability>(await get(t.app, url))).requestedLawyer).toMatchObject({
      presence: 'online',
      available: true,
    });
    const p = await person(t);
    const { orderId } = await dataOf<{ orderId: string }>(await place(p, {}));
    await t.app.calls.engine.accept(asked.id, orderId);
    expect((await dataOf<ConsultAvailability>(await get(t.app, url))).requestedLawyer).toMatchObject({
      presence: 'busy',
      available: false,
    });
    expect(
      (await dataOf<ConsultAvailability>(await get(t.app, 'order/availability?field=2'))).requestedLawyer,
    ).toBeNull();
    expect(
      (await dataOf<ConsultAvailability>(await get(t.app, 'order/availability?field=2&lawyer=999999')))
        .requestedLawyer,
    ).toBeNull();
    expect((await get(t.app, 'order/availability?field=2&lawyer=')).statusCode).toBe(200);
  });

  it("the first screen paints the channel's readable colour, and no title bar inside WeChat", async () => {
    const t = await start();
    const czh = await dataOf<ChannelData>(await get(t.app, 'channel/getChannel?channel=czh'));
    const html = homeShellHtml(czh);
    const readable = readableBrandColour(czh.colors.primary);
    expect(readable).not.toBe(czh.colors.primary.toLowerCase());
    expect(html).toContain(`--ll-primary:${readable}`);
    expect(html).toContain(`--ll-brand:${czh.colors.primary}`);
    expect(html).toContain('ll-shell-nav');
    expect(homeShellHtml(czh, { inWeChat: true })).not.toContain('ll-shell-nav');
  });

  it('outside the hours: when lawyers are expected; an order to nobody makes no 60-second promise', async () => {
    const t = await start({ now: beijing(22) });
    const a = await dataOf<ConsultAvailability>(await get(t.app, 'order/availability?field=2'));
    expect(a).toMatchObject({
      inServiceHours: false,
      canConnectNow: false,
      nextOpenAt: beijing(9, 0, 22),
      nextOpenText: '明天 09:00',
      callbackAt: beijing(9, 0, 22),
    });
    expect(a.expectedText).toBe('当前不在服务时间（律师服务时间 09:00–21:00），预计明天 09:00起有律师接听');
    const p = await person(t);
    const res = await place(p, {});
    expect(body(res).msg).not.toContain('60秒');
    expect(body(res).msg).toContain('预计明天 09:00起有律师接听');
    const { orderId } = await dataOf<{ orderId: string }>(res);
    const d = await detail(p, orderId);
    expect(d.dispatch).toMatchObject({
      stage: 'matching',
      mode: 'now',
      countdown: false,
      noLawyerOnline: true,
      nextOpenAt: beijing(9, 0, 22),
    });
    expect(d.dispatch.expectedText).toContain('明天 09:00');
  });

  it('a callback request left at night is dispatched at the opening by its persisted job', async () => {
    const t = await start({ now: beijing(22) });
    const p = await person(t);
    const res = await place(p, { callback: true });
    expect(body(res).msg).toBe('已为您预约回电：明天 09:00起有律师在线时将为您安排律师回电');
    const { orderId } = await dataOf<{ orderId: string }>(res);
    const d = await detail(p, orderId);
    expect(d).toMatchObject({
      status: 2,
      orderStatus: 1,
      statusText: '已预约回电，明天 09:00起为您安排律师',
    });
    expect(d.dispatch).toMatchObject({
      stage: 'scheduled',
      mode: 'scheduled',
      countdown: false,
      scheduledAt: beijing(9, 0, 22),
    });
    expect(d.actions).toMatchObject({ canCancel: true, canKeepWaiting: false, canReleaseRequested: false });
    const job = await t.db.db
      .selectFrom('jobs')
      .select(['run_at'])
      .where('kind', '=', CallJob.open)
      .where('done_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(job.run_at).toBe(beijing(9, 0, 22));
    // It shows in the ongoing list and blocks a second consult.
    const list = await dataOf<PageResult<OrderListItem>>(await p.api.get('order/list-new?tab=ongoing'));
    expect(list.list.map((i) => i.orderId)).toEqual([orderId]);
    expect((await place(p, {})).statusCode).toBe(409);

    // A lawyer online at night does not get it before its time.
    const [lawyer] = await lawyersOfField(t, 2);
    await t.app.calls.engine.setPresence(lawyer?.id as number, 'online');
    t.clock.advance(HOUR);
    await t.app.calls.jobs.runDueJobs();
    expect((await detail(p, orderId)).dispatch.stage).toBe('scheduled');
    expect(await openOffers(t, orderId)).toEqual([]);

    // The opening: the job opens it and offers it.
    t.clock.now = beijing(9, 0, 22);
    await t.app.calls.jobs.runDueJobs();
    const opened = await detail(p, orderId);
    expect(opened.dispatch).toMatchObject({
      stage: 'matching',
      mode: 'now',
      countdown: true,
      scheduledAt: null,
    });
    expect(opened.dispatch.promiseDeadline).toBe(beijing(9, 1, 22));
    expect((await openOffers(t, orderId)).map((o) => o.lawyer_id)).toEqual([lawyer?.id]);
    expect((await messages(p)).map((m) => m.title)).toContain('预约回电已开始');
  });

  it('a callback request waits past the opening while nobody is online, opens when a lawyer comes, and closes at closing time', async () => {
    const t = await start({ now: beijing(7) });
    const p = await person(t);
    const { orderId } = await dataOf<{ orderId: string }>(await place(p, { callback: true }));
    t.clock.now = beijing(9, 30);
    await t.app.calls.jobs.runDueJobs();
    expect((await detail(p, orderId)).dispatch.stage).toBe('scheduled');
    const [lawyer] = await lawyersOfField(t, 2);
    await t.app.calls.engine.setPresence(lawyer?.id as number, 'online');
    expect((await detail(p, orderId)).dispatch.stage).toBe('matching');
    expect((await openOffers(t, orderId)).map((o) => o.lawyer_id)).toEqual([lawyer?.id]);

    // Another one nobody serves all day is closed at 21:00.
    const q = await person(t);
    await t.app.calls.engine.setPresence(lawyer?.id as number, 'offline');
    const late = await dataOf<{ orderId: string }>(await place(q, { callback: true }));
    t.clock.now = beijing(21);
    await t.app.calls.jobs.runDueJobs();
    const closed = await detail(q, late.orderId);
    expect(closed).toMatchObject({ status: 99, cancelReason: '服务时间内暂无律师接单，预约已关闭' });
  });
});

describe('a paid order says how it was paid; the bill says how the rule applied', () => {
  it('call detail and list items carry amount, time, method and coupon; the bill explains the minutes', async () => {
    const t = await start();
    const p = await person(t);
    const activity = await t.db.db
      .selectFrom('activities')
      .select('id')
      .where('channel_key', '=', 'czh')
      .executeTakeFirstOrThrow();
    await dataOf(await p.api.post('activity/get', { activityId: activity.id, channel: 'czh' }));
    const [coupon] = await dataOf<UserCoupon[]>(await p.api.get('coupon/list?status=valid'));
    const orderId = await paymentDueOrder(t, p.token, 95, 'czh');
    const due = await detail(p, orderId);
    expect(due.payment).toBeNull();
    expect(due.call?.durationText).toBe('1分35秒');
    expect(due.bill).toMatchObject({
      durationSeconds: 95,
      durationText: '1分35秒',
      billedMinutes: null,
      billableUnits: 1,
      freeSeconds: 60,
      ruleText: '通话不足1分钟免费；满1分钟按次收费，39元/次',
      explanation: '通话1分35秒，按次计费：1次 × 39元/次 = 39元',
    });
    const result = await p.api.pay({ payType: '1', orderId, couponId: coupon?.id });
    await atCashier(t.app, result, 'pay');
    const paid = await detail(p, orderId);
    expect(paid.payment).toEqual({
      amount: 29,
      orderAmount: 39,
      paidAt: t.clock.now,
      method: 'wechat',
      methodText: '微信支付',
      couponName: expect.any(String),
      couponValue: 10,
    });
    const list = await dataOf<PageResult<OrderListItem>>(await p.api.get('order/list-new?tab=finished'));
    const item = list.list.find((i) => i.orderId === orderId);
    expect(item).toMatchObject({
      payment: { amount: 29, method: 'wechat', couponValue: 10 },
      durationText: '1分35秒',
    });
    // The person's message says the duration in the one format.
    expect((await messages(p)).some((m) => m.content.includes('通话1分35秒'))).toBe(true);
  });

  it('by time: 1分35秒 is two started minutes', async () => {
    const t = await start();
    const p = await person(t);
    const orderId = await paymentDueOrder(t, p.token, 95);
    expect((await detail(p, orderId)).bill).toMatchObject({
      billedMinutes: 2,
      explanation: '通话1分35秒，按2分钟计费：2分钟 × 6元/分钟 = 12元',
    });
  });

  it('a product order paid by Alipay says so on its detail', async () => {
    const t = await start();
    const p = await person(t);
    const created = await dataOf<{ orderId: string }>(
      await p.api.post('order/createOrder', { productCode: 'MC19001' }),
    );
    const before = await dataOf<ProductOrderDetail>(
      await p.api.get(`order/productOrderDetail?orderId=${created.orderId}`),
    );
    expect(before.payment).toBeNull();
    const result = await p.api.pay({ payType: '0', orderId: created.orderId });
    await atCashier(t.app, result, 'pay');
    const after = await dataOf<ProductOrderDetail>(
      await p.api.get(`order/productOrderDetail?orderId=${created.orderId}`),
    );
    expect(after.payment).toMatchObject({
      method: 'alipay',
      methodText: '支付宝',
      couponName: null,
      couponValue: 0,
    });
    expect(after.payment?.amount).toBe(after.paidAmount);
  });
});

describe('one name for each thing', () => {
  it('field 2 is 婚姻家庭 in the order, the list, the workbench, messages and order/dynamic', async () => {
    const t = await start();
    const p = await person(t);
    const orderId = await paymentDueOrder(t, p.token, 95);
    const d = await detail(p, orderId);
    expect(d.consultFieldName).toBe('婚姻家庭');
    const list = await dataOf<PageResult<OrderListItem>>(await p.api.get('order/list-new?tab=unpaid'));
    expect(list.list[0]).toMatchObject({ consultFieldName: '婚姻家庭', title: '电话咨询·婚姻家庭' });
    expect((await messages(p)).some((m) => m.content.includes('婚姻家庭电话咨询'))).toBe(true);
    const dynamic = await dataOf<string[]>(await get(t.app, 'order/dynamic'));
    expect(dynamic.join('\n')).not.toContain('婚姻继承');
    expect(dynamic.join('\n')).not.toContain('问题问题');
    const [lawyer] = await lawyersOfField(t, 2);
    const token = await lawyerToken(t, lawyer?.mobile as string);
    const orders = await dataOf<PageResult<LawyerOrderItem>>(await get(t.app, 'lawyer/orders', token));
    expect(orders.list[0]).toMatchObject({ consultFieldName: '婚姻家庭', durationText: '1分35秒' });
    const me = await dataOf<{ skillFields: Array<{ name: string }> }>(await get(t.app, 'lawyer/me', token));
    expect(me.skillFields.map((f) => f.name)).toContain('婚姻家庭');
  });

  it('an article carries its field for the 咨询律师 bar (from its tags, else 其他问题)', async () => {
    const t = await start();
    const articles = await t.db.db
      .selectFrom('articles as a')
      .innerJoin('article_tags as at', 'at.article_id', 'a.id')
      .innerJoin('tags as g', 'g.id', 'at.tag_id')
      .select(['a.id', 'g.name'])
      .execute();
    const labour = articles.find((a) => a.name === '劳动维权');
    const detailOf = async (id: number): Promise<ArticleDetail> =>
      ArticleDetailSchema.parse(await dataOf(await get(t.app, `content/detail?id=${id}`)));
    expect(await detailOf(labour?.id as number)).toMatchObject({
      consultField: 5,
      consultFieldName: '劳动人事',
    });
    const untagged = await t.db.db
      .selectFrom('articles')
      .select('id')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('article_tags')
              .select('article_id')
              .whereRef('article_tags.article_id', '=', 'articles.id'),
          ),
        ),
      )
      .executeTakeFirst();
    if (untagged)
      expect(await detailOf(untagged.id)).toMatchObject({ consultField: 7, consultFieldName: '其他问题' });
  });
});
