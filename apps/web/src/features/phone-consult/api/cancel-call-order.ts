import type { CallOrderDetail, CancelCallOrder } from '@lawline/contract/schemas';
import { api } from '../../../api/client.ts';

/** POST order/cancelCallOrder with a reason of tag/getCause and/or free text; answers the order now. */
export function cancelCallOrder(input: Pick<CancelCallOrder, 'orderId' | 'reasonId' | 'reason'>) {
  return api.post<CallOrderDetail>('order/cancelCallOrder', input);
}
