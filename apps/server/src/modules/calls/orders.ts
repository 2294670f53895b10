import {
  articleAgeText,
  beijingWhenText,
  billingRuleText,
  CANCEL_LIMIT_MESSAGE,
  CallOrderProjection,
  CallOrderState,
  CallOrderTabStates,
  CancelReasons,
  consultFieldName,
  consultTopicText,
  DAILY_CANCEL_LIMIT,
  DEFAULT_SERVICE_HOURS,
  dispatchingStates,
  fenToYuan,
  noLawyerOnlineText,
  type OrderListTab,
  REQUESTED_LAWYER_WAIT_MS,
  REQUESTED_LAWYER_WAIT_TEXT,
  RequestedLawyerState,
  serviceHoursState,
  Timing,
  unpaidStates,
  waitingStates,
  yuanToFen,
} from '@lawline/contract';
import type {
  CallOrderDetail,
  CancelCallOrder,
  ChannelData,
  ConsultAvailability,
  CreateCallOrder,
  CreateCallOrderResult,
  EvaluateOrder,
  OrderLawyer,
  OrderListItem,
  OrderStatusCount,
  PageResult,
  ServiceOrderDetail,
  UnpaidCallOrder,
} from '@lawline/contract/schemas';
import type { CallsConfig } from '../../config.ts';
import type { Db, DbKind } from '../../db/database.ts';
import { badRequest, conflict, notFound, tooMany } from '../../http/errors.ts';
import { Batcher, type Settled } from '../jobs/batcher.ts';
import type { JobService, JobSpec } from '../jobs/service.ts';
import { paidInfoOf } from '../payments/paid-info.ts';
import { type CallEngine, CallJob } from './engine.ts';
import { checkedTagIds, recordEvaluation } from './evaluations.ts';
import {
  beijingDayStart,
  type CallOrderRow,
  findLawyer,
  findOrder,
  type LawyerRow,
  newCallOrderId,
  type Q,
} from './repo.ts';
import { detailView, listItemView, orderLawyerView, type RequestedInput } from './views.ts';

const ONGOING_STATES = [...CallOrderTabStates.ongoing] as string[];
const UNPAID_STATES = [...unpaidStates] as string[];
const OPEN_STATES = [...UNPAID_STATES, ...ONGOING_STATES];
/** Creates written in one transaction at most. */
const MAX_BATCH = 200;
/** Rows per INSERT (33 columns × 100 stays far below either database's bound-parameter limit). */
const INSERT_CHUNK = 100;

/** How an order is placed besides its question. */
type CreateOptions = {
  /** continueConsultOrder: this lawyer first (not exclusively). */
  preferredLawyerId?: number;
  continuedFrom?: string;
  /** 电话咨询 on a profile: only this lawyer for REQUESTED_LAWYER_WAIT_MS (lawyers.id). */
  requestedLawyerId?: number;
  /** A callback request: dispatched at scheduledAt, closed unserved at closesAt. */
  callback?: { scheduledAt: number; closesAt: number };
};

/** A create waiting for its batch. */
type NewOrder = {
  userId: number;
  channel: ChannelData;
  input: Pick<CreateCallOrder, 'consultField' | 'userRemark' | 'userLocation' | 'expectTime'>;
  options: CreateOptions;
  now: number;
};
/** Its outcome: the answer, and the new row to offer (null when the unpaid order was answered). */
type Written = { result: CreateCallOrderResult; row: CallOrderRow | null };

/** Another kind of order shown in the same list and counts. */
export type OtherOrders = {
  listItems(
    userId: number,
    tab: OrderListTab,
    take: number,
  ): Promise<{ items: OrderListItem[]; total: number }>;
  statusCount(userId: number): Promise<OrderStatusCount>;
};

export type CallOrderServiceDeps = {
  db: Db;
  dbKind: DbKind;
  clock: () => number;
  config: CallsConfig;
  jobs: JobService;
  engine: CallEngine;
};

/** What a consumer does with phone consultations (order/* endpoints). Orders of others are 404. */
export class CallOrderService {
  constructor(private readonly deps: CallOrderServiceDeps) {
    this.writer = new Batcher((items) => this.writeBatch(items), {
      maxBatch: MAX_BATCH,
      concurrency: deps.dbKind === 'sqlite' ? 1 : 4,
    });
    this.firstOffers = new Batcher<CallOrderRow, void>(
      async (rows) => {
        await deps.engine.dispatchNew(rows);
        return rows.map(() => ({ ok: true as const, value: undefined }));
      },
      { maxBatch: MAX_BATCH, concurrency: 1 },
    );
  }

  private now(): number {
    return this.deps.clock();
  }

  /** The person's own order, or 404 (another person's id says nothing more). */
  async own(userId: number, orderId: string): Promise<CallOrderRow> {
    const row = await this.deps.db
      .selectFrom('call_orders')
      .selectAll()
      .where('id', '=', orderId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound('订单不存在');
    return row;
  }

  /**
   * Serialises the creates of these people (PostgreSQL: a row lock each, held to the end of the
   * transaction, taken in one statement and in id order so two batches cannot dead-lock on each
   * other; SQLite write transactions are serial anyway).
   */
  private async lockUsers(trx: Q, userIds: number[]): Promise<void> {
    if (this.deps.dbKind !== 'postgres' || userIds.length === 0) return;
    await trx
      .insertInto('rate_locks')
      .values(userIds.map((id) => ({ key: `call:u:${id}` })))
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ key: eb.ref('excluded.key') })))
      .execute();
  }

  /**
   * Group commit of order/createCallOrder: the creates that arrive while one batch is being written
   * go into the next one — one transaction (one fsync) and a handful of statements for the whole
   * batch. SQLite has one writer anyway; PostgreSQL writes a few batches at once.
   */
  private readonly writer: Batcher<NewOrder, Written>;
  /** The first offers of the orders just written, likewise one look at who is free per batch. */
  private readonly firstOffers: Batcher<CallOrderRow, void>;

  /** Waits for the creates in progress (app close). */
  async drain(): Promise<void> {
    await this.writer.drain();
    await this.firstOffers.drain();
  }

  /**
   * order/createCallOrder. An unpaid order answers its id instead (the app says 您有未支付订单，请及时支付);
   * after 3 cancellations today: 429; an order already in progress: 409. The order, its timers
   * (dispatch retry, give-up, autopilot) and nothing else are committed before the answer; then the
   * order is offered to a free lawyer at once (a crash in between leaves it to its dispatch timer).
   */
  async create(
    userId: number,
    channel: ChannelData,
    input: Pick<CreateCallOrder, 'consultField' | 'userRemark' | 'userLocation' | 'expectTime'>,
    options: CreateOptions = {},
  ): Promise<CreateCallOrderResult> {
    const { result, row } = await this.writer.submit({ userId, channel, input, options, now: this.now() });
    if (row) await this.firstOffers.submit(row);
    return result;
  }

  /**
   * order/createCallOrder as the person asked: for a lawyer (lawyerUserId, from their profile), as
   * a callback request (callback), or to anyone now. Answers the order and what to tell the person
   * (the 60-second promise only when somebody can keep it).
   */
  async place(
    userId: number,
    channel: ChannelData,
    input: CreateCallOrder,
  ): Promise<{ result: CreateCallOrderResult; message: string }> {
    const now = this.now();
    const options: CreateOptions = {};
    let lawyerName = '';
    if (input.lawyerUserId !== undefined) {
      const lawyer = await this.deps.db
        .selectFrom('lawyers')
        .select(['id', 'real_name'])
        .where('user_id', '=', input.lawyerUserId)
        .executeTakeFirst();
      if (!lawyer) throw notFound('律师不存在');
      options.requestedLawyerId = lawyer.id;
      lawyerName = `${lawyer.real_name}律师`;
    }
    const hours = serviceHoursState(channel.serviceHours || DEFAULT_SERVICE_HOURS, now);
    if (input.callback) {
      options.callback = { scheduledAt: hours.nextOpenAt, closesAt: hours.closesAt };
    }
    const result = await this.create(userId, channel, input, options);
    if (!result.orderId) return { result, message: '' };
    let message: string;
    if (options.callback) {
      message = `已为您预约回电：${beijingWhenText(options.callback.scheduledAt, now)}起有律师在线时将为您安排律师回电`;
    } else if (options.requestedLawyerId !== undefined) {
      message = `已通知${lawyerName}，请稍候（最多等待${REQUESTED_LAWYER_WAIT_TEXT}）`;
    } else {
      message = await this.placedMessage(channel);
    }
    return { result, message };
  }

  /** What to say about an order to anyone just placed: the 60-second promise only when somebody is online. */
  async placedMessage(channel: ChannelData): Promise<string> {
    if ((await this.deps.engine.onlineLawyerCount()) === 0) {
      return `下单成功，${noLawyerOnlineText(channel.serviceHours || DEFAULT_SERVICE_HOURS, this.now())}`;
    }
    return `下单成功，律师将在${Timing.phoneConnectPromiseS}秒内回电`;
  }

  /**
   * order/availability: before the person starts, whether a lawyer can take the call now, the
   * service hours and when lawyers are next expected, and the billing rule at this channel's price.
   */
  async availability(
    channel: ChannelData,
    field: number,
    lawyerUserId?: number,
  ): Promise<ConsultAvailability> {
    const now = this.now();
    const [fieldLawyersOnline, lawyersOnline, requestedLawyer] = await Promise.all([
      this.deps.engine.onlineLawyerCount(field),
      this.deps.engine.onlineLawyerCount(),
      lawyerUserId !== undefined ? this.lawyerAvailability(lawyerUserId) : Promise.resolve(null),
    ]);
    const serviceHours = channel.serviceHours || DEFAULT_SERVICE_HOURS;
    const hours = serviceHoursState(serviceHours, now);
    const canConnectNow = lawyersOnline > 0;
    return {
      consultField: field,
      consultFieldName: consultFieldName(field) ?? '',
      fieldLawyersOnline,
      lawyersOnline,
      canConnectNow,
      promiseSeconds: canConnectNow ? Timing.phoneConnectPromiseS : null,
      serviceHours,
      servicePhone: channel.servicePhone,
      inServiceHours: hours.inHours,
      nextOpenAt: hours.nextOpenAt,
      nextOpenText: hours.inHours ? '现在' : beijingWhenText(hours.nextOpenAt, now),
      expectedText: canConnectNow ? null : noLawyerOnlineText(serviceHours, now),
      callbackAt: hours.nextOpenAt,
      ruleText: billingRuleText(channel.payType, yuanToFen(channel.price)),
      requestedLawyer,
    };
  }

  /** A lawyer asked for on their profile (by user id), and whether they could take a call now; null when unknown. */
  private async lawyerAvailability(userId: number): Promise<ConsultAvailability['requestedLawyer']> {
    const row = await this.deps.db
      .selectFrom('lawyers')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const lawyer = row ? await findLawyer(this.deps.db, row.id) : undefined;
    if (!lawyer) return null;
    const { presence, available } = await this.deps.engine.lawyerAvailability(lawyer.id);
    return { lawyer: orderLawyerView(lawyer) as OrderLawyer, presence, available };
  }

  /** order/releaseRequestedLawyer: stop waiting for the requested lawyer, take the first available one. */
  async releaseRequested(userId: number, orderId: string): Promise<CallOrderDetail> {
    const order = await this.own(userId, orderId);
    if (order.requested_lawyer_id === null) throw conflict('该订单没有指定律师');
    const released = await this.deps.engine.releaseRequested(orderId, RequestedLawyerState.released);
    if (!released) throw conflict('律师已接单或订单已结束');
    return this.detailOf((await findOrder(this.deps.db, orderId)) ?? released);
  }

  /** One batch in one transaction; if it fails as a whole, each create alone (so only the bad one fails). */
  private async writeBatch(items: NewOrder[]): Promise<Array<Settled<Written>>> {
    try {
      return await this.deps.db.transaction().execute((trx) => this.writeIn(trx, items));
    } catch (err) {
      if (items.length === 1) return [{ ok: false, error: err }];
      const results: Array<Settled<Written>> = [];
      for (const item of items) results.push(...(await this.writeBatch([item])));
      return results;
    }
  }

  /**
   * The checks of every create of the batch from one query, in the order they came (as if one
   * after the other: a second create of the same person in a batch sees the first one's order),
   * then the new orders and their timers in two statements.
   */
  private async writeIn(trx: Q, items: NewOrder[]): Promise<Array<Settled<Written>>> {
    const userIds = [...new Set(items.map((i) => i.userId))].sort((a, b) => a - b);
    await this.lockUsers(trx, userIds);
    const dayStart = Math.min(...items.map((i) => beijingDayStart(i.now)));
    const existing = await trx
      .selectFrom('call_orders')
      .select(['id', 'user_id', 'state', 'closed_by', 'closed_at', 'created_at'])
      .where('user_id', 'in', userIds)
      .where((eb) =>
        eb.or([
          eb('state', 'in', OPEN_STATES),
          eb.and([eb('closed_by', '=', 'user'), eb('closed_at', '>=', dayStart)]),
        ]),
      )
      .execute();
    const byUser = new Map<number, typeof existing>();
    for (const row of existing) {
      const list = byUser.get(row.user_id) ?? [];
      list.push(row);
      byUser.set(row.user_id, list);
    }
    const { promiseMs, giveUpMs, retryMs } = this.deps.config;
    const placed = new Set<number>();
    const rows: CallOrderRow[] = [];
    const jobs: JobSpec[] = [];
    const results = items.map((item): Settled<Written> => {
      const mine = byUser.get(item.userId) ?? [];
      const unpaid = mine
        .filter((r) => UNPAID_STATES.includes(r.state))
        .sort((a, b) => a.created_at - b.created_at)[0];
      if (unpaid)
        return { ok: true, value: { result: { orderId: null, unpaidOrderId: unpaid.id }, row: null } };
      const dayOf = beijingDayStart(item.now);
      const cancelled = mine.filter(
        (r) => r.closed_by === 'user' && r.closed_at !== null && r.closed_at >= dayOf,
      ).length;
      if (cancelled >= DAILY_CANCEL_LIMIT) return { ok: false, error: tooMany(CANCEL_LIMIT_MESSAGE) };
      if (placed.has(item.userId) || mine.some((r) => ONGOING_STATES.includes(r.state))) {
        return { ok: false, error: conflict('您有正在进行中的电话咨询，请等待律师回电') };
      }
      placed.add(item.userId);
      const { now, input, options, channel } = item;
      const id = newCallOrderId(now);
      const requested = options.requestedLawyerId ?? null;
      const waitUntil = requested !== null ? now + REQUESTED_LAWYER_WAIT_MS : null;
      const callback = options.callback ?? null;
      // The promise: 60 s for an order to anyone; the wait for a requested lawyer; a callback's
      // time (+60 s). The give-up: giveUpMs after it; a callback closes at the end of that day's hours.
      const promiseDeadline = callback ? callback.scheduledAt + promiseMs : (waitUntil ?? now + promiseMs);
      const giveUpAt = callback ? callback.closesAt : (waitUntil ?? now) + giveUpMs;
      const row: CallOrderRow = {
        id,
        user_id: item.userId,
        channel_key: channel.channel,
        consult_field: input.consultField,
        user_remark: input.userRemark,
        user_location: input.userLocation ?? '',
        expect_time: input.expectTime ?? '',
        state: callback ? CallOrderState.scheduled : CallOrderState.dispatching,
        lawyer_id: null,
        preferred_lawyer_id: options.preferredLawyerId ?? requested,
        continued_from: options.continuedFrom ?? null,
        charge: channel.payType,
        unit_price_fen: yuanToFen(channel.price),
        billable_units: null,
        amount_fen: null,
        payable_fen: null,
        earnings_fen: null,
        free_reason: null,
        count_card_id: null,
        subs_id: null,
        secret_no: null,
        started_at: null,
        ended_at: null,
        duration_s: null,
        cancel_reason: null,
        closed_by: null,
        closed_at: null,
        promise_deadline: promiseDeadline,
        give_up_at: giveUpAt,
        attempts: 0,
        autopilot: 0,
        created_at: now,
        updated_at: now,
        version: 0,
        requested_lawyer_id: requested,
        request_state: requested !== null ? RequestedLawyerState.waiting : null,
        request_wait_until: waitUntil,
        scheduled_at: callback?.scheduledAt ?? null,
      };
      rows.push(row);
      jobs.push({ kind: CallJob.giveUp, runAt: giveUpAt, payload: { orderId: id } });
      if (callback) {
        // A callback request: opened (then dispatched) at its time by a persisted job.
        jobs.push({
          kind: CallJob.open,
          runAt: callback.scheduledAt,
          payload: { orderId: id },
          key: `open:${id}`,
        });
        return { ok: true, value: { result: { orderId: id, unpaidOrderId: null }, row } };
      }
      // Persisted with the order: a crash before the first offer still dispatches after restart.
      jobs.push({
        kind: CallJob.dispatch,
        runAt: now + retryMs,
        payload: { orderId: id },
        key: `dispatch:${id}`,
      });
      if (waitUntil !== null) {
        jobs.push({ kind: CallJob.requestExpire, runAt: waitUntil, payload: { orderId: id } });
      }
      const autopilot = this.deps.engine.autopilotJob(id, now);
      if (autopilot) jobs.push(autopilot);
      return { ok: true, value: { result: { orderId: id, unpaidOrderId: null }, row } };
    });
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('call_orders')
        .values(rows.slice(i, i + INSERT_CHUNK))
        .execute();
    }
    for (let i = 0; i < jobs.length; i += INSERT_CHUNK) {
      await this.deps.jobs.enqueueMany(jobs.slice(i, i + INSERT_CHUNK), trx);
    }
    return results;
  }

  async detail(userId: number, orderId: string): Promise<CallOrderDetail> {
    return this.detailOf(await this.own(userId, orderId));
  }

  async detailOf(row: CallOrderRow): Promise<CallOrderDetail> {
    const waiting = waitingStates.includes(row.state as never);
    const paid = row.state === CallOrderState.toEvaluate || row.state === CallOrderState.evaluated;
    const [lawyer, evaluation, isMember, onlineLawyers, requested, serviceHours, payments] =
      await Promise.all([
        row.lawyer_id !== null ? findLawyer(this.deps.db, row.lawyer_id) : Promise.resolve(undefined),
        this.deps.db.selectFrom('evaluations').selectAll().where('order_id', '=', row.id).executeTakeFirst(),
        this.deps.engine.isMember(row.user_id),
        waiting ? this.deps.engine.onlineLawyerCount() : Promise.resolve(1),
        this.requestedOf(row),
        waiting ? this.serviceHoursOf(row.channel_key) : Promise.resolve(DEFAULT_SERVICE_HOURS),
        paid && (row.payable_fen ?? 0) > 0 ? paidInfoOf(this.deps.db, [row.id]) : Promise.resolve(new Map()),
      ]);
    return detailView({
      row,
      lawyer,
      requested,
      evaluation,
      isMember,
      onlineLawyers,
      serviceHours,
      payment: payments.get(row.id) ?? null,
      now: this.now(),
    });
  }

  /** The requested lawyer of an order and their presence now (busy while in a call). */
  private async requestedOf(row: CallOrderRow): Promise<RequestedInput> {
    if (row.requested_lawyer_id === null) return null;
    const lawyer = await findLawyer(this.deps.db, row.requested_lawyer_id);
    if (!lawyer) return null;
    return { lawyer, presence: await this.deps.engine.presenceOf(lawyer.id) };
  }

  private async serviceHoursOf(channelKey: string): Promise<string> {
    const row = await this.deps.db
      .selectFrom('channels')
      .select('service_hours')
      .where('key', '=', channelKey)
      .executeTakeFirst();
    return row?.service_hours || DEFAULT_SERVICE_HOURS;
  }

  async unpaid(userId: number): Promise<UnpaidCallOrder[]> {
    const rows = await this.deps.db
      .selectFrom('call_orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('state', 'in', UNPAID_STATES)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((row) => ({
      orderId: row.id,
      status: CallOrderProjection[row.state as CallOrderState].callStatus,
      consultField: row.consult_field,
      consultFieldName: consultFieldName(row.consult_field) ?? '',
      payable: fenToYuan(row.payable_fen ?? 0),
      createdAt: row.created_at,
    }));
  }

  async cancel(userId: number, input: CancelCallOrder): Promise<CallOrderDetail> {
    const order = await this.own(userId, input.orderId);
    const preset = input.reasonId ? CancelReasons.find((r) => r.id === input.reasonId) : undefined;
    if (input.reasonId && !preset) throw badRequest('请选择有效的取消原因');
    const reason = [preset?.name, input.reason].filter(Boolean).join('：') || '用户取消';
    const updated = await this.deps.engine.cancel(order, reason);
    return this.detailOf(updated);
  }

  /** keepWaiting / rematch: only once the 60 s promise has passed without a lawyer. */
  async renew(userId: number, orderId: string, event: 'keepWaiting' | 'rematch'): Promise<CallOrderDetail> {
    const order = await this.own(userId, orderId);
    if (dispatchingStates.includes(order.state as never) && this.now() < order.promise_deadline) {
      throw conflict('正在为您匹配律师，请稍候');
    }
    const updated = await this.deps.engine.renewPromise(order, event);
    return this.detailOf((await findOrder(this.deps.db, orderId)) ?? updated);
  }

  /** order/continueConsultOrder: a new order for the same question, the same lawyer offered first. */
  async continueWith(userId: number, channel: ChannelData, orderId: string): Promise<CreateCallOrderResult> {
    const order = await this.own(userId, orderId);
    const state = order.state as CallOrderState;
    const finished = [CallOrderState.toEvaluate, CallOrderState.evaluated, CallOrderState.closed].includes(
      state as never,
    );
    if (order.lawyer_id === null || !finished) throw conflict('该订单暂不能继续咨询');
    return this.create(
      userId,
      channel,
      {
        consultField: order.consult_field,
        userRemark: order.user_remark,
        userLocation: order.user_location,
        expectTime: order.expect_time,
      },
      { preferredLawyerId: order.lawyer_id, continuedFrom: order.id },
    );
  }

  async evaluate(userId: number, input: EvaluateOrder): Promise<CallOrderDetail> {
    const order = await this.own(userId, input.orderId);
    const tagIds = checkedTagIds(input.tagIds);
    const now = this.now();
    await this.deps.db.transaction().execute(async (trx) => {
      await this.deps.engine.transition(order.id, 'evaluate', () => ({}), {
        db: trx,
        refused: (o) => conflict(o.state === CallOrderState.evaluated ? '该订单已评价' : '订单当前不能评价'),
      });
      await recordEvaluation(trx, {
        orderId: order.id,
        userId,
        lawyerId: order.lawyer_id,
        stars: input.stars,
        tagIds,
        content: input.content,
        now,
      });
    });
    return this.detail(userId, order.id);
  }

  private async lawyersOf(rows: CallOrderRow[]): Promise<Map<number, LawyerRow>> {
    const ids = [...new Set(rows.map((r) => r.lawyer_id).filter((id): id is number => id !== null))];
    if (ids.length === 0) return new Map();
    const lawyers = await this.deps.db
      .selectFrom('lawyers')
      .select(['id', 'user_id', 'real_name', 'face_url', 'lawyer_level', 'skill_field', 'mobile', 'law_firm'])
      .where('id', 'in', ids)
      .execute();
    return new Map(lawyers.map((l) => [l.id, l]));
  }

  /** Product orders (cards, services; issue 6) and service orders (issue 14) listed next to phone orders. */
  private readonly others: OtherOrders[] = [];

  addOtherOrders(source: OtherOrders): void {
    this.others.push(source);
  }

  /** order/evaluateOrder with a service order's id ('S…'; issue 14). */
  private serviceEvaluator: ((userId: number, input: EvaluateOrder) => Promise<ServiceOrderDetail>) | null =
    null;

  setServiceEvaluator(evaluate: (userId: number, input: EvaluateOrder) => Promise<ServiceOrderDetail>): void {
    this.serviceEvaluator = evaluate;
  }

  /** order/evaluateOrder: phone orders here, service orders by their module. */
  async evaluateAny(userId: number, input: EvaluateOrder): Promise<CallOrderDetail | ServiceOrderDetail> {
    if (input.orderId.startsWith('S')) {
      if (!this.serviceEvaluator) throw notFound('订单不存在');
      return this.serviceEvaluator(userId, input);
    }
    return this.evaluate(userId, input);
  }

  async list(
    userId: number,
    tab: OrderListTab,
    page: number,
    limit: number,
  ): Promise<PageResult<OrderListItem>> {
    const states = [...CallOrderTabStates[tab]] as string[];
    const base = this.deps.db
      .selectFrom('call_orders')
      .where('user_id', '=', userId)
      .where('state', 'in', states);
    const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    // Both lists newest first: the first page*limit of each, merged, hold the page.
    const take = page * limit;
    const rows = await base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(take)
      .execute();
    const lawyers = await this.lawyersOf(rows);
    const payments = await paidInfoOf(
      this.deps.db,
      rows
        .filter(
          (r) =>
            (r.payable_fen ?? 0) > 0 && (CallOrderTabStates.finished as readonly string[]).includes(r.state),
        )
        .map((r) => r.id),
    );
    const now = this.now();
    const calls = rows.map((r) =>
      listItemView(
        r,
        r.lawyer_id !== null ? lawyers.get(r.lawyer_id) : undefined,
        payments.get(r.id) ?? null,
        now,
      ),
    );
    const others = { items: [] as OrderListItem[], total: 0 };
    for (const source of this.others) {
      const more = await source.listItems(userId, tab, take);
      others.items.push(...more.items);
      others.total += more.total;
    }
    const merged = [...calls, ...others.items].sort(
      (a, b) => b.createdAt - a.createdAt || (a.orderId < b.orderId ? 1 : -1),
    );
    const total = Number(counted.n) + others.total;
    const list = merged.slice((page - 1) * limit, page * limit);
    return { list, total, page, limit, hasMore: (page - 1) * limit + list.length < total };
  }

  async statusCount(userId: number): Promise<OrderStatusCount> {
    const rows = await this.deps.db
      .selectFrom('call_orders')
      .select(['state'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .groupBy('state')
      .execute();
    const count: OrderStatusCount = { ongoing: 0, unpaid: 0, finished: 0, cancelled: 0 };
    for (const row of rows) {
      for (const tab of Object.keys(count) as OrderListTab[]) {
        if ((CallOrderTabStates[tab] as readonly string[]).includes(row.state)) count[tab] += Number(row.n);
      }
    }
    for (const source of this.others) {
      const extra = await source.statusCount(userId);
      for (const tab of Object.keys(count) as OrderListTab[]) count[tab] += extra[tab];
    }
    return count;
  }

  /** order/dynamic: the latest finished calls, lawyer names masked ('张**律师 3分钟前 为用户解答了婚姻家庭问题'). */
  async dynamic(): Promise<string[]> {
    const rows = await this.deps.db
      .selectFrom('call_orders as o')
      .innerJoin('lawyers as l', 'l.id', 'o.lawyer_id')
      .select(['l.real_name', 'o.consult_field', 'o.ended_at', 'o.updated_at'])
      .where('o.state', 'in', [
        CallOrderState.paymentDue,
        CallOrderState.paySubmitted,
        CallOrderState.toEvaluate,
        CallOrderState.evaluated,
      ])
      .orderBy('o.updated_at', 'desc')
      .limit(10)
      .execute();
    const now = this.now();
    return rows.map((r) => {
      const at = Math.min(now, r.ended_at ?? r.updated_at);
      return `${r.real_name.slice(0, 1)}**律师 ${articleAgeText(at, now)} 为用户解答了${consultTopicText(r.consult_field)}`;
    });
  }
}
