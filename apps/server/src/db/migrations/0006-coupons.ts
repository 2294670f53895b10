import type { Kysely } from 'kysely';
import type { DbKind } from '../database.ts';
import { withId } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations use the untyped builder.
export async function up(db: Kysely<any>, kind: DbKind): Promise<void> {
  await withId(db.schema.createTable('user_coupons'), kind)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id'))
    .addColumn('activity_id', 'integer', (c) => c.references('activities.id'))
    .addColumn('claimed_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_order_id', 'varchar(40)')
    .addColumn('used_at', 'bigint')
    .execute();
  // A campaign's coupon can be claimed once per person.
  await db.schema
    .createIndex('user_coupons_activity_once')
    .on('user_coupons')
    .columns(['user_id', 'activity_id'])
    .unique()
    .execute();
}
