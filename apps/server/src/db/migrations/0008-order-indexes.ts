import { type Kysely, sql } from 'kysely';
import type { DbKind } from '../database.ts';

/**
 * Indexes for placing and dispatching phone orders under load (issue 7, order writes).
 *
 * - `jobs_key_due` (job_key, done_at, run_at) replaces `jobs_key` (job_key, done_at): looking up the
 *   pending timer of a key (JobService.schedule: `job_key = ? and done_at is null … order by
 *   run_at`) used to be planned on `jobs_due` (done_at, run_at) by SQLite, which walks every
 *   pending job of every key: one lookup per order cost O(pending jobs), quadratic under load.
 * - `call_offers_open` (expires_at) where outcome is null: the open offers a dispatch skips, instead
 *   of a scan of every offer ever made.
 * - `call_orders_queue` (state, created_at): the oldest waiting orders (dispatchWaiting) without
 *   sorting every waiting order.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations use the untyped builder.
export async function up(db: Kysely<any>, _kind: DbKind): Promise<void> {
  await db.schema.createIndex('jobs_key_due').on('jobs').columns(['job_key', 'done_at', 'run_at']).execute();
  await db.schema.dropIndex('jobs_key').execute();
  await db.schema
    .createIndex('call_offers_open')
    .on('call_offers')
    .column('expires_at')
    .where(sql<boolean>`outcome is null`)
    .execute();
  await db.schema
    .createIndex('call_orders_queue')
    .on('call_orders')
    .columns(['state', 'created_at'])
    .execute();
}
