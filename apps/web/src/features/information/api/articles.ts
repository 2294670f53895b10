import { Limits } from '@lawline/contract';
import type { Article, PageResult } from '@lawline/contract/schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { pagedQueryDefaults } from '../../../api/paging.ts';

export interface ArticleFilters {
  searchContent: string;
  tagId: number | null;
}

/** content: page, searchContent, tagIds, limit 10 (spec §7), newest first. */
export function useArticles(filters: ArticleFilters) {
  return useInfiniteQuery({
    queryKey: ['content', 'page', filters],
    queryFn: ({ pageParam, signal }) =>
      api.get<PageResult<Article>>(
        'content',
        {
          page: pageParam,
          limit: Limits.articleLimit,
          searchContent: filters.searchContent || undefined,
          tagIds: filters.tagId === null ? undefined : String(filters.tagId),
        },
        { signal },
      ),
    ...pagedQueryDefaults,
  });
}
