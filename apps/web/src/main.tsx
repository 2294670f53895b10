// First: remember the address the person landed on (iOS WeChat signs against it), then turn '/?/'
// addresses into hash routes before anything else reads the address.
import './platform/entry-url.ts';
import './app/rewrite-url.ts';
import 'antd-mobile/es/global';
import './styles/global.css';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from './api/client.ts';
import { createAppEffects, prefetchToast } from './app/api-effects.ts';
import { App } from './app/app.tsx';
import { loadChannel } from './app/channel-boot.ts';
import { createAppRouter } from './app/router.tsx';
import { startSession } from './app/session-boot.ts';
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
const router = createAppRouter();

configureApi({
  effects: createAppEffects(router, queryClient),
  storage: browserStorage(),
  getCommonParams: () => {
    const { key, data } = useChannel.getState();
    return { channel: key, channelCode: data?.channelCode };
  },
});

void loadChannel();
startSession(queryClient);
void initWeChat();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);

setTimeout(prefetchToast, 1500);
