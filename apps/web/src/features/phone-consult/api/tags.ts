import type { TagItem } from '@lawline/contract/schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** GET tag/getCause (cancel reasons) and tag/getAllEvaluate (evaluation tags): short lists that rarely change. */
export const tagListQuery = (kind: 'getCause' | 'getAllEvaluate') =>
  queryOptions({
    queryKey: ['tags', kind],
    queryFn: ({ signal }) => api.get<TagItem[]>(`tag/${kind}`, {}, { signal, ignoreError: true }),
    staleTime: 10 * 60_000,
  });
