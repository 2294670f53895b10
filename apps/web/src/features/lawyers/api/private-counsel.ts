import type { PageResult, PrivateCounsel } from '@lawline/contract/schemas';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { pagedQueryDefaults } from '../../../api/paging.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';

/** The person's private counsel (logged in; dropped with the session's data). */
const counselKey = [...ME_QUERY_KEY, 'privateCounsel'] as const;

/** privateCounsel/page: newest first. */
export function usePrivateCounselPage(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...counselKey, 'page'],
    queryFn: ({ pageParam, signal }) =>
      api.get<PageResult<PrivateCounsel>>('privateCounsel/page', { page: pageParam, limit: 10 }, { signal }),
    ...pagedQueryDefaults,
    enabled,
  });
}

/** privateCounsel/list: the whole list (to know whether a lawyer is already one). */
export function usePrivateCounselList(enabled: boolean) {
  return useQuery({
    queryKey: [...counselKey, 'list'],
    queryFn: ({ signal }) => api.get<PrivateCounsel[]>('privateCounsel/list', {}, { signal }),
    enabled,
  });
}

/** privateCounsel/add (lawyerId) and privateCounsel/delete (record id); both refresh the lists. */
export function usePrivateCounselMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: counselKey });
  const add = useMutation({
    mutationFn: (lawyerId: number) => api.post<PrivateCounsel>('privateCounsel/add', { lawyerId }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.post<null>('privateCounsel/delete', { id }),
    onSuccess: refresh,
  });
  return { add, remove };
}
