import {
  CallCloseReason,
  CallOrderState,
  dispatchingStates,
  OFFER_TAKEN_MESSAGE,
  REQUESTED_LAWYER_WAIT_TEXT,
  RequestedLawyerState,
  waitingStates,
} from '@lawline/contract';
import { sql } from 'kysely';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import type { JobResult, JobSpec } from '../jobs/service.ts';
import { ACTIVE_CALL_STATES, CallJob, type EngineCore } from './core.ts';
import {
  applyTransition,
  type CallOrderRow,
  findLawyer,
  findOrder,
  lockOrder,
  type Q,
  stateOf,
  TransitionRefused,
} from './repo.ts';

type FreeLawyer = { id: number; skill_field: string; last_offer_at: number | null };

/** What dispatch needs from the other parts of the engine. */
export type DispatchHooks = {
  /** Bind the masked numbers of an accepted order. */
  bind(orderId: string): Promise<void>;
  /** After a call or a cancel after acceptance: the lawyer is free again. */
  afterCall(order: CallOrderRow): Promise<void>;
  /** The sandbox autopilot's timer for an order that is (again) open to it, or null. */
  autopilotJob(orderId: string, now: number): JobSpec | null;
};

export type PresenceStatus = 'online' | 'offline' | 'busy';

/** Only the requested lawyer may be offered the order now (the wait has not run out). */
export function waitsForRequested(order: CallOrderRow, now: number): boolean {
  return (
    order.request_state === RequestedLawyerState.waiting &&
    order.requested_lawyer_id !== null &&
    (order.request_wait_until ?? 0) > now
  );
}

/**
 * Dispatch: who is online, offers (one lawyer at a time, expiry, decline), acceptance, give-up,
 * the person's cancel / keep waiting / rematch, a requested lawyer's exclusive wait and its
 * release, and callback requests opened at their time. Every state change goes through the
 * contract's transition table (EngineCore.transition / applyTransition); every timer is a job.
 */
export class Dispatcher {
  constructor(
    private readonly core: EngineCore,
    private readonly hooks: DispatchHooks,
  ) {}

  private get deps() {
    return this.core.deps;
  }

  private now(): number {
    return this.core.now();
  }

  // -------------------------------------------------------------------------------------------
  // Who is online
  // -------------------------------------------------------------------------------------------

  /** Lawyers online or in a call; of one consult field when `field` is given. */
  async onlineLawyerCount(field?: number): Promise<number> {
    // With the sandbox autopilot a lawyer is always on the way: don't tell people nobody is online.
    if (this.core.autopilotOn) return 1;
    if (field === undefined) {
      const row = await this.deps.db
        .selectFrom('lawyer_presence')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['online', 'busy'])
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }
    const rows = await this.deps.db
      .selectFrom('lawyer_presence as p')
      .innerJoin('lawyers as l', 'l.id', 'p.lawyer_id')
      .select('l.skill_field')
      .where('p.status', 'in', ['online', 'busy'])
      .execute();
    const code = String(field);
    return rows.filter((r) => r.skill_field.split(',').includes(code)).length;
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
    const inCall = await this.core.lawyersInCall();
    return online.filter((l) => !engaged.has(l.id) && !inCall.has(l.id));
  }

  async presenceOf(lawyerId: number): Promise<PresenceStatus> {
    const row = await this.deps.db
      .selectFrom('lawyer_presence')
      .select('status')
      .where('lawyer_id', '=', lawyerId)
      .executeTakeFirst();
    return row?.status === 'online' || row?.status === 'busy' ? row.status : 'offline';
  }

  /**
   * A lawyer's presence and whether an order offered now would reach them (online, no offer out,
   * not in a call). With the sandbox autopilot a lawyer not in a call is on the way.
   */
  async lawyerAvailability(lawyerId: number): Promise<{ presence: PresenceStatus; available: boolean }> {
    const presence = await this.presenceOf(lawyerId);
    const inCall = (await this.core.lawyersInCall()).has(lawyerId);
    if (presence === 'busy' || inCall) return { presence: 'busy', available: false };
    if (this.core.autopilotOn) return { presence, available: true };
    if (presence !== 'online') return { presence, available: false };
    const free = await this.freeLawyers();
    return { presence, available: free.some((l) => l.id === lawyerId) };
  }

  // -------------------------------------------------------------------------------------------
  // Offers
  // -------------------------------------------------------------------------------------------

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
    // While the person waits for the lawyer they asked for, nobody else is offered the order.
    const only = waitsForRequested(order, this.now()) ? order.requested_lawyer_id : null;
    // Ranking: the lawyer asked for (profile or continueConsultOrder); then a whole-code skill
    // match (others are the generalist fall-back); then who was offered this order least often;
    // then who waited longest for an offer; then the lowest id (stable).
    return lawyers
      .filter((l) => !declined.has(l.id) && (only === null || l.id === only))
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
   * the order to its timer. A new order to anyone has no offer history, so when nobody is free for
   * one of them nobody is free for the ones after it (an order waiting for a requested lawyer says
   * nothing about the others).
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
    let first = true;
    for (const order of orders) {
      if (order.state !== CallOrderState.dispatching) continue;
      try {
        // Who is free was just read for the first; an offer changes it for the next ones.
        const outcome = await this.tryDispatch(order.id, { order, free: first ? free : undefined });
        first = false;
        if (outcome === 'none' && !waitsForRequested(order, this.now())) return;
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
  async dispatchDue(orderIds: string[]): Promise<Array<JobResult | { error: unknown } | undefined>> {
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
    const results: Array<JobResult | { error: unknown } | undefined> = [];
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

  /** dispatching → offered to one lawyer for offerTtlMs; '104' to the lawyer. False when the order moved. */
  async offerTo(order: CallOrderRow, lawyerId: number): Promise<boolean> {
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
    if (lawyer) await this.core.emit(lawyer.user_id, '104', { orderId: order.id, expiresAt });
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
    if (lapsed) await this.core.notifyOfferClosed(offer.lawyer_id, offer.order_id, 'expired');
    await this.dispatchNext(offer.order_id);
  }

  /** Closes one open offer with `outcome` and moves the order offered → dispatching (one transaction). */
  async lapseOffer(orderId: string, offerId: number, outcome: 'expired' | 'declined' | 'withdrawn') {
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
        await this.core.transition(orderId, 'offerLapsed', () => ({}), { db: trx });
      }
      return true;
    });
  }

  /** Withdraws every open offer of the order (cancel, give-up, release, autopilot); answers the lawyers told. */
  async withdrawOffers(orderId: string, db: Q = this.deps.db): Promise<number[]> {
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
    return open.map((o) => o.lawyer_id);
  }

  /** Nobody accepted in time (or a callback request found nobody that day): close the order (99). */
  async giveUp(orderId: string): Promise<void> {
    const order = await findOrder(this.deps.db, orderId);
    if (!order || !waitingStates.includes(stateOf(order))) return;
    if (order.give_up_at !== null && order.give_up_at > this.now()) return; // moved by keepWaiting/rematch/release
    const reason =
      order.state === CallOrderState.scheduled
        ? CallCloseReason.callbackUnserved
        : (await this.onlineLawyerCount()) === 0
          ? CallCloseReason.noLawyerOnline
          : CallCloseReason.noLawyerAccepted;
    const told = await this.deps.db.transaction().execute(async (trx) => {
      await lockOrder(trx, orderId, this.deps.dbKind);
      const lawyers = await this.withdrawOffers(orderId, trx);
      await this.core.transition(
        orderId,
        'giveUp',
        () => ({ cancel_reason: reason, closed_by: 'system', closed_at: this.now() }),
        { db: trx },
      );
      return lawyers;
    });
    for (const lawyerId of told) await this.core.notifyOfferClosed(lawyerId, orderId, 'cancelled');
    await this.core.notify(order.user_id, '电话咨询已关闭', `${reason}。您可以稍后重新发起咨询。`);
  }

  // -------------------------------------------------------------------------------------------
  // The person: cancel, keep waiting, rematch, release a requested lawyer; callback requests
  // -------------------------------------------------------------------------------------------

  /** Person cancels (scheduled, dispatching, offered or assigned); the caller checked ownership. */
  async cancel(order: CallOrderRow, reason: string): Promise<CallOrderRow> {
    const refused = () => conflict('律师已在通话或订单已结束，无法取消');
    const { updated, told } = await this.deps.db.transaction().execute(async (trx) => {
      await lockOrder(trx, order.id, this.deps.dbKind);
      const told = await this.withdrawOffers(order.id, trx);
      const updated = await this.core.transition(
        order.id,
        'cancel',
        () => ({ cancel_reason: reason, closed_by: 'user', closed_at: this.now() }),
        { db: trx, refused },
      );
      return { updated, told };
    });
    for (const lawyerId of told) await this.core.notifyOfferClosed(lawyerId, order.id, 'cancelled');
    if (order.lawyer_id !== null) {
      await this.hooks.afterCall(updated);
      await this.core.notifyOfferClosed(order.lawyer_id, order.id, 'cancelled');
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
      const told = event === 'rematch' ? await this.withdrawOffers(order.id, trx) : [];
      const updated = await this.core.transition(
        order.id,
        event,
        () => ({ promise_deadline: now + promiseMs, give_up_at: now + giveUpMs }),
        { db: trx, refused },
      );
      await this.deps.jobs.enqueue(CallJob.giveUp, now + giveUpMs, { orderId: order.id }, { trx });
      return { updated, told };
    });
    for (const lawyerId of told) await this.core.notifyOfferClosed(lawyerId, order.id, 'taken');
    if (event === 'rematch') await this.dispatchNext(order.id);
    return updated;
  }

  /**
   * The wait for a requested lawyer ends (`outcome`: the person chose anyone, the wait ran out, the
   * lawyer declined): an offer out to them is withdrawn and the order goes to the first available
   * lawyer with a new 60-second promise. A guarded update: null when the order no longer waits
   * for its lawyer (accepted, already released, cancelled).
   */
  async releaseRequested(
    orderId: string,
    outcome: 'released' | 'expired' | 'declined',
  ): Promise<CallOrderRow | null> {
    const now = this.now();
    const { promiseMs, giveUpMs } = this.deps.config;
    const result = await this.deps.db
      .transaction()
      .execute(async (trx) => {
        const order = await lockOrder(trx, orderId, this.deps.dbKind);
        if (!order || order.request_state !== RequestedLawyerState.waiting) return null;
        if (!dispatchingStates.includes(stateOf(order))) return null;
        const told = await this.withdrawOffers(orderId, trx);
        const updated = await this.core.transition(
          orderId,
          'releaseRequested',
          () => ({
            request_state: outcome,
            request_wait_until: null,
            promise_deadline: now + promiseMs,
            give_up_at: now + giveUpMs,
          }),
          { db: trx },
        );
        await this.deps.jobs.enqueue(CallJob.giveUp, now + giveUpMs, { orderId }, { trx });
        const autopilot = this.hooks.autopilotJob(orderId, now);
        if (autopilot) await this.deps.jobs.enqueueMany([autopilot], trx);
        return { updated, told };
      })
      .catch((err: unknown) => {
        // Another change won (the row moved between the read and the guarded update): nothing done.
        if (err instanceof AppError) return null;
        throw err;
      });
    if (!result) return null;
    for (const lawyerId of result.told) await this.core.notifyOfferClosed(lawyerId, orderId, 'cancelled');
    await this.dispatchNext(orderId);
    return result.updated;
  }

  /** Job at the end of a requested lawyer's wait: still unanswered → offered to anyone, the person told. */
  async expireRequest(orderId: string): Promise<JobResult | undefined> {
    const order = await findOrder(this.deps.db, orderId);
    if (!order || order.request_state !== RequestedLawyerState.waiting) return undefined;
    const until = order.request_wait_until ?? 0;
    if (until > this.now()) return { again: until };
    const released = await this.releaseRequested(orderId, 'expired');
    if (released && order.requested_lawyer_id !== null) {
      const lawyer = await findLawyer(this.deps.db, order.requested_lawyer_id);
      const name = lawyer ? `${lawyer.real_name}律师` : '您指定的律师';
      await this.core.notify(
        order.user_id,
        '已为您匹配其他律师',
        `${name}${REQUESTED_LAWYER_WAIT_TEXT}内未能接听，已为您匹配其他在线律师，请保持电话畅通。`,
      );
    }
    return undefined;
  }

  /**
   * Job of a callback request (scheduled): at its time, once a lawyer is online, scheduled →
   * dispatching with a new 60-second promise, and offered. Nobody online yet: again in retryMs
   * (a lawyer going online opens it at once, see dispatchWaiting); the give-up job closes it at
   * the end of that day's service hours.
   */
  async openScheduled(orderId: string): Promise<JobResult | undefined> {
    const order = await findOrder(this.deps.db, orderId);
    if (!order || order.state !== CallOrderState.scheduled) return undefined;
    const now = this.now();
    if ((order.scheduled_at ?? 0) > now) return { again: order.scheduled_at as number };
    if ((await this.onlineLawyerCount()) === 0) return { again: now + this.deps.config.retryMs };
    const { promiseMs, giveUpMs } = this.deps.config;
    const opened = await this.deps.db
      .transaction()
      .execute(async (trx) => {
        const updated = await this.core.transition(
          orderId,
          'open',
          () => ({ promise_deadline: now + promiseMs, give_up_at: now + giveUpMs }),
          { db: trx },
        );
        await this.deps.jobs.enqueue(CallJob.giveUp, now + giveUpMs, { orderId }, { trx });
        const autopilot = this.hooks.autopilotJob(orderId, now);
        if (autopilot) await this.deps.jobs.enqueueMany([autopilot], trx);
        return updated;
      })
      .catch((err: unknown) => {
        if (err instanceof AppError) return null; // cancelled or opened meanwhile
        throw err;
      });
    if (!opened) return undefined;
    await this.dispatchNext(orderId);
    await this.core.notify(
      order.user_id,
      '预约回电已开始',
      '您预约的电话咨询已开始为您匹配律师，律师将在60秒内给您回电，请保持电话畅通。',
    );
    return undefined;
  }

  // -------------------------------------------------------------------------------------------
  // Lawyers: presence, accept, decline
  // -------------------------------------------------------------------------------------------

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

  /**
   * Offers every waiting order again (a lawyer came online or finished a call), and opens the
   * callback requests whose time has come.
   */
  async dispatchWaiting(): Promise<void> {
    const due = await this.deps.db
      .selectFrom('call_orders')
      .select('id')
      .where('state', '=', CallOrderState.scheduled)
      .where('scheduled_at', '<=', this.now())
      .orderBy('scheduled_at')
      .limit(20)
      .execute();
    for (const { id } of due) await this.openScheduled(id);
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
        if (order.lawyer_id === lawyerId && ACTIVE_CALL_STATES.includes(stateOf(order))) {
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
      const requested = order.requested_lawyer_id === lawyerId;
      const updated = await applyTransition(
        trx,
        order,
        'accept',
        { lawyer_id: lawyerId, ...(requested ? { request_state: RequestedLawyerState.accepted } : {}) },
        now,
      ).catch((err: unknown) => {
        if (err instanceof TransitionRefused) return null;
        throw err;
      });
      // Another lawyer's accept (or a cancel) changed the order first: undo the claim.
      if (!updated) throw conflict(OFFER_TAKEN_MESSAGE);
      const others = await this.withdrawOffers(orderId, trx);
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
    for (const other of result.others) await this.core.notifyOfferClosed(other, orderId, 'taken');
    await this.hooks.bind(orderId);
    const lawyer = await findLawyer(this.deps.db, lawyerId);
    if (lawyer) {
      await this.core.emit(result.order.user_id, '102', {
        orderId,
        lawyer: { name: lawyer.real_name, faceUrl: lawyer.face_url, level: lawyer.lawyer_level },
      });
      await this.core.notify(
        result.order.user_id,
        '律师已接单',
        `${lawyer.real_name}律师已接单，将通过隐私号码给您回电，请保持电话畅通。`,
      );
    }
    return (await findOrder(this.deps.db, orderId)) ?? result.order;
  }

  /** The lawyer declines: the next lawyer; a requested lawyer declining ends the person's wait for them. */
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
    const order = await findOrder(this.deps.db, orderId);
    if (order?.requested_lawyer_id === lawyerId && order.request_state === RequestedLawyerState.waiting) {
      if (await this.releaseRequested(orderId, 'declined')) {
        await this.core.notify(
          order.user_id,
          '已为您匹配其他律师',
          '您指定的律师暂时无法接听，已为您匹配其他在线律师，请保持电话畅通。',
        );
      }
      return;
    }
    await this.dispatchNext(orderId);
  }

  /** Lawyers marked busy with no call in progress are free again (see CallEngine.releaseStrandedLawyers). */
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
}
