import {
  CallCloseReason,
  type CallOrderEvent,
  CallOrderState,
  Charge,
  computeCallBill,
  consultFieldName,
  dispatchingStates,
  MemberRight,
  OFFER_TAKEN_MESSAGE,
  PhoneCountRight,
} from '@lawline/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { CallsConfig } from '../../config.ts';
import type { Db, DbKind } from '../../db/database.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import {
  parseBeijingTime,
  type SecretReport,
  type TelephonyProvider,
} from '../../providers/telephony/port.ts';
import { SandboxTelephonyProvider } from '../../providers/telephony/sandbox.ts';
import type { JobService, JobSpec } from '../jobs/service.ts';
import type { NotificationService } from '../messages/service.ts';
import type { RealtimeService } from '../realtime/service.ts';
import type { MembershipService } from '../users/membership.ts';
import {
  applyTransition,
  type CallOrderPatch,
  type CallOrderRow,
  findLawyer,
  findOrder,
  lockOrder,
  type Q,
  stateOf,
  TransitionRefused,
} from './repo.ts';

/** Job kinds of the phone consultation (all restart-safe: the timers live in the jobs table). */
export const CallJob = {
  /** Offer the order to the next suitable lawyer (also the retry while nobody is free). */
  dispatch: 'calls.dispatch',
  /** An offer's 20 s are up: move on. */
  offerExpire: 'calls.offerExpire',
  /** Nobody accepted for DISPATCH_GIVE_UP_MS: close the order. */
  giveUp: 'calls.giveUp',
  /** Bind the masked numbers again after a failed attempt. */
  bind: 'calls.bind',
  /** Sandbox autopilot lawyer: take the order … */
  autopilotAccept: 'calls.autopilotAccept',
  /** … and hang up after AUTOPILOT_CALL_MS. */
  autopilotHangup: 'calls.autopilotHangup',
} as const;

export type CallEngineDeps = {
  db: Db;
  dbKind: DbKind;
  clock: () => number;
  config: CallsConfig;
  jobs: JobService;
  realtime: RealtimeService;
  notifications: NotificationService;
  membership: MembershipService;
  telephony: TelephonyProvider;
  log: FastifyBaseLogger;
};

const ACTIVE_CALL_STATES = [CallOrderState.assigned, CallOrderState.inCall];

type FreeLawyer = { id: number; skill_field: string; last_offer_at: number | null };

/**
 * The life of a call order after it was placed: dispatch to lawyers (offers, expiry, give-up),
 * acceptance, the masked call, the call records and the bill. Every state change goes through
 * `applyTransition` (repo.ts); every timer is a persisted job.
 */
export class CallEngine {
  /** Where sandbox call reports go: set by the app to POST them to our own callback path. */
  private reportSink: (reports: SecretReport[]) => Promise<void>;

  constructor(private readonly deps: CallEngineDeps) {
    this.reportSink = async (reports) => {
      await this.applyReports(reports);
    };
    const { jobs } = deps;
    // Due dispatch timers run together: one look at who is free serves all of them.
    jobs.registerBatch(CallJob.dispatch, async (payloads: Array<{ orderId: string }>) =>
      this.dispatchDue(payloads.map((p) => p.orderId)),
    );
    jobs.register(CallJob.offerExpire, async (p: { offerId: number }) => this.expireOffer(p.offerId));
    jobs.register(CallJob.giveUp, async (p: { orderId: string }) => this.giveUp(p.orderId));
    jobs.register(CallJob.bind, async (p: { orderId: string }) => this.bind(p.orderId, true));
    jobs.register(CallJob.autopilotAccept, async (p: { orderId: string }) => this.autopilotAccept(p.orderId));
    jobs.register(CallJob.autopilotHangup, async (p: { orderId: string; lawyerId?: number }) =>
      this.autopilotHangup(p.orderId, p.lawyerId),
    );
  }

  setReportSink(sink: (reports: SecretReport[]) => Promise<void>): void {
    this.reportSink = sink;
  }

  get telephony(): TelephonyProvider {
    return this.deps.telephony;
  }

  private now(): number {
    return this.deps.clock();
  }

  /**
   * Applies `event` to the order with the optimistic guard, re-reading and retrying when another
   * change won the race. `patch` sees the fresh row. Answers the new row; throws AppError 409 when
   * the table refuses the event (or `refused` maps it), 404 when the order is gone.
   */
  async transition(
    orderId: string,
    event: CallOrderEvent,
    patch: (order: CallOrderRow) => CallOrderPatch = () => ({}),
    options: { db?: Q; refused?: (order: CallOrderRow) => AppError } = {},
  ): Promise<CallOrderRow> {
    const db = options.db ?? this.deps.db;
    for (let attempt = 0; attempt < 5; attempt++) {
      const order = await findOrder(db, orderId);
      if (!order) throw notFound('订单不存在');
      try {
        const updated = await applyTransition(db, order, event, patch(order), this.now());
        if (updated) return updated;
      } catch (err) {
        if (err instanceof TransitionRefused) {
          throw options.refused?.(order) ?? conflict('订单状态已变化，请刷新后重试');
        }
        throw err;
      }
    }
    throw conflict('订单正在处理中，请稍后重试');
  }

  // -------------------------------------------------------------------------------------------
  // Dispatch
  // -------------------------------------------------------------------------------------------

  async onlineLawyerCount(): Promise<number> {
    // With the sandbox autopilot a lawyer is always on the way: don't tell people nobody is online.
    if (this.deps.config.autopilot.enabled && this.deps.telephony instanceof SandboxTelephonyProvider)
      return 1;
    const row = await this.deps.db
      .selectFrom('lawyer_presence')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', ['online', 'busy'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Lawyers assigned to an order whose call is not over yet. */
  private async lawyersInCall(): Promise<Set<number | null>> {
    const rows = await this.deps.db
      .selectFrom('call_orders')
      .select('lawyer_id')
      .where('state', 'in', ACTIVE_CALL_STATES)
      .where('lawyer_id', 'is not', null)
      .execute();
    return new Set(rows.map((r) => r.lawyer_id));
  }

  /** Online lawyers not holding an open offer and not in a call: who could take an order now. */
  private async freeLawyers(): Promise<FreeLawyer[]> {
    const now = this.now();
    const { db } = this.deps;
    const online = await db
      .selectFrom('lawyer_presence as p')
      .innerJoin('lawyers as l', 'l.id', 'p.lawyer_id')
      .select(['l.id', 'l.skill_field', 'p.last_offer_at'])
      .where('p.status', '=', 'online')
      .execute();
    if (online.length === 0) return [];
    const engaged = new Set(
      (
        await db
          .selectFrom('call_offers')
          .select('lawyer_id')
          .where('outcome', 'is', null)
          .where('expires_at', '>', now)
          .execute()
      ).map((r) => r.lawyer_id),
    );
    const inCall = await this.lawyersInCall();
    return online.filter((l) => !engaged.has(l.id) && !inCall.has(l.id));
  }

  /** Online lawyers free to take this order, best first (see the ranking below). */
  private async candidates(order: CallOrderRow, free?: FreeLawyer[]): Promise<number[]> {
    const lawyers = free ?? (await this.freeLawyers());
    if (lawyers.length === 0) return [];
    const history = await this.deps.db
      .selectFrom('call_offers')
      .select(['lawyer_id', 'outcome'])
      .where('order_id', '=', order.id)
      .execute();
    const declined = new Set(history.filter((h) => h.outcome === 'declined').map((h) => h.lawyer_id));
    const offeredCount = new Map<number, number>();
    for (const h of history) offeredCount.set(h.lawyer_id, (offeredCount.get(h.lawyer_id) ?? 0) + 1);
    const field = String(order.consult_field);
    // Ranking: the lawyer asked for again (continueConsultOrder); then a whole-code skill match
    // (others are the generalist fall-back); then who was offered this order least often; then who
    // waited longest for an offer; then the lowest id (stable).
    return lawyers
      .filter((l) => !declined.has(l.id))
      .map((l) => ({
        id: l.id,
        preferred: order.preferred_lawyer_id === l.id ? 0 : 1,
        match: l.skill_field.split(',').includes(field) ? 0 : 1,
        offered: offeredCount.get(l.id) ?? 0,
        last: l.last_offer_at ?? 0,
      }))
      .sort(
        (a, b) =>
          a.preferred - b.preferred ||
          a.match - b.match ||
          a.offered - b.offered ||
          a.last - b.last ||
          a.id - b.id,
      )
      .map((c) => c.id);
  }

  /**
   * One dispatch attempt: 'offered' to the best free lawyer, 'none' free for it (the caller looks
   * again later), or 'gone' (not waiting any more, or another change won the race).
   */
  private async tryDispatch(
    orderId: string,
    known: { order?: CallOrderRow; free?: FreeLawyer[] } = {},
  ): Promise<'offered' | 'none' | 'gone'> {
    const row = known.order ?? (await findOrder(this.deps.db, orderId));
    if (!row || row.state !== CallOrderState.dispatching) return 'gone';
    const [lawyerId] = await this.candidates(row, known.free);
    if (lawyerId === undefined) return 'none';
    return (await this.offerTo(row, lawyerId)) ? 'offered' : 'gone';
  }

  /** Offers a dispatching order to the best free lawyer, or looks again later. Idempotent. */
  async dispatchNext(orderId: string): Promise<void> {
    if ((await this.tryDispatch(orderId)) !== 'none') return;
    await this.deps.jobs.schedule(
      CallJob.dispatch,
      `dispatch:${orderId}`,
      this.now() + this.deps.config.retryMs,
      {
        orderId,
      },
    );
  }

  /**
   * The first offers of orders just placed (their dispatch timers are already in the jobs table, so
   * an order this does not reach is looked at again by its timer). Never throws: a failure leaves
   * the order to its timer. A new order has no offer history, so when nobody is free for one of
   * them nobody is free for the ones after it.
   */
  async dispatchNew(orders: CallOrderRow[]): Promise<void> {
    let free: FreeLawyer[];
    try {
      free = await this.freeLawyers();
    } catch (err) {
      this.deps.log.error({ err }, 'dispatch of new orders failed');
      return;
    }
    if (free.length === 0) return;
    for (const [i, order] of orders.entries()) {
      try {
        // Who is free was just read for the first; an offer changes it for the next ones.
        const outcome = await this.tryDispatch(order.id, { order, free: i === 0 ? free : undefined });
        if (outcome === 'none') return;
      } catch (err) {
        this.deps.log.error({ err, orderId: order.id }, 'dispatch of a new order failed');
      }
    }
  }

  /**
   * Due dispatch timers (one job per waiting order, every retryMs while nobody suitable is free):
   * the orders are read in one query and, when no lawyer is free at all, all of them are due again
   * without a query each. Answers per order: again at now + retryMs, or done.
   */
  async dispatchDue(orderIds: string[]): Promise<Array<{ again: number } | { error: unknown } | undefined>> {
    const again = { again: this.now() + this.deps.config.retryMs };
    const rows = await this.deps.db
      .selectFrom('call_orders')
      .selectAll()
      .where('id', 'in', orderIds)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const waiting = (id: string) => byId.get(id)?.state === CallOrderState.dispatching;
    if (!orderIds.some(waiting)) return orderIds.map(() => undefined);
    if ((await this.freeLawyers()).length === 0) {
      return orderIds.map((id) => (waiting(id) ? again : undefined));
    }
    const results: Array<{ again: number } | { error: unknown } | undefined> = [];
    for (const id of orderIds) {
      if (!waiting(id)) {
        results.push(undefined);
        continue;
      }
      // Each attempt reads the order again: an offer just made changes who is free.
      try {
        results.push((await this.tryDispatch(id)) === 'none' ? again : undefined);
      } catch (error) {
        results.push({ error });
      }
    }
    return results;
  }

  /** The timer of a new order's sandbox autopilot (sandbox with SANDBOX_AUTOPILOT=1), else null. */
  autopilotJob(orderId: string, now: number): JobSpec | null {
    const { autopilot } = this.deps.config;
    if (!autopilot.enabled || !(this.deps.telephony instanceof SandboxTelephonyProvider)) return null;
    return { kind: CallJob.autopilotAccept, runAt: now + autopilot.acceptMs, payload: { orderId } };
  }

  /** dispatching → offered to one lawyer for offerTtlMs; '104' to the lawyer. False when the order moved. */
  private async offerTo(order: CallOrderRow, lawyerId: number): Promise<boolean> {
    const now = this.now();
    const expiresAt = now + this.deps.config.offerTtlMs;
    const offerId = await this.deps.db.transaction().execute(async (trx) => {
      const updated = await applyTransition(trx, order, 'offer', { attempts: order.attempts + 1 }, now).catch(
        (err: unknown) => {
          if (err instanceof TransitionRefused) return null;
          throw err;
        },
      );
      if (!updated) return null;
      const offer = await trx
        .insertInto('call_offers')
        .values({
          order_id: order.id,
          lawyer_id: lawyerId,
          offered_at: now,
          expires_at: expiresAt,
          outcome: null,
          answered_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('lawyer_presence')
        .set({ last_offer_at: now })
        .where('lawyer_id', '=', lawyerId)
        .execute();
      await this.deps.jobs.enqueue(
        CallJob.offerExpire,
        expiresAt,
        { offerId: offer.id, orderId: order.id },
        { trx },
      );
      return offer.id;
    });
    if (offerId === null) return false;
    const lawyer = await findLawyer(this.deps.db, lawyerId);
    if (lawyer) await this.emit(lawyer.user_id, '104', { orderId: order.id, expiresAt });
    return true;
  }

  /** An offer's time is up: offered → dispatching, then the next lawyer. */
  async expireOffer(offerId: number): Promise<void> {
    const now = this.now();
    const offer = await this.deps.db
      .selectFrom('call_offers')
      .selectAll()
      .where('id', '=', offerId)
      .executeTakeFirst();
    if (!offer || offer.outcome !== null) return;
    if (offer.expires_at > now) {
      // Not yet (a clock moved back): look again then.
      await this.deps.jobs.enqueue(CallJob.offerExpire, offer.expires_at, {
        offerId,
        orderId: offer.order_id,
      });
      return;
    }
    const lapsed = await this.lapseOffer(offer.order_id, offerId, 'expired');
    if (lapsed) await this.notifyOfferClosed(offer.lawyer_id, offer.order_id, 'expired');
    await this.dispatchNext(offer.order_id);
  }

  /** Closes one open offer with `outcome` and moves the order offered → dispatching (one transaction). */
  private async lapseOffer(orderId: string, offerId: number, outcome: 'expired' | 'declined' | 'withdrawn') {
    const now = this.now();
    return this.deps.db.transaction().execute(async (trx) => {
      await lockOrder(trx, orderId, this.deps.dbKind);
      const closed = await trx
        .updateTable('call_offers')
        .set({ outcome, answered_at: now })
        .where('id', '=', offerId)
        .where('outcome', 'is', null)
        .executeTakeFirst();
      if (Number(closed.numUpdatedRows) !== 1) return false;
      const order = await findOrder(trx, orderId);
      if (order?.state === CallOrderState.offered) {
        await this.transition(orderId, 'offerLapsed', () => ({}), { db: trx });
      }
      return true;
    });
  }

  /** Withdraws every open offer of the order (cancel, give-up, autopilot); answers the lawyers told. */
  private async withdrawOffers(
    orderId: string,
    reason: 'taken' | 'cancelled',
    db: Q = this.deps.db,
  ): Promise<number[]> {
    const open = await db
      .selectFrom('call_offers')
      .select(['id', 'lawyer_id'])
      .where('order_id', '=', orderId)
      .where('outcome', 'is', null)
      .execute();
    if (open.length === 0) return [];
    await db
      .updateTable('call_offers')
      .set({ outcome: 'withdrawn', answered_at: this.now() })
      .where(
        'id',
        'in',
        open.map((o) => o.id),
      )
      .where('outcome', 'is', null)
      .execute();
    void reason;
    return open.map((o) => o.lawyer_id);
  }

  private async notifyOfferClosed(
    lawyerId: number,
    orderId: string,
    reason: 'accepted' | 'taken' | 'expired' | 'declined' | 'cancelled',
  ): Promise<void> {
    const lawyer = await findLawyer(this.deps.db, lawyerId);
    if (lawyer) await this.emit(lawyer.user_id, '105', { orderId, reason });
  }

  /** Nobody accepted in time: close the order (99) and tell the person. */
  async giveUp(orderId: string): Promise<void> {
    const order = await findOrder(this.deps.db, orderId);
    if (!order || !dispatchingStates.includes(stateOf(order))) return;
    if (order.give_up_at !== null && order.give_up_at > this.now()) return; // moved by keepWaiting/rematch
    const reason =
      (await this.onlineLawyerCount()) === 0
        ? CallCloseReason.noLawyerOnline
        : CallCloseReason.noLawyerAccepted;
    const told = await this.deps.db.transaction().execute(async (trx) => {
      await lockOrder(trx, orderId, this.deps.dbKind);
      const lawyers = await this.withdrawOffers(orderId, 'cancelled', trx);
      await this.transition(
        orderId,
        'giveUp',
        () => ({ cancel_reason: reason, closed_by: 'system', closed_at: this.now() }),
        { db: trx },
      );
      return lawyers;
    });
    for (const lawyerId of told) await this.notifyOfferClosed(lawyerId, orderId, 'cancelled');
    await this.notify(order.user_id, '电话咨询已关闭', `${reason}。您可以稍后重新发起咨询。`);
  }

  /** Person cancels (dispatching, offered or assigned); the caller checked ownership. */
  async cancel(order: CallOrderRow, reason: string): Promise<CallOrderRow> {
    const refused = () => conflict('律师已在通话或订单已结束，无法取消');
    const { updated, told } = await this.deps.db.transaction().execute(async (trx) => {
      await lockOrder(trx, order.id, this.deps.dbKind);
      const told = await this.withdrawOffers(order.id, 'cancelled', trx);
      const updated = await this.transition(
        order.id,
        'cancel',
        () => ({ cancel_reason: reason, closed_by: 'user', closed_at: this.now() }),
        { db: trx, refused },
      );
      return { updated, told };
    });
    for (const lawyerId of told) await this.notifyOfferClosed(lawyerId, order.id, 'cancelled');
    if (order.lawyer_id !== null) {
      await this.afterCall(updated);
      await this.notifyOfferClosed(order.lawyer_id, order.id, 'cancelled');
    }
    return updated;
  }

  /** keepWaiting / rematch: a new 60 s promise (rematch also drops the current offer). */
  async renewPromise(order: CallOrderRow, event: 'keepWaiting' | 'rematch'): Promise<CallOrderRow> {
    const now = this.now();
    const { promiseMs, giveUpMs } = this.deps.config;
    const refused = () => conflict('律师已接单或订单已结束');
    const { updated, told } = await this.deps.db.transaction().execute(async (trx) => {
      await lockOrder(trx, order.id, this.deps.dbKind);
      const told = event === 'rematch' ? await this.withdrawOffers(order.id, 'taken', trx) : [];
      const updated = await this.transition(
        order.id,
        event,
        () => ({ promise_deadline: now + promiseMs, give_up_at: now + giveUpMs }),
        { db: trx, refused },
      );
      await this.deps.jobs.enqueue(CallJob.giveUp, now + giveUpMs, { orderId: order.id }, { trx });
      return { updated, told };
    });
    for (const lawyerId of told) await this.notifyOfferClosed(lawyerId, order.id, 'taken');
    if (event === 'rematch') await this.dispatchNext(order.id);
    return updated;
  }

  // -------------------------------------------------------------------------------------------
  // Lawyers: presence, accept, decline
  // -------------------------------------------------------------------------------------------

  async presenceOf(lawyerId: number): Promise<'online' | 'offline' | 'busy'> {
    const row = await this.deps.db
      .selectFrom('lawyer_presence')
      .select('status')
      .where('lawyer_id', '=', lawyerId)
      .executeTakeFirst();
    return row?.status === 'online' || row?.status === 'busy' ? row.status : 'offline';
  }

  /** online / offline by the lawyer (busy is kept during a call; the choice applies after it). */
  async setPresence(lawyerId: number, status: 'online' | 'offline', afterCallOnly = false): Promise<string> {
    const now = this.now();
    const { db } = this.deps;
    const current = await db
      .selectFrom('lawyer_presence')
      .selectAll()
      .where('lawyer_id', '=', lawyerId)
      .executeTakeFirst();
    if (!current) {
      await db
        .insertInto('lawyer_presence')
        .values({ lawyer_id: lawyerId, status, after_call: status, last_offer_at: null, updated_at: now })
        .onConflict((oc) =>
          oc.column('lawyer_id').doUpdateSet({ status, after_call: status, updated_at: now }),
        )
        .execute();
    } else if (current.status === 'busy' || afterCallOnly) {
      await db
        .updateTable('lawyer_presence')
        .set({ after_call: status, updated_at: now })
        .where('lawyer_id', '=', lawyerId)
        .execute();
    } else {
      await db
        .updateTable('lawyer_presence')
        .set({ status, after_call: status, updated_at: now })
        .where('lawyer_id', '=', lawyerId)
        .execute();
    }
    if (status === 'offline') {
      // Open offers go to someone else at once.
      const open = await db
        .selectFrom('call_offers')
        .select(['id', 'order_id'])
        .where('lawyer_id', '=', lawyerId)
        .where('outcome', 'is', null)
        .execute();
      for (const offer of open) {
        if (await this.lapseOffer(offer.order_id, offer.id, 'withdrawn'))
          await this.dispatchNext(offer.order_id);
      }
    } else {
      await this.dispatchWaiting();
    }
    return this.presenceOf(lawyerId);
  }

  /** Offers every waiting order again (a lawyer came online or finished a call). */
  async dispatchWaiting(): Promise<void> {
    const waiting = await this.deps.db
      .selectFrom('call_orders')
      .select('id')
      .where('state', '=', CallOrderState.dispatching)
      .orderBy('created_at')
      .limit(20)
      .execute();
    for (const { id } of waiting) await this.dispatchNext(id);
  }

  /**
   * The lawyer takes the order: their open offer is claimed and offered → assigned, in one
   * transaction. Of two lawyers accepting at once exactly one wins; the other gets 409
   * 已被其他律师接单. Then the masked numbers are bound and the person gets '102'.
   */
  async accept(lawyerId: number, orderId: string): Promise<CallOrderRow> {
    const now = this.now();
    const result = await this.deps.db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, orderId, this.deps.dbKind);
      if (!order) throw notFound('订单不存在');
      const offer = await trx
        .selectFrom('call_offers')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('lawyer_id', '=', lawyerId)
        .where('outcome', 'is', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!offer) {
        if (order.lawyer_id === lawyerId && ACTIVE_CALL_STATES.includes(stateOf(order) as never)) {
          return { order, already: true, others: [] as number[] };
        }
        throw conflict(
          order.lawyer_id === null && order.state !== CallOrderState.closed
            ? '该订单已转给其他律师'
            : OFFER_TAKEN_MESSAGE,
        );
      }
      if (offer.expires_at <= now) throw conflict('接单已超时，订单已转给其他律师');
      const claimed = await trx
        .updateTable('call_offers')
        .set({ outcome: 'accepted', answered_at: now })
        .where('id', '=', offer.id)
        .where('outcome', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw conflict(OFFER_TAKEN_MESSAGE);
      const updated = await applyTransition(trx, order, 'accept', { lawyer_id: lawyerId }, now).catch(
        (err: unknown) => {
          if (err instanceof TransitionRefused) return null;
          throw err;
        },
      );
      // Another lawyer's accept (or a cancel) changed the order first: undo the claim.
      if (!updated) throw conflict(OFFER_TAKEN_MESSAGE);
      const others = await this.withdrawOffers(orderId, 'taken', trx);
      await trx
        .insertInto('lawyer_presence')
        .values({
          lawyer_id: lawyerId,
          status: 'busy',
          after_call: 'online',
          last_offer_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('lawyer_id').doUpdateSet({ status: 'busy', updated_at: now }))
        .execute();
      return { order: updated, already: false, others };
    });
    if (result.already) return result.order;
    for (const other of result.others) await this.notifyOfferClosed(other, orderId, 'taken');
    await this.bind(orderId, false);
    const lawyer = await findLawyer(this.deps.db, lawyerId);
    if (lawyer) {
      await this.emit(result.order.user_id, '102', {
        orderId,
        lawyer: { name: lawyer.real_name, faceUrl: lawyer.face_url, level: lawyer.lawyer_level },
      });
      await this.notify(
        result.order.user_id,
        '律师已接单',
        `${lawyer.real_name}律师已接单，将通过隐私号码给您回电，请保持电话畅通。`,
      );
    }
    return (await findOrder(this.deps.db, orderId)) ?? result.order;
  }

  async decline(lawyerId: number, orderId: string): Promise<void> {
    const offer = await this.deps.db
      .selectFrom('call_offers')
      .select(['id'])
      .where('order_id', '=', orderId)
      .where('lawyer_id', '=', lawyerId)
      .where('outcome', 'is', null)
      .executeTakeFirst();
    if (!offer) throw conflict('该订单已不在您的待接单列表中');
    await this.lapseOffer(orderId, offer.id, 'declined');
    await this.dispatchNext(orderId);
  }

  // -------------------------------------------------------------------------------------------
  // Telephony: binding, call reports, bill
  // -------------------------------------------------------------------------------------------

  /** Binds A (person) and B (lawyer) to a masked number; on failure a job tries again. */
  async bind(orderId: string, fromJob: boolean): Promise<void> {
    const order = await findOrder(this.deps.db, orderId);
    if (!order || order.lawyer_id === null || order.subs_id !== null) return;
    if (!ACTIVE_CALL_STATES.includes(stateOf(order) as never)) return;
    const user = await this.deps.db
      .selectFrom('users')
      .select('mobile')
      .where('id', '=', order.user_id)
      .executeTakeFirst();
    const lawyer = await findLawyer(this.deps.db, order.lawyer_id);
    if (!user?.mobile || !lawyer) return;
    try {
      const binding = await this.deps.telephony.bindAxb({
        orderId,
        phoneA: user.mobile,
        phoneB: lawyer.mobile,
        expirationSeconds: this.deps.config.bindExpirationSeconds,
      });
      await this.deps.db
        .updateTable('call_orders')
        .set({ subs_id: binding.subsId, secret_no: binding.secretNo, updated_at: this.now() })
        .where('id', '=', orderId)
        .where('subs_id', 'is', null)
        .execute();
    } catch (err) {
      this.deps.log.error({ err, orderId }, 'masked-number binding failed');
      if (fromJob) throw err;
      await this.deps.jobs.enqueue(CallJob.bind, this.now() + 5_000, { orderId });
    }
  }

  /**
   * Applies pushed call events idempotently. A record with release_time is final: stored once
   * per call_id (a replay inserts nothing and changes nothing), then billed. A push without
   * release_time but with start_time says the call was answered (assigned → in_call).
   */
  async applyReports(reports: SecretReport[]): Promise<void> {
    for (const report of reports) {
      try {
        await this.applyReport(report);
      } catch (err) {
        this.deps.log.error({ err, callId: report.call_id }, 'call report not applied');
      }
    }
  }

  private async orderOfReport(report: SecretReport): Promise<CallOrderRow | undefined> {
    if (report.out_id) {
      const byOut = await findOrder(this.deps.db, report.out_id);
      if (byOut) return byOut;
    }
    if (report.sub_id) {
      return this.deps.db
        .selectFrom('call_orders')
        .selectAll()
        .where('subs_id', '=', report.sub_id)
        .executeTakeFirst();
    }
    return undefined;
  }

  private async applyReport(report: SecretReport): Promise<void> {
    const now = this.now();
    const start = parseBeijingTime(report.start_time);
    const release = parseBeijingTime(report.release_time);
    const order = await this.orderOfReport(report);
    if (release === null) {
      if (start !== null && order?.state === CallOrderState.assigned) {
        await this.transition(order.id, 'callStarted', () => ({ started_at: start })).catch(
          (err: unknown) => {
            if (!(err instanceof AppError)) throw err; // already moved on: nothing to do
          },
        );
      }
      return;
    }
    const connected = start !== null && release > start;
    const durationSeconds = connected ? Math.floor((release - (start as number)) / 1000) : 0;
    const inserted = await this.deps.db
      .insertInto('call_records')
      .values({
        call_id: report.call_id,
        order_id: order?.id ?? null,
        sub_id: report.sub_id ?? null,
        start_time: start,
        release_time: release,
        duration_s: durationSeconds,
        connected: connected ? 1 : 0,
        raw: JSON.stringify(report),
        received_at: now,
        applied_at: null,
      })
      .onConflict((oc) => oc.column('call_id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) return; // a replay
    if (order && ACTIVE_CALL_STATES.includes(stateOf(order) as never)) {
      await this.endCall(order.id, { start: connected ? start : null, release, durationSeconds });
    }
    await this.deps.db
      .updateTable('call_records')
      .set({ applied_at: this.now() })
      .where('call_id', '=', report.call_id)
      .execute();
  }

  /** The phone rights that decide the bill: unlimited (member) and a counted card use left. */
  private async phoneRights(userId: number): Promise<{ isMember: boolean; countCardId: number | null }> {
    const cards = await this.deps.membership.cardRights(userId, 'active');
    let isMember = false;
    let countCardId: number | null = null;
    for (const card of cards) {
      for (const right of card.rights) {
        if (right.rightCode === MemberRight.phoneUnlimited) isMember = true;
        if (right.rightCode === PhoneCountRight && (right.remaining ?? 1) > 0 && countCardId === null) {
          countCardId = card.id;
        }
      }
    }
    return { isMember, countCardId };
  }

  async isMember(userId: number): Promise<boolean> {
    return (await this.phoneRights(userId)).isMember;
  }

  /** The call is over: bill it (payment due or straight to evaluation), or close it when unanswered. */
  private async endCall(
    orderId: string,
    call: { start: number | null; release: number; durationSeconds: number },
  ): Promise<void> {
    const current = await findOrder(this.deps.db, orderId);
    if (!current) return;
    if (call.start === null) {
      const closed = await this.transition(orderId, 'callUnanswered', () => ({
        started_at: null,
        ended_at: call.release,
        duration_s: 0,
        cancel_reason: CallCloseReason.unanswered,
        closed_by: 'system',
        closed_at: this.now(),
      })).catch((err: unknown) => {
        if (err instanceof AppError) return null;
        throw err;
      });
      if (!closed) return;
      await this.afterCall(closed);
      await this.notify(
        closed.user_id,
        '电话未接通',
        '律师未能与您接通电话，订单已关闭，您可以再次发起咨询。',
      );
      return;
    }
    const rights = await this.phoneRights(current.user_id);
    const bill = computeCallBill({
      charge: current.charge === Charge.byPer ? Charge.byPer : Charge.byTime,
      unitPriceFen: current.unit_price_fen,
      durationSeconds: call.durationSeconds,
      isMember: rights.isMember,
      hasCountCardUse: rights.countCardId !== null,
    });
    const event = bill.payableFen > 0 ? 'callBilled' : 'callFree';
    const ended = await this.deps.db
      .transaction()
      .execute(async (trx) => {
        const updated = await this.transition(
          orderId,
          event,
          () => ({
            started_at: call.start,
            ended_at: call.release,
            duration_s: call.durationSeconds,
            billable_units: bill.billableUnits,
            amount_fen: bill.amountFen,
            payable_fen: bill.payableFen,
            earnings_fen: bill.lawyerEarningsFen,
            free_reason: bill.freeReason,
            count_card_id: bill.usesCountCard ? rights.countCardId : null,
          }),
          { db: trx },
        );
        if (bill.usesCountCard && rights.countCardId !== null) {
          await trx
            .insertInto('user_right_usage')
            .values({
              user_id: current.user_id,
              user_card_id: rights.countCardId,
              right_code: PhoneCountRight,
              order_id: null,
              used_at: this.now(),
            })
            .execute();
        }
        return updated;
      })
      .catch((err: unknown) => {
        if (err instanceof AppError) return null;
        throw err;
      });
    if (!ended) return;
    await this.afterCall(ended);
    await this.emit(ended.user_id, '103', { orderId });
    const field = consultFieldName(ended.consult_field) ?? '';
    await this.notify(
      ended.user_id,
      '电话咨询已完成',
      bill.payableFen > 0
        ? `您的${field}电话咨询已结束，通话${call.durationSeconds}秒，应付${bill.payableFen / 100}元，请及时支付。`
        : `您的${field}电话咨询已结束，本次咨询免费，欢迎对律师进行评价。`,
    );
  }

  /**
   * Lawyers marked busy with no call in progress are free again: a crash between a call's end (its
   * own transaction) and afterCall's reset leaves them so. Run at start.
   */
  async releaseStrandedLawyers(): Promise<number> {
    const result = await this.deps.db
      .updateTable('lawyer_presence')
      .set({ status: sql`after_call`, updated_at: this.now() })
      .where('status', '=', 'busy')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('call_orders')
              .select('call_orders.id')
              .whereRef('call_orders.lawyer_id', '=', 'lawyer_presence.lawyer_id')
              .where('call_orders.state', 'in', [CallOrderState.assigned, CallOrderState.inCall]),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** After a call (or a cancel after acceptance): the lawyer is free again, the binding released. */
  private async afterCall(order: CallOrderRow): Promise<void> {
    const now = this.now();
    if (order.lawyer_id !== null) {
      await this.deps.db
        .updateTable('lawyer_presence')
        .set({ status: sql`after_call`, updated_at: now })
        .where('lawyer_id', '=', order.lawyer_id)
        .where('status', '=', 'busy')
        .execute();
    }
    const fresh = await findOrder(this.deps.db, order.id);
    if (fresh?.subs_id && fresh.secret_no) {
      await this.deps.telephony
        .unbind({ subsId: fresh.subs_id, secretNo: fresh.secret_no })
        .catch((err: unknown) => this.deps.log.warn({ err, orderId: order.id }, 'unbind failed'));
    }
    await this.dispatchWaiting();
  }

  // -------------------------------------------------------------------------------------------
  // Sandbox calls: the workbench's connect / hang up, and the autopilot lawyer
  // -------------------------------------------------------------------------------------------

  private sandbox(): SandboxTelephonyProvider {
    const t = this.deps.telephony;
    if (!(t instanceof SandboxTelephonyProvider)) {
      throw conflict('真实通话由隐私号平台接通：请直接拨打订单上的隐私号码');
    }
    return t;
  }

  private async callIdFor(orderId: string): Promise<string> {
    const row = await this.deps.db
      .selectFrom('call_records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    return `SBX-${orderId}-${Number(row.n) + 1}`;
  }

  /** The call is answered (sandbox): the answered push goes through our callback. */
  async sandboxConnect(orderId: string): Promise<void> {
    const sandbox = this.sandbox();
    let order = await findOrder(this.deps.db, orderId);
    if (!order) throw notFound('订单不存在');
    if (order.state === CallOrderState.inCall) return;
    if (order.state !== CallOrderState.assigned) throw conflict('订单当前不能接通电话');
    if (!order.subs_id) {
      await this.bind(orderId, false);
      order = (await findOrder(this.deps.db, orderId)) ?? order;
    }
    if (!order.subs_id || !order.secret_no) throw conflict('隐私号码尚未绑定，请稍后重试');
    const report = sandbox.answeredReport({
      orderId,
      binding: { subsId: order.subs_id, secretNo: order.secret_no },
      callId: await this.callIdFor(orderId),
      answeredAt: this.now(),
    });
    await this.reportSink([report]);
  }

  /**
   * Hang up (sandbox): the final record goes through our callback. `simulatedSeconds` makes the
   * record say the call lasted that long (autopilot); otherwise it lasted until now.
   */
  async sandboxHangup(orderId: string, simulatedSeconds?: number): Promise<void> {
    const sandbox = this.sandbox();
    const order = await findOrder(this.deps.db, orderId);
    if (!order) throw notFound('订单不存在');
    if (!ACTIVE_CALL_STATES.includes(stateOf(order) as never)) throw conflict('订单当前没有进行中的通话');
    const answeredAt = order.state === CallOrderState.inCall ? order.started_at : null;
    const now = this.now();
    const releasedAt =
      answeredAt !== null && simulatedSeconds !== undefined ? answeredAt + simulatedSeconds * 1000 : now;
    const report = sandbox.finalReport({
      orderId,
      binding: { subsId: order.subs_id ?? `SBX${orderId}`, secretNo: order.secret_no ?? '' },
      callId: await this.callIdFor(orderId),
      answeredAt,
      releasedAt: Math.max(releasedAt, answeredAt ?? releasedAt),
    });
    await this.reportSink([report]);
  }

  /** Nobody real accepted: a seeded lawyer of the field goes online, accepts and connects. */
  async autopilotAccept(orderId: string): Promise<void> {
    let order = await findOrder(this.deps.db, orderId);
    if (!order || !dispatchingStates.includes(stateOf(order))) return;
    const { db } = this.deps;
    const busy = await this.lawyersInCall();
    const presence = new Map(
      (await db.selectFrom('lawyer_presence').select(['lawyer_id', 'status']).execute()).map((p) => [
        p.lawyer_id,
        p.status,
      ]),
    );
    const field = String(order.consult_field);
    const lawyers = await db.selectFrom('lawyers').select(['id', 'skill_field']).orderBy('id').execute();
    // A matching lawyer nobody is using (offline ones first: online ones may be real people).
    const pick = lawyers
      .filter((l) => !busy.has(l.id) && presence.get(l.id) !== 'busy')
      .map((l) => ({
        id: l.id,
        match: l.skill_field.split(',').includes(field) ? 0 : 1,
        online: presence.get(l.id) === 'online' ? 1 : 0,
      }))
      .sort((a, b) => a.match - b.match || a.online - b.online || a.id - b.id)[0];
    if (!pick) return;
    const wasOnline = presence.get(pick.id) === 'online';
    const now = this.now();
    await db
      .insertInto('lawyer_presence')
      .values({
        lawyer_id: pick.id,
        status: 'online',
        after_call: wasOnline ? 'online' : 'offline',
        last_offer_at: null,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .column('lawyer_id')
          .doUpdateSet({ status: 'online', after_call: wasOnline ? 'online' : 'offline', updated_at: now }),
      )
      .execute();
    // The offer out to someone else is withdrawn; the autopilot lawyer gets it and accepts.
    if (order.state === CallOrderState.offered) {
      const open = await db
        .selectFrom('call_offers')
        .select(['id', 'lawyer_id'])
        .where('order_id', '=', orderId)
        .where('outcome', 'is', null)
        .execute();
      for (const offer of open) {
        if (await this.lapseOffer(orderId, offer.id, 'withdrawn')) {
          await this.notifyOfferClosed(offer.lawyer_id, orderId, 'taken');
        }
      }
      order = await findOrder(db, orderId);
      if (!order || order.state !== CallOrderState.dispatching) return;
    }
    // The hang-up is a job from before the accept: a crash anywhere below leaves it to finish the
    // call (it connects an accepted order first); it does nothing when someone else got the order.
    await this.deps.jobs.enqueue(CallJob.autopilotHangup, this.now() + this.deps.config.autopilot.callMs, {
      orderId,
      lawyerId: pick.id,
    });
    if (!(await this.offerTo(order, pick.id))) return;
    await this.accept(pick.id, orderId);
    await db.updateTable('call_orders').set({ autopilot: 1 }).where('id', '=', orderId).execute();
    await this.sandboxConnect(orderId);
  }

  async autopilotHangup(orderId: string, lawyerId?: number): Promise<void> {
    const order = await findOrder(this.deps.db, orderId);
    if (!order || !ACTIVE_CALL_STATES.includes(stateOf(order) as never)) return;
    // Older jobs name no lawyer: then only orders the autopilot marked are its own.
    const ours = lawyerId === undefined ? order.autopilot === 1 : order.lawyer_id === lawyerId;
    if (!ours) return;
    if (order.autopilot !== 1) {
      await this.deps.db.updateTable('call_orders').set({ autopilot: 1 }).where('id', '=', orderId).execute();
    }
    if (order.state === CallOrderState.assigned) await this.sandboxConnect(orderId);
    await this.sandboxHangup(orderId, this.deps.config.autopilot.callSeconds);
  }

  // -------------------------------------------------------------------------------------------

  private async emit(
    userId: number,
    code: '102' | '103' | '104' | '105',
    data: Parameters<RealtimeService['emit']>[2],
  ): Promise<void> {
    await this.deps.realtime
      .emit(userId, code, data as never)
      .catch((err: unknown) => this.deps.log.warn({ err, code }, 'realtime push failed'));
  }

  private async notify(userId: number, title: string, content: string): Promise<void> {
    await this.deps.notifications
      .notify(userId, { title, content, kind: 'order' })
      .catch((err: unknown) => this.deps.log.warn({ err }, 'notification failed'));
  }
}
