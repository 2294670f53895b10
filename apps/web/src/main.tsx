// First: remember the address the person landed on (iOS WeChat signs against it), then turn '/?/'
// addresses into hash routes before anything else reads the address.
import './platform/entry-url.ts';
import './app/rewrite-url.ts';
import 'antd-mobile/es/global';
import './styles/global.css';
import type { ChannelData } from '@lawline/contract/schemas';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from './api/client.ts';
import { createAppEffects, prefetchToast } from './app/api-effects.ts';
import { App } from './app/app.tsx';
import { applyChannel, loadChannel } from './app/channel-boot.ts';
import { pageLoader } from './app/page-modules.ts';
import {
  addLinksInTasks,
  HOME_PRELOAD_TEMPLATE_ID,
  prefetchWhenLoaded,
  takeTemplateLinks,
} from './app/prefetch.ts';
import { pageOfPath } from './app/route-table.ts';
import { createAppRouter } from './app/router.tsx';
import { startSession } from './app/session-boot.ts';
import { hasHomeShell, hideSplash, removeHomeShell } from './app/splash.ts';
import { browserStorage, StorageKey } from './lib/storage.ts';
import { withoutUrlParams } from './lib/url.ts';
import { initWeChat } from './platform/wechat.ts';
import { useChannel } from './state/channel.ts';
import './state/session.ts';

// The session store has taken `?token=` from the address; keep it out of shared links.
const cleaned = withoutUrlParams(window.location.href, [StorageKey.token]);
if (cleaned !== window.location.href) window.history.replaceState(window.history.state, '', cleaned);

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/**
 * The channel config the server wrote into the page (#ll-boot, the channel/getChannel answer for
 * the address's channel): used when it is the channel this app resolved, saving the first request.
 */
function channelWrittenIntoPage(key: string): ChannelData | null {
  const text = document.getElementById('ll-boot')?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as ChannelData | null;
    return data && data.channel === key && Array.isArray(data.banners) ? data : null;
  } catch {
    return null;
  }
}

/** '', '#/', '#/Home…': the address opens the home page (hash routes, case-insensitive). */
const startsAtHome = /^#?\/?(?:home(?:[/?].*)?)?$/i.test(window.location.hash);

const written = channelWrittenIntoPage(useChannel.getState().key);
if (written) {
  applyChannel(written);
  useChannel.getState().setData(written);
}
if (written && startsAtHome && hasHomeShell()) {
  // The page's first screen is already there (it stays until the home page has rendered): the
  // splash need not wait for React.
  hideSplash();
} else {
  removeHomeShell();
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);

/**
 * Start-up comes in steps, each a task of its own, so a slow phone's main thread is never held
 * long at a time (issue 7: Lighthouse's total blocking time): the modules above; then, after the
 * browser's first frame (the splash and the server's first screen paint before any script work,
 * even when the scripts were cached), the landing page's code is asked for (its files' preload
 * links a few per task), the router, the API client and the session, and the first render, as a
 * transition, which React renders in slices that yield to the browser.
 */
function afterFirstPaint(run: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  // A tab opened in the background has no frames: do not wait for one.
  setTimeout(once, 100);
}

const nextTask = (run: () => void) => setTimeout(run, 0);

/**
 * Asks for the landing page's module. For the home page (the usual landing page) its files' links
 * come from index.html a few per task first, so Vite's loader finds them there instead of adding
 * them all in one task.
 */
function preloadLandingPage(then: () => void): void {
  const landing = pageOfPath(window.location.hash.replace(/^#/, ''));
  const links = takeTemplateLinks(HOME_PRELOAD_TEMPLATE_ID);
  addLinksInTasks(landing === 'Home' ? links : [], 3, nextTask, () => {
    // The router asks for the same module when it starts: the import and its preloads are shared.
    if (landing) void pageLoader(landing)().catch(() => {});
    nextTask(then);
  });
}

afterFirstPaint(() =>
  preloadLandingPage(() => {
    const router = createAppRouter();
    nextTask(() => {
      configureApi({
        effects: createAppEffects(router, queryClient),
        storage: browserStorage(),
        getCommonParams: () => {
          const { key, data } = useChannel.getState();
          return { channel: key, channelCode: data?.channelCode };
        },
      });
      if (!written) void loadChannel();
      startSession(queryClient);
      void initWeChat();
      nextTask(() =>
        startTransition(() =>
          root.render(
            <StrictMode>
              <App router={router} queryClient={queryClient} />
            </StrictMode>,
          ),
        ),
      );
    });
  }),
);

// The toast's code (antd-mobile's Toast, its mask and their spring library) is fetched once the
// page has loaded and runs with the first touch, click or key: a toast answers something the
// person did, and fetched or run earlier it competed with the page's start. A message before any
// of them loads it on demand.
prefetchWhenLoaded();
const prefetchOnce = () => {
  window.removeEventListener('pointerdown', prefetchOnce, true);
  window.removeEventListener('keydown', prefetchOnce, true);
  prefetchToast();
};
window.addEventListener('pointerdown', prefetchOnce, { capture: true, passive: true });
window.addEventListener('keydown', prefetchOnce, { capture: true, passive: true });
