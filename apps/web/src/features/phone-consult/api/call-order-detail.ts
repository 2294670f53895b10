import type { CallOrderDetail } from '@lawline/contract/schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';

/** The cache key of one call order (under the person's data: dropped at logout). */
export const callOrderKey = (orderId: string) => [...ME_QUERY_KEY, 'callOrder', orderId] as const;

/**
 * GET order/callOrderDetail: the whole order (status, dispatch, lawyer, call, bill, actions).
 * Quiet (ignoreError): the screens show the server's message themselves (404 订单不存在 for an
 * order that is not the person's) with a way home.
 */
export function fetchCallOrder(orderId: string, signal?: AbortSignal): Promise<CallOrderDetail> {
  return api.get<CallOrderDetail>('order/callOrderDetail', { orderId }, { signal, ignoreError: true });
}

export const callOrderQuery = (orderId: string) =>
  queryOptions({
    queryKey: callOrderKey(orderId),
    queryFn: ({ signal }) => fetchCallOrder(orderId, signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
