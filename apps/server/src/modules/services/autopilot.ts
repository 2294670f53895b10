import {
  FaceStage,
  fenToYuan,
  LawsuitStage,
  LetterStage,
  ServiceOrderEvent,
  ServiceOrderState,
} from '@lawline/contract';
import type { LawyerServiceStep } from '@lawline/contract/schemas';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { beijingDayStart } from '../calls/repo.ts';
import type { JobService } from '../jobs/service.ts';
import type { LawyerServiceDesk } from './lawyer.ts';
import { currentDraft, sinceLastAccept } from './letters.ts';
import type { ServiceLifecycle, ServiceMove, ServiceTx } from './lifecycle.ts';
import {
  allLawyers,
  arrangingOrders,
  bareCityName,
  canServe,
  cityNameOf,
  hasField,
  LawyerServedKinds,
  lawyerById,
  type ServiceLawyer,
} from './matching.ts';
import { letterBodyFromFacts } from './pdf/letter-body-from-facts.ts';
import {
  eventsOf,
  faceDetails,
  findServiceOrder,
  kindOf,
  letterDetails,
  payloadOf,
  type Q,
  type ServiceOrderRow,
} from './repo.ts';

export const AutopilotJob = 'service.autopilot';

/** The compressed clock of the sandbox lawyer (wall time after the move that calls for it). */
export const AutopilotDelays = {
  /** Propose a time, write a draft, revise, finalise, quote, record 立案. */
  stepMs: 4_000,
  /** Mark a confirmed meeting held. */
  heldMs: 8_000,
  /** 开庭 after 立案. */
  hearingMs: 15_000,
} as const;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export type ServiceAutopilotDeps = {
  db: Q;
  clock: () => number;
  jobs: JobService;
  lifecycle: ServiceLifecycle;
  desk: LawyerServiceDesk;
  /** Sandbox mode with SANDBOX_AUTOPILOT=1. */
  enabled: boolean;
  /** AUTOPILOT_ACCEPT_MS: how long an order waits for a real lawyer first. */
  acceptMs: number;
  log: FastifyBaseLogger;
  delays?: Partial<typeof AutopilotDelays>;
};

/** Who the autopilot sends: a lawyer who may serve the order, else the closest match. */
export function pickAutopilotLawyer(
  lawyers: ServiceLawyer[],
  order: ServiceOrderRow,
): ServiceLawyer | undefined {
  const usable = lawyers.filter(
    (l) => l.license_no !== null && l.lawyer_level !== null && l.lawyer_level <= 3,
  );
  const city = cityNameOf(order.region_code);
  const score = (l: ServiceLawyer): number => {
    if (canServe(l, order)) return 0;
    const levelOk = order.kind !== 'faceConsult' || (l.lawyer_level ?? 9) <= (order.level ?? 3);
    const field = hasField(l, order.consult_field);
    if (levelOk && field) return 1;
    if (field || (city !== null && bareCityName(l.city) === city)) return 2;
    return 3;
  };
  return usable.map((l) => ({ l, s: score(l) })).sort((a, b) => a.s - b.s || a.l.id - b.l.id)[0]?.l;
}

/**
 * The sandbox autopilot lawyer for service orders (SANDBOX_AUTOPILOT=1 in sandbox mode), so one
 * person can walk each service alone: it accepts an order nobody took, proposes a meeting and
 * marks it held after the person confirmed, drafts a letter from the facts and revises it,
 * finalises it once approved, quotes a lawsuit and records 立案 then 开庭. It acts through the
 * lawyer's own steps. Every next move is a persisted job scheduled in the transaction of the move
 * that calls for it (carrying the order's version: a job overtaken by another move does nothing),
 * so a restart loses no walk.
 */
export class ServiceAutopilot {
  private readonly delays: typeof AutopilotDelays;

  constructor(private readonly deps: ServiceAutopilotDeps) {
    this.delays = { ...AutopilotDelays, ...deps.delays };
    deps.jobs.register(AutopilotJob, async (p: { orderId: string; version: number }) =>
      this.run(p.orderId, p.version),
    );
  }

  get enabled(): boolean {
    return this.deps.enabled;
  }

  /** The lifecycle hook: a move that leaves the lawyer something to do schedules the autopilot. */
  readonly onMove = async (tx: ServiceTx, row: ServiceOrderRow, move: ServiceMove): Promise<void> => {
    if (!this.deps.enabled || !LawyerServedKinds.includes(kindOf(row))) return;
    const delay = this.delayFor(row, move);
    if (delay === null) return;
    await this.deps.jobs.enqueue(
      AutopilotJob,
      this.deps.clock() + delay,
      { orderId: row.id, version: row.version },
      { trx: tx.db },
    );
  };

  /** Orders left waiting when the autopilot was off (or from before a restart): give them a timer. */
  async resume(): Promise<void> {
    if (!this.deps.enabled) return;
    const now = this.deps.clock();
    const waiting = await arrangingOrders(this.deps.db);
    await this.deps.jobs.enqueueMany(
      waiting.map((o) => ({
        kind: AutopilotJob,
        runAt: now + this.deps.acceptMs,
        payload: { orderId: o.id, version: o.version },
      })),
    );
  }

  /** How long after this move the autopilot lawyer acts, or null: nothing for it to do. */
  private delayFor(row: ServiceOrderRow, move: ServiceMove): number | null {
    const { stepMs, heldMs, hearingMs } = this.delays;
    const { state, stage } = row;
    if (state === ServiceOrderState.arranging) return this.deps.acceptMs;
    switch (row.kind) {
      case 'faceConsult':
        if (state === ServiceOrderState.arranged && (stage === null || stage === FaceStage.otherTimeAsked))
          return stepMs;
        if (state === ServiceOrderState.inService && stage === FaceStage.otherTimeAsked) return stepMs;
        if (state === ServiceOrderState.inService && stage === FaceStage.timeConfirmed) return heldMs;
        return null;
      case 'lawyerLetter':
        if (state === ServiceOrderState.arranged && stage === null) return stepMs;
        if (
          state === ServiceOrderState.inService &&
          (stage === LetterStage.revisionAsked || stage === LetterStage.approved)
        )
          return stepMs;
        return null;
      case 'lawsuit':
        if (state === ServiceOrderState.arranged) return stepMs;
        if (state === ServiceOrderState.inService && stage === LawsuitStage.entrusted) return stepMs;
        if (
          state === ServiceOrderState.inService &&
          move.step === 'recordProgress' &&
          move.payload.milestone === 'filed'
        )
          return hearingMs;
        return null;
      default:
        return null;
    }
  }

  /** Whether the current arrangement is the autopilot's (its accept said so). */
  private async ours(order: ServiceOrderRow): Promise<boolean> {
    if (order.lawyer_id === null) return false;
    const accept = (await eventsOf(this.deps.db, order.id))
      .filter((e) => e.event === ServiceOrderEvent.accept)
      .at(-1);
    return (
      accept !== undefined && accept.actor_id === order.lawyer_id && payloadOf(accept).autopilot === true
    );
  }

  private async run(orderId: string, version: number): Promise<void> {
    if (!this.deps.enabled) return;
    const order = await findServiceOrder(this.deps.db, orderId);
    if (!order || order.version !== version) return;
    try {
      if (order.state === ServiceOrderState.arranging) {
        // Not a lawyer who gave this order back.
        const released = new Set(
          (await eventsOf(this.deps.db, order.id))
            .filter((e) => e.event === ServiceOrderEvent.release)
            .map((e) => e.actor_id),
        );
        const candidates = (await allLawyers(this.deps.db)).filter((l) => !released.has(l.id));
        const lawyer = pickAutopilotLawyer(candidates, order);
        if (lawyer) await this.deps.desk.acceptAs(lawyer, order.id, { autopilot: true });
        return;
      }
      if (!(await this.ours(order))) return;
      const lawyer = await lawyerById(this.deps.db, order.lawyer_id as number);
      if (!lawyer) return;
      const step = await this.nextStep(order, lawyer);
      if (step) await this.deps.desk.act(lawyer, order, step, { autopilot: true });
    } catch (err) {
      // Someone (a real lawyer, the person) moved the order first: their move stands.
      if (err instanceof AppError && (err.httpStatus === 409 || err.httpStatus === 404)) return;
      throw err;
    }
  }

  /** What the lawyer does next on the order, or null. */
  private async nextStep(order: ServiceOrderRow, lawyer: ServiceLawyer): Promise<LawyerServiceStep | null> {
    const { state, stage, id: orderId } = order;
    const inService = state === ServiceOrderState.inService;
    switch (order.kind) {
      case 'faceConsult':
        if (stage === FaceStage.timeConfirmed && inService) {
          return {
            orderId,
            action: 'markHeld',
            note: '已与委托人见面沟通，解答了相关法律问题（沙箱自动完成）',
          };
        }
        if (stage === null || stage === FaceStage.otherTimeAsked) {
          return {
            orderId,
            action: 'proposeTime',
            at: await this.meetingTime(order),
            place: `${lawyer.law_firm}（${lawyer.city}）会议室`,
            note: '请携带身份证件和相关材料（沙箱自动安排）',
          };
        }
        return null;
      case 'lawyerLetter': {
        if (stage === null && state === ServiceOrderState.arranged) {
          const d = letterDetails(order);
          const text = letterBodyFromFacts({
            senderName: d.sender.name,
            recipientName: d.recipient.name,
            facts: d.facts,
            demands: d.demands,
            deadline: d.deadline,
            firmName: lawyer.law_firm,
            lawyerName: lawyer.real_name,
          });
          return { orderId, action: 'submitDraft', text };
        }
        if (stage === LetterStage.revisionAsked && inService) {
          const draft = await currentDraft(this.deps.db, orderId);
          const asked = sinceLastAccept(await eventsOf(this.deps.db, orderId))
            .filter((e) => e.event === 'askRevision')
            .at(-1);
          const note = asked ? String(payloadOf<{ note?: unknown }>(asked).note ?? '') : '';
          return {
            orderId,
            action: 'submitDraft',
            text: revisedText(draft?.text ?? '', note).slice(0, 10_000),
          };
        }
        if (stage === LetterStage.approved && inService) return { orderId, action: 'finalise' };
        return null;
      }
      case 'lawsuit':
        if (state === ServiceOrderState.arranged) {
          return {
            orderId,
            action: 'quote',
            fee: Math.max(fenToYuan(order.price_fen * 5), 1),
            note: '经评估，本案需经立案、开庭等程序，报价含一审全程代理（沙箱自动报价）',
          };
        }
        if (inService && stage === LawsuitStage.entrusted) {
          return {
            orderId,
            action: 'recordProgress',
            milestone: 'filed',
            note: '已向法院递交起诉材料，法院已受理立案（沙箱示例）',
            files: [],
          };
        }
        if (inService && stage === LawsuitStage.progress) {
          const milestones = (await eventsOf(this.deps.db, orderId))
            .filter((e) => e.event === 'recordProgress')
            .map((e) => payloadOf<{ milestone?: unknown }>(e).milestone);
          if (milestones.length === 1 && milestones[0] === 'filed') {
            return {
              orderId,
              action: 'recordProgress',
              milestone: 'hearing',
              note: '法院已排期开庭，律师将按时出庭（沙箱示例）',
              files: [],
            };
          }
        }
        return null;
      default:
        return null;
    }
  }

  /**
   * The meeting the autopilot proposes: the person's first preferred date from tomorrow at 10:00
   * (Beijing); asked for another time, the day after its last proposal at 14:30.
   */
  private async meetingTime(order: ServiceOrderRow): Promise<number> {
    const now = this.deps.clock();
    const tomorrow = beijingDayStart(now) + DAY;
    const last = sinceLastAccept(await eventsOf(this.deps.db, order.id))
      .filter((e) => e.event === 'proposeTime')
      .at(-1);
    const lastAt = last ? payloadOf<{ at?: unknown }>(last).at : undefined;
    if (typeof lastAt === 'number') {
      return Math.max(beijingDayStart(lastAt), beijingDayStart(now)) + DAY + 14.5 * HOUR;
    }
    for (const date of faceDetails(order).preferredDates) {
      const at = Date.parse(`${date}T10:00:00+08:00`);
      if (Number.isFinite(at) && at >= tomorrow) return at;
    }
    return tomorrow + 10 * HOUR;
  }
}

/** The revised draft: the requested change is added visibly before the closing line. */
export function revisedText(text: string, note: string): string {
  const addition = `（根据委托人的修改意见补充：${note.trim()}）`;
  const closing = '特此函告。';
  const at = text.lastIndexOf(closing);
  return at < 0 ? `${text}\n${addition}` : `${text.slice(0, at)}${addition}\n${text.slice(at)}`;
}
