import type { Kysely } from 'kysely';
import type { DbKind } from '../database.ts';

/**
 * An honest phone consultation (issue 23): a channel's customer service number and service hours;
 * a call order's requested lawyer (电话咨询 on a profile) with the exclusive wait and how it ended;
 * a callback request's time; reviews read by lawyer, newest first.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations use the untyped builder.
export async function up(db: Kysely<any>, _kind: DbKind): Promise<void> {
  await db.schema
    .alterTable('channels')
    .addColumn('service_phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('channels')
    .addColumn('service_hours', 'varchar(32)', (c) => c.notNull().defaultTo('09:00–21:00'))
    .execute();
  /** The lawyer the person asked for (lawyers.id). */
  await db.schema.alterTable('call_orders').addColumn('requested_lawyer_id', 'integer').execute();
  /** waiting | accepted | released | expired | declined (contract RequestedLawyerState). */
  await db.schema.alterTable('call_orders').addColumn('request_state', 'varchar(16)').execute();
  /** Until when only the requested lawyer is offered the order (epoch ms). */
  await db.schema.alterTable('call_orders').addColumn('request_wait_until', 'bigint').execute();
  /** A callback request (state scheduled): when it is dispatched. */
  await db.schema.alterTable('call_orders').addColumn('scheduled_at', 'bigint').execute();
  await db.schema
    .createIndex('evaluations_lawyer')
    .on('evaluations')
    .columns(['lawyer_id', 'created_at'])
    .execute();
}
