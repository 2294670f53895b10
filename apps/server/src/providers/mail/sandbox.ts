import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { MailAccepted, MailProvider, OutgoingMail } from './port.ts';
import { SmtpMailProvider } from './smtp.ts';

/** SANDBOX ONLY credentials of the in-process receiver (public; it listens on 127.0.0.1 only). */
const SANDBOX_USER = 'lawline-sandbox';
const SANDBOX_PASS = 'sandbox-only-smtp-password';
/** Recipients whose local part starts with this are refused with 550 (to see a failed export). */
export const SANDBOX_BOUNCE_PREFIX = 'bounce';
const MAX_KEPT = 200;
const MAX_MAIL_BYTES = 20 * 1024 * 1024;

export type ReceivedAttachment = { filename: string; contentType: string; size: number; content: Buffer };

/** One mail as the receiver got it: the SMTP envelope and the parsed message. */
export type ReceivedMail = {
  id: string;
  receivedAt: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  attachments: ReceivedAttachment[];
};

/**
 * Offline e-mail that still speaks SMTP: an smtp-server receiver on 127.0.0.1 (a free port,
 * started on the first send) and the real nodemailer transport logging in to it, so every send
 * is a full SMTP conversation (EHLO, AUTH, MAIL FROM, RCPT TO, DATA). What arrives is parsed with
 * mailparser and kept in memory, newest last, for GET /api/dev/mail-outbox.
 */
export class SandboxMailProvider implements MailProvider {
  readonly name = 'sandbox';
  readonly isSandbox = true;
  /** Received mails, oldest first (at most MAX_KEPT). */
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  private starting: Promise<SmtpMailProvider> | null = null;
  private closed = false;

  constructor(
    private readonly clock: () => number,
    private readonly from: string,
  ) {}

  /** The receiver's port, after the first send (null before). */
  get port(): number | null {
    const address = this.server?.server.address() as AddressInfo | null | undefined;
    return address ? address.port : null;
  }

  async send(mail: OutgoingMail): Promise<MailAccepted> {
    const transport = await this.start();
    return transport.send(mail);
  }

  /** Mails to `to` (any when absent), newest first. */
  outbox(to?: string): ReceivedMail[] {
    const want = to?.trim().toLowerCase();
    return this.received.filter((m) => !want || m.to.includes(want)).reverse();
  }

  find(id: string): ReceivedMail | undefined {
    return this.received.find((m) => m.id === id);
  }

  private start(): Promise<SmtpMailProvider> {
    if (this.closed) return Promise.reject(new Error('mail sandbox closed'));
    this.starting ??= new Promise<SmtpMailProvider>((resolve, reject) => {
      const server = new SMTPServer({
        name: 'mail.sandbox.lawline.local',
        banner: 'LawLine sandbox SMTP receiver',
        logger: false,
        disabledCommands: ['STARTTLS'],
        authMethods: ['PLAIN', 'LOGIN'],
        allowInsecureAuth: true,
        disableReverseLookup: true,
        size: MAX_MAIL_BYTES,
        onAuth: (auth, _session, callback) => {
          if (auth.username === SANDBOX_USER && auth.password === SANDBOX_PASS) {
            callback(null, { user: auth.username });
          } else {
            callback(new Error('Invalid username or password'));
          }
        },
        onRcptTo: (address, _session, callback) => {
          if (address.address.toLowerCase().startsWith(SANDBOX_BOUNCE_PREFIX)) {
            const err = Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 });
            callback(err);
            return;
          }
          callback();
        },
        onData: (stream, session, callback) => {
          this.receive(stream, session).then(
            (id) => callback(null, `Message queued as ${id}`),
            (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
          );
        },
      });
      server.on('error', (err) => {
        if (!this.port) reject(err);
      });
      server.listen(0, '127.0.0.1', () => {
        this.server = server;
        resolve(
          new SmtpMailProvider({
            host: '127.0.0.1',
            port: this.port ?? 0,
            secure: false,
            plain: true,
            user: SANDBOX_USER,
            pass: SANDBOX_PASS,
            from: this.from,
          }),
        );
      });
    });
    return this.starting;
  }

  private async receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> {
    const parsed = await simpleParser(stream);
    if (stream.sizeExceeded) {
      throw Object.assign(new Error('5.3.4 Message too big'), { responseCode: 552 });
    }
    const id = randomUUID();
    const mailFrom = session.envelope.mailFrom;
    this.received.push({
      id,
      receivedAt: this.clock(),
      from: mailFrom ? mailFrom.address : '',
      to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      attachments: parsed.attachments.map((a) => ({
        filename: a.filename ?? 'attachment',
        contentType: a.contentType,
        size: a.size,
        content: a.content,
      })),
    });
    if (this.received.length > MAX_KEPT) this.received.shift();
    return id;
  }

  async close(): Promise<void> {
    this.closed = true;
    const transport = await this.starting?.catch(() => null);
    await transport?.close();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
