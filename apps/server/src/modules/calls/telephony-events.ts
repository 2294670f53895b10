import { CallCloseReason, CallOrderState, consultFieldName, formatDuration } from '@lawline/contract';
import { sql } from 'kysely';
import { AppError } from '../../http/errors.ts';
import { parseBeijingTime, type SecretReport } from '../../providers/telephony/port.ts';
import type { CallBilling } from './billing.ts';
import { ACTIVE_CALL_STATES, CallJob, type EngineCore } from './core.ts';
import { type CallOrderRow, findLawyer, findOrder, stateOf } from './repo.ts';

/**
 * The telephony side of a call: binding the masked numbers, the vendor's call events (answered,
 * final record) applied idempotently, and the end of the call (billed, free, or unanswered).
 */
export class TelephonyEvents {
  constructor(
    private readonly core: EngineCore,
    private readonly billing: CallBilling,
    /** A lawyer is free again: offer the waiting orders. */
    private readonly dispatchWaiting: () => Promise<void>,
  ) {}

  private get deps() {
    return this.core.deps;
  }

  /** Binds A (person) and B (lawyer) to a masked number; on failure a job tries again. */
  async bind(orderId: string, fromJob: boolean): Promise<void> {
    const order = await findOrder(this.deps.db, orderId);
    if (!order || order.lawyer_id === null || order.subs_id !== null) return;
    if (!ACTIVE_CALL_STATES.includes(stateOf(order))) return;
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
        .set({ subs_id: binding.subsId, secret_no: binding.secretNo, updated_at: this.core.now() })
        .where('id', '=', orderId)
        .where('subs_id', 'is', null)
        .execute();
    } catch (err) {
      this.deps.log.error({ err, orderId }, 'masked-number binding failed');
      if (fromJob) throw err;
      await this.deps.jobs.enqueue(CallJob.bind, this.core.now() + 5_000, { orderId });
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
    const now = this.core.now();
    const start = parseBeijingTime(report.start_time);
    const release = parseBeijingTime(report.release_time);
    const order = await this.orderOfReport(report);
    if (release === null) {
      if (start !== null && order?.state === CallOrderState.assigned) {
        await this.core
          .transition(order.id, 'callStarted', () => ({ started_at: start }))
          .catch((err: unknown) => {
            if (!(err instanceof AppError)) throw err; // already moved on: nothing to do
          });
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
    if (order && ACTIVE_CALL_STATES.includes(stateOf(order))) {
      await this.endCall(order.id, { start: connected ? start : null, release, durationSeconds });
    }
    await this.deps.db
      .updateTable('call_records')
      .set({ applied_at: this.core.now() })
      .where('call_id', '=', report.call_id)
      .execute();
  }

  /** The call is over: bill it (payment due or straight to evaluation), or close it when unanswered. */
  private async endCall(
    orderId: string,
    call: { start: number | null; release: number; durationSeconds: number },
  ): Promise<void> {
    const current = await findOrder(this.deps.db, orderId);
    if (!current) return;
    if (call.start === null) {
      const closed = await this.core
        .transition(orderId, 'callUnanswered', () => ({
          started_at: null,
          ended_at: call.release,
          duration_s: 0,
          cancel_reason: CallCloseReason.unanswered,
          closed_by: 'system',
          closed_at: this.core.now(),
        }))
        .catch((err: unknown) => {
          if (err instanceof AppError) return null;
          throw err;
        });
      if (!closed) return;
      await this.afterCall(closed);
      await this.core.notify(
        closed.user_id,
        '电话未接通',
        '律师未能与您接通电话，订单已关闭，您可以再次发起咨询。',
      );
      return;
    }
    const settled = await this.billing.settle(current, {
      start: call.start,
      release: call.release,
      durationSeconds: call.durationSeconds,
    });
    if (!settled) return;
    const ended = settled.order;
    await this.afterCall(ended);
    await this.core.emit(ended.user_id, '103', { orderId });
    const field = consultFieldName(ended.consult_field) ?? '';
    await this.core.notify(
      ended.user_id,
      '电话咨询已完成',
      settled.payableFen > 0
        ? `您的${field}电话咨询已结束，通话${formatDuration(call.durationSeconds)}，应付${settled.payableFen / 100}元，请及时支付。`
        : `您的${field}电话咨询已结束，本次咨询免费，欢迎对律师进行评价。`,
    );
  }

  /** After a call (or a cancel after acceptance): the lawyer is free again, the binding released. */
  async afterCall(order: CallOrderRow): Promise<void> {
    const now = this.core.now();
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
}
