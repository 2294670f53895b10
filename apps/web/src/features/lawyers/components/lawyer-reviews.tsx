import type { LawyerReview } from '@lawline/contract/schemas';
import { flattenPages } from '../../../api/paging.ts';
import browse from '../../../ui/browse.module.css';
import { ErrorState, SkeletonRows } from '../../../ui/list-states.tsx';
import { SectionCard } from '../../../ui/section-card.tsx';
import { useLawyerReviews } from '../api/lawyer-reviews.ts';
import styles from '../lawyers.module.css';

const MAX_STARS = 5;

/** Five stars, the first `stars` filled; read out as "4星". */
export function Stars({ stars, className }: { stars: number; className?: string }) {
  const filled = Math.max(0, Math.min(MAX_STARS, Math.round(stars)));
  return (
    <span
      className={[styles.stars, className].filter(Boolean).join(' ')}
      role="img"
      aria-label={`${filled}星`}
    >
      <span className={styles.starsOn} aria-hidden="true">
        {'★'.repeat(filled)}
      </span>
      <span className={styles.starsOff} aria-hidden="true">
        {'★'.repeat(MAX_STARS - filled)}
      </span>
    </span>
  );
}

function ReviewItem({ review }: { review: LawyerReview }) {
  return (
    <li className={styles.review} data-testid="lawyer-review">
      <div className={styles.reviewHead}>
        <span className={styles.reviewName}>{review.userName}</span>
        <Stars stars={review.stars} />
        <time className={styles.reviewDate} dateTime={review.date}>
          {review.date}
        </time>
      </div>
      {review.tags.length > 0 ? (
        <p className={styles.reviewTags}>
          {review.tags.map((tag) => (
            <span key={tag.id} className={`${browse.chip} ${browse.chipSmall}`}>
              {tag.name}
            </span>
          ))}
        </p>
      ) : null}
      {review.content ? <p className={styles.reviewText}>{review.content}</p> : null}
    </li>
  );
}

/**
 * 用户评价 on a lawyer's profile (issue 23): the count and the average (none below the minimum
 * count), then the reviews — stars, tags, a short comment, the person's masked name and the date.
 */
export function LawyerReviews({ lawyerId }: { lawyerId: number }) {
  const query = useLawyerReviews(lawyerId);
  const first = query.data?.pages[0];
  const reviews = flattenPages(query.data, (review) => review.id);

  let summary = null;
  if (first) {
    summary =
      first.count === 0 ? null : first.average !== null ? (
        <span className={styles.reviewSummary} data-testid="review-average">
          <span className={styles.starsOn} aria-hidden="true">
            ★
          </span>
          <span>
            <strong>{first.average.toFixed(1)}</strong>分 · {first.count}条评价
          </span>
        </span>
      ) : (
        <span className={styles.reviewSummary} data-testid="review-count">
          {first.count}条评价
        </span>
      );
  }

  return (
    <SectionCard title="用户评价" level={3} extra={summary} testId="lawyer-reviews">
      {query.isPending ? (
        <SkeletonRows rows={2} label="评价加载中" />
      ) : query.isError && !first ? (
        <ErrorState text="评价加载失败" onRetry={() => void query.refetch()} />
      ) : reviews.length === 0 ? (
        <p className={styles.emptyText}>暂无评价</p>
      ) : (
        <>
          {first && first.average === null ? (
            <p className={styles.reviewNote}>评价满{first.minCount}条后显示平均评分</p>
          ) : null}
          <ul className={styles.reviewList}>
            {reviews.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </ul>
          {query.hasNextPage ? (
            <button
              type="button"
              className={styles.moreButton}
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? '加载中…' : '查看更多评价'}
            </button>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}
