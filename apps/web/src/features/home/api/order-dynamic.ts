import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { dynamicLines } from '../home-rules.ts';

/**
 * order/dynamic: recent service events as an array of strings (spec §7). It belongs to the orders
 * issue: until it answers, the ticker stays hidden (ignoreError, no retry).
 */
export const orderDynamicQuery = queryOptions({
  queryKey: ['home', 'orderDynamic'],
  queryFn: ({ signal }) =>
    api
      .get<unknown>('order/dynamic', {}, { signal, ignoreError: true })
      .then(dynamicLines)
      .catch(() => [] as string[]),
});

export function useOrderDynamic() {
  return useQuery(orderDynamicQuery);
}
