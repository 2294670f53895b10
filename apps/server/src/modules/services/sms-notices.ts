import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { JobService } from '../jobs/service.ts';

/**
 * Notices by SMS (not codes): a template the SMS vendor approved plus its parameters. The text is
 * rendered here too, for the sandbox outbox and the log. {name} marks a parameter (in the
 * vendor's template: ${name}).
 */
export const SmsNoticeTemplates = {
  /** To a letter's recipient once the courier has it. */
  letterSent:
    '{sender}委托{firm}{lawyer}律师向您发出的律师函已由{carrier}寄出，运单号{trackingNo}，请注意查收。',
  /** To the person, the day before a face consultation. */
  meetingReminder:
    '您预约的见面咨询将于{time}在{place}进行，接待律师：{lawyer}律师。如需改约，请在订单中操作。',
  /** To the lawyer, the day before a face consultation. */
  meetingReminderLawyer:
    '您接单的见面咨询（订单{orderId}）将于{time}在{place}进行，客户：{client}，请准时赴约。',
} as const;
export type SmsNoticeTemplate = keyof typeof SmsNoticeTemplates;

export type SmsNotice = {
  mobile: string;
  template: SmsNoticeTemplate;
  params: Record<string, string>;
  /** The rendered text (what the recipient reads). */
  text: string;
};

/** What the SMS port offers for notices (providers/sms: SmsProvider.sendNotice). */
export type NoticeSender = { sendNotice(notice: SmsNotice): Promise<void> };

export function smsNotice(
  mobile: string,
  template: SmsNoticeTemplate,
  params: Record<string, string>,
): SmsNotice {
  const text = SmsNoticeTemplates[template].replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? '');
  return { mobile, template, params, text: `【律线】${text}` };
}

export const SmsNoticeJob = 'service.smsNotice';

/**
 * Each notice is its own persisted job, enqueued in the transaction that decided to send it: a
 * crash loses none, and a failed send is retried without sending the others again.
 */
export class SmsNotices {
  constructor(
    private readonly jobs: JobService,
    private readonly sms: NoticeSender | null,
    private readonly clock: () => number,
    private readonly log: FastifyBaseLogger,
  ) {
    jobs.register(SmsNoticeJob, async (notice: SmsNotice) => this.send(notice));
  }

  async enqueue(trx: Kysely<Database>, notices: SmsNotice[]): Promise<void> {
    await this.jobs.enqueueMany(
      notices
        .filter((n) => /^1\d{10}$/.test(n.mobile))
        .map((n) => ({ kind: SmsNoticeJob, runAt: this.clock(), payload: { ...n } })),
      trx,
    );
  }

  private async send(notice: SmsNotice): Promise<void> {
    if (!this.sms) {
      this.log.warn({ template: notice.template }, 'no SMS notice sender: notice dropped');
      return;
    }
    await this.sms.sendNotice(notice);
  }
}
