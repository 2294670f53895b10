import type { Kysely } from 'kysely';
import type { DbKind } from '../database.ts';

/**
 * A lawyer's rating follows the people's evaluations: `rating` is the average of `rating_count`
 * evaluations, and each new one moves it (CallOrderService.evaluate). Lawyers rated before this
 * count as no evaluations yet, so their first evaluation sets the rating.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations use the untyped builder.
export async function up(db: Kysely<any>, _kind: DbKind): Promise<void> {
  await db.schema
    .alterTable('lawyers')
    .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
