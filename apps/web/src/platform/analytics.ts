/**
 * Page-view analytics through a configurable third-party script (Baidu Tongji convention), off
 * unless the channel data names a script. Page views seen before the channel data arrives wait.
 */
type HmtCommand = readonly [string, ...unknown[]];

declare global {
  interface Window {
    _hmt?: HmtCommand[];
  }
}

const SCRIPT_ID = 'lawline-analytics';

let state: 'pending' | 'on' | 'off' = 'pending';
let queued: string[] = [];

function push(path: string): void {
  window._hmt = window._hmt || [];
  window._hmt.push(['_trackPageview', path]);
}

/** Turn analytics on with a script URL, or off with null/empty. Only the first call counts. */
export function initAnalytics(scriptUrl: string | null | undefined): void {
  if (state !== 'pending' || typeof document === 'undefined') return;
  const url = scriptUrl?.trim();
  if (!url) {
    state = 'off';
    queued = [];
    return;
  }
  state = 'on';
  window._hmt = window._hmt || [];
  if (!document.getElementById(SCRIPT_ID)) {
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.async = true;
    script.src = url;
    document.head.appendChild(script);
  }
  for (const path of queued) push(path);
  queued = [];
}

/** Record a page view of an app path (e.g. `/h5/gzh/#/Lawyer`). */
export function trackPageview(path: string): void {
  if (state === 'off' || typeof window === 'undefined') return;
  if (state === 'pending') queued.push(path);
  else push(path);
}
