import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { loadConfig } from '../../apps/server/src/config.ts';
import { type DbOptions, openDatabase } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { seedDatabase } from '../../apps/server/src/db/seed/index.ts';
import { AuthService } from '../../apps/server/src/modules/auth/service.ts';
import { SessionService } from '../../apps/server/src/modules/sessions/service.ts';
import { SandboxSmsProvider } from '../../apps/server/src/providers/sms/sandbox.ts';

export type BenchUser = { userId: number; token: string };

/**
 * BENCH ONLY: prepares the SQLite file the server will open — migrated, seeded, and `count` users
 * with a live session each, made through the server's own services (AuthService creates the
 * account as a first login does, SessionService issues the token). Mass SMS logins would trip the
 * per-phone and per-IP limits, which is the point of those limits.
 */
export async function prepareUsers(
  dataDir: string,
  count: number,
  database: DbOptions = { kind: 'sqlite', file: join(dataDir, 'lawline.sqlite') },
  mobilePrefix = '139',
): Promise<BenchUser[]> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const handle = openDatabase(database);
  try {
    await migrateToLatest(handle.db, handle.kind);
    await seedDatabase(handle.db, Date.now());
    const clock = Date.now;
    const sessions = new SessionService(handle.db, clock);
    const auth = new AuthService({
      db: handle.db,
      dbKind: handle.kind,
      clock,
      sms: new SandboxSmsProvider(clock),
      sessions,
      codeSecret: config.smsCodeSecret,
      log: pino({ level: 'silent' }) as FastifyBaseLogger,
    });
    const users: BenchUser[] = [];
    for (let i = 0; i < count; i += 1) {
      const mobile = `${mobilePrefix}${String(i).padStart(8, '0')}`;
      const userId = await auth.findOrCreateUser(mobile, 'gzh');
      const { token } = await sessions.issue(userId);
      users.push({ userId, token });
    }
    return users;
  } finally {
    await handle.close();
  }
}
