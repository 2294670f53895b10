import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { removeDir, startOurServer } from './lib/processes.ts';
import type { Row } from './lib/table.ts';
import { type BenchUser, prepareUsers } from './lib/ws-setup.ts';

const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type OrderRun = {
  /** Acknowledged orders, warm-up included (all of them are looked up). */
  acked: number;
  /** Acknowledged in the timed run. */
  measured: number;
  refused: number;
  unanswered: number;
  rps: number;
  p99: number;
  inDb: number;
  /** Acknowledged orders whose dispatch timer is in the jobs table (persisted with the order). */
  withTimer: number;
  seconds: number;
  warmup: number;
};

type Load = { acked: string[]; refused: number; seconds: number; p99: number };

/**
 * One order per user, 100 connections. The time is the client's own, from the first request sent to
 * the last answer (autocannon's `duration` only ends on its next 1 s sample tick after the last
 * answer, which would count up to a second of nothing).
 */
async function load(serverUrl: string, users: BenchUser[], maxSeconds: number): Promise<Load> {
  const acked: string[] = [];
  let refused = 0;
  let next = 0;
  let first = 0;
  let last = 0;
  let instance: autocannon.Instance | undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: `${serverUrl}/api/v2/order/createCallOrder`,
        connections: Math.min(100, users.length),
        amount: users.length,
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => {
              if (first === 0) first = performance.now();
              const user = users[next++ % users.length];
              return {
                ...req,
                headers: { 'content-type': 'application/json', token: user?.token ?? '' },
                body: JSON.stringify({ usertype: 3, consultField: 1, userRemark: '公司拖欠工资怎么办' }),
              };
            },
            onResponse: (status, body) => {
              last = performance.now();
              const orderId =
                status === 200 ? (JSON.parse(body) as { data?: { orderId?: string } }).data?.orderId : null;
              if (orderId) acked.push(orderId);
              else refused += 1;
            },
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
  });
  // A slow server must not stretch the bench past its time budget.
  const cap = setTimeout(() => instance?.stop(), maxSeconds * 1000);
  const result = await finished;
  clearTimeout(cap);
  return {
    acked,
    refused,
    seconds: last > first ? (last - first) / 1000 : result.duration,
    p99: result.latency.p99,
  };
}

/**
 * `order/createCallOrder` for distinct users (each with no open order): `count` users with a
 * session each, one order per user, 100 connections, after a warm-up of other users' orders (the
 * JIT and the first batches; not timed). Then every acknowledged order id, warm-up included, is
 * looked up in the database, with its dispatch timer in the jobs table.
 */
async function run(kind: 'sqlite' | 'postgres', count: number, maxSeconds: number): Promise<OrderRun> {
  const dataDir = mkdtempSync(join(tmpdir(), `lawline-bench-orders-${kind}-`));
  const warmup = Math.min(1000, Math.max(500, Math.ceil(count / 10)));
  let dbName: string | null = null;
  let url: string | null = null;
  if (kind === 'postgres') {
    dbName = `lawline_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(PG_ADMIN_URL);
    u.pathname = `/${dbName}`;
    url = u.toString();
  }
  try {
    const users = await prepareUsers(
      dataDir,
      warmup + count,
      url ? { kind: 'postgres', url } : { kind: 'sqlite', file: join(dataDir, 'lawline.sqlite') },
      '138',
    );
    const server = await startOurServer({ dataDir, env: url ? { DATABASE_URL: url } : {} });
    try {
      const warm = await load(server.url, users.slice(0, warmup), maxSeconds);
      const measured = await load(server.url, users.slice(warmup), maxSeconds);
      const all = [...warm.acked, ...measured.acked];
      const unanswered = count - measured.acked.length - measured.refused;
      // Count check: every acknowledged order is in the database, with its dispatch timer.
      const timerKeys = all.map((id) => `dispatch:${id}`);
      let inDb = 0;
      let withTimer = 0;
      if (url) {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        const res = await c.query('select count(*)::int as n from call_orders where id = any($1)', [all]);
        inDb = res.rows[0].n as number;
        const timers = await c.query(
          'select count(distinct job_key)::int as n from jobs where job_key = any($1)',
          [timerKeys],
        );
        withTimer = timers.rows[0].n as number;
        await c.end();
      } else {
        const { default: SQLite } = await import('better-sqlite3');
        const db = new SQLite(join(dataDir, 'lawline.sqlite'), { readonly: true });
        const ids = new Set(
          (db.prepare('select id from call_orders').all() as Array<{ id: string }>).map((r) => r.id),
        );
        inDb = all.filter((id) => ids.has(id)).length;
        const keys = new Set(
          (
            db.prepare("select job_key from jobs where kind = 'calls.dispatch'").all() as Array<{
              job_key: string;
            }>
          ).map((r) => r.job_key),
        );
        withTimer = timerKeys.filter((k) => keys.has(k)).length;
        db.close();
      }
      return {
        acked: all.length,
        measured: measured.acked.length,
        refused: warm.refused + measured.refused,
        unanswered,
        rps: measured.acked.length / measured.seconds,
        p99: measured.p99,
        inDb,
        withTimer,
        seconds: measured.seconds,
        warmup,
      };
    } finally {
      await server.stop();
    }
  } finally {
    removeDir(dataDir);
    if (dbName) {
      const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

async function postgresReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

export async function benchOrders(options: {
  orders: number;
  maxSeconds: number;
}): Promise<{ rows: Row[]; raw: unknown }> {
  const rows: Row[] = [];
  const raw: Record<string, OrderRun | string> = {};
  for (const kind of ['sqlite', 'postgres'] as const) {
    const name = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    if (kind === 'postgres' && !(await postgresReachable())) {
      rows.push({
        section: 'Order writes',
        item: `order/createCallOrder on ${name}`,
        value: '',
        pass: null,
        note: `n/a: no PostgreSQL at ${PG_ADMIN_URL.replace(/\/\/[^@]*@/, '//')} (set BENCH_DATABASE_URL)`,
      });
      continue;
    }
    const r = await run(kind, options.orders, options.maxSeconds);
    raw[kind] = r;
    console.log(
      `  ${name}: ${r.measured} orders acknowledged in ${r.seconds.toFixed(2)} s = ${r.rps.toFixed(0)} orders/s, ` +
        `p99 ${r.p99} ms, ${r.refused} refused, ${r.unanswered} unanswered (after ${r.warmup} warm-up orders); ` +
        `${r.inDb} of ${r.acked} found in the database, ${r.withTimer} with their dispatch timer`,
    );
    rows.push(
      {
        section: 'Order writes',
        item: `order/createCallOrder on ${name}: orders/s (distinct users)`,
        value: `${r.rps.toFixed(0)} orders/s, p99 ${r.p99} ms`,
        ratio: kind === 'sqlite' ? (r.rps / 2000).toFixed(2) : undefined,
        target: kind === 'sqlite' ? '≥ 2,000 orders/s (ratio: ÷ target)' : 'reported',
        pass: kind === 'sqlite' ? r.rps >= 2000 : true,
      },
      {
        section: 'Order writes',
        item: `order/createCallOrder on ${name}: acknowledged orders in the database`,
        value:
          `${r.inDb} / ${r.acked}, ${r.withTimer} with dispatch timer ` +
          `(${r.refused} refused, ${r.unanswered} unanswered of ${options.orders} + ${r.warmup} warm-up)`,
        target: 'all acknowledged are stored',
        pass: r.inDb === r.acked && r.withTimer === r.acked,
      },
    );
  }
  return { rows, raw };
}
