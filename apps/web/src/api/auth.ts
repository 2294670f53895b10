import type { SendCodeResult, UserInfo } from '@lawline/contract/schemas';
import { api } from './client.ts';

/** SMS-code login calls (spec §7 User). Errors are toasted by the client (spec §8). */

export function sendLoginCode(mobile: string): Promise<SendCodeResult> {
  return api.post<SendCodeResult>('user/sendCode', { mobile });
}

export function codeLogin(mobile: string, code: string): Promise<UserInfo> {
  return api.post<UserInfo>('user/codeLogin', { mobile, code });
}

/** Revokes the token on the server; the caller forgets it locally whatever the answer. */
export function logout(): Promise<null> {
  return api.post<null>('user/logout', {}, { ignoreError: true });
}

/** The logged-in user's info; quiet on failure (an expired token takes the §8 path anyway). */
export function fetchUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  return api.get<UserInfo>('user/userInfo', {}, { ignoreError: true, signal });
}
