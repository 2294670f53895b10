import type { CancelServiceOrder, ServiceOrderDetail } from '@lawline/contract/schemas';
import { api } from '../../../api/client.ts';

/**
 * POST order/cancelServiceOrder: cancels before the service starts; what was paid is refunded in
 * the same step (the rule the page showed before paying). Answers the order as it is now.
 */
export function cancelServiceOrder(input: Pick<CancelServiceOrder, 'orderId' | 'reason'>) {
  return api.post<ServiceOrderDetail>('order/cancelServiceOrder', input);
}
