/** A file attached to a mail. */
export type MailAttachment = { filename: string; contentType: string; content: Buffer };

/** One mail to one address; texts are Chinese, the From address comes from config. */
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

/** The mail server accepted it for delivery (not proof that it reached the inbox). */
export type MailAccepted = { messageId: string };

/**
 * The mail server refused the mail or could not be reached. `permanent`: a 5xx answer (the
 * address does not exist, the mail was rejected): sending again will not help.
 */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MailSendError';
  }
}

/** Outgoing e-mail over SMTP. */
export interface MailProvider {
  readonly name: string;
  readonly isSandbox: boolean;
  /** Hands the mail to the SMTP server; throws MailSendError when it is not accepted. */
  send(mail: OutgoingMail): Promise<MailAccepted>;
  close(): Promise<void>;
}
