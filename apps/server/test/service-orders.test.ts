import { randomUUID } from 'node:crypto';
import { FaceConsultSteps, LawyerLetterSteps, ServiceActor, ServiceOrderEvent } from '@lawline/contract';
import type {
  CreatedProductOrder,
  NeedEntrust,
  OrderListItem,
  OrderStatusCount,
  PageResult,
  ServiceOrderDetail,
  ServiceTerms,
} from '@lawline/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceTx } from '../src/modules/services/lifecycle.ts';
import { findServiceOrder, type ServiceOrderRow } from '../src/modules/services/repo.ts';
import { body, createTestApp, type TestContext } from './helpers.ts';
import { atCashier } from './pay-helpers.ts';
import {
  anyLawyer,
  create,
  DAY,
  dateIn,
  detail,
  faceForm,
  HOUR,
  type Kind,
  lawsuitForm,
  letterForm,
  msg,
  type Person,
  payNow,
  person,
  stepOf,
} from './service-orders-helpers.ts';

/**
 * Service orders, the person's side (issue 14), through HTTP on a real database: creating (double
 * taps, validation, evidence ownership), paying, the person's steps, the entrustment, cancel with
 * refund in the same transaction, deadlines run by the persisted job, card rights, evaluation, the
 * order list, files and another person's orders (404 everywhere).
 */

let t: TestContext;
const dataDir = `/tmp/core-data/test-${randomUUID()}`;
beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t?.close();
});

async function row(orderId: string): Promise<ServiceOrderRow> {
  const r = await findServiceOrder(t.db.db, orderId);
  if (!r) throw new Error(`no order ${orderId}`);
  return r;
}

/** A lawyer's (or the system's) move through the one applier, as the lawyer side makes it. */
async function act(orderId: string, work: (tx: ServiceTx, order: ServiceOrderRow) => Promise<unknown>) {
  const order = await row(orderId);
  await t.app.services.lifecycle.transaction((tx) => work(tx, order));
  return row(orderId);
}

const lc = () => t.app.services.lifecycle;

async function accept(orderId: string): Promise<ServiceOrderRow> {
  const lawyerId = await anyLawyer(t);
  return act(orderId, (tx, o) =>
    lc().applyEvent(tx, o, ServiceOrderEvent.accept, ServiceActor.lawyer, {
      actorId: lawyerId,
      patch: { lawyer_id: lawyerId },
    }),
  );
}

async function quote(orderId: string, feeFen: number): Promise<ServiceOrderRow> {
  return act(orderId, (tx, o) =>
    lc().applyEvent(tx, o, ServiceOrderEvent.quote, ServiceActor.lawyer, {
      patch: { quote_fen: feeFen, quote_note: '一审代理，含立案与出庭', quoted_at: t.clock.now },
    }),
  );
}

async function paidOrder(p: Person, kind: Kind, form: object): Promise<string> {
  const created = await create(p, kind, form);
  await payNow(t, p, created.orderId);
  return created.orderId;
}

async function buyCard(p: Person, code: 'MC19001' | 'MC19002'): Promise<void> {
  const card = await p.api.data<CreatedProductOrder>(
    await p.api.post('order/createOrder', { productCode: code }),
  );
  await atCashier(t.app, await p.api.pay({ payType: '1', orderId: card.orderId }), 'pay');
}

async function refundsOf(orderId: string) {
  return t.db.db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).execute();
}

async function ledgerSum(orderId: string): Promise<number> {
  const rows = await t.db.db
    .selectFrom('ledger_entries')
    .select('amount_fen')
    .where('order_id', '=', orderId)
    .execute();
  return rows.reduce((s, r) => s + r.amount_fen, 0);
}

describe('creating', () => {
  it('answers one order for a double tap (the same requestId five times at once)', async () => {
    const p = await person(t);
    const form = faceForm(t);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => p.api.post('order/lawyerFaceOrder', form)),
    );
    const ids = answers.map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return body<{ orderId: string }>(r).data.orderId;
    });
    expect(new Set(ids).size).toBe(1);
    const rows = await t.db.db
      .selectFrom('service_orders')
      .select('id')
      .where('user_id', '=', p.userId)
      .execute();
    expect(rows).toHaveLength(1);
    // Another visit of the form (a new key) is another order.
    const other = await create(p, 'faceConsult', faceForm(t));
    expect(other.orderId).not.toBe(ids[0]);
  });

  it('prices by lawyer level and shows the terms before paying', async () => {
    const p = await person(t);
    const terms = await p.api.data<ServiceTerms>(
      await p.api.get('order/serviceTerms?kind=faceConsult&level=1'),
    );
    expect(terms.levels.map((l) => l.price)).toEqual([897, 598, 299]);
    expect(terms.needPayAmount).toBe(897);
    expect(terms.arrangePromise).toContain('48小时');
    expect(terms.cancelRule).toContain('全额退还');
    const created = await create(p, 'faceConsult', faceForm(t, { level: 2 }));
    expect(created.needPayAmount).toBe(598);
    const lawsuit = await p.api.data<ServiceTerms>(await p.api.get('order/serviceTerms?kind=lawsuit'));
    expect(lawsuit).toMatchObject({ upFront: 'deposit', needPayAmount: 999, freeLawsuitNote: null });
  });

  it('refuses bad regions, dates and deadlines with a message, and writes nothing', async () => {
    const p = await person(t);
    const bad: Array<[Kind, object, RegExp]> = [
      ['faceConsult', faceForm(t, { regionCode: '110000' }), /见面城市/],
      ['faceConsult', faceForm(t, { regionCode: '999999' }), /见面城市/],
      ['faceConsult', faceForm(t, { preferredDates: [dateIn(t, -1)] }), /已过/],
      ['faceConsult', faceForm(t, { preferredDates: [dateIn(t, 31)] }), /30天以内/],
      ['lawyerLetter', letterForm(t, { deadline: dateIn(t, 0) }), /履行期限/],
      ['lawsuit', lawsuitForm({ courtRegionCode: '440000' }), /法院所在地/],
      ['lawsuit', lawsuitForm({ amount: 1.234 }), /两位小数/],
    ];
    for (const [kind, form, text] of bad) {
      const path = {
        faceConsult: 'order/lawyerFaceOrder',
        lawyerLetter: 'order/lawLetterOrder',
        lawsuit: 'order/lawsuitOrder',
      }[kind];
      const res = await p.api.post(path, form);
      expect(res.statusCode, res.body).toBe(400);
      expect(msg(res)).toMatch(text);
    }
    const n = await t.db.db
      .selectFrom('service_orders')
      .select('id')
      .where('user_id', '=', p.userId)
      .execute();
    expect(n).toHaveLength(0);
  });

  it("refuses another person's upload as evidence (400, nothing created); accepts one's own", async () => {
    const owner = await person(t);
    const other = await person(t);
    const uuid = randomUUID();
    await t.db.db
      .insertInto('uploads')
      .values({
        id: uuid,
        user_id: owner.userId,
        type: '8',
        size: 10,
        sha256: 'a'.repeat(64),
        ext: 'pdf',
        created_at: t.clock.now,
      })
      .execute();
    const res = await other.api.post('order/lawLetterOrder', letterForm(t, { evidence: [uuid] }));
    expect(res.statusCode).toBe(400);
    expect(msg(res)).toContain('证据文件');
    const none = await t.db.db
      .selectFrom('service_orders')
      .select('id')
      .where('user_id', '=', other.userId)
      .execute();
    expect(none).toHaveLength(0);
    const mine = await create(owner, 'lawyerLetter', letterForm(t, { evidence: [uuid] }));
    const d = await detail(owner, 'lawyerLetter', mine.orderId);
    expect(d.letter?.evidence).toHaveLength(1);
    expect(d.letter?.evidence[0]?.url).toBe(
      `/api/v2/order/serviceFile/${mine.orderId}/${d.letter?.evidence[0]?.id}`,
    );
  });
});

describe('paying, deadlines and refunds', () => {
  it('pays the price at the cashier: arranging, paid_fen counted, ledger +price', async () => {
    const p = await person(t);
    const orderId = await paidOrder(p, 'lawyerLetter', letterForm(t));
    const d = await detail(p, 'lawyerLetter', orderId);
    expect(d).toMatchObject({ state: 'arranging', status: 1, tab: 'ongoing', paid: 299, payable: null });
    expect(d.payments).toHaveLength(1);
    expect(d.deadline?.text).toContain('安排律师');
    expect(await ledgerSum(orderId)).toBe(29_900);
    // Paying again is answered as paid, no second attempt.
    const again = await p.api.pay({ orderId, payType: '1' });
    expect(again.payStatus).toBe('2');
  });

  it('cancel before the start refunds everything paid in the same transaction as the cancel', async () => {
    const p = await person(t);
    const orderId = await paidOrder(p, 'faceConsult', faceForm(t));
    const res = await p.api.post('order/cancelServiceOrder', { orderId, reason: '时间不合适' });
    const d = await p.api.data<ServiceOrderDetail>(res);
    expect(msg(res)).toContain('299元将原路退回');
    expect(d).toMatchObject({ state: 'cancelled', status: 99, refunded: 299, statusText: '已退款' });
    const r = await row(orderId);
    expect(r.refund_fen).toBe(29_900);
    const refunds = await refundsOf(orderId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.amount_fen).toBe(29_900);
    expect(await ledgerSum(orderId)).toBe(0);
    // Cancelling twice: refused, no second refund.
    const twice = await p.api.post('order/cancelServiceOrder', { orderId });
    expect(twice.statusCode).toBe(409);
    expect(await refundsOf(orderId)).toHaveLength(1);
  });

  it('a cancel after the service started is refused (409) and nothing is refunded', async () => {
    const p = await person(t);
    const orderId = await paidOrder(p, 'lawyerLetter', letterForm(t));
    await accept(orderId);
    await act(orderId, (tx, o) =>
      lc().applyStep(tx, o, LawyerLetterSteps, 'submitDraft', ServiceActor.lawyer, {
        payload: { text: '律师函正文', version: 1 },
      }),
    );
    const res = await p.api.post('order/cancelServiceOrder', { orderId });
    expect(res.statusCode).toBe(409);
    expect(msg(res)).toContain('不能自行取消');
    expect(await refundsOf(orderId)).toHaveLength(0);
    expect((await row(orderId)).state).toBe('in_service');
  });

  it('an order not arranged within the promise is refunded in full by the deadline job, and the person is told', async () => {
    const p = await person(t);
    const orderId = await paidOrder(p, 'faceConsult', faceForm(t));
    t.clock.advance(47 * HOUR);
    await t.app.calls.jobs.runDueJobs();
    expect((await row(orderId)).state).toBe('arranging');
    t.clock.advance(HOUR + 1000);
    await t.app.calls.jobs.runDueJobs();
    const r = await row(orderId);
    expect(r).toMatchObject({ state: 'cancelled', refund_fen: 29_900 });
    const refunds = await refundsOf(orderId);
    expect(refunds.map((x) => x.state)).toEqual(['succeeded']);
    expect(await ledgerSum(orderId)).toBe(0);
    const messages = await t.db.db
      .selectFrom('notifications')
      .select(['title', 'content'])
      .where('user_id', '=', p.userId)
      .execute();
    expect(
      messages.some((m) => m.content.includes('未能在承诺时间内为您安排律师') && m.content.includes('退回')),
    ).toBe(true);
    const d = await detail(p, 'faceConsult', orderId);
    expect(d.timeline.at(-1)?.title).toBe('订单已自动取消');
  });

  it('a release does not restart the arranging promise; a job of an earlier state never fires', async () => {
    const p = await person(t);
    const orderId = await paidOrder(p, 'faceConsult', faceForm(t));
    t.clock.advance(10 * HOUR);
    await accept(orderId);
    t.clock.advance(10 * HOUR);
    await t.app.calls.jobs.runDueJobs();
    expect((await row(orderId)).state).toBe('arranged');
    await act(orderId, (tx, o) => lc().applyEvent(tx, o, ServiceOrderEvent.release, ServiceActor.lawyer));
    t.clock.advance(28 * HOUR + 1000);
    await t.app.calls.jobs.runDueJobs();
    expect((await row(orderId)).state).toBe('cancelled');
  });

  it('an unpaid order closes after 24 h with nothing to refund', async () => {
    const p = await person(t);
    const created = await create(p, 'lawsuit', lawsuitForm());
    t.clock.advance(24 * HOUR + 1000);
    await t.app.calls.jobs.runDueJobs();
    const d = await detail(p, 'lawsuit', created.orderId);
    expect(d).toMatchObject({ state: 'cancelled', statusText: '已取消', refunded: 0 });
  });

  it('a payment that arrives after the cancel refunds itself (the duplicate path works for S orders)', async () => {
    const p = await person(t);
    const created = await create(p, 'faceConsult', faceForm(t));
    await p.api.pay({ orderId: created.orderId, payType: '1' });
    const attempt = await t.db.db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', created.orderId)
      .executeTakeFirstOrThrow();
    await p.api.data(await p.api.post('order/cancelServiceOrder', { orderId: created.orderId }));
    const fresh = await t.app.payments.payments.payment(attempt.id);
    const settled = await t.app.payments.payments.settle(fresh, {
      providerTxnId: 'late-1',
      paidAt: t.clock.now,
      amountFen: fresh.amount_fen,
    });
    expect(settled.outcome).toBe('duplicate');
    expect((await row(created.orderId)).state).toBe('cancelled');
    const refunds = await refundsOf(created.orderId);
    expect(refunds.map((r) => [r.payment_id, r.amount_fen])).toEqual([[attempt.id, attempt.amount_fen]]);
    expect(refunds[0]?.reason).toBe('重复支付自动退款');
  });

  it('a late payment of the deposit while the balance is due does not pay the balance (refunded)', async () => {
    const p = await person(t);
    const created = await create(p, 'lawsuit', lawsuitForm());
    await p.api.pay({ orderId: created.orderId, payType: '1' });
    const first = await t.db.db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', created.orderId)
      .executeTakeFirstOrThrow();
    // Paid through another attempt (Alipay): the first is superseded.
    await atCashier(t.app, await p.api.pay({ orderId: created.orderId, payType: '0' }), 'pay');
    await accept(created.orderId);
    await quote(created.orderId, 500_000);
    await p.api.data(
      await p.api.post('order/signEntrust', { orderId: created.orderId, signName: '王小明', consent: true }),
    );
    const before = await row(created.orderId);
    expect(before.state).toBe('balance_due');
    const stale = await t.app.payments.payments.payment(first.id);
    const settled = await t.app.payments.payments.settle(stale, {
      providerTxnId: 'late-2',
      paidAt: t.clock.now,
      amountFen: stale.amount_fen,
    });
    expect(settled.outcome).toBe('duplicate');
    expect(await row(created.orderId)).toMatchObject({ state: 'balance_due', paid_fen: before.paid_fen });
    const refunds = await refundsOf(created.orderId);
    expect(refunds.map((r) => r.payment_id)).toEqual([first.id]);
  });
});

describe('paying through the existing pay flow', () => {
  it('calculatePayAmount and coupon/usable take S ids; terms answer visitors without a card', async () => {
    const p = await person(t);
    const created = await create(p, 'lawsuit', lawsuitForm());
    const amount = await p.api.data<{ needPayAmount: number; productCode: string; productName: string }>(
      await p.api.post('order/calculatePayAmount', { orderId: created.orderId }),
    );
    expect(amount).toMatchObject({
      needPayAmount: 999,
      productCode: 'SC19003',
      productName: '诉讼代理（订金）',
    });
    const coupons = await p.api.get(`coupon/usable?orderId=${created.orderId}`);
    expect(coupons.statusCode, coupons.body).toBe(200);
    const visitor = await t.app.inject({
      method: 'GET',
      url: '/api/v2/order/serviceTerms?kind=lawyerLetter',
    });
    expect(visitor.statusCode, visitor.body).toBe(200);
    expect(body<ServiceTerms>(visitor).data).toMatchObject({ price: 299, needPayAmount: 299, rate: 100 });
  });

  it('a cancel refunds what the order counts, not a duplicate already on its way back', async () => {
    const p = await person(t);
    const created = await create(p, 'faceConsult', faceForm(t));
    await p.api.pay({ orderId: created.orderId, payType: '1' });
    const first = await t.db.db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', created.orderId)
      .executeTakeFirstOrThrow();
    await atCashier(t.app, await p.api.pay({ orderId: created.orderId, payType: '0' }), 'pay');
    const late = await t.app.payments.payments.settle(await t.app.payments.payments.payment(first.id), {
      providerTxnId: 'late-3',
      paidAt: t.clock.now,
      amountFen: first.amount_fen,
    });
    expect(late.outcome).toBe('duplicate');
    // The vendor answers refunds later: the duplicate's refund is still pending.
    await t.db.db
      .updateTable('refunds')
      .set({ state: 'pending', done_at: null })
      .where('payment_id', '=', first.id)
      .execute();
    await t.db.db.updateTable('payments').set({ state: 'paid' }).where('id', '=', first.id).execute();
    const d = await p.api.data<ServiceOrderDetail>(
      await p.api.post('order/cancelServiceOrder', { orderId: created.orderId }),
    );
    expect(d).toMatchObject({ state: 'cancelled', refunded: 299 });
    const refunds = await refundsOf(created.orderId);
    expect(refunds).toHaveLength(2);
    expect(refunds.filter((r) => r.payment_id === first.id)).toHaveLength(1);
  });
});

describe('the person’s steps', () => {
  it('face: confirm the proposed time starts the service; ask for another time; evaluated after the meeting', async () => {
    const p = await person(t);
    const orderId = await paidOrder(p, 'faceConsult', faceForm(t));
    const refused = await stepOf(p, { orderId, action: 'confirmTime' });
    expect(refused.statusCode).toBe(409);
    await accept(orderId);
    const at = t.clock.now + 2 * DAY;
    await act(orderId, (tx, o) =>
      lc().applyStep(tx, o, FaceConsultSteps, 'proposeTime', ServiceActor.lawyer, {
        payload: { at, place: '北京市朝阳区律所会议室', note: '' },
      }),
    );
    let d = await detail(p, 'faceConsult', orderId);
    expect(d.actions).toMatchObject({ confirmTime: true, askOtherTime: true, cancel: true });
    expect(d.face?.proposal).toMatchObject({ at, place: '北京市朝阳区律所会议室' });
    d = await p.api.data<ServiceOrderDetail>(
      await stepOf(p, { orderId, action: 'askOtherTime', note: '周末上午可以吗' }),
    );
    expect(d.face).toMatchObject({ stage: 'other_time_asked', otherTimeNote: '周末上午可以吗' });
    expect(d.state).toBe('arranged');
    await act(orderId, (tx, o) =>
      lc().applyStep(tx, o, FaceConsultSteps, 'proposeTime', ServiceActor.lawyer, {
        payload: { at: at + DAY, place: '律所', note: '周六' },
      }),
    );
    d = await p.api.data<ServiceOrderDetail>(await stepOf(p, { orderId, action: 'confirmTime' }));
    expect(d).toMatchObject({ state: 'in_service', statusText: '待见面咨询' });
    expect(d.face?.meetingAt).toBe(at + DAY);
    expect((await p.api.post('order/cancelServiceOrder', { orderId })).statusCode).toBe(409);
    await act(orderId, (tx, o) => lc().applyStep(tx, o, FaceConsultSteps, 'markHeld', ServiceActor.lawyer));
    d = await detail(p, 'faceConsult', orderId);
    expect(d).toMatchObject({ state: 'delivered', tab: 'finished' });
    expect(d.actions).toMatchObject({ evaluate: true, confirmDone: true });
    // Evaluating moves the lawyer's rating as phone evaluations do.
    const lawyerId = (await row(orderId)).lawyer_id as number;
    const before = await t.db.db
      .selectFrom('lawyers')
      .select(['rating', 'rating_count'])
      .where('id', '=', lawyerId)
      .executeTakeFirstOrThrow();
    const evaluated = await p.api.post('order/evaluateOrder', {
      orderId,
      stars: 4,
      tagIds: [1],
      content: '讲解清楚',
    });
    const view = await p.api.data<ServiceOrderDetail>(evaluated);
    expect(view).toMatchObject({ state: 'evaluated', status: 5, orderId });
    expect(view.evaluation).toMatchObject({ stars: 4, content: '讲解清楚' });
    const after = await t.db.db
      .selectFrom('lawyers')
      .select(['rating', 'rating_count'])
      .where('id', '=', lawyerId)
      .executeTakeFirstOrThrow();
    expect(after.rating_count).toBe(before.rating_count + 1);
    expect(after.rating).toBeCloseTo(
      (before.rating * before.rating_count + 4) / (before.rating_count + 1),
      6,
    );
    const again = await p.api.post('order/evaluateOrder', { orderId, stars: 5 });
    expect(again.statusCode).toBe(409);
    expect(msg(again)).toBe('该订单已评价');
  });

  it('letter: edit until the first draft; ask for changes up to three times; approve', async () => {
    const p = await person(t);
    const orderId = await paidOrder(p, 'lawyerLetter', letterForm(t));
    const edited = await p.api.data<ServiceOrderDetail>(
      await p.api.post('order/lawLetterOrder/edit', {
        orderId,
        ...letterForm(t, { demands: '请于十日内付清货款五万元' }),
        requestId: undefined,
      }),
    );
    expect(edited.letter?.demands).toBe('请于十日内付清货款五万元');
    await accept(orderId);
    const draft = async (version: number) =>
      act(orderId, (tx, o) =>
        lc().applyStep(tx, o, LawyerLetterSteps, 'submitDraft', ServiceActor.lawyer, {
          payload: { text: `第${version}稿`, version },
        }),
      );
    await draft(1);
    const late = await p.api.post('order/lawLetterOrder/edit', {
      orderId,
      ...letterForm(t),
      requestId: undefined,
    });
    expect(late.statusCode).toBe(409);
    for (let i = 1; i <= 3; i++) {
      const d = await p.api.data<ServiceOrderDetail>(
        await stepOf(p, { orderId, action: 'askRevision', note: `第${i}次修改：语气再强硬一些` }),
      );
      expect(d.letter).toMatchObject({ stage: 'revision_asked', revisionsUsed: i, revisionsLeft: 3 - i });
      await draft(i + 1);
    }
    const fourth = await stepOf(p, { orderId, action: 'askRevision', note: '再改一次可以吗' });
    expect(fourth.statusCode).toBe(409);
    expect(msg(fourth)).toContain('修改次数已用完');
    const d = await p.api.data<ServiceOrderDetail>(await stepOf(p, { orderId, action: 'approveDraft' }));
    expect(d.letter).toMatchObject({ stage: 'approved', draft: { version: 4, text: '第4稿' } });
  });

  it('lawsuit: entrustment needed after the quote; signing accepts it and keeps the signed PDF; the balance starts the work', async () => {
    const p = await person(t);
    const orderId = await paidOrder(p, 'lawsuit', lawsuitForm());
    let need = await p.api.data<NeedEntrust>(await p.api.get(`order/needEntrust?orderId=${orderId}`));
    expect(need).toMatchObject({ need: false, signed: false, text: null, deposit: 999 });
    await accept(orderId);
    await quote(orderId, 800_000);
    need = await p.api.data<NeedEntrust>(await p.api.get(`order/needEntrust?orderId=${orderId}`));
    expect(need).toMatchObject({ need: true, fee: 8000, deposit: 999, balance: 7001 });
    expect(need.text).toContain('委托代理合同');
    const d = await p.api.data<ServiceOrderDetail>(
      await p.api.post('order/signEntrust', { orderId, signName: '王小明', consent: true }),
    );
    expect(d).toMatchObject({ state: 'balance_due', status: 3, tab: 'unpaid', payable: 7001 });
    expect(d.lawsuit?.entrust).toMatchObject({ signed: true, signName: '王小明', needed: false });
    const pdf = d.lawsuit?.entrust.pdf;
    expect(pdf?.kind).toBe('entrustmentPdf');
    const file = await p.api.get(pdf?.url.replace('/api/v2/', '') as string);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await payNow(t, p, orderId);
    const paid = await detail(p, 'lawsuit', orderId);
    expect(paid).toMatchObject({ state: 'in_service', paid: 8000 });
    expect(paid.payments.map((x) => x.amount)).toEqual([999, 7001]);
    expect(await ledgerSum(orderId)).toBe(800_000);
  });

  it('lawsuit: declining the quote gives the deposit back', async () => {
    const p = await person(t);
    const orderId = await paidOrder(p, 'lawsuit', lawsuitForm());
    await accept(orderId);
    await quote(orderId, 800_000);
    const d = await p.api.data<ServiceOrderDetail>(
      await stepOf(p, { orderId, action: 'declineQuote', reason: '费用太高' }),
    );
    expect(d).toMatchObject({ state: 'cancelled', refunded: 999, statusText: '已退款' });
    expect(await ledgerSum(orderId)).toBe(0);
  });

  it('lawsuit: a quote equal to the deposit leaves nothing to pay; signing starts the work at once', async () => {
    const p = await person(t);
    const orderId = await paidOrder(p, 'lawsuit', lawsuitForm());
    await accept(orderId);
    await quote(orderId, 99_900);
    const d = await p.api.data<ServiceOrderDetail>(
      await p.api.post('order/signEntrust', { orderId, signName: '王小明', consent: true }),
    );
    expect(d).toMatchObject({ state: 'in_service', lawsuit: { balance: 0 } });
  });

  it('refuses a step of another kind and a step out of turn with a message', async () => {
    const p = await person(t);
    const orderId = await paidOrder(p, 'lawyerLetter', letterForm(t));
    const wrongKind = await stepOf(p, { orderId, action: 'confirmTime' });
    expect(wrongKind.statusCode).toBe(409);
    expect(msg(wrongKind)).toBe('该服务不支持此操作');
    const early = await stepOf(p, { orderId, action: 'approveDraft' });
    expect(early.statusCode).toBe(409);
    expect(msg(early)).toMatch(/[\u4e00-\u9fff]/);
    const notQuoted = await stepOf(p, { orderId, action: 'declineQuote' });
    expect(notQuoted.statusCode).toBe(409);
    const badSign = await p.api.post('order/signEntrust', { orderId, signName: '王小明', consent: true });
    expect(badSign.statusCode).toBe(404);
  });
});

describe('card rights', () => {
  it('face at 70 % for a card holder, computed on the server', async () => {
    const p = await person(t);
    await buyCard(p, 'MC19001');
    const terms = await p.api.data<ServiceTerms>(
      await p.api.get('order/serviceTerms?kind=faceConsult&level=3'),
    );
    expect(terms).toMatchObject({ price: 299, needPayAmount: 209.3, rate: 70 });
    const created = await create(p, 'faceConsult', faceForm(t));
    expect(created.needPayAmount).toBe(209.3);
    await payNow(t, p, created.orderId);
    const d = await detail(p, 'faceConsult', created.orderId);
    expect(d).toMatchObject({ price: 299, paid: 209.3 });
    expect(d.rightNote).toContain('7折');
  });

  it('platinum: 3 free letters a year, then paid; a full refund of a free one gives the use back', async () => {
    const p = await person(t);
    await buyCard(p, 'MC19002');
    const free: string[] = [];
    for (let i = 0; i < 3; i++) {
      const c = await create(p, 'lawyerLetter', letterForm(t));
      expect(c).toMatchObject({ needPayAmount: 0, state: 'arranging', status: 1 });
      free.push(c.orderId);
    }
    const fourth = await create(p, 'lawyerLetter', letterForm(t));
    expect(fourth).toMatchObject({ needPayAmount: 299, state: 'awaiting_payment' });
    const uses = await t.db.db
      .selectFrom('user_right_usage')
      .select('order_ref')
      .where('user_id', '=', p.userId)
      .execute();
    expect(uses.map((u) => u.order_ref).sort()).toEqual([...free].sort());
    const d = await p.api.data<ServiceOrderDetail>(
      await p.api.post('order/cancelServiceOrder', { orderId: free[0] }),
    );
    expect(d).toMatchObject({ state: 'cancelled', refunded: 0 });
    const terms = await p.api.data<ServiceTerms>(await p.api.get('order/serviceTerms?kind=lawyerLetter'));
    expect(terms).toMatchObject({ needPayAmount: 0, rate: 0 });
    expect(terms.rightNote).toContain('剩余1次');
  });

  it('platinum free lawsuit: only a civil defendant up to the cap, after the waiting period; fee 0 to the end', async () => {
    const p = await person(t);
    await buyCard(p, 'MC19002');
    const waiting = await create(p, 'lawsuit', lawsuitForm({ role: 'defendant' }));
    expect(waiting.needPayAmount).toBe(999);
    const terms = await p.api.data<ServiceTerms>(await p.api.get('order/serviceTerms?kind=lawsuit'));
    expect(terms.freeLawsuitNote).toContain('等待期');
    // 91 days on (the card bought that long ago: the session would not last the clock's move).
    await t.db.db
      .updateTable('user_cards')
      .set((eb) => ({ starts_at: eb('starts_at', '-', 91 * DAY) }))
      .where('user_id', '=', p.userId)
      .execute();
    expect((await create(p, 'lawsuit', lawsuitForm({ role: 'plaintiff' }))).needPayAmount).toBe(999);
    expect(
      (await create(p, 'lawsuit', lawsuitForm({ role: 'defendant', caseType: 'criminal' }))).needPayAmount,
    ).toBe(999);
    expect(
      (await create(p, 'lawsuit', lawsuitForm({ role: 'defendant', amount: 300_000.01 }))).needPayAmount,
    ).toBe(999);
    const free = await create(p, 'lawsuit', lawsuitForm({ role: 'defendant', amount: 300_000 }));
    expect(free).toMatchObject({ needPayAmount: 0, state: 'arranging' });
    let d = await detail(p, 'lawsuit', free.orderId);
    expect(d.lawsuit).toMatchObject({ free: true, deposit: 0 });
    // Once a year.
    expect((await create(p, 'lawsuit', lawsuitForm({ role: 'defendant' }))).needPayAmount).toBe(999);
    await accept(free.orderId);
    await quote(free.orderId, 0);
    const need = await p.api.data<NeedEntrust>(await p.api.get(`order/needEntrust?orderId=${free.orderId}`));
    expect(need).toMatchObject({ need: true, fee: 0, deposit: 0, balance: 0 });
    d = await p.api.data<ServiceOrderDetail>(
      await p.api.post('order/signEntrust', { orderId: free.orderId, signName: '赵六', consent: true }),
    );
    expect(d).toMatchObject({ state: 'in_service', paid: 0 });
  });
});

describe('the order list', () => {
  it('lists service orders in the right tab with their kind and status text, merged by time', async () => {
    const p = await person(t);
    const unpaid = await create(p, 'lawsuit', lawsuitForm());
    t.clock.advance(1000);
    const ongoing = await paidOrder(p, 'faceConsult', faceForm(t));
    t.clock.advance(1000);
    const card = await p.api.data<CreatedProductOrder>(
      await p.api.post('order/createOrder', { productCode: 'MC19001' }),
    );
    const counts = await p.api.data<OrderStatusCount>(await p.api.get('order/orderStatusCount'));
    expect(counts).toMatchObject({ ongoing: 1, unpaid: 2 });
    const unpaidList = await p.api.data<PageResult<OrderListItem>>(
      await p.api.get('order/list-new?tab=unpaid&page=1&limit=10'),
    );
    expect(unpaidList.list.map((i) => i.orderId)).toEqual([card.orderId, unpaid.orderId]);
    expect(unpaidList.list[1]).toMatchObject({
      serviceKind: 'lawsuit',
      statusText: '待支付订金',
      payable: 999,
      title: '诉讼代理',
    });
    const ongoingList = await p.api.data<PageResult<OrderListItem>>(
      await p.api.get('order/list-new?tab=ongoing&page=1&limit=10'),
    );
    expect(ongoingList.list[0]).toMatchObject({
      orderId: ongoing,
      serviceKind: 'faceConsult',
      statusText: '正在安排律师',
      status: 1,
    });
  });
});

describe("another person's order", () => {
  it('is 404 on every endpoint and its files, and nothing changes', async () => {
    const owner = await person(t);
    const intruder = await person(t);
    const orderId = await paidOrder(owner, 'lawsuit', lawsuitForm());
    await accept(orderId);
    await quote(orderId, 200_000);
    await owner.api.data(
      await owner.api.post('order/signEntrust', { orderId, signName: '王小明', consent: true }),
    );
    const d = await detail(owner, 'lawsuit', orderId);
    const fileId = d.lawsuit?.entrust.pdf?.id as string;
    const before = await row(orderId);
    const tries = [
      intruder.api.get(`order/lawsuitOrder/detail?orderId=${orderId}`),
      intruder.api.get(`order/lawyerFaceOrder/detail?orderId=${orderId}`),
      intruder.api.get(`order/lawLetterOrder/detail?orderId=${orderId}`),
      intruder.api.get(`order/needEntrust?orderId=${orderId}`),
      intruder.api.post('order/signEntrust', { orderId, signName: '张三', consent: true }),
      intruder.api.post('order/serviceStep', { orderId, action: 'declineQuote' }),
      intruder.api.post('order/serviceStep', { orderId, action: 'confirmDone' }),
      intruder.api.post('order/cancelServiceOrder', { orderId }),
      intruder.api.post('order/evaluateOrder', { orderId, stars: 1 }),
      intruder.api.post('order/lawLetterOrder/edit', { orderId, ...letterForm(t), requestId: undefined }),
      intruder.api.get(`order/serviceFile/${orderId}/${fileId}`),
      intruder.api.post('pay/createPayOrder', { orderId, payType: '1' }),
      intruder.api.post('pay/queryPayOrder', { orderId }),
      intruder.api.post('order/calculatePayAmount', { orderId }),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(msg(res)).toMatch(/不存在/);
    }
    expect(await row(orderId)).toEqual(before);
    // The owner reads the file; a made-up file id of the owner's order is 404 too.
    expect((await owner.api.get(`order/serviceFile/${orderId}/${fileId}`)).statusCode).toBe(200);
    expect((await owner.api.get(`order/serviceFile/${orderId}/${randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('account closure', () => {
  it("erases the forms, timeline texts and files of the person's service orders; the money stays", async () => {
    const p = await person(t);
    const orderId = await paidOrder(p, 'lawsuit', lawsuitForm());
    await accept(orderId);
    await quote(orderId, 200_000);
    await p.api.data(await p.api.post('order/signEntrust', { orderId, signName: '王小明', consent: true }));
    const res = await p.api.post('user/unlink', { confirm: true });
    expect(res.statusCode, res.body).toBe(200);
    const r = await row(orderId);
    expect(JSON.parse(r.details).facts).toBe('（用户已注销）');
    expect(r).toMatchObject({ entrust_sign_name: null, paid_fen: 99_900, state: 'balance_due' });
    const files = await t.db.db
      .selectFrom('service_files')
      .select('id')
      .where('order_id', '=', orderId)
      .execute();
    expect(files).toHaveLength(0);
    const texts = await t.db.db
      .selectFrom('service_events')
      .select(['text', 'payload'])
      .where('order_id', '=', orderId)
      .execute();
    expect(texts.every((e) => e.text === '' && e.payload === '{}')).toBe(true);
  });
});
