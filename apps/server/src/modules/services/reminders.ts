import { FaceStage, ServiceActor, ServiceOrderState } from '@lawline/contract';
import type { JobService } from '../jobs/service.ts';
import type { ServiceLifecycle, ServiceMove, ServiceTx } from './lifecycle.ts';
import { lawyerById } from './matching.ts';
import { eventsOf, faceDetails, findServiceOrder, payloadOf, type Q, type ServiceOrderRow } from './repo.ts';
import { type SmsNotices, smsNotice } from './sms-notices.ts';

export const ReminderJob = 'service.meetingReminder';

const HOUR = 3_600_000;
/** Both are reminded this long before a confirmed meeting … */
export const REMIND_BEFORE_MS = 24 * HOUR;
/** … or at once when it was confirmed later than that, unless the meeting is this close. */
const TOO_CLOSE_MS = 2 * HOUR;

/** '11月26日 10:00' (Beijing). */
export function meetingTimeText(at: number): string {
  const d = new Date(at + 8 * HOUR);
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日 ${hh}:${mm}`;
}

/** The place of the confirmed meeting: the last proposal's. */
async function meetingPlace(db: Q, orderId: string): Promise<string> {
  const proposal = (await eventsOf(db, orderId)).filter((e) => e.event === 'proposeTime').at(-1);
  const place = proposal ? payloadOf<{ place?: unknown }>(proposal).place : undefined;
  return typeof place === 'string' ? place : '';
}

/**
 * The day before a confirmed face meeting both sides are reminded: the person by a message
 * (websocket 101) and SMS, the lawyer by SMS. One persisted job per confirmation, made in the
 * confirming transaction; a new confirmed time makes a new one and the old one finds the time
 * changed and does nothing; so does a job for an order no longer waiting for its meeting.
 */
export class MeetingReminders {
  constructor(
    private readonly deps: {
      db: Q;
      clock: () => number;
      jobs: JobService;
      lifecycle: ServiceLifecycle;
      notices: SmsNotices;
    },
  ) {
    deps.jobs.register(ReminderJob, async (p: { orderId: string; meetingAt: number }) =>
      this.remind(p.orderId, p.meetingAt),
    );
  }

  /** The lifecycle hook: a confirmed time (re)schedules the reminder. */
  readonly onMove = async (tx: ServiceTx, row: ServiceOrderRow, move: ServiceMove): Promise<void> => {
    if (row.kind !== 'faceConsult' || move.step !== 'confirmTime' || row.meeting_at === null) return;
    await this.schedule(tx, row);
  };

  async schedule(tx: ServiceTx, row: ServiceOrderRow): Promise<void> {
    const meetingAt = row.meeting_at;
    if (meetingAt === null) return;
    const now = this.deps.clock();
    const key = `reminder:${row.id}`;
    await tx.db
      .updateTable('jobs')
      .set({ done_at: now })
      .where('job_key', '=', key)
      .where('done_at', 'is', null)
      .execute();
    if (meetingAt - now < TOO_CLOSE_MS) return;
    await this.deps.jobs.enqueue(
      ReminderJob,
      Math.max(now, meetingAt - REMIND_BEFORE_MS),
      { orderId: row.id, meetingAt },
      { key, trx: tx.db },
    );
  }

  private async remind(orderId: string, meetingAt: number): Promise<void> {
    const { db, lifecycle } = this.deps;
    const order = await findServiceOrder(db, orderId);
    if (
      !order ||
      order.state !== ServiceOrderState.inService ||
      order.stage !== FaceStage.timeConfirmed ||
      order.meeting_at !== meetingAt ||
      order.lawyer_id === null ||
      meetingAt <= this.deps.clock()
    ) {
      return;
    }
    const reminded = (await eventsOf(db, orderId)).some(
      (e) => e.event === 'meetingReminder' && payloadOf<{ meetingAt?: unknown }>(e).meetingAt === meetingAt,
    );
    if (reminded) return;
    const [lawyer, person, place] = await Promise.all([
      lawyerById(db, order.lawyer_id),
      db.selectFrom('users').select(['mobile']).where('id', '=', order.user_id).executeTakeFirst(),
      meetingPlace(db, orderId),
    ]);
    if (!lawyer) return;
    const time = meetingTimeText(meetingAt);
    const text = `${time}在${place}与${lawyer.real_name}律师见面咨询，请准时到达。`;
    await lifecycle.transaction(async (tx) => {
      await lifecycle.note(tx, order, 'meetingReminder', ServiceActor.system, {
        title: '见面提醒',
        text,
        payload: { meetingAt },
      });
      lifecycle.notifyPerson(tx, order.user_id, {
        title: '明天见面咨询提醒',
        content: `订单${orderId}：${text}`,
      });
      const notices = [
        smsNotice(lawyer.mobile, 'meetingReminderLawyer', {
          orderId,
          time,
          place,
          client: faceDetails(order).contactName,
        }),
      ];
      if (person?.mobile) {
        notices.unshift(
          smsNotice(person.mobile, 'meetingReminder', { time, place, lawyer: lawyer.real_name }),
        );
      }
      await this.deps.notices.enqueue(tx.db, notices);
    });
  }
}
