import type { CreatedProductOrder, ProductOrderDetail } from '@lawline/contract/schemas';
import { queryOptions } from '@tanstack/react-query';
import { type ApiClient, api } from '../../../api/client.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';

export const productOrderKey = (orderId: string) => [...ME_QUERY_KEY, 'productOrder', orderId] as const;

/** POST order/createOrder: a member card (MC…) or a service by product code; answers the unpaid order. */
export function createProductOrder(productCode: string, client: ApiClient = api, remark?: string) {
  return client.post<CreatedProductOrder>(
    'order/createOrder',
    remark ? { productCode, remark } : { productCode },
  );
}

/**
 * GET order/productOrderDetail. Quiet (ignoreError): ServiceOrder shows the server's message
 * itself (订单不存在 for another person's order) with a way on.
 */
export function fetchProductOrder(orderId: string, client: ApiClient = api, signal?: AbortSignal) {
  return client.get<ProductOrderDetail>(
    'order/productOrderDetail',
    { orderId },
    { signal, ignoreError: true },
  );
}

/** POST order/cancelOrder: an unpaid order closes; a paid service not yet started is refunded. */
export function cancelProductOrder(orderId: string, reason?: string, client: ApiClient = api) {
  return client.post<ProductOrderDetail>('order/cancelOrder', reason ? { orderId, reason } : { orderId });
}

export const productOrderQuery = (orderId: string) =>
  queryOptions({
    queryKey: productOrderKey(orderId),
    queryFn: ({ signal }) => fetchProductOrder(orderId, api, signal),
    // PayWaiting asks it for every non-phone order; a service order ('S…') is not a product order.
    enabled: orderId.startsWith('P'),
    staleTime: 0,
    refetchOnMount: 'always',
  });
