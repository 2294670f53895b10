import type { TagItem } from '@lawline/contract/schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** GET tag/getAllEvaluate: the evaluation tags, a short list that rarely changes (same cache entry as phone's). */
export const evaluationTagsQuery = () =>
  queryOptions({
    queryKey: ['tags', 'getAllEvaluate'],
    queryFn: ({ signal }) => api.get<TagItem[]>('tag/getAllEvaluate', {}, { signal, ignoreError: true }),
    staleTime: 10 * 60_000,
  });
