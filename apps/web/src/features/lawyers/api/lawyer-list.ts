import type { LawyerCard, PageResult } from '@lawline/contract/schemas';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { pagedQueryDefaults } from '../../../api/paging.ts';

export interface LawyerFilters {
  field: number | null;
  level: number | null;
  keyword: string;
}

/** Lawyers per page of the 选专家 list (tall enough to scroll on a phone). */
export const LAWYER_PAGE_SIZE = 20;

/** uc/lawyerInfo/page: field, level and keyword filters, paged (spec §7). */
export function lawyerListQuery(filters: LawyerFilters) {
  return infiniteQueryOptions({
    queryKey: ['lawyers', 'page', filters],
    queryFn: ({ pageParam, signal }) =>
      api.get<PageResult<LawyerCard>>(
        'uc/lawyerInfo/page',
        {
          page: pageParam,
          limit: LAWYER_PAGE_SIZE,
          field: filters.field ?? undefined,
          level: filters.level ?? undefined,
          keyword: filters.keyword || undefined,
        },
        { signal },
      ),
    ...pagedQueryDefaults,
  });
}

export function useLawyerList(filters: LawyerFilters) {
  return useInfiniteQuery(lawyerListQuery(filters));
}
