export type SmsPurpose = 'login' | 'changeMobile' | 'lawyerLogin';

export type SmsMessage = { mobile: string; code: string; purpose: SmsPurpose };

/** A notice (not a code): a template the vendor approved, its parameters and the rendered text. */
export type SmsNotice = { mobile: string; template: string; params: Record<string, string>; text: string };

/** Sends one-time codes and notices. Throws when the vendor refused one. */
export interface SmsProvider {
  readonly name: string;
  readonly isSandbox: boolean;
  send(message: SmsMessage): Promise<void>;
  sendNotice(notice: SmsNotice): Promise<void>;
}
