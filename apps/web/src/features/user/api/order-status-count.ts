import type { OrderStatusCount } from '@lawline/contract/schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';

/** GET order/orderStatusCount (spec §7): counts for the 我的 order shortcuts; quiet when it fails. */
export const orderCountsQuery = () =>
  queryOptions({
    queryKey: [...ME_QUERY_KEY, 'orderStatusCount'],
    queryFn: ({ signal }) =>
      api.get<OrderStatusCount>('order/orderStatusCount', {}, { ignoreError: true, signal }),
    retry: false,
    retryOnMount: false,
    staleTime: 60_000,
  });
