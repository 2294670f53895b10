import type { CreateCallOrderResult } from '@lawline/contract/schemas';
import { api } from '../../../api/client.ts';

/** POST order/continueConsultOrder: the same question again, offered to the same lawyer first. */
export function continueConsult(orderId: string): Promise<CreateCallOrderResult> {
  return api.post<CreateCallOrderResult>('order/continueConsultOrder', { orderId });
}
