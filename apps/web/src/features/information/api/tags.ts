import type { PopularSearch, Tag } from '@lawline/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** content/tag/list */
export function useTags() {
  return useQuery({
    queryKey: ['content', 'tags'],
    queryFn: ({ signal }) => api.get<Tag[]>('content/tag/list', {}, { signal }),
    staleTime: 10 * 60_000,
  });
}

/** content/popularSearchList */
export function usePopularSearches() {
  return useQuery({
    queryKey: ['content', 'popularSearches'],
    queryFn: ({ signal }) =>
      api.get<PopularSearch[]>('content/popularSearchList', {}, { signal, ignoreError: true }),
    staleTime: 10 * 60_000,
  });
}
