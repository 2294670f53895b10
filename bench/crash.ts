import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  type CrashOptions,
  type CrashSummary,
  formatSummary,
  runCrashRounds,
} from '../tests/crash/harness.ts';
import type { Row } from './lib/table.ts';

/**
 * Crash consistency, the long run (issue 7 item 3): the harness of tests/crash with many more
 * SIGKILLs. `npm run bench -- --kills 1000` (wired in run.ts), or on its own:
 *   node --import tsx bench/crash.ts --kills 200 [--db sqlite|postgres|both] [--seed N]
 */
export { type CrashOptions, type CrashSummary, formatSummary, runCrashRounds };

const PG_ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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

/** Both databases (PostgreSQL when reachable), as rows of the bench table. */
export async function benchCrash(options: {
  kills: number;
  dbs?: Array<'sqlite' | 'postgres'>;
  seed?: number;
  log?: (line: string) => void;
}): Promise<{ rows: Row[]; raw: CrashSummary[] }> {
  const log = options.log ?? ((line: string) => console.log(line));
  const rows: Row[] = [];
  const raw: CrashSummary[] = [];
  for (const db of options.dbs ?? (['sqlite', 'postgres'] as const)) {
    const name = db === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    if (db === 'postgres' && !(await postgresReachable())) {
      rows.push({
        section: 'Crash consistency',
        item: `SIGKILL under load on ${name}`,
        value: '',
        pass: null,
        note: `n/a: no PostgreSQL at ${PG_ADMIN_URL.replace(/\/\/[^@]*@/, '//')} (set BENCH_DATABASE_URL)`,
      });
      continue;
    }
    const summary = await runCrashRounds({
      db,
      kills: options.kills,
      log,
      adminUrl: PG_ADMIN_URL,
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
    });
    raw.push(summary);
    log(formatSummary(summary));
    rows.push({
      section: 'Crash consistency',
      item: `SIGKILL under load on ${name}: kills, acknowledged requests`,
      value: `${summary.kills} kills (${summary.killsWithRequestsInFlight} mid-request), ${summary.acknowledged} acknowledged, ${summary.lostNotifiesSettledByQueryJob}/${summary.lostNotifies} lost notifies settled by the query job`,
      target: 'no violation',
      pass: summary.violations.length === 0,
      note: summary.violations.length
        ? `${summary.violations.length} violations: ${summary.violations[0]}`
        : undefined,
    });
  }
  return { rows, raw };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      kills: { type: 'string', default: '100' },
      db: { type: 'string', default: 'both' },
      seed: { type: 'string' },
    },
  });
  const kills = Number(values.kills);
  if (!Number.isInteger(kills) || kills < 1) throw new Error('--kills needs a positive integer');
  const dbs = values.db === 'both' ? undefined : [values.db as 'sqlite' | 'postgres'];
  const result = await benchCrash({
    kills,
    ...(dbs ? { dbs } : {}),
    ...(values.seed ? { seed: Number(values.seed) } : {}),
  });
  process.exitCode = result.rows.some((r) => r.pass === false) ? 1 : 0;
}
