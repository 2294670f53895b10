import { Timing } from '@lawline/contract';
import type { RealtimeCode, RealtimeEvent, RealtimePayload } from '@lawline/contract/schemas';

/**
 * The websocket client (spec §4, §7, §8): /api/websocket/{userId}?token=… opened after login; a
 * heartbeat {"code":"ping"} every Timing.heartbeatMs; on close or error a retry after
 * Timing.retryMs; the window's `online` event resumes at once. Messages `{code, data}` are
 * dispatched by code through one typed map; anything else is ignored. Types come from the
 * contract's realtime schema (type-only: zod stays out of the bundle, so shapes are checked here).
 */

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'error' | 'closed';

/** The status texts of spec §4 (and two of our own for the moments before the first answer). */
export const RealtimeStatusText: Record<RealtimeStatus, string> = {
  idle: '未连接',
  connecting: '连接中',
  open: '已连接',
  error: '连接错误',
  closed: '连接已断开',
};

export type RealtimeHandler<C extends RealtimeCode> = (data: RealtimePayload<C>) => void;

// ---------------------------------------------------------------------------------------------
// The typed map: one shape check per code.
// ---------------------------------------------------------------------------------------------

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const OFFER_CLOSED_REASONS: ReadonlySet<string> = new Set<RealtimePayload<'105'>['reason']>([
  'accepted',
  'taken',
  'expired',
  'declined',
  'cancelled',
]);

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

const payloadChecks: { [C in RealtimeCode]: (data: unknown) => data is RealtimePayload<C> } = {
  '101': (d): d is RealtimePayload<'101'> => isRecord(d) && isCount(d.unreadCount),
  '102': (d): d is RealtimePayload<'102'> =>
    isRecord(d) &&
    typeof d.orderId === 'string' &&
    isRecord(d.lawyer) &&
    typeof d.lawyer.name === 'string' &&
    typeof d.lawyer.faceUrl === 'string' &&
    (d.lawyer.level === null || (typeof d.lawyer.level === 'number' && Number.isInteger(d.lawyer.level))),
  '103': (d): d is RealtimePayload<'103'> => isRecord(d) && typeof d.orderId === 'string',
  // Lawyer-side events (the workbench); the consumer app has no subscriber, they are checked alike.
  '104': (d): d is RealtimePayload<'104'> =>
    isRecord(d) && typeof d.orderId === 'string' && typeof d.expiresAt === 'number',
  '105': (d): d is RealtimePayload<'105'> =>
    isRecord(d) &&
    typeof d.orderId === 'string' &&
    typeof d.reason === 'string' &&
    OFFER_CLOSED_REASONS.has(d.reason),
};

function isRealtimeCode(code: unknown): code is RealtimeCode {
  return typeof code === 'string' && Object.hasOwn(payloadChecks, code);
}

/** A server message as a typed event, or null for anything invalid (not JSON, unknown code, bad shape). */
export function parseRealtimeMessage(raw: unknown): RealtimeEvent | null {
  if (typeof raw !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || !isRealtimeCode(parsed.code)) return null;
  const check = payloadChecks[parsed.code] as (data: unknown) => boolean;
  return check(parsed.data) ? (parsed as RealtimeEvent) : null;
}

type HandlerSets = { [C in RealtimeCode]: Set<RealtimeHandler<C>> };

/** Subscribers by code; `dispatch` hands a valid message to the handlers of its code. */
export function createDispatcher() {
  const handlers: HandlerSets = {
    '101': new Set(),
    '102': new Set(),
    '103': new Set(),
    '104': new Set(),
    '105': new Set(),
  };
  return {
    subscribe<C extends RealtimeCode>(code: C, handler: RealtimeHandler<C>): () => void {
      const set = handlers[code] as Set<RealtimeHandler<C>>;
      set.add(handler);
      return () => {
        set.delete(handler);
      };
    },
    /** Returns the event it dispatched, or null when the message was ignored. */
    dispatch(raw: unknown): RealtimeEvent | null {
      const event = parseRealtimeMessage(raw);
      if (!event) return null;
      for (const handler of handlers[event.code] as Set<(data: unknown) => void>) {
        try {
          handler(event.data);
        } catch (error) {
          console.warn('[realtime] handler failed', error);
        }
      }
      return event;
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;

// ---------------------------------------------------------------------------------------------
// The connection.
// ---------------------------------------------------------------------------------------------

/** The slice of the WebSocket API used here; tests pass a fake class. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type SocketFactory = (url: string) => SocketLike;

/** What the client needs from the page: the `online` event. */
export interface OnlineSource {
  addEventListener(type: 'online', listener: () => void): void;
  removeEventListener(type: 'online', listener: () => void): void;
}

export interface RealtimeOptions {
  createSocket: SocketFactory;
  /** `ws(s)://host/api/websocket/{userId}?token=…` */
  url: (userId: number, token: string) => string;
  dispatcher: Dispatcher;
  onStatus?: (status: RealtimeStatus) => void;
  online?: OnlineSource | null;
  heartbeatMs?: number;
  retryMs?: number;
}

const OPEN = 1;
/** RealtimeCloseCode.unauthorized (4401) and .sessionEnded (4403) of the contract. */
export const SESSION_OVER_CLOSE_CODES: ReadonlySet<number | undefined> = new Set([4401, 4403]);
export const PING = JSON.stringify({ code: 'ping' });

export interface RealtimeConnection {
  /** Connect as this user (reconnects when the user or token changed). */
  start(userId: number, token: string): void;
  /** Close for good (logout): no retry until the next start. */
  stop(): void;
  readonly status: RealtimeStatus;
}

export function createRealtimeConnection(options: RealtimeOptions): RealtimeConnection {
  const heartbeatMs = options.heartbeatMs ?? Timing.heartbeatMs;
  const retryMs = options.retryMs ?? Timing.retryMs;
  let target: { userId: number; token: string } | null = null;
  let socket: SocketLike | null = null;
  let status: RealtimeStatus = 'idle';
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const setStatus = (next: RealtimeStatus) => {
    if (next === status) return;
    status = next;
    options.onStatus?.(next);
  };
  const stopHeartbeat = () => {
    if (heartbeat !== null) clearInterval(heartbeat);
    heartbeat = null;
  };
  const cancelRetry = () => {
    if (retry !== null) clearTimeout(retry);
    retry = null;
  };
  const drop = () => {
    stopHeartbeat();
    const old = socket;
    socket = null;
    if (!old) return;
    old.onopen = null;
    old.onclose = null;
    old.onerror = null;
    old.onmessage = null;
    try {
      old.close(1000, 'client closing');
    } catch {
      // already closed
    }
  };
  const scheduleRetry = () => {
    if (!target || retry !== null) return;
    retry = setTimeout(() => {
      retry = null;
      connect();
    }, retryMs);
  };

  function connect(): void {
    cancelRetry();
    drop();
    if (!target) return;
    let ws: SocketLike;
    try {
      ws = options.createSocket(options.url(target.userId, target.token));
    } catch {
      setStatus('error');
      scheduleRetry();
      return;
    }
    socket = ws;
    setStatus('connecting');
    ws.onopen = () => {
      if (socket !== ws) return;
      setStatus('open');
      stopHeartbeat();
      heartbeat = setInterval(() => {
        if (socket === ws && ws.readyState === OPEN) ws.send(PING);
      }, heartbeatMs);
    };
    ws.onmessage = (event) => {
      if (socket === ws) options.dispatcher.dispatch(event.data);
    };
    ws.onerror = () => {
      if (socket !== ws) return;
      setStatus('error');
      scheduleRetry();
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      stopHeartbeat();
      socket = null;
      if (status !== 'error') setStatus('closed');
      // The server ended this session (token refused, logged out, account closed): no retry with it.
      if (SESSION_OVER_CLOSE_CODES.has(event?.code)) return;
      scheduleRetry();
    };
  }

  const onOnline = () => {
    if (target && status !== 'open' && status !== 'connecting') connect();
  };
  let listening = false;
  const listen = (on: boolean) => {
    if (!options.online || listening === on) return;
    listening = on;
    if (on) options.online.addEventListener('online', onOnline);
    else options.online.removeEventListener('online', onOnline);
  };

  return {
    start(userId, token) {
      const same = target?.userId === userId && target.token === token;
      target = { userId, token };
      listen(true);
      if (same && (status === 'open' || status === 'connecting' || retry !== null)) return;
      connect();
    },
    stop() {
      target = null;
      cancelRetry();
      listen(false);
      drop();
      setStatus('idle');
    },
    get status() {
      return status;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The app's one dispatcher. Pages subscribe: `subscribe('103', ({ orderId }) => …)`.
// ---------------------------------------------------------------------------------------------

const appDispatcher = createDispatcher();

/**
 * Subscribe to a websocket message code ('101' unread count, '102' order lawyer, '103' order over;
 * '104'/'105' are the lawyer workbench's). Returns the unsubscribe function.
 */
export const subscribe: Dispatcher['subscribe'] = (code, handler) => appDispatcher.subscribe(code, handler);

export function appRealtimeDispatcher(): Dispatcher {
  return appDispatcher;
}

/** ws(s)://{host}/api/websocket/{userId}?token=… for the page's own origin. */
export function websocketUrl(
  userId: number,
  token: string,
  location: Pick<Location, 'protocol' | 'host'>,
): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/websocket/${encodeURIComponent(String(userId))}?token=${encodeURIComponent(token)}`;
}
