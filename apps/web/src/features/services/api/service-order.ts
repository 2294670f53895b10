import type { ServiceKind } from '@lawline/contract';
import type { ServiceOrderDetail } from '@lawline/contract/schemas';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../../api/client.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';
import { BuiltServiceKinds, isBuiltServiceKind, ServiceDetailEndpoint } from '../service-rules.ts';

/** The cache key of one service order (under the person's data: dropped at logout). */
export const serviceOrderKey = (orderId: string) => [...ME_QUERY_KEY, 'serviceOrder', orderId] as const;

/**
 * GET order/{lawyerFaceOrder|lawLetterOrder|lawsuitOrder}/detail?orderId=: the order as the person
 * sees it. Quiet (ignoreError): the page shows the server's message (404 订单不存在 for another
 * person's order) with a way on.
 */
export function fetchServiceOrder(
  kind: ServiceKind,
  orderId: string,
  signal?: AbortSignal,
): Promise<ServiceOrderDetail> {
  if (!isBuiltServiceKind(kind)) {
    return Promise.reject(new ApiError('business', '该服务暂不支持在线查看，请联系客服', null));
  }
  return api.get<ServiceOrderDetail>(ServiceDetailEndpoint[kind], { orderId }, { signal, ignoreError: true });
}

/**
 * An order whose kind the address does not say (an old link): asks each kind's endpoint in turn
 * and answers the first that knows the order; the last refusal when none does.
 */
export async function findServiceOrder(orderId: string, signal?: AbortSignal): Promise<ServiceOrderDetail> {
  let last: unknown = new ApiError('business', '订单不存在', 404);
  for (const kind of BuiltServiceKinds) {
    try {
      return await fetchServiceOrder(kind, orderId, signal);
    } catch (error) {
      if (!(error instanceof ApiError) || error.kind !== 'business') throw error;
      last = error;
    }
  }
  throw last;
}

/** One order, by kind when known (null: found by trying each kind). */
export const serviceOrderQuery = (orderId: string, kind: ServiceKind | null) =>
  queryOptions({
    queryKey: serviceOrderKey(orderId),
    queryFn: ({ signal }) =>
      kind ? fetchServiceOrder(kind, orderId, signal) : findServiceOrder(orderId, signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
