import { Timing } from '@lawline/contract';

let scheduled = false;
let gone = false;
const goneListeners = new Set<() => void>();

function markGone(): void {
  if (gone) return;
  gone = true;
  for (const listener of goneListeners) listener();
  goneListeners.clear();
}

/**
 * Calls `listener` once the loading splash has gone (at once when there is none): what should be
 * seen, such as the new-user guide, waits for it instead of working under it while the page starts.
 * Returns a function that cancels the call.
 */
export function onSplashGone(listener: () => void, doc: Document = document): () => void {
  if (gone || !doc.getElementById('splash')) {
    gone = true;
    listener();
    return () => {};
  }
  goneListeners.add(listener);
  return () => {
    goneListeners.delete(listener);
  };
}

/**
 * The loading splash (spec §1, §9) is static markup in index.html (#splash) so it paints at once;
 * it goes when the app has mounted and at least Timing.splashMs has passed since navigation start.
 */
export function hideSplash(doc: Document = document, now: number = performance.now()): void {
  if (scheduled) return;
  scheduled = true;
  const remove = () => {
    const splash = doc.getElementById('splash');
    if (!splash) {
      markGone();
      return;
    }
    splash.classList.add('splash-leaving');
    splash.setAttribute('aria-hidden', 'true');
    setTimeout(() => {
      splash.remove();
      markGone();
    }, 200);
  };
  const wait = Math.max(0, Timing.splashMs - now);
  if (wait > 0) setTimeout(remove, wait);
  else remove();
}

/**
 * The home page's first screen the server wrote into index.html (#ll-shell, see
 * apps/server/src/modules/channels/home-shell.ts): it stands for the page until React has rendered
 * it, then goes. Also goes at once when the app starts elsewhere than on the home page.
 */
export function removeHomeShell(doc: Document = document): void {
  doc.getElementById('ll-shell')?.remove();
}

/** Whether the server wrote the home page's first screen into this page. */
export function hasHomeShell(doc: Document = document): boolean {
  return doc.getElementById('ll-shell') !== null;
}
