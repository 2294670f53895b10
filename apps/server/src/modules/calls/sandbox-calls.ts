import { CallOrderState, dispatchingStates } from '@lawline/contract';
import { conflict, notFound } from '../../http/errors.ts';
import type { SecretReport } from '../../providers/telephony/port.ts';
import { SandboxTelephonyProvider } from '../../providers/telephony/sandbox.ts';
import type { JobSpec } from '../jobs/service.ts';
import { ACTIVE_CALL_STATES, CallJob, type EngineCore } from './core.ts';
import { type Dispatcher, waitsForRequested } from './dispatch.ts';
import { findOrder, stateOf } from './repo.ts';
import type { TelephonyEvents } from './telephony-events.ts';

/**
 * Sandbox calls: the workbench's connect / hang up, and the autopilot lawyer (SANDBOX_AUTOPILOT=1)
 * that takes an order nobody accepted, so one person can walk the whole consultation alone. Its
 * call reports go through our own telephony callback (reportSink), so the real code runs.
 */
export class SandboxCalls {
  /** Where sandbox call reports go: set by the app to POST them to our own callback path. */
  reportSink: (reports: SecretReport[]) => Promise<void>;

  constructor(
    private readonly core: EngineCore,
    private readonly dispatch: Dispatcher,
    private readonly events: TelephonyEvents,
  ) {
    this.reportSink = async (reports) => {
      await this.events.applyReports(reports);
    };
  }

  private get deps() {
    return this.core.deps;
  }

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
  async connect(orderId: string): Promise<void> {
    const sandbox = this.sandbox();
    let order = await findOrder(this.deps.db, orderId);
    if (!order) throw notFound('订单不存在');
    if (order.state === CallOrderState.inCall) return;
    if (order.state !== CallOrderState.assigned) throw conflict('订单当前不能接通电话');
    if (!order.subs_id) {
      await this.events.bind(orderId, false);
      order = (await findOrder(this.deps.db, orderId)) ?? order;
    }
    if (!order.subs_id || !order.secret_no) throw conflict('隐私号码尚未绑定，请稍后重试');
    const report = sandbox.answeredReport({
      orderId,
      binding: { subsId: order.subs_id, secretNo: order.secret_no },
      callId: await this.callIdFor(orderId),
      answeredAt: this.core.now(),
    });
    await this.reportSink([report]);
  }

  /**
   * Hang up (sandbox): the final record goes through our callback. `simulatedSeconds` makes the
   * record say the call lasted that long (autopilot); otherwise it lasted until now.
   */
  async hangup(orderId: string, simulatedSeconds?: number): Promise<void> {
    const sandbox = this.sandbox();
    const order = await findOrder(this.deps.db, orderId);
    if (!order) throw notFound('订单不存在');
    if (!ACTIVE_CALL_STATES.includes(stateOf(order))) throw conflict('订单当前没有进行中的通话');
    const answeredAt = order.state === CallOrderState.inCall ? order.started_at : null;
    const now = this.core.now();
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

  /** The timer of an order's sandbox autopilot (sandbox with SANDBOX_AUTOPILOT=1), else null. */
  autopilotJob(orderId: string, now: number): JobSpec | null {
    if (!this.core.autopilotOn) return null;
    return {
      kind: CallJob.autopilotAccept,
      runAt: now + this.deps.config.autopilot.acceptMs,
      payload: { orderId },
    };
  }

  /**
   * Nobody real accepted: a seeded lawyer of the field goes online, accepts and connects. An order
   * waiting for a requested lawyer is taken by that lawyer only (when not in a call); otherwise it
   * waits for its release, which sets a new autopilot timer.
   */
  async autopilotAccept(orderId: string): Promise<void> {
    let order = await findOrder(this.deps.db, orderId);
    if (!order || !dispatchingStates.includes(stateOf(order))) return;
    const { db } = this.deps;
    const busy = await this.core.lawyersInCall();
    const presence = new Map(
      (await db.selectFrom('lawyer_presence').select(['lawyer_id', 'status']).execute()).map((p) => [
        p.lawyer_id,
        p.status,
      ]),
    );
    const field = String(order.consult_field);
    const only = waitsForRequested(order, this.core.now()) ? order.requested_lawyer_id : null;
    const lawyers = await db.selectFrom('lawyers').select(['id', 'skill_field']).orderBy('id').execute();
    // A matching lawyer nobody is using (offline ones first: online ones may be real people).
    const pick = lawyers
      .filter((l) => !busy.has(l.id) && presence.get(l.id) !== 'busy')
      .filter((l) => only === null || l.id === only)
      .map((l) => ({
        id: l.id,
        match: l.skill_field.split(',').includes(field) ? 0 : 1,
        online: presence.get(l.id) === 'online' ? 1 : 0,
      }))
      .sort((a, b) => a.match - b.match || a.online - b.online || a.id - b.id)[0];
    if (!pick) return;
    const wasOnline = presence.get(pick.id) === 'online';
    const now = this.core.now();
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
        if (await this.dispatch.lapseOffer(orderId, offer.id, 'withdrawn')) {
          await this.core.notifyOfferClosed(offer.lawyer_id, orderId, 'taken');
        }
      }
      order = await findOrder(db, orderId);
      if (!order || order.state !== CallOrderState.dispatching) return;
    }
    // The hang-up is a job from before the accept: a crash anywhere below leaves it to finish the
    // call (it connects an accepted order first); it does nothing when someone else got the order.
    await this.deps.jobs.enqueue(
      CallJob.autopilotHangup,
      this.core.now() + this.deps.config.autopilot.callMs,
      {
        orderId,
        lawyerId: pick.id,
      },
    );
    if (!(await this.dispatch.offerTo(order, pick.id))) return;
    await this.dispatch.accept(pick.id, orderId);
    await db.updateTable('call_orders').set({ autopilot: 1 }).where('id', '=', orderId).execute();
    await this.connect(orderId);
  }

  async autopilotHangup(orderId: string, lawyerId?: number): Promise<void> {
    const order = await findOrder(this.deps.db, orderId);
    if (!order || !ACTIVE_CALL_STATES.includes(stateOf(order))) return;
    // Older jobs name no lawyer: then only orders the autopilot marked are its own.
    const ours = lawyerId === undefined ? order.autopilot === 1 : order.lawyer_id === lawyerId;
    if (!ours) return;
    if (order.autopilot !== 1) {
      await this.deps.db.updateTable('call_orders').set({ autopilot: 1 }).where('id', '=', orderId).execute();
    }
    if (order.state === CallOrderState.assigned) await this.connect(orderId);
    await this.hangup(orderId, this.deps.config.autopilot.callSeconds);
  }
}
