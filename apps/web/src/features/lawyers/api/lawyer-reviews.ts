import type { LawyerReviewPage } from '@lawline/contract/schemas';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { pagedQueryDefaults } from '../../../api/paging.ts';

/** Reviews per page on a lawyer's profile. */
export const REVIEW_PAGE_SIZE = 5;

/**
 * uc/lawyerInfo/reviews?id (issue 23): the evaluations of the lawyer's phone consultations, newest
 * first, with the totals (count, average or null below minCount).
 */
export function lawyerReviewsQuery(lawyerId: number) {
  return infiniteQueryOptions({
    queryKey: ['lawyers', 'reviews', lawyerId],
    queryFn: ({ pageParam, signal }) =>
      api.get<LawyerReviewPage>(
        'uc/lawyerInfo/reviews',
        { id: lawyerId, page: pageParam, limit: REVIEW_PAGE_SIZE },
        // The section shows its own error with a retry; the profile above stays usable.
        { signal, ignoreError: true },
      ),
    ...pagedQueryDefaults,
  });
}

export function useLawyerReviews(lawyerId: number) {
  return useInfiniteQuery(lawyerReviewsQuery(lawyerId));
}
