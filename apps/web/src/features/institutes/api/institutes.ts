import type { InstituteCard, InstituteInfo, LawyerCard, PageResult } from '@lawline/contract/schemas';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { pagedQueryDefaults } from '../../../api/paging.ts';

/** institute/list: keyword search, paged. */
export function useInstitutes(keyword: string) {
  return useInfiniteQuery({
    queryKey: ['institutes', 'list', keyword],
    queryFn: ({ pageParam, signal }) =>
      api.get<PageResult<InstituteCard>>(
        'institute/list',
        { page: pageParam, limit: 10, keyword: keyword || undefined },
        { signal },
      ),
    ...pagedQueryDefaults,
  });
}

/** institute/info?id: introduction, address and up to 6 platform lawyers. */
export function useInstituteInfo(id: number | null) {
  return useQuery({
    queryKey: ['institutes', 'info', id],
    queryFn: ({ signal }) => api.get<InstituteInfo>('institute/info', { id: id ?? undefined }, { signal }),
    enabled: id !== null,
  });
}

/** institute/lawyers?id: all the institute's platform lawyers, paged. */
export function useInstituteLawyers(id: number | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['institutes', 'lawyers', id],
    queryFn: ({ pageParam, signal }) =>
      api.get<PageResult<LawyerCard>>(
        'institute/lawyers',
        { id: id ?? undefined, page: pageParam, limit: 10 },
        { signal },
      ),
    ...pagedQueryDefaults,
    enabled: enabled && id !== null,
  });
}
