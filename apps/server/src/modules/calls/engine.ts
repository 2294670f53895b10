import type { CallOrderEvent } from '@lawline/contract';
import type { AppError } from '../../http/errors.ts';
import type { SecretReport, TelephonyProvider } from '../../providers/telephony/port.ts';
import type { JobResult, JobSpec } from '../jobs/service.ts';
import { CallBilling } from './billing.ts';
import { type CallEngineDeps, CallJob, EngineCore } from './core.ts';
import { Dispatcher, type PresenceStatus } from './dispatch.ts';
import type { CallOrderPatch, CallOrderRow, Q } from './repo.ts';
import { SandboxCalls } from './sandbox-calls.ts';
import { TelephonyEvents } from './telephony-events.ts';

export { type CallEngineDeps, CallJob } from './core.ts';

/**
 * The life of a call order after it was placed, split by job: dispatch.ts (offers, expiry,
 * give-up, a requested lawyer's wait, callback requests, presence, accept/decline),
 * telephony-events.ts (masked numbers, call events, the end of a call), billing.ts (the bill of a
 * finished call) and sandbox-calls.ts (connect / hang up in the sandbox, the autopilot lawyer).
 * This class wires them, registers their persisted jobs, and is what the rest of the server calls.
 * Every state change goes through `applyTransition` (repo.ts); every timer is a persisted job.
 */
export class CallEngine {
  private readonly core: EngineCore;
  private readonly billing: CallBilling;
  private readonly dispatch: Dispatcher;
  private readonly events: TelephonyEvents;
  private readonly sandboxCalls: SandboxCalls;

  constructor(deps: CallEngineDeps) {
    this.core = new EngineCore(deps);
    this.billing = new CallBilling(this.core);
    this.dispatch = new Dispatcher(this.core, {
      bind: (orderId) => this.events.bind(orderId, false),
      afterCall: (order) => this.events.afterCall(order),
      autopilotJob: (orderId, now) => this.sandboxCalls.autopilotJob(orderId, now),
    });
    this.events = new TelephonyEvents(this.core, this.billing, () => this.dispatch.dispatchWaiting());
    this.sandboxCalls = new SandboxCalls(this.core, this.dispatch, this.events);
    const { jobs } = deps;
    // Due dispatch timers run together: one look at who is free serves all of them.
    jobs.registerBatch(CallJob.dispatch, async (payloads: Array<{ orderId: string }>) =>
      this.dispatch.dispatchDue(payloads.map((p) => p.orderId)),
    );
    jobs.register(CallJob.offerExpire, async (p: { offerId: number }) =>
      this.dispatch.expireOffer(p.offerId),
    );
    jobs.register(CallJob.giveUp, async (p: { orderId: string }) => this.dispatch.giveUp(p.orderId));
    jobs.register(CallJob.requestExpire, async (p: { orderId: string }) =>
      this.dispatch.expireRequest(p.orderId),
    );
    jobs.register(CallJob.open, async (p: { orderId: string }) => this.dispatch.openScheduled(p.orderId));
    jobs.register(CallJob.bind, async (p: { orderId: string }) => this.events.bind(p.orderId, true));
    jobs.register(CallJob.autopilotAccept, async (p: { orderId: string }) =>
      this.sandboxCalls.autopilotAccept(p.orderId),
    );
    jobs.register(CallJob.autopilotHangup, async (p: { orderId: string; lawyerId?: number }) =>
      this.sandboxCalls.autopilotHangup(p.orderId, p.lawyerId),
    );
  }

  setReportSink(sink: (reports: SecretReport[]) => Promise<void>): void {
    this.sandboxCalls.reportSink = sink;
  }

  get telephony(): TelephonyProvider {
    return this.core.deps.telephony;
  }

  /** The guarded state change (EngineCore.transition). */
  transition(
    orderId: string,
    event: CallOrderEvent,
    patch?: (order: CallOrderRow) => CallOrderPatch,
    options?: { db?: Q; refused?: (order: CallOrderRow) => AppError },
  ): Promise<CallOrderRow> {
    return this.core.transition(orderId, event, patch, options);
  }

  // --- dispatch ---

  /** Lawyers online or in a call (of one consult field when given); 1 with the sandbox autopilot. */
  onlineLawyerCount(field?: number): Promise<number> {
    return this.dispatch.onlineLawyerCount(field);
  }

  dispatchNew(orders: CallOrderRow[]): Promise<void> {
    return this.dispatch.dispatchNew(orders);
  }

  dispatchDue(orderIds: string[]): Promise<Array<JobResult | { error: unknown } | undefined>> {
    return this.dispatch.dispatchDue(orderIds);
  }

  dispatchNext(orderId: string): Promise<void> {
    return this.dispatch.dispatchNext(orderId);
  }

  dispatchWaiting(): Promise<void> {
    return this.dispatch.dispatchWaiting();
  }

  giveUp(orderId: string): Promise<void> {
    return this.dispatch.giveUp(orderId);
  }

  cancel(order: CallOrderRow, reason: string): Promise<CallOrderRow> {
    return this.dispatch.cancel(order, reason);
  }

  renewPromise(order: CallOrderRow, event: 'keepWaiting' | 'rematch'): Promise<CallOrderRow> {
    return this.dispatch.renewPromise(order, event);
  }

  /** Ends the wait for a requested lawyer (guarded): null when the order no longer waits for them. */
  releaseRequested(
    orderId: string,
    outcome: 'released' | 'expired' | 'declined',
  ): Promise<CallOrderRow | null> {
    return this.dispatch.releaseRequested(orderId, outcome);
  }

  /** A lawyer's presence and whether an order offered now would reach them. */
  lawyerAvailability(lawyerId: number): Promise<{ presence: PresenceStatus; available: boolean }> {
    return this.dispatch.lawyerAvailability(lawyerId);
  }

  presenceOf(lawyerId: number): Promise<PresenceStatus> {
    return this.dispatch.presenceOf(lawyerId);
  }

  setPresence(lawyerId: number, status: 'online' | 'offline', afterCallOnly = false): Promise<string> {
    return this.dispatch.setPresence(lawyerId, status, afterCallOnly);
  }

  accept(lawyerId: number, orderId: string): Promise<CallOrderRow> {
    return this.dispatch.accept(lawyerId, orderId);
  }

  decline(lawyerId: number, orderId: string): Promise<void> {
    return this.dispatch.decline(lawyerId, orderId);
  }

  /**
   * Lawyers marked busy with no call in progress are free again: a crash between a call's end (its
   * own transaction) and afterCall's reset leaves them so. Run at start.
   */
  releaseStrandedLawyers(): Promise<number> {
    return this.dispatch.releaseStrandedLawyers();
  }

  // --- telephony and billing ---

  bind(orderId: string, fromJob: boolean): Promise<void> {
    return this.events.bind(orderId, fromJob);
  }

  applyReports(reports: SecretReport[]): Promise<void> {
    return this.events.applyReports(reports);
  }

  isMember(userId: number): Promise<boolean> {
    return this.billing.isMember(userId);
  }

  // --- sandbox ---

  /** The timer of a new order's sandbox autopilot (sandbox with SANDBOX_AUTOPILOT=1), else null. */
  autopilotJob(orderId: string, now: number): JobSpec | null {
    return this.sandboxCalls.autopilotJob(orderId, now);
  }

  sandboxConnect(orderId: string): Promise<void> {
    return this.sandboxCalls.connect(orderId);
  }

  sandboxHangup(orderId: string, simulatedSeconds?: number): Promise<void> {
    return this.sandboxCalls.hangup(orderId, simulatedSeconds);
  }

  autopilotAccept(orderId: string): Promise<void> {
    return this.sandboxCalls.autopilotAccept(orderId);
  }

  autopilotHangup(orderId: string, lawyerId?: number): Promise<void> {
    return this.sandboxCalls.autopilotHangup(orderId, lawyerId);
  }
}
