import type { Kysely } from 'kysely';
import type { DbKind } from '../database.ts';

/**
 * Contract templates (issue 15, item 2): every export of a template by e-mail, kept for the
 * daily limits (exports and distinct addresses per person per Beijing day), for resending (the
 * filled fields re-render the same DOCX) and for 邮箱验收. The templates themselves are data files
 * in the code (modules/templates/texts), not rows.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations use the untyped builder.
export async function up(db: Kysely<any>, _kind: DbKind): Promise<void> {
  await db.schema
    .createTable('template_exports')
    /** 'E' + yyyymmdd (Beijing) + 8 random characters. */
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('template_id', 'integer', (c) => c.notNull())
    /** The title when exported (texts may be revised later). */
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    /** Lower-cased address; '' after the account is closed. */
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    /** The filled fields (JSON name → value); '{}' after the account is closed. */
    .addColumn('fields', 'text', (c) => c.notNull())
    /** Beijing yyyy-mm-dd of the export: the day the limits count it in. */
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    /** sending | sent | failed | confirmed (contract TemplateExportState). */
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('resends', 'integer', (c) => c.notNull().defaultTo(0))
    /** The last hand-over attempt (the resend cooldown counts from it). */
    .addColumn('attempted_at', 'bigint', (c) => c.notNull())
    /** The last time the mail server accepted it. */
    .addColumn('sent_at', 'bigint')
    .addColumn('confirmed_at', 'bigint')
    /** The mail server's Message-ID of the last accepted send. */
    .addColumn('message_id', 'varchar(255)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('template_exports_user_day')
    .on('template_exports')
    .columns(['user_id', 'day'])
    .execute();
  await db.schema
    .createIndex('template_exports_user_created')
    .on('template_exports')
    .columns(['user_id', 'created_at'])
    .execute();
}
