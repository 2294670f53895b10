import type { NeedEntrust } from '@lawline/contract/schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../api/client.ts';
import { ME_QUERY_KEY } from '../../../../app/session-boot.ts';

export const needEntrustKey = (orderId: string) => [...ME_QUERY_KEY, 'needEntrust', orderId] as const;

/** GET order/needEntrust: whether the entrustment is still to sign, and its full text. */
export function fetchNeedEntrust(orderId: string, signal?: AbortSignal): Promise<NeedEntrust> {
  return api.get<NeedEntrust>('order/needEntrust', { orderId }, { signal, ignoreError: true });
}

export const needEntrustQuery = (orderId: string) =>
  queryOptions({
    queryKey: needEntrustKey(orderId),
    queryFn: ({ signal }) => fetchNeedEntrust(orderId, signal),
    staleTime: 0,
  });
