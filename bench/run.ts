import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchApi } from './api.ts';
import { benchCrash } from './crash.ts';
import { root } from './lib/processes.ts';
import { type Row, renderTable } from './lib/table.ts';
import { benchOrders } from './orders.ts';
import { benchWeb } from './web.ts';
import { benchWs } from './ws.ts';

/**
 * `npm run bench` — one table of ratios measured in one run (issue 7). Heavy: run it alone.
 *   --quick        reduced version (under 2 minutes)
 *   --ws N         websocket connections (default 5000; 2000 with --quick)
 *   --only a,b     sections: api, orders, ws, web (crash runs only when asked for)
 *   --kills N      crash consistency: N SIGKILL points per database (tests/crash/harness.ts)
 */
const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    kills: { type: 'string' },
    ws: { type: 'string' },
    only: { type: 'string' },
  },
});
const quick = values.quick ?? false;
const sections = new Set((values.only ?? 'api,orders,ws,web').split(',').map((s) => s.trim()));
const wsConnections = values.ws ? Number(values.ws) : quick ? 2000 : 5000;
if (!Number.isInteger(wsConnections) || wsConnections < 1) throw new Error('--ws needs a positive integer');

const started = Date.now();
const rows: Row[] = [];
const raw: Record<string, unknown> = {};

async function section(name: string, run: () => Promise<{ rows: Row[]; raw: unknown }>): Promise<void> {
  if (!sections.has(name)) return;
  console.log(`\n[${name}]`);
  const t0 = Date.now();
  try {
    const result = await run();
    rows.push(...result.rows);
    raw[name] = result.raw;
  } catch (err) {
    console.error(`  ${name} failed:`, err);
    rows.push({ section: name, item: 'run', value: 'error', pass: false, note: String(err).slice(0, 120) });
    raw[name] = { error: String(err) };
  }
  console.log(`  (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}

await section('api', () =>
  benchApi(quick ? { rounds: 3, seconds: 1.5, warmup: 1 } : { rounds: 6, seconds: 2, warmup: 2 }),
);
await section('orders', () =>
  benchOrders(quick ? { orders: 500, maxSeconds: 15 } : { orders: 10_000, maxSeconds: 60 }),
);
await section('ws', () => benchWs({ connections: wsConnections, holdMs: quick ? 4_000 : 12_000 }));
await section('web', () => benchWeb({ lighthouseRuns: quick ? 1 : 5 }));
if (values.kills) {
  const kills = Number(values.kills);
  if (!Number.isInteger(kills) || kills < 1) throw new Error('--kills needs a positive integer');
  sections.add('crash');
  await section('crash', () => benchCrash({ kills }));
}

const date = new Date().toISOString();
const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown cpu'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${loadavg()[0]?.toFixed(1)} at the end`;
const table = renderTable(rows);
const seconds = (Date.now() - started) / 1000;
console.log(`\nLawLine bench — ${date}${quick ? ' (quick)' : ''} — ${machine} — ${seconds.toFixed(0)} s\n`);
console.log(table);
const failed = rows.filter((r) => r.pass === false).length;
console.log(`\n${rows.filter((r) => r.pass === true).length} targets met, ${failed} missed`);

const dir = join(root, 'bench-results');
mkdirSync(dir, { recursive: true });
const file = join(dir, `${date.replaceAll(':', '-').replace(/\.\d+Z$/, 'Z')}${quick ? '-quick' : ''}.json`);
writeFileSync(file, `${JSON.stringify({ date, quick, machine, seconds, rows, table, raw }, null, 2)}\n`);
console.log(`results: ${file}`);
