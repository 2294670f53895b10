import nodemailer, { type Transporter } from 'nodemailer';
import { type MailAccepted, type MailProvider, MailSendError, type OutgoingMail } from './port.ts';

export type SmtpSettings = {
  host: string;
  port: number;
  /** Implicit TLS (port 465); otherwise STARTTLS, required unless `plain` (sandbox only). */
  secure: boolean;
  user: string | null;
  pass: string | null;
  /** 律线 <noreply@example.com> */
  from: string;
  /** SANDBOX ONLY: no TLS at all (the in-process receiver has no certificate). */
  plain?: boolean;
};

/** Whatever nodemailer threw: an SMTP answer code when the server said no. */
function asSendError(err: unknown): MailSendError {
  const e = err as { responseCode?: number; code?: string; message?: string };
  const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
  const what = e.responseCode ? `SMTP ${e.responseCode}` : (e.code ?? 'SMTP error');
  return new MailSendError(`${what}: ${e.message ?? String(err)}`, permanent, { cause: err });
}

/** Real SMTP with nodemailer: one connection per mail (mails are rare; nothing to keep open). */
export class SmtpMailProvider implements MailProvider {
  readonly name: string = 'smtp';
  readonly isSandbox: boolean = false;
  private readonly transport: Transporter;

  constructor(private readonly settings: SmtpSettings) {
    this.transport = nodemailer.createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      requireTLS: !settings.secure && !settings.plain,
      ignoreTLS: settings.plain === true,
      auth: settings.user ? { user: settings.user, pass: settings.pass ?? '' } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send(mail: OutgoingMail): Promise<MailAccepted> {
    try {
      const info = await this.transport.sendMail({
        from: this.settings.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        attachments: (mail.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
      });
      if ((info.rejected ?? []).length > 0) throw new MailSendError('SMTP: the recipient was rejected', true);
      return { messageId: info.messageId };
    } catch (err) {
      throw err instanceof MailSendError ? err : asSendError(err);
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
