import { Limits } from '@lawline/contract';
import type { Article, PageResult } from '@lawline/contract/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** content page 1, limit 10, hot first (spec §9); the home shows the first 2. */
export const hotArticlesQuery = queryOptions({
  queryKey: ['home', 'hotArticles'],
  queryFn: ({ signal }) =>
    api.get<PageResult<Article>>(
      'content',
      { page: Limits.articlePage, limit: Limits.articleLimit, sort: 'hot' },
      { signal },
    ),
  select: (data) => data.list.slice(0, Limits.homeArticles),
});

export function useHotArticles() {
  return useQuery(hotArticlesQuery);
}
