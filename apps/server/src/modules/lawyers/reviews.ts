import { createHash } from 'node:crypto';
import { EvaluationTags, maskPersonName, REVIEW_MIN_COUNT_FOR_AVERAGE } from '@lawline/contract';
import type { LawyerReview, LawyerReviewPage } from '@lawline/contract/schemas';
import type { Db } from '../../db/database.ts';
import { offsetOf } from '../../db/query-helpers.ts';

const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;
const tagNames = new Map<number, string>(EvaluationTags.map((t) => [t.id, t.name]));

/** A review's stable key: not the order id (that is the person's), a digest of it. */
function reviewId(orderId: string): string {
  return createHash('sha256').update(`review:${orderId}`).digest('hex').slice(0, 16);
}

/**
 * A lawyer's reviews from the evaluations of their phone consultations, newest first, with the
 * count and the average (one decimal; none below REVIEW_MIN_COUNT_FOR_AVERAGE evaluations). The
 * person is named only masked.
 */
export async function pageLawyerReviews(
  db: Db,
  lawyerId: number,
  page: number,
  limit: number,
): Promise<LawyerReviewPage> {
  const [totals, rows] = await Promise.all([
    db
      .selectFrom('evaluations')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('stars').as('stars')])
      .where('lawyer_id', '=', lawyerId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('evaluations as e')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.order_id', 'e.stars', 'e.tag_ids', 'e.content', 'e.created_at', 'u.nickname'])
      .where('e.lawyer_id', '=', lawyerId)
      .orderBy('e.created_at', 'desc')
      .orderBy('e.order_id', 'desc')
      .limit(limit)
      .offset(offsetOf(page, limit))
      .execute(),
  ]);
  const count = Number(totals.n ?? 0);
  const sum = Number(totals.stars ?? 0);
  const list = rows.map(
    (r): LawyerReview => ({
      id: reviewId(r.order_id),
      stars: r.stars,
      tags: r.tag_ids
        .split(',')
        .filter(Boolean)
        .map(Number)
        .filter((id) => tagNames.has(id))
        .map((id) => ({ id, name: tagNames.get(id) as string })),
      content: r.content,
      userName: maskPersonName(r.nickname),
      createdAt: r.created_at,
      date: new Date(r.created_at + BEIJING_OFFSET_MS).toISOString().slice(0, 10),
    }),
  );
  return {
    list,
    total: count,
    page,
    limit,
    hasMore: (page - 1) * limit + list.length < count,
    count,
    average: count >= REVIEW_MIN_COUNT_FOR_AVERAGE ? Math.round((sum / count) * 10) / 10 : null,
    minCount: REVIEW_MIN_COUNT_FOR_AVERAGE,
  };
}
