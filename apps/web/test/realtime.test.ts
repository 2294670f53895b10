import { Timing } from '@lawline/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createDispatcher,
  createRealtimeConnection,
  type OnlineSource,
  PING,
  parseRealtimeMessage,
  type RealtimeStatus,
  RealtimeStatusText,
  type SocketLike,
  websocketUrl,
} from '../src/api/realtime.ts';

/** A WebSocket stand-in the test drives by hand. */
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedBy: number | null = null;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closedBy = code;
    this.readyState = 3;
  }
  // Server side:
  open() {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }
  receive(data: unknown) {
    this.onmessage?.({ data } as MessageEvent);
  }
  fail() {
    this.onerror?.({} as Event);
    this.readyState = 3;
    this.onclose?.({ code: 1006 } as CloseEvent);
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

class FakeWindow implements OnlineSource {
  listeners = new Set<() => void>();
  addEventListener(_: 'online', l: () => void) {
    this.listeners.add(l);
  }
  removeEventListener(_: 'online', l: () => void) {
    this.listeners.delete(l);
  }
  goOnline() {
    for (const l of this.listeners) l();
  }
}

describe('realtime messages (spec §8)', () => {
  it('dispatches 101, 102 and 103 by code to their subscribers, typed', () => {
    const dispatcher = createDispatcher();
    const unread: number[] = [];
    const lawyers: string[] = [];
    const over: string[] = [];
    dispatcher.subscribe('101', (d) => unread.push(d.unreadCount));
    dispatcher.subscribe('102', (d) => lawyers.push(`${d.orderId}:${d.lawyer.name}`));
    const off = dispatcher.subscribe('103', (d) => over.push(d.orderId));

    dispatcher.dispatch(JSON.stringify({ code: '101', data: { unreadCount: 3 } }));
    dispatcher.dispatch(
      JSON.stringify({
        code: '102',
        data: { orderId: 'T1', lawyer: { name: '王律师', faceUrl: '', level: 2 } },
      }),
    );
    dispatcher.dispatch(JSON.stringify({ code: '103', data: { orderId: 'T1' } }));
    off();
    dispatcher.dispatch(JSON.stringify({ code: '103', data: { orderId: 'T2' } }));

    expect(unread).toEqual([3]);
    expect(lawyers).toEqual(['T1:王律师']);
    expect(over).toEqual(['T1']);
  });

  it('ignores what is not a valid message: not JSON, unknown code, wrong shape, pong', () => {
    const dispatcher = createDispatcher();
    const handler = vi.fn();
    dispatcher.subscribe('101', handler);
    dispatcher.subscribe('102', handler);
    dispatcher.subscribe('103', handler);
    const invalid: unknown[] = [
      'not json',
      '',
      '[]',
      'null',
      JSON.stringify({ code: 'pong' }),
      JSON.stringify({ code: '104', data: {} }),
      JSON.stringify({ code: 101, data: { unreadCount: 1 } }),
      JSON.stringify({ code: '101', data: { unreadCount: -1 } }),
      JSON.stringify({ code: '101', data: { unreadCount: '2' } }),
      JSON.stringify({ code: '101' }),
      JSON.stringify({ code: '102', data: { orderId: 'T1', lawyer: { name: '王' } } }),
      JSON.stringify({ code: '103', data: { orderId: 5 } }),
      JSON.stringify({ code: 'toString', data: {} }),
      JSON.stringify({ code: '105', data: { orderId: 'T1', reason: 'whatever' } }),
      JSON.stringify({ code: '104', data: { orderId: 'T1' } }),
      new ArrayBuffer(4),
    ];
    for (const raw of invalid) expect(dispatcher.dispatch(raw)).toBeNull();
    expect(handler).not.toHaveBeenCalled();
    expect(
      parseRealtimeMessage(JSON.stringify({ code: '105', data: { orderId: 'A', reason: 'taken' } })),
    ).toEqual({
      code: '105',
      data: { orderId: 'A', reason: 'taken' },
    });
    expect(parseRealtimeMessage(JSON.stringify({ code: '103', data: { orderId: 'A' } }))).toEqual({
      code: '103',
      data: { orderId: 'A' },
    });
  });

  it('a throwing subscriber does not stop the others', () => {
    const dispatcher = createDispatcher();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const second = vi.fn();
    dispatcher.subscribe('103', () => {
      throw new Error('boom');
    });
    dispatcher.subscribe('103', second);
    dispatcher.dispatch(JSON.stringify({ code: '103', data: { orderId: 'X' } }));
    expect(second).toHaveBeenCalledWith({ orderId: 'X' });
    warn.mockRestore();
  });

  it('has the spec status texts and builds the socket URL', () => {
    expect(RealtimeStatusText.open).toBe('已连接');
    expect(RealtimeStatusText.error).toBe('连接错误');
    expect(RealtimeStatusText.closed).toBe('连接已断开');
    expect(websocketUrl(12, 'a b', { protocol: 'https:', host: 'law.example.com' })).toBe(
      'wss://law.example.com/api/websocket/12?token=a%20b',
    );
    expect(websocketUrl(3, 't', { protocol: 'http:', host: '127.0.0.1:8080' })).toBe(
      'ws://127.0.0.1:8080/api/websocket/3?token=t',
    );
  });
});

describe('the realtime connection', () => {
  let win: FakeWindow;
  let statuses: RealtimeStatus[];
  let dispatcher: ReturnType<typeof createDispatcher>;
  const make = () =>
    createRealtimeConnection({
      createSocket: (url) => new FakeSocket(url),
      url: (userId, token) => `ws://h/api/websocket/${userId}?token=${token}`,
      dispatcher,
      onStatus: (s) => statuses.push(s),
      online: win,
    });

  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    win = new FakeWindow();
    statuses = [];
    dispatcher = createDispatcher();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('connects with the user and token, pings every 10 s while open, dispatches messages', () => {
    const conn = make();
    const unread = vi.fn();
    dispatcher.subscribe('101', unread);
    conn.start(5, 'tok');
    const ws = FakeSocket.all[0];
    expect(ws?.url).toBe('ws://h/api/websocket/5?token=tok');
    expect(conn.status).toBe('connecting');
    ws?.open();
    expect(conn.status).toBe('open');
    expect(Timing.heartbeatMs).toBe(10_000);
    vi.advanceTimersByTime(9_999);
    expect(ws?.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ws?.sent).toEqual([PING]);
    vi.advanceTimersByTime(20_000);
    expect(ws?.sent).toEqual([PING, PING, PING]);
    expect(JSON.parse(PING)).toEqual({ code: 'ping' });
    ws?.receive(JSON.stringify({ code: '101', data: { unreadCount: 4 } }));
    ws?.receive('garbage');
    expect(unread).toHaveBeenCalledWith({ unreadCount: 4 });
    expect(unread).toHaveBeenCalledTimes(1);
  });

  it('on close retries after 3 s (连接已断开), on error too (连接错误), with one socket at a time', () => {
    const conn = make();
    conn.start(5, 'tok');
    FakeSocket.all[0]?.open();
    FakeSocket.all[0]?.drop();
    expect(conn.status).toBe('closed');
    expect(RealtimeStatusText[conn.status]).toBe('连接已断开');
    vi.advanceTimersByTime(Timing.retryMs - 1);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);

    FakeSocket.all[1]?.fail();
    expect(conn.status).toBe('error');
    expect(RealtimeStatusText[conn.status]).toBe('连接错误');
    vi.advanceTimersByTime(Timing.retryMs);
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.all[2]?.open();
    expect(conn.status).toBe('open');
    // The old sockets' heartbeats are gone: only the live one pings.
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all.map((s) => s.sent.length)).toEqual([0, 0, 1]);
    expect(statuses).toEqual(['connecting', 'open', 'closed', 'connecting', 'error', 'connecting', 'open']);
  });

  it('the online event resumes at once instead of waiting for the retry', () => {
    const conn = make();
    conn.start(5, 'tok');
    FakeSocket.all[0]?.open();
    FakeSocket.all[0]?.drop();
    win.goOnline();
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]?.open();
    vi.advanceTimersByTime(Timing.retryMs * 3);
    expect(FakeSocket.all).toHaveLength(2);
    win.goOnline();
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('stop() (logout) closes the socket, cancels the retry and ignores online', () => {
    const conn = make();
    conn.start(5, 'tok');
    const ws = FakeSocket.all[0];
    ws?.open();
    conn.stop();
    expect(ws?.closedBy).toBe(1000);
    expect(conn.status).toBe('idle');
    vi.advanceTimersByTime(60_000);
    win.goOnline();
    expect(FakeSocket.all).toHaveLength(1);
    expect(ws?.sent).toEqual([]);
    expect(win.listeners.size).toBe(0);

    conn.start(5, 'tok');
    FakeSocket.all[1]?.drop();
    conn.stop();
    vi.advanceTimersByTime(Timing.retryMs * 2);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('does not retry when the server ended the session (4401, 4403); does after an idle close (4408)', () => {
    const conn = make();
    conn.start(5, 'tok');
    FakeSocket.all[0]?.open();
    FakeSocket.all[0]?.drop(4403);
    vi.advanceTimersByTime(Timing.retryMs * 2);
    expect(FakeSocket.all).toHaveLength(1);

    conn.start(5, 'tok2');
    FakeSocket.all[1]?.open();
    FakeSocket.all[1]?.drop(4408);
    vi.advanceTimersByTime(Timing.retryMs);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('start() with the same user and token keeps the connection; a new token reconnects', () => {
    const conn = make();
    conn.start(5, 'tok');
    FakeSocket.all[0]?.open();
    conn.start(5, 'tok');
    expect(FakeSocket.all).toHaveLength(1);
    conn.start(5, 'other');
    expect(FakeSocket.all).toHaveLength(2);
    expect(FakeSocket.all[0]?.closedBy).toBe(1000);
    expect(FakeSocket.all[1]?.url).toContain('token=other');
  });
});
