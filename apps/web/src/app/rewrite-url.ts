import { rewriteQuestionSlashUrl } from '@lawline/contract';
import { paths } from './paths.ts';

/**
 * Spec §2: an address with '/?/' (e.g. /h5/gzh/?/Lawyer) becomes the hash route (/h5/gzh/#/Lawyer)
 * before the router or anything else reads the address. main.tsx imports this module first.
 */
export function rewriteAddress(): void {
  if (typeof window === 'undefined') return;
  const next = rewriteQuestionSlashUrl(window.location.href);
  if (next && next !== window.location.href) window.history.replaceState(window.history.state, '', next);
  // No route in the address: the first page's, as the index route would redirect, but before the
  // router starts, which saves it a second navigation on every cold start (issue 7: blocking time).
  if (/^#?\/?$/.test(window.location.hash)) {
    window.history.replaceState(window.history.state, '', `#${paths.home()}`);
  }
}

rewriteAddress();
