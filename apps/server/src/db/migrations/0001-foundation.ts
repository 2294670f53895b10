import type { Kysely } from 'kysely';
import type { DbKind } from '../database.ts';
import { withId } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped builder on purpose (the schema changes over time).
export async function up(db: Kysely<any>, kind: DbKind): Promise<void> {
  await db.schema
    .createTable('channels')
    .addColumn('key', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('channel_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slogan', 'text', (c) => c.notNull())
    .addColumn('logo_url', 'text', (c) => c.notNull())
    .addColumn('primary_color', 'varchar(16)', (c) => c.notNull())
    .addColumn('secondary_color', 'varchar(16)', (c) => c.notNull())
    .addColumn('mode', 'integer', (c) => c.notNull())
    .addColumn('charge', 'varchar(2)', (c) => c.notNull())
    .addColumn('price_fen', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable('banners'), kind)
    .addColumn('channel_key', 'varchar(32)', (c) => c.notNull().references('channels.key'))
    .addColumn('place', 'varchar(16)', (c) => c.notNull())
    .addColumn('banner_type', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('img', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('banners_channel')
    .on('banners')
    .columns(['channel_key', 'place', 'sort'])
    .execute();

  await withId(db.schema.createTable('coupons'), kind)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('coupon_type', 'integer', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('min_spend_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('product_codes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('valid_days', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('claimed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await withId(db.schema.createTable('activities'), kind)
    .addColumn('channel_key', 'varchar(32)', (c) => c.notNull().references('channels.key'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('img', 'text', (c) => c.notNull())
    .addColumn('coupon_id', 'integer', (c) => c.references('coupons.id'))
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('lawyers'), kind)
    .addColumn('user_id', 'integer', (c) => c.notNull().unique())
    .addColumn('real_name', 'text', (c) => c.notNull())
    .addColumn('face_url', 'text', (c) => c.notNull())
    .addColumn('lawyer_level', 'integer')
    .addColumn('year_practice', 'integer', (c) => c.notNull())
    .addColumn('skill_field', 'text', (c) => c.notNull())
    .addColumn('law_firm', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull())
    .addColumn('career_report', 'text', (c) => c.notNull())
    .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
    .addColumn('channel_tags', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_lecturer', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hot_score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('served_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating', 'double precision', (c) => c.notNull().defaultTo(5))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lawyers_hot').on('lawyers').columns(['hot_score', 'id']).execute();

  await withId(db.schema.createTable('lawyer_cases'), kind)
    .addColumn('lawyer_id', 'integer', (c) => c.notNull().references('lawyers.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('field', 'integer', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('case_date', 'varchar(10)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lawyer_cases_lawyer').on('lawyer_cases').column('lawyer_id').execute();

  await withId(db.schema.createTable('institutes'), kind)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('logo_url', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull())
    .addColumn('lawyer_count', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable('tax_advisors'), kind)
    .addColumn('real_name', 'text', (c) => c.notNull())
    .addColumn('face_url', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('year_practice', 'integer', (c) => c.notNull())
    .addColumn('skill_field', 'text', (c) => c.notNull())
    .addColumn('organisation', 'text', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull())
    .addColumn('is_expert', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable('tags'), kind)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable('articles'), kind)
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('content_html', 'text', (c) => c.notNull())
    .addColumn('info_url', 'text', (c) => c.notNull())
    .addColumn('h_cover_url', 'text', (c) => c.notNull())
    .addColumn('v_cover_url', 'text', (c) => c.notNull())
    .addColumn('reads_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('is_hot', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('articles_created').on('articles').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('article_tags')
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id'))
    .addPrimaryKeyConstraint('article_tags_pk', ['article_id', 'tag_id'])
    .execute();
  await db.schema
    .createIndex('article_tags_tag')
    .on('article_tags')
    .columns(['tag_id', 'article_id'])
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('code', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull())
    .addColumn('img', 'text', (c) => c.notNull())
    .addColumn('target_url', 'text', (c) => c.notNull())
    .addColumn('service_type', 'integer', (c) => c.notNull())
    .addColumn('sale_price_fen', 'integer', (c) => c.notNull())
    .addColumn('discount_price_fen', 'integer')
    .addColumn('discount_intro', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unit', 'varchar(16)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('member_cards')
    .addColumn('code', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('product_type', 'varchar(2)', (c) => c.notNull())
    .addColumn('price_fen', 'integer', (c) => c.notNull())
    .addColumn('original_price_fen', 'integer', (c) => c.notNull())
    .addColumn('validity_days', 'integer', (c) => c.notNull())
    .addColumn('theme_field', 'integer')
    .addColumn('img', 'text', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await withId(db.schema.createTable('member_card_rights'), kind)
    .addColumn('card_code', 'varchar(16)', (c) => c.notNull().references('member_cards.code'))
    .addColumn('right_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('per_year', 'integer')
    .addColumn('price_percent', 'integer')
    .addColumn('waiting_days', 'integer')
    .addColumn('cap_fen', 'bigint')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await withId(db.schema.createTable('users'), kind)
    .addColumn('mobile', 'varchar(20)', (c) => c.unique())
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('avatar_url', 'text', (c) => c.notNull())
    .addColumn('channel_key', 'varchar(32)', (c) => c.notNull())
    .addColumn('is_guide', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
}
