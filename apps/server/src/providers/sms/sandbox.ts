import type { FastifyBaseLogger } from 'fastify';
import type { SmsMessage, SmsNotice, SmsProvider } from './port.ts';

export type OutboxEntry = SmsMessage & { sentAt: number };
export type NoticeEntry = SmsNotice & { sentAt: number };

const KEEP = 500;

/** Offline SMS: the code goes to the log and to an outbox the dev endpoint shows. */
export class SandboxSmsProvider implements SmsProvider {
  readonly name = 'sandbox';
  readonly isSandbox = true;
  private readonly outbox: OutboxEntry[] = [];
  // Kept apart from codes, so "the newest code to this number" is never a notice.
  private readonly notices: NoticeEntry[] = [];

  constructor(
    private readonly clock: () => number,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    this.outbox.push({ ...message, sentAt: this.clock() });
    if (this.outbox.length > KEEP) this.outbox.splice(0, this.outbox.length - KEEP);
    this.log?.info({ mobile: message.mobile, code: message.code, purpose: message.purpose }, 'sandbox SMS');
  }

  async sendNotice(notice: SmsNotice): Promise<void> {
    this.notices.push({ ...notice, sentAt: this.clock() });
    if (this.notices.length > KEEP) this.notices.splice(0, this.notices.length - KEEP);
    this.log?.info(
      { mobile: notice.mobile, template: notice.template, text: notice.text },
      'sandbox SMS notice',
    );
  }

  /** Newest first. */
  messagesTo(mobile: string): OutboxEntry[] {
    return this.outbox.filter((m) => m.mobile === mobile).reverse();
  }

  /** Notices to a number, newest first. */
  noticesTo(mobile: string): NoticeEntry[] {
    return this.notices.filter((m) => m.mobile === mobile).reverse();
  }
}
