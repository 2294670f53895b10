import { rewriteQuestionSlashUrl } from '@lawline/contract';

/**
 * Spec §2: an address with '/?/' (e.g. /h5/gzh/?/Lawyer) becomes the hash route (/h5/gzh/#/Lawyer)
 * before the router or anything else reads the address. main.tsx imports this module first.
 */
export function rewriteAddress(): void {
  if (typeof window === 'undefined') return;
  const next = rewriteQuestionSlashUrl(window.location.href);
  if (next && next !== window.location.href) window.history.replaceState(window.history.state, '', next);
}

rewriteAddress();
