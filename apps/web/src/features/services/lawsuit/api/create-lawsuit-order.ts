import type { CreatedServiceOrder, CreateLawsuitOrder } from '@lawline/contract/schemas';
import { api } from '../../../../api/client.ts';

/**
 * POST order/lawsuitOrder. The same requestId answers the same order, so a double tap or a retry
 * after a lost answer never makes a second one. Refusals (400 with the field's message) are toasted
 * by the client, then rejected.
 */
export function createLawsuitOrder(input: CreateLawsuitOrder): Promise<CreatedServiceOrder> {
  return api.post<CreatedServiceOrder>('order/lawsuitOrder', input);
}
