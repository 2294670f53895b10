import type { FastifyBaseLogger } from 'fastify';
import type { SmsMessage, SmsProvider } from './port.ts';

export type OutboxEntry = SmsMessage & { sentAt: number };

const KEEP = 500;

/** Offline SMS: the code goes to the log and to an outbox the dev endpoint shows. */
export class SandboxSmsProvider implements SmsProvider {
  readonly name = 'sandbox';
  readonly isSandbox = true;
  private readonly outbox: OutboxEntry[] = [];

  constructor(
    private readonly clock: () => number,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    this.outbox.push({ ...message, sentAt: this.clock() });
    if (this.outbox.length > KEEP) this.outbox.splice(0, this.outbox.length - KEEP);
    this.log?.info({ mobile: message.mobile, code: message.code, purpose: message.purpose }, 'sandbox SMS');
  }

  /** Newest first. */
  messagesTo(mobile: string): OutboxEntry[] {
    return this.outbox.filter((m) => m.mobile === mobile).reverse();
  }
}
