import { type CallOrderEvent, CallOrderState } from '@lawline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { CallsConfig } from '../../config.ts';
import type { Db, DbKind } from '../../db/database.ts';
import { type AppError, conflict, notFound } from '../../http/errors.ts';
import type { TelephonyProvider } from '../../providers/telephony/port.ts';
import { SandboxTelephonyProvider } from '../../providers/telephony/sandbox.ts';
import type { JobService } from '../jobs/service.ts';
import type { NotificationService } from '../messages/service.ts';
import type { RealtimeService } from '../realtime/service.ts';
import type { MembershipService } from '../users/membership.ts';
import {
  applyTransition,
  type CallOrderPatch,
  type CallOrderRow,
  findLawyer,
  findOrder,
  type Q,
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
  /** The wait for a requested lawyer is over: offer the order to anyone (issue 23). */
  requestExpire: 'calls.requestExpire',
  /** A callback request's time has come: dispatch it once a lawyer is online (issue 23). */
  open: 'calls.open',
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

export const ACTIVE_CALL_STATES: readonly string[] = [CallOrderState.assigned, CallOrderState.inCall];

export type OfferClosedReason = 'accepted' | 'taken' | 'expired' | 'declined' | 'cancelled';

/**
 * What every part of the call engine shares (dispatch, telephony events, billing, the sandbox):
 * the dependencies, the clock, the one guarded state change, and the pushes to people and lawyers.
 */
export class EngineCore {
  constructor(readonly deps: CallEngineDeps) {}

  now(): number {
    return this.deps.clock();
  }

  /** The sandbox autopilot lawyer is on (SANDBOX_AUTOPILOT=1 with the sandbox telephony). */
  get autopilotOn(): boolean {
    return this.deps.config.autopilot.enabled && this.deps.telephony instanceof SandboxTelephonyProvider;
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

  /** Lawyers assigned to an order whose call is not over yet. */
  async lawyersInCall(): Promise<Set<number | null>> {
    const rows = await this.deps.db
      .selectFrom('call_orders')
      .select('lawyer_id')
      .where('state', 'in', ACTIVE_CALL_STATES)
      .where('lawyer_id', 'is not', null)
      .execute();
    return new Set(rows.map((r) => r.lawyer_id));
  }

  async notifyOfferClosed(lawyerId: number, orderId: string, reason: OfferClosedReason): Promise<void> {
    const lawyer = await findLawyer(this.deps.db, lawyerId);
    if (lawyer) await this.emit(lawyer.user_id, '105', { orderId, reason });
  }

  async emit(
    userId: number,
    code: '102' | '103' | '104' | '105',
    data: Parameters<RealtimeService['emit']>[2],
  ): Promise<void> {
    await this.deps.realtime
      .emit(userId, code, data as never)
      .catch((err: unknown) => this.deps.log.warn({ err, code }, 'realtime push failed'));
  }

  async notify(userId: number, title: string, content: string): Promise<void> {
    await this.deps.notifications
      .notify(userId, { title, content, kind: 'order' })
      .catch((err: unknown) => this.deps.log.warn({ err }, 'notification failed'));
  }
}
