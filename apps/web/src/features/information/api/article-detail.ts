import type { ArticleDetail } from '@lawline/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** content/detail?id: the article with its server-sanitised HTML (or its infoUrl). */
export function useArticleDetail(id: number | null) {
  return useQuery({
    queryKey: ['content', 'detail', id],
    queryFn: ({ signal }) => api.get<ArticleDetail>('content/detail', { id: id ?? undefined }, { signal }),
    enabled: id !== null,
  });
}
