import type { Kysely } from 'kysely';
import type { DbKind } from '../database.ts';
import { withId } from './helpers.ts';

/**
 * Accounts centre (issue 3): membership cards held by users, right usage, real-name data
 * (encrypted), account closures, notifications, WeChat identity (OAuth code cache, state tokens,
 * openid bindings, access_token/ticket cache).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations use the untyped builder.
export async function up(db: Kysely<any>, kind: DbKind): Promise<void> {
  await db.schema.alterTable('users').addColumn('closed_at', 'bigint').execute();

  await withId(db.schema.createTable('user_cards'), kind)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('card_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('source_order_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    /** Set when the card is ended early (account closed, refund). */
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('user_cards_user')
    .on('user_cards')
    .columns(['user_id', 'expires_at'])
    .execute();

  await withId(db.schema.createTable('user_right_usage'), kind)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('user_card_id', 'integer', (c) => c.notNull().references('user_cards.id'))
    .addColumn('right_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('used_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('user_right_usage_card')
    .on('user_right_usage')
    .columns(['user_card_id', 'right_code', 'used_at'])
    .execute();

  await db.schema
    .createTable('user_real_names')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('real_name', 'text', (c) => c.notNull())
    /** AES-256-GCM ciphertext of the ID number (v1.<iv>.<ct+tag>); never the number itself. */
    .addColumn('id_number_cipher', 'text', (c) => c.notNull())
    /** HMAC-SHA256 of the ID number: one ID, one account. */
    .addColumn('id_number_lookup', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('consent_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('account_closures'), kind)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(32)')
    .addColumn('reason_text', 'text')
    .addColumn('closed_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('notifications'), kind)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('notifications_user')
    .on('notifications')
    .columns(['user_id', 'read_at', 'id'])
    .execute();

  await db.schema
    .createTable('wechat_oauth_codes')
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('openid', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('wechat_states')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer')
    .addColumn('router', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();

  await db.schema
    .createTable('user_wechat')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('openid', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_wechat_pk', ['user_id', 'app_id'])
    .addUniqueConstraint('user_wechat_openid', ['app_id', 'openid'])
    .execute();

  await db.schema
    .createTable('wechat_tokens')
    .addColumn('key', 'varchar(96)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}
