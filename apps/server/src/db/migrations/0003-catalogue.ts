import type { Kysely } from 'kysely';
import type { DbKind } from '../database.ts';
import { withId } from './helpers.ts';

/**
 * Catalogue and content (issue 4): lawyer licence numbers and the face-to-face accompaniment
 * flag, institute members, popular searches, channel product lists, private counsel, lawyer
 * videos and channel share posters.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations use the untyped builder.
export async function up(db: Kysely<any>, kind: DbKind): Promise<void> {
  // Nullable so existing rows stay valid; NULLs do not collide in a unique index on either DB.
  await db.schema.alterTable('lawyers').addColumn('license_no', 'varchar(20)').execute();
  await db.schema.createIndex('lawyers_license_no').unique().on('lawyers').column('license_no').execute();
  await db.schema
    .alterTable('lawyers')
    .addColumn('accompany', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('institute_lawyers')
    .addColumn('institute_id', 'integer', (c) => c.notNull().references('institutes.id'))
    .addColumn('lawyer_id', 'integer', (c) => c.notNull().references('lawyers.id'))
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('institute_lawyers_pk', ['institute_id', 'lawyer_id'])
    .execute();
  await db.schema
    .createIndex('institute_lawyers_lawyer')
    .on('institute_lawyers')
    .columns(['lawyer_id', 'institute_id'])
    .execute();

  await db.schema
    .createTable('search_terms')
    .addColumn('term', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_terms_count').on('search_terms').columns(['count', 'term']).execute();

  await withId(db.schema.createTable('channel_products'), kind)
    .addColumn('channel_key', 'varchar(32)', (c) => c.notNull().references('channels.key'))
    .addColumn('item_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('item_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recommended', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('channel_products_item', ['channel_key', 'item_code'])
    .execute();
  await db.schema
    .createIndex('channel_products_channel')
    .on('channel_products')
    .columns(['channel_key', 'sort', 'id'])
    .execute();

  await withId(db.schema.createTable('private_counsel'), kind)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('lawyer_id', 'integer', (c) => c.notNull().references('lawyers.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('private_counsel_user_lawyer', ['user_id', 'lawyer_id'])
    .execute();

  await withId(db.schema.createTable('lawyer_videos'), kind)
    .addColumn('lawyer_id', 'integer', (c) => c.notNull().references('lawyers.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('cover_url', 'text', (c) => c.notNull())
    .addColumn('duration_s', 'integer', (c) => c.notNull())
    .addColumn('field', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('video_url', 'text', (c) => c.notNull())
    .addColumn('playable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lawyer_videos_created')
    .on('lawyer_videos')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema.createIndex('lawyer_videos_lawyer').on('lawyer_videos').column('lawyer_id').execute();

  await withId(db.schema.createTable('channel_posters'), kind)
    .addColumn('channel_key', 'varchar(32)', (c) => c.notNull().references('channels.key'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text', (c) => c.notNull())
    .addColumn('img', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('channel_posters_channel')
    .on('channel_posters')
    .columns(['channel_key', 'sort'])
    .execute();
}
