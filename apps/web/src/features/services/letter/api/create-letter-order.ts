import type { CreatedServiceOrder, CreateLetterOrder } from '@lawline/contract/schemas';
import { api } from '../../../../api/client.ts';

/**
 * POST order/lawLetterOrder: the letter's form. The same requestId answers the same order (a double
 * tap or a retried request creates one). Refusals (400 with the field's message) are toasted.
 */
export function createLetterOrder(input: CreateLetterOrder): Promise<CreatedServiceOrder> {
  return api.post<CreatedServiceOrder>('order/lawLetterOrder', input);
}
