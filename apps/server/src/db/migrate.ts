import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Db, DbKind } from './database.ts';
import * as m0001 from './migrations/0001-foundation.ts';
import * as m0002 from './migrations/0002-accounts.ts';
import * as m0003 from './migrations/0003-catalogue.ts';
import * as m0004 from './migrations/0004-accounts-centre.ts';
import * as m0005 from './migrations/0005-call-orders.ts';
import * as m0006 from './migrations/0006-coupons.ts';
import * as m0007 from './migrations/0007-payments.ts';
import * as m0008 from './migrations/0008-order-indexes.ts';
import * as m0009 from './migrations/0009-uploads.ts';
import * as m0010 from './migrations/0010-lawyer-rating.ts';
import * as m0011 from './migrations/0011-oauth-browser.ts';
import * as m0012 from './migrations/0012-honest-phone.ts';
import * as m0013 from './migrations/0013-service-orders.ts';
import * as m0014 from './migrations/0014-template-exports.ts';

// biome-ignore lint/suspicious/noExplicitAny: see migrations.
type MigrationModule = { up: (db: Kysely<any>, kind: DbKind) => Promise<void> };

/** Migrations in order; a new one is a new file and a new line here. */
const migrations: Record<string, MigrationModule> = {
  '0001-foundation': m0001,
  '0002-accounts': m0002,
  '0003-catalogue': m0003,
  '0004-accounts-centre': m0004,
  '0005-call-orders': m0005,
  '0006-coupons': m0006,
  '0007-payments': m0007,
  '0008-order-indexes': m0008,
  '0009-uploads': m0009,
  '0010-lawyer-rating': m0010,
  '0011-oauth-browser': m0011,
  '0012-honest-phone': m0012,
  '0013-service-orders': m0013,
  '0014-template-exports': m0014,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly kind: DbKind) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(migrations).map(([name, mod]) => [name, { up: (db) => mod.up(db, this.kind) }]),
    );
  }
}

export async function migrateToLatest(db: Db, kind: DbKind): Promise<string[]> {
  // Kysely looks for its own tables in every schema unless told which: name the current one.
  const schema =
    kind === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(kind),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
