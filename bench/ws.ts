import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { percentile, removeDir, sleep, startOurServer } from './lib/processes.ts';
import type { Row } from './lib/table.ts';
import { prepareUsers } from './lib/ws-setup.ts';

const HEARTBEAT_MS = 10_000;

type Memory = {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  connections: number | null;
};

async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 0) throw new Error(`${url}: ${body.msg}`);
  return body.data;
}

const now = () => performance.timeOrigin + performance.now();

/**
 * N authenticated websockets with the app's 10 s heartbeat, held idle, then one notification per
 * user through the real NotificationService (sandbox /api/dev/bench/push): server RSS per idle
 * connection and push latency (server starts the notify → this client has the '101').
 */
export async function benchWs(options: {
  connections: number;
  holdMs: number;
}): Promise<{ rows: Row[]; raw: unknown }> {
  const n = options.connections;
  const dataDir = mkdtempSync(join(tmpdir(), 'lawline-bench-ws-'));
  const sockets: WebSocket[] = [];
  const timers: NodeJS.Timeout[] = [];
  const server = await (async () => {
    const t0 = Date.now();
    const users = await prepareUsers(dataDir, n);
    console.log(`  ${n} users and sessions prepared in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const s = await startOurServer({ dataDir, exposeGc: true });
    return { ...s, users };
  })();
  try {
    const wsBase = server.url.replace('http:', 'ws:');
    // Warm the route once, then the idle baseline.
    await getJson(`${server.url}/api/dev/bench/memory?gc=1`);
    await sleep(1000);
    const before = await getJson<Memory>(`${server.url}/api/dev/bench/memory?gc=1`);

    const received = new Map<number, number>();
    const firstSeen = new Set<number>();
    let closedEarly = 0;
    let pongs = 0;
    const open = (user: { userId: number; token: string }) =>
      new Promise<void>((resolve, reject) => {
        const ws = new WebSocket(`${wsBase}/api/websocket/${user.userId}?token=${user.token}`);
        sockets.push(ws);
        ws.on('message', (raw) => {
          const msg = JSON.parse(raw.toString()) as { code: string; data?: { unreadCount?: number } };
          if (msg.code === 'pong') pongs += 1;
          else if (msg.code === '101' && !firstSeen.has(user.userId)) {
            firstSeen.add(user.userId);
            resolve();
          } else if (msg.code === '101' && msg.data?.unreadCount === 1) received.set(user.userId, now());
        });
        ws.on('error', reject);
        ws.on('close', () => {
          if (!firstSeen.has(user.userId)) reject(new Error('closed before the first 101'));
          else closedEarly += 1;
        });
        ws.on('open', () => {
          // The app's heartbeat: ping every 10 s (first one at a random offset, as clients start apart).
          const first = setTimeout(() => {
            const send = () => ws.readyState === WebSocket.OPEN && ws.send('{"code":"ping"}');
            send();
            timers.push(setInterval(send, HEARTBEAT_MS));
          }, Math.random() * HEARTBEAT_MS);
          timers.push(first);
        });
      });

    const t0 = Date.now();
    const batch = 200;
    for (let i = 0; i < n; i += batch) await Promise.all(server.users.slice(i, i + batch).map(open));
    const openSeconds = (Date.now() - t0) / 1000;
    console.log(
      `  ${n} websockets open and authenticated in ${openSeconds.toFixed(1)} s; holding ${options.holdMs / 1000} s`,
    );
    await sleep(options.holdMs);
    const after = await getJson<Memory>(`${server.url}/api/dev/bench/memory?gc=1`);
    const perConn = (after.rss - before.rss) / n;
    const heapPerConn = (after.heapUsed + after.external - before.heapUsed - before.external) / n;
    console.log(
      `  server RSS ${(before.rss / 2 ** 20).toFixed(0)} → ${(after.rss / 2 ** 20).toFixed(0)} MiB, ` +
        `${(perConn / 1024).toFixed(1)} KB/connection (heap+external ${(heapPerConn / 1024).toFixed(1)} KB), ` +
        `${after.connections} live, ${pongs} pongs`,
    );

    const ids = server.users.map((u) => u.userId);
    const push = await getJson<{ startedAt: Record<string, number>; tookMs: number }>(
      `${server.url}/api/dev/bench/push`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fromUserId: Math.min(...ids), toUserId: Math.max(...ids), concurrency: 16 }),
      },
    );
    const deadline = Date.now() + 30_000;
    while (received.size < n && Date.now() < deadline) await sleep(50);
    const latencies = server.users
      .map((u) => {
        const at = received.get(u.userId);
        const started = push.startedAt[u.userId];
        return at !== undefined && started !== undefined ? at - started : null;
      })
      .filter((x): x is number => x !== null)
      .sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const lost = n - latencies.length;
    console.log(
      `  pushed ${n} notifications in ${push.tookMs.toFixed(0)} ms: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ${lost} lost, ${closedEarly} closed early`,
    );
    const rows: Row[] = [
      {
        section: 'Websocket',
        item: `server RSS per idle connection (N=${n})`,
        value: `${(perConn / 1024).toFixed(1)} KB`,
        ratio: (perConn / 1024 / 3.5).toFixed(1),
        target: '≤ 10 KB (ratio: ÷ 3.5 KB of bare ws)',
        pass: perConn <= 10 * 1024 && after.connections === n && closedEarly === 0,
        note: after.connections !== n ? `${after.connections} of ${n} live` : undefined,
      },
      {
        section: 'Websocket',
        item: 'push latency p50 / p99',
        value: `${p50.toFixed(1)} / ${p99.toFixed(1)} ms`,
        target: 'p99 ≤ 100 ms, none lost',
        pass: p99 <= 100 && lost === 0,
        note: lost ? `${lost} not delivered` : undefined,
      },
    ];
    return {
      rows,
      raw: {
        n,
        openSeconds,
        before,
        after,
        perConn,
        heapPerConn,
        pongs,
        pushMs: push.tookMs,
        p50,
        p99,
        lost,
        closedEarly,
      },
    };
  } finally {
    for (const t of timers) clearTimeout(t);
    for (const ws of sockets) ws.terminate();
    await server.stop();
    removeDir(dataDir);
  }
}
