import { Timing } from '@lawline/contract';
import type { RealtimeCloseCode, RealtimeCode } from '@lawline/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { session } from '../session.ts';
import { lawyerKeys } from './keys.ts';

/**
 * The lawyer's websocket (/api/websocket/{userId}?token=…, the lawyer token): '104' a new offer,
 * '105' an offer closed. Each event makes the workbench ask again (the event is a nudge; the
 * answer of lawyer/offers is the truth). While the socket is down the offers are polled every
 * 2 s (use-offers.ts) and the socket reconnects with a growing pause.
 */
export type RealtimeStatus = 'off' | 'connecting' | 'live' | 'polling';

const MAX_RETRY_MS = 30_000;

// The contract's values, checked against its types: importing the values would pull zod (the
// module that holds them also builds the payload schemas) into this bundle.
const OFFER: RealtimeCode = '104';
const OFFER_CLOSED: RealtimeCode = '105';
const SESSION_ENDED: (typeof RealtimeCloseCode)['sessionEnded'] = 4403;

/**
 * The event code of a server message, or null. Only the code matters here (every event makes the
 * workbench ask again), so the payload is not validated: that keeps zod out of this bundle.
 */
export function eventCode(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  try {
    const message: unknown = JSON.parse(raw);
    if (typeof message !== 'object' || message === null) return null;
    const code = (message as { code?: unknown }).code;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

export function socketUrl(userId: number, token: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/api/websocket/${userId}?token=${encodeURIComponent(token)}`;
}

export function useLawyerRealtime(userId: number | null): RealtimeStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>('off');

  useEffect(() => {
    const token = session.token();
    if (userId === null || !token) {
      setStatus('off');
      return;
    }
    if (typeof WebSocket === 'undefined') {
      setStatus('polling');
      return;
    }
    let disposed = false;
    let socket: WebSocket | null = null;
    let ping: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const refresh = (...keys: ReadonlyArray<readonly string[]>) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };

    const connect = () => {
      setStatus((s) => (s === 'polling' ? s : 'connecting'));
      const ws = new WebSocket(socketUrl(userId, token));
      socket = ws;
      ws.onopen = () => {
        failures = 0;
        setStatus('live');
        // Whatever happened while the socket was down.
        refresh(lawyerKeys.offers, lawyerKeys.currentCall, lawyerKeys.serviceOffers);
        ping = setInterval(() => {
          if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ code: 'ping' }));
        }, Timing.heartbeatMs);
      };
      ws.onmessage = (message) => {
        const code = eventCode(message.data);
        // A service order's offer may come the same way (an S id): its list is asked again too.
        if (code === OFFER) refresh(lawyerKeys.offers, lawyerKeys.serviceOffers);
        else if (code === OFFER_CLOSED)
          refresh(lawyerKeys.offers, lawyerKeys.serviceOffers, lawyerKeys.currentCall, lawyerKeys.me);
      };
      ws.onclose = (closed) => {
        clearInterval(ping);
        if (disposed) return;
        if (closed.code === SESSION_ENDED) {
          session.signOut('账号已退出登录，请重新登录');
          return;
        }
        setStatus('polling');
        failures += 1;
        retry = setTimeout(connect, Math.min(MAX_RETRY_MS, 1000 * 2 ** Math.min(failures, 5)));
      };
    };
    connect();

    return () => {
      disposed = true;
      clearInterval(ping);
      clearTimeout(retry);
      if (!socket) return;
      // Closing a socket still connecting logs an error in Chrome: close it once it opens.
      if (socket.readyState === WebSocket.CONNECTING) {
        const pending = socket;
        pending.onopen = () => pending.close(1000, 'bye');
        pending.onmessage = null;
      } else if (socket.readyState === WebSocket.OPEN) {
        socket.close(1000, 'bye');
      }
    };
  }, [userId, queryClient]);

  return status;
}
