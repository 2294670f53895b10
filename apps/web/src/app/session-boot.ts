import type { QueryClient } from '@tanstack/react-query';
import { fetchUserInfo } from '../api/auth.ts';
import {
  appRealtimeDispatcher,
  createRealtimeConnection,
  type RealtimeConnection,
  subscribe,
  websocketUrl,
} from '../api/realtime.ts';
import { useRealtime } from '../state/realtime.ts';
import { type SessionState, useSession } from '../state/session.ts';

/** Query keys of data that belongs to the logged-in person: dropped when the session ends. */
export const ME_QUERY_KEY = ['me'] as const;

let connection: RealtimeConnection | null = null;

/** The app's websocket (null before startSession). */
export function realtimeConnection(): RealtimeConnection | null {
  return connection;
}

/**
 * The session at start and as it changes: with a token, fill the user info (user/userInfo, quiet on
 * failure; an expired token takes the §8 path); when user and token are known, open the websocket;
 * when the token goes (logout, expiry, account closed), close it and forget the person's data.
 */
export function startSession(queryClient: QueryClient): void {
  if (connection) return;
  const realtime = useRealtime.getState();
  const live = createRealtimeConnection({
    createSocket: (url) => new WebSocket(url),
    url: (userId, token) => websocketUrl(userId, token, window.location),
    dispatcher: appRealtimeDispatcher(),
    onStatus: (status) => realtime.setStatus(status),
    online: window,
  });
  connection = live;
  subscribe('101', ({ unreadCount }) => useRealtime.getState().setUnreadCount(unreadCount));

  const sync = (state: SessionState, previous?: SessionState) => {
    if (state.token && state.userInfo?.id) live.start(state.userInfo.id, state.token);
    if (!state.token && (previous === undefined || previous.token)) {
      live.stop();
      useRealtime.getState().setUnreadCount(null);
      queryClient.removeQueries({ queryKey: ME_QUERY_KEY });
    }
  };
  useSession.subscribe(sync);

  const { token } = useSession.getState();
  if (token) {
    fetchUserInfo()
      .then((info) => {
        if (useSession.getState().token === token) useSession.getState().setUserInfo(info);
      })
      .catch(() => {
        // Quiet: the login-expired path of the client already cleared the session when it applies.
      });
  }
}
