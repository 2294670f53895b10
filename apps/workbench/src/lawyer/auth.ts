import type { LawyerSession, SendCodeResult } from '@lawline/contract/schemas';
import { api } from '../api.ts';
import { session } from '../session.ts';

/** lawyer/sendCode: the same neutral answer for any number; only a lawyer's number gets a code. */
export function sendLawyerCode(mobile: string): Promise<SendCodeResult> {
  return api.post<SendCodeResult>('lawyer/sendCode', { mobile });
}

/** lawyer/codeLogin: answers the lawyer token and profile. */
export function lawyerCodeLogin(mobile: string, code: string): Promise<LawyerSession> {
  return api.post<LawyerSession>('lawyer/codeLogin', { mobile, code });
}

/** lawyer/logout: revokes the token on the server, then forgets it here (even if the call fails). */
export async function lawyerLogout(): Promise<void> {
  try {
    await api.post<null>('lawyer/logout');
  } finally {
    session.signOut(null);
  }
}

/**
 * Sandbox only: the dev SMS outbox answers (production has no /api/dev/*), so the login screen can
 * point to it. Answers the outbox link, or null when there is none.
 */
export async function sandboxOutboxLink(mobile: string): Promise<string | null> {
  const link = `/api/dev/sms-outbox?mobile=${encodeURIComponent(mobile)}`;
  try {
    const res = await fetch(link, { headers: { Accept: 'application/json' } });
    return res.ok ? link : null;
  } catch {
    return null;
  }
}
