import type { Kysely } from 'kysely';
import type { DbKind } from '../database.ts';
import { withId } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations use the untyped builder.
export async function up(db: Kysely<any>, kind: DbKind): Promise<void> {
  await withId(db.schema.createTable('sms_codes'), kind)
    .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('sms_codes_mobile')
    .on('sms_codes')
    .columns(['mobile', 'purpose', 'id'])
    .execute();

  await withId(db.schema.createTable('sms_sends'), kind)
    .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_sends_mobile').on('sms_sends').columns(['mobile', 'created_at']).execute();
  await db.schema.createIndex('sms_sends_ip').on('sms_sends').columns(['ip', 'created_at']).execute();

  // One row per rate-limited key, locked (FOR UPDATE) while a send is counted on PostgreSQL.
  await db.schema
    .createTable('rate_locks')
    .addColumn('key', 'varchar(96)', (c) => c.primaryKey())
    .execute();
}
