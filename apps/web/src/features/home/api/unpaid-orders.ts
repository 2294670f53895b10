import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';

/** order/unpaidCallOrder: the person's unpaid phone orders (an array; spec §7). Quiet when absent. */
export function useUnpaidCallOrders(enabled: boolean) {
  return useQuery({
    queryKey: [...ME_QUERY_KEY, 'home', 'unpaidCallOrder'],
    queryFn: ({ signal }) =>
      api.get<unknown>('order/unpaidCallOrder', {}, { signal, ignoreError: true }).catch(() => null),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
