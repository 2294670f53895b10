import { EvaluationTags } from '@lawline/contract';
import { sql } from 'kysely';
import { badRequest } from '../../http/errors.ts';
import type { Q } from './repo.ts';

/** The tags of an evaluation, each once; an unknown tag is refused (400). */
export function checkedTagIds(tagIds: readonly number[]): number[] {
  const known = new Set<number>(EvaluationTags.map((t) => t.id));
  const ids = [...new Set(tagIds)];
  if (ids.some((id) => !known.has(id))) throw badRequest('评价标签不存在');
  return ids;
}

/**
 * One evaluation of an order (phone or service) and the lawyer's rating moved by it, in the
 * caller's transaction (the order's own `evaluate` transition comes first, so it happens once).
 */
export async function recordEvaluation(
  trx: Q,
  e: {
    orderId: string;
    userId: number;
    lawyerId: number | null;
    stars: number;
    tagIds: readonly number[];
    content: string;
    now: number;
  },
): Promise<void> {
  await trx
    .insertInto('evaluations')
    .values({
      order_id: e.orderId,
      user_id: e.userId,
      lawyer_id: e.lawyerId,
      stars: e.stars,
      tag_ids: e.tagIds.join(','),
      content: e.content,
      created_at: e.now,
    })
    .execute();
  // The lawyer's rating takes the new stars in, in the same statement as its count (two
  // evaluations at once each see the other's).
  if (e.lawyerId !== null) {
    await trx
      .updateTable('lawyers')
      .set((eb) => ({
        rating: sql<number>`(rating * rating_count + ${e.stars} * 1.0) / (rating_count + 1)`,
        rating_count: eb('rating_count', '+', 1),
      }))
      .where('id', '=', e.lawyerId)
      .execute();
  }
}
