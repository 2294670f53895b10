import type { Kysely } from 'kysely';
import type { DbKind } from '../database.ts';
import { withId } from './helpers.ts';

/**
 * Phone consultation (issue 5): call orders and their offers, call records from the telephony
 * provider, evaluations, lawyer availability, the persisted job table, and a role on sessions.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations use the untyped builder.
export async function up(db: Kysely<any>, kind: DbKind): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('consumer'))
    .execute();

  await db.schema
    .createTable('call_orders')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('channel_key', 'varchar(32)', (c) => c.notNull())
    .addColumn('consult_field', 'integer', (c) => c.notNull())
    .addColumn('user_remark', 'text', (c) => c.notNull())
    .addColumn('user_location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('expect_time', 'text', (c) => c.notNull().defaultTo(''))
    /** Internal state of the contract's CallOrderTransitions table. */
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('lawyer_id', 'integer', (c) => c.references('lawyers.id'))
    /** order/continueConsultOrder: this lawyer is offered first. */
    .addColumn('preferred_lawyer_id', 'integer')
    .addColumn('continued_from', 'varchar(24)')
    .addColumn('charge', 'varchar(2)', (c) => c.notNull())
    .addColumn('unit_price_fen', 'integer', (c) => c.notNull())
    .addColumn('billable_units', 'integer')
    .addColumn('amount_fen', 'integer')
    .addColumn('payable_fen', 'integer')
    .addColumn('earnings_fen', 'integer')
    .addColumn('free_reason', 'varchar(16)')
    .addColumn('count_card_id', 'integer')
    .addColumn('subs_id', 'varchar(64)')
    .addColumn('secret_no', 'varchar(20)')
    .addColumn('started_at', 'bigint')
    .addColumn('ended_at', 'bigint')
    .addColumn('duration_s', 'integer')
    .addColumn('cancel_reason', 'text')
    /** user | system */
    .addColumn('closed_by', 'varchar(16)')
    .addColumn('closed_at', 'bigint')
    .addColumn('promise_deadline', 'bigint', (c) => c.notNull())
    .addColumn('give_up_at', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('autopilot', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('call_orders_user').on('call_orders').columns(['user_id', 'state']).execute();
  await db.schema
    .createIndex('call_orders_state')
    .on('call_orders')
    .columns(['state', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('call_orders_lawyer')
    .on('call_orders')
    .columns(['lawyer_id', 'state'])
    .execute();

  await withId(db.schema.createTable('call_offers'), kind)
    .addColumn('order_id', 'varchar(24)', (c) => c.notNull().references('call_orders.id'))
    .addColumn('lawyer_id', 'integer', (c) => c.notNull().references('lawyers.id'))
    .addColumn('offered_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    /** null while open; accepted | declined | expired | withdrawn */
    .addColumn('outcome', 'varchar(16)')
    .addColumn('answered_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('call_offers_order')
    .on('call_offers')
    .columns(['order_id', 'lawyer_id'])
    .execute();
  await db.schema
    .createIndex('call_offers_lawyer')
    .on('call_offers')
    .columns(['lawyer_id', 'outcome'])
    .execute();

  await db.schema
    .createTable('call_records')
    .addColumn('call_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(24)')
    .addColumn('sub_id', 'varchar(64)')
    .addColumn('start_time', 'bigint')
    .addColumn('release_time', 'bigint')
    .addColumn('duration_s', 'integer', (c) => c.notNull())
    .addColumn('connected', 'integer', (c) => c.notNull())
    .addColumn('raw', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('applied_at', 'bigint')
    .execute();
  await db.schema.createIndex('call_records_order').on('call_records').columns(['order_id']).execute();

  await db.schema
    .createTable('evaluations')
    .addColumn('order_id', 'varchar(24)', (c) => c.primaryKey().references('call_orders.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('lawyer_id', 'integer')
    .addColumn('stars', 'integer', (c) => c.notNull())
    /** Comma-separated tag ids of EvaluationTags. */
    .addColumn('tag_ids', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('lawyer_presence')
    .addColumn('lawyer_id', 'integer', (c) => c.primaryKey().references('lawyers.id'))
    /** online | offline | busy */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    /** The status to return to after a call (online, or offline for an autopilot lawyer). */
    .addColumn('after_call', 'varchar(16)', (c) => c.notNull().defaultTo('online'))
    .addColumn('last_offer_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('jobs'), kind)
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    /** Jobs with the same key are one timer: enqueueing again moves it (see JobService.schedule). */
    .addColumn('job_key', 'varchar(96)')
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('done_at', 'bigint')
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['done_at', 'run_at']).execute();
  await db.schema.createIndex('jobs_key').on('jobs').columns(['job_key', 'done_at']).execute();
}
