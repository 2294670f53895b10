import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type DbHandle, openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedDatabase } from '../src/db/seed/index.ts';

/** Which database this run of the suite uses: SQLite always, PostgreSQL when CI sets DATABASE_URL. */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export type TestDb = DbHandle & { drop: () => Promise<void> };

/**
 * Kysely's migrator introspects every schema's tables; when a parallel test file drops its own
 * schema at that moment, PostgreSQL answers 'schema … does not exist' (3F000) for the vanished one.
 * Only tests drop schemas, so the retry lives here.
 */
async function migrateRetryingCatalogRaces(handle: DbHandle): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrateToLatest(handle.db, handle.kind);
      return;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code !== '3F000' || attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** A fresh, migrated database: a temp SQLite file, or a schema of its own on PostgreSQL. */
export async function openTestDb(): Promise<TestDb> {
  if (testDbKind === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs DATABASE_URL');
    const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const handle = openDatabase({ kind: 'postgres', url, schema, poolSize: 4 });
    await migrateRetryingCatalogRaces(handle);
    return {
      ...handle,
      drop: async () => {
        await handle.close().catch(() => undefined);
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop schema ${schema} cascade`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'lawline-test-'));
  const handle = openDatabase({ kind: 'sqlite', file: join(dir, 'test.sqlite') });
  await migrateToLatest(handle.db, handle.kind);
  return {
    ...handle,
    drop: async () => {
      await handle.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type TestContext = {
  app: FastifyInstance;
  db: TestDb;
  config: Config;
  /** Moves the injected clock. */
  clock: { now: number; advance: (ms: number) => void };
  close: () => Promise<void>;
};

/** The real app over a real, seeded database, with a controllable clock and no log noise. */
export async function createTestApp(
  options: { env?: Record<string, string>; seed?: boolean; now?: number } = {},
): Promise<TestContext> {
  const db = await openTestDb();
  const clock = {
    now: options.now ?? Date.parse('2026-11-21T10:00:00+08:00'),
    advance(ms: number) {
      this.now += ms;
    },
  };
  if (options.seed !== false) await seedDatabase(db.db, clock.now);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST: join(tmpdir(), 'lawline-no-web'),
    // No job poller: tests run due jobs themselves (app.calls.jobs.runDueJobs()) with the fake clock.
    JOBS_POLL_MS: '0',
    ...options.env,
  });
  const app = await buildApp(config, { db: db.db, dbKind: db.kind, clock: () => clock.now });
  await app.ready();
  return {
    app,
    db,
    config,
    clock,
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}

/** The envelope of an inject() answer. */
export function body<T = unknown>(res: { body: string }): { code: number | string; msg: string; data: T } {
  return JSON.parse(res.body) as { code: number | string; msg: string; data: T };
}

/**
 * Logs `mobile` in through the real flow (user/sendCode → the sandbox SMS outbox →
 * user/codeLogin) and answers the token and user id. Each call sends a new code, so call it once
 * per number (or move the clock past the resend interval between calls).
 */
export async function loginAs(
  app: FastifyInstance,
  mobile: string,
  ip = '10.9.0.1',
): Promise<{ token: string; userId: number }> {
  const sent = await app.inject({
    method: 'POST',
    url: '/api/v2/user/sendCode',
    payload: { mobile, usertype: 3 },
    remoteAddress: ip,
  });
  if (body(sent).code !== 0) throw new Error(`sendCode ${mobile} failed: ${sent.body}`);
  const outbox = await app.inject({ method: 'GET', url: `/api/dev/sms-outbox?mobile=${mobile}` });
  const code = body<Array<{ code: string }>>(outbox).data[0]?.code;
  if (!code) throw new Error(`no SMS code for ${mobile}`);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/user/codeLogin',
    payload: { mobile, code, usertype: 3 },
    remoteAddress: ip,
  });
  const data = body<{ token: string; id: number }>(res).data;
  if (body(res).code !== 0 || !data?.token) throw new Error(`codeLogin ${mobile} failed: ${res.body}`);
  return { token: data.token, userId: data.id };
}
