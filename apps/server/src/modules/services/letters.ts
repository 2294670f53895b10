import {
  LawyerLetterSteps,
  LetterStage,
  ServiceActor,
  ServiceOrderEvent,
  ServiceOrderState,
} from '@lawline/contract';
import type { FastifyBaseLogger } from 'fastify';
import { conflict } from '../../http/errors.ts';
import { type CourierEvent, type CourierProvider, CourierStatus } from '../../providers/courier/port.ts';
import type { JobService } from '../jobs/service.ts';
import { storeServiceFile } from './files.ts';
import type { ServiceLifecycle, ServiceTx } from './lifecycle.ts';
import { lawyerById, type ServiceLawyer } from './matching.ts';
import { chineseDate } from './pdf/chinese-date.ts';
import { renderLawyerLetterPdf } from './pdf/render-lawyer-letter-pdf.ts';
import {
  eventsOf,
  findServiceOrder,
  letterDetails,
  payloadOf,
  type Q,
  type ServiceEventRow,
  type ServiceOrderRow,
} from './repo.ts';
import { type SmsNotices, smsNotice } from './sms-notices.ts';

export const LetterJob = {
  /** Hand the final letter to the courier (the fallback when the inline hand-over failed). */
  dispatch: 'service.letterDispatch',
  /** Follow the parcel until it is signed for or failed. */
  track: 'service.courierTrack',
} as const;

/** If the inline hand-over fails (or the process dies), the job tries this long after the finalise. */
const DISPATCH_FALLBACK_MS = 30_000;
/** Tracking stops after this long whatever the carrier says (a lost parcel goes to customer service). */
const TRACK_FOR_MS = 15 * 24 * 60 * 60 * 1000;
const TERMINAL: readonly CourierEvent['status'][] = ['signed', 'failed'];

export type LetterDeskDeps = {
  db: Q;
  clock: () => number;
  dataDir: string;
  lifecycle: ServiceLifecycle;
  jobs: JobService;
  courier: CourierProvider;
  notices: SmsNotices;
  /** How often a parcel on its way is tracked (sandbox: compressed with the courier's speed). */
  trackEveryMs: number;
  log: FastifyBaseLogger;
};

/** Events since the last accept: a release voids the last lawyer's drafts. */
export function sinceLastAccept(events: ServiceEventRow[]): ServiceEventRow[] {
  const i = events.map((e) => e.event).lastIndexOf(ServiceOrderEvent.accept);
  return i < 0 ? [] : events.slice(i + 1);
}

/** The current draft's text (the last submitDraft since the accept), or null. */
export async function currentDraft(
  db: Q,
  orderId: string,
): Promise<{ text: string; version: number } | null> {
  const drafts = sinceLastAccept(await eventsOf(db, orderId)).filter((e) => e.event === 'submitDraft');
  const last = drafts.at(-1);
  if (!last) return null;
  const p = payloadOf<{ text?: unknown; version?: unknown }>(last);
  return typeof p.text === 'string'
    ? { text: p.text, version: typeof p.version === 'number' ? p.version : drafts.length }
    : null;
}

/** 正衡示例律师事务所 → 正衡示例律函〔2026〕A1B2C3D4号: the letter's number from the order id. */
function letterNo(order: ServiceOrderRow, lawyer: ServiceLawyer, now: number): string {
  const firm = lawyer.law_firm.replace(/律师事务所$/, '');
  const year = new Date(now + 8 * 3_600_000).getUTCFullYear();
  return `${firm}律函〔${year}〕${order.id.slice(-8)}号`;
}

/**
 * Lawyer letters after the draft: the PDF (draft preview with a watermark, final with the firm's
 * letterhead, the lawyer's name and licence number), the hand-over to the courier with an SMS to
 * the recipient, and the parcel's status events on the order.
 */
export class LetterDesk {
  constructor(private readonly deps: LetterDeskDeps) {
    deps.jobs.register(LetterJob.dispatch, async (p: { orderId: string }) => this.dispatch(p.orderId));
    deps.jobs.register(LetterJob.track, async (p: { orderId: string; since: number }) =>
      this.track(p.orderId, p.since),
    );
  }

  private now(): number {
    return this.deps.clock();
  }

  /** The letter as a PDF: `draft` adds the watermark (previews are never stored). */
  async render(
    order: ServiceOrderRow,
    lawyer: ServiceLawyer,
    text: string,
    draft: boolean,
  ): Promise<Uint8Array> {
    const d = letterDetails(order);
    const now = this.now();
    return renderLawyerLetterPdf({
      firmName: lawyer.law_firm,
      lawyerName: lawyer.real_name,
      licenceNo: lawyer.license_no ?? '',
      letterNo: letterNo(order, lawyer, now),
      date: chineseDate(now),
      recipientName: d.recipient.name,
      recipientAddress: d.recipient.address,
      senderName: d.sender.name,
      title: '律师函',
      body: text,
      draft,
    });
  }

  /**
   * Finalise: the approved draft becomes the final PDF (kept as the order's letterPdf) in the
   * finalise step's transaction, which also schedules the courier hand-over; the hand-over is
   * tried at once after the commit, the job is the fallback.
   */
  async finalise(order: ServiceOrderRow, lawyer: ServiceLawyer): Promise<ServiceOrderRow> {
    if (order.kind !== 'lawyerLetter') throw conflict('该服务不支持此操作');
    if (order.stage !== LetterStage.approved || order.state !== ServiceOrderState.inService) {
      throw conflict('委托人确认稿件后才能定稿');
    }
    if (!lawyer.license_no) throw conflict('您的执业证号尚未登记，请联系平台补充后再定稿');
    const draft = await currentDraft(this.deps.db, order.id);
    if (!draft) throw conflict('尚未提交律师函稿件');
    const pdf = await this.render(order, lawyer, draft.text, false);
    const { lifecycle } = this.deps;
    const row = await lifecycle.transaction(async (tx) => {
      const file = await storeServiceFile(tx.db, this.deps.dataDir, {
        orderId: order.id,
        kind: 'letterPdf',
        name: `律师函-${order.id}.pdf`,
        mime: 'application/pdf',
        ext: 'pdf',
        bytes: pdf,
        createdBy: 'system',
        now: this.now(),
      });
      const moved = await lifecycle.applyStep(tx, order, LawyerLetterSteps, 'finalise', ServiceActor.lawyer, {
        actorId: lawyer.id,
        payload: { fileId: file.id, version: draft.version, files: [file.id] },
        text: '律师函已定稿，正在安排寄出',
      });
      await this.deps.jobs.enqueue(
        LetterJob.dispatch,
        this.now() + DISPATCH_FALLBACK_MS,
        { orderId: order.id },
        { key: `letter:${order.id}`, trx: tx.db },
      );
      return moved.order;
    });
    try {
      await this.dispatch(order.id);
    } catch (err) {
      this.deps.log.warn({ err, orderId: order.id }, 'letter hand-over failed; the job retries');
    }
    return (await findServiceOrder(this.deps.db, order.id)) ?? row;
  }

  /**
   * Hands a final letter to the courier: the tracking number goes on the order (`dispatch`, which
   * delivers it), the recipient gets an SMS, and the parcel is tracked. Idempotent: only an order
   * still at `final` is sent.
   */
  async dispatch(orderId: string): Promise<void> {
    const order = await findServiceOrder(this.deps.db, orderId);
    if (!order || order.stage !== LetterStage.final || order.state !== ServiceOrderState.inService) return;
    const lawyer = order.lawyer_id !== null ? await lawyerById(this.deps.db, order.lawyer_id) : undefined;
    if (!lawyer) return;
    const d = letterDetails(order);
    const booked = await this.deps.courier.send({
      orderRef: order.id,
      sender: {
        name: `${lawyer.law_firm} ${lawyer.real_name}律师`,
        phone: lawyer.mobile,
        address: lawyer.law_firm,
      },
      recipient: d.recipient,
      item: '律师函',
    });
    const { lifecycle } = this.deps;
    await lifecycle.transaction(async (tx) => {
      const fresh = await findServiceOrder(tx.db, orderId);
      if (!fresh || fresh.stage !== LetterStage.final) return;
      const text = `${booked.carrier}，运单号 ${booked.trackingNo}`;
      await lifecycle.applyStep(tx, fresh, LawyerLetterSteps, 'dispatch', ServiceActor.system, {
        payload: { carrier: booked.carrier, trackingNo: booked.trackingNo },
        text,
        notify: {
          title: '律师函已寄出',
          content: `订单${orderId}：律师函已由${booked.carrier}寄出，运单号${booked.trackingNo}，可在订单中下载律师函并查看物流。`,
        },
      });
      await this.deps.notices.enqueue(tx.db, [
        smsNotice(d.recipient.phone, 'letterSent', {
          sender: d.sender.name,
          firm: lawyer.law_firm,
          lawyer: lawyer.real_name,
          carrier: booked.carrier,
          trackingNo: booked.trackingNo,
        }),
      ]);
      await this.deps.jobs.enqueue(
        LetterJob.track,
        this.now(),
        { orderId, since: this.now() },
        { key: `courier:${orderId}`, trx: tx.db },
      );
    });
    this.deps.jobs.nudge();
  }

  /** Adds the carrier's new status events to the order; again later until signed, failed or too old. */
  async track(orderId: string, since: number): Promise<{ again: number } | undefined> {
    const { db, lifecycle } = this.deps;
    const order = await findServiceOrder(db, orderId);
    if (!order) return undefined;
    const events = await eventsOf(db, orderId);
    const sent = events.filter((e) => e.event === 'dispatch').at(-1);
    const trackingNo = sent ? payloadOf<{ trackingNo?: unknown }>(sent).trackingNo : undefined;
    if (typeof trackingNo !== 'string') return undefined;
    const known = new Set(
      events
        .filter((e) => e.event === 'courierStatus')
        .map((e) => {
          const p = payloadOf<{ status?: unknown; at?: unknown }>(e);
          return `${String(p.status)}@${String(p.at)}`;
        }),
    );
    const phone = letterDetails(order).recipient.phone;
    const reported = await this.deps.courier.track(trackingNo, { phone });
    const fresh = reported.filter((e) => !known.has(`${e.status}@${e.at}`));
    if (fresh.length > 0) {
      await lifecycle.transaction(async (tx: ServiceTx) => {
        for (const e of fresh) {
          const label = CourierStatus[e.status];
          await lifecycle.note(tx, order, 'courierStatus', ServiceActor.system, {
            title: `物流：${label}`,
            text: e.text,
            payload: { status: e.status, text: e.text, at: e.at, trackingNo },
          });
          if (TERMINAL.includes(e.status)) {
            lifecycle.notifyPerson(tx, order.user_id, {
              title: e.status === 'signed' ? '律师函已签收' : '律师函投递异常',
              content:
                e.status === 'signed'
                  ? `订单${orderId}：律师函已由收件人签收。`
                  : `订单${orderId}：${e.text}。如需重新寄送，请联系客服。`,
            });
          }
        }
      });
    }
    const last = reported.at(-1);
    if (last && TERMINAL.includes(last.status)) return undefined;
    if (this.now() - since > TRACK_FOR_MS) return undefined;
    return { again: this.now() + this.deps.trackEveryMs };
  }
}
