import { afterAll, describe, type ExpectStatic, it } from 'vitest';
import { type CrashSummary, cleanupCrashChildren, formatSummary, runCrashRounds } from './harness.ts';

/**
 * Issue 7 item 3 — crash consistency, on SQLite and on PostgreSQL: the real server under a mixed
 * load (logins, phone consults completed by the sandbox autopilot lawyer, WeChat H5 and Alipay
 * payments at the sandbox cashier, member cards, cancels, evaluations; issue 14: face
 * consultations and lawyer letters paid and then cancelled with their refund), SIGKILLed at a random or
 * targeted moment of each round and started again on the same database while the people carry on.
 * The invariants are checked on the database at every kill point (server dead) and after the last
 * restart once the jobs settled: see tests/crash/invariants.ts. The two databases run side by side
 * (each its own server, database and load; server starts dominate the time, and there are two
 * cores). `npm run bench -- --kills 1000` is the long run.
 *   CRASH_KILLS (default 20) kill points per database · CRASH_SEED replays a run's journey mix and
 *   kill timing choices · CRASH_VERBOSE=1 logs every server start.
 */

const KILLS = Number(process.env.CRASH_KILLS ?? 20);
const SEED = process.env.CRASH_SEED ? Number(process.env.CRASH_SEED) : undefined;
const VERBOSE = process.env.CRASH_VERBOSE === '1';
const PG_URL = process.env.DATABASE_URL;
const HALF_TIMEOUT_MS = 360_000;

const log = (line: string) => console.log(line);

function expectConsistent(expect: ExpectStatic, summary: CrashSummary): void {
  const report = formatSummary(summary);
  console.log(report);
  expect(summary.kills, report).toBeGreaterThanOrEqual(KILLS);
  // The load reached every kind of write the invariants are about, and kills cut requests.
  expect(summary.acknowledgedByKind.callOrder, report).toBeGreaterThan(0);
  expect(summary.acknowledgedByKind.payOrder, report).toBeGreaterThan(0);
  expect(summary.acknowledgedByKind.cashierPay, report).toBeGreaterThan(0);
  // Issue 14: service orders created, paid and cancelled with a refund across the kills.
  expect(summary.acknowledgedByKind.serviceOrder, report).toBeGreaterThan(0);
  expect(summary.serviceRefunds, report).toBeGreaterThan(0);
  expect(summary.killsWithRequestsInFlight, report).toBeGreaterThan(0);
  expect(
    summary.violations,
    `${summary.violations.length} crash-consistency violation(s):\n${report}`,
  ).toEqual([]);
}

afterAll(async () => {
  await cleanupCrashChildren();
});

describe.concurrent('crash consistency: SIGKILL under load, restart on the same database, carry on', () => {
  it(
    `SQLite: ${KILLS} kill points — acknowledged requests kept, nothing half-moved or counted twice, jobs resume`,
    async ({ expect }) => {
      const summary = await runCrashRounds({
        db: 'sqlite',
        kills: KILLS,
        log,
        verbose: VERBOSE,
        ...(SEED !== undefined ? { seed: SEED } : {}),
      });
      expectConsistent(expect, summary);
    },
    HALF_TIMEOUT_MS,
  );

  it.skipIf(!PG_URL)(
    PG_URL
      ? `PostgreSQL: ${KILLS} kill points on a throw-away database — the same invariants`
      : 'PostgreSQL half skipped: DATABASE_URL is not set (e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres)',
    async ({ expect }) => {
      const summary = await runCrashRounds({
        db: 'postgres',
        kills: KILLS,
        log,
        verbose: VERBOSE,
        ...(PG_URL ? { adminUrl: PG_URL } : {}),
        ...(SEED !== undefined ? { seed: SEED } : {}),
      });
      expectConsistent(expect, summary);
    },
    HALF_TIMEOUT_MS,
  );
});
