export type SmsPurpose = 'login' | 'changeMobile' | 'lawyerLogin';

export type SmsMessage = { mobile: string; code: string; purpose: SmsPurpose };

/** Sends a one-time code. Throws when the vendor refused it. */
export interface SmsProvider {
  readonly name: string;
  readonly isSandbox: boolean;
  send(message: SmsMessage): Promise<void>;
}
