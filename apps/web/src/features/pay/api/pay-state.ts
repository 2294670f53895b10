import type { PayState } from '@lawline/contract/schemas';
import { queryOptions } from '@tanstack/react-query';
import { type ApiClient, api } from '../../../api/client.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';

export const payStateKey = (orderId: string) => [...ME_QUERY_KEY, 'payState', orderId] as const;

/**
 * POST pay/queryPayOrder: the order's payment as the server knows it now (it asks the provider
 * when needed). Quiet: PayWaiting keeps asking and says what it knows.
 */
export function queryPayOrder(orderId: string, client: ApiClient = api, signal?: AbortSignal) {
  return client.post<PayState>('pay/queryPayOrder', { orderId }, { ignoreError: true, signal });
}

/**
 * POST pay/cancelPayOrder: after the WeChat bridge answers cancel or fail, close the open attempt
 * (it cannot be paid later) and release the coupon; '2' when it turns out paid after all.
 */
export function cancelPayOrder(orderId: string, client: ApiClient = api) {
  return client.post<PayState>('pay/cancelPayOrder', { orderId }, { ignoreError: true });
}

export const payStateQuery = (orderId: string) =>
  queryOptions({
    queryKey: payStateKey(orderId),
    queryFn: ({ signal }) => queryPayOrder(orderId, api, signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
