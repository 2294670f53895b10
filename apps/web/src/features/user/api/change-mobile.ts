import type { SendCodeResult } from '@lawline/contract/schemas';
import { api } from '../../../api/client.ts';

/** POST user/codeForChangeMobile: the code goes to the NEW number. */
export function sendChangeMobileCode(mobile: string): Promise<SendCodeResult> {
  return api.post<SendCodeResult>('user/codeForChangeMobile', { mobile });
}

/** POST user/changeMobile; errors (number in use 409, wrong code) come back for the page to show. */
export function changeMobile(mobile: string, code: string): Promise<{ mobile: string }> {
  return api.post<{ mobile: string }>('user/changeMobile', { mobile, code }, { ignoreError: true });
}
