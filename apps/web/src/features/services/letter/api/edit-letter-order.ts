import type { EditLetterOrder, ServiceOrderDetail } from '@lawline/contract/schemas';
import { api } from '../../../../api/client.ts';

/**
 * POST order/lawLetterOrder/edit: the letter's facts, while no draft exists (letter.editable).
 * Answers the order as it is now; a 409 (the lawyer's draft came first) is toasted.
 */
export function editLetterOrder(input: EditLetterOrder): Promise<ServiceOrderDetail> {
  return api.post<ServiceOrderDetail>('order/lawLetterOrder/edit', input);
}
