import type { PageResult, VideoCard, VideoDetail } from '@lawline/contract/schemas';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { pagedQueryDefaults } from '../../../api/paging.ts';

/** video/list: newest first, title search, paged. */
export function useVideos(keyword: string) {
  return useInfiniteQuery({
    queryKey: ['videos', 'list', keyword],
    queryFn: ({ pageParam, signal }) =>
      api.get<PageResult<VideoCard>>(
        'video/list',
        { page: pageParam, limit: 10, keyword: keyword || undefined },
        { signal },
      ),
    ...pagedQueryDefaults,
  });
}

/** video/detail?id */
export function useVideo(id: number | null) {
  return useQuery({
    queryKey: ['videos', 'detail', id],
    queryFn: ({ signal }) => api.get<VideoDetail>('video/detail', { id: id ?? undefined }, { signal }),
    enabled: id !== null,
  });
}
