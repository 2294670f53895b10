import type { CreatedServiceOrder, CreateFaceOrder } from '@lawline/contract/schemas';
import { api } from '../../../api/client.ts';

/**
 * POST order/lawyerFaceOrder: the face consultation's form. The same requestId answers the same
 * order (a double tap or a retried request creates one). The server's message is toasted.
 */
export function createFaceOrder(input: CreateFaceOrder): Promise<CreatedServiceOrder> {
  return api.post<CreatedServiceOrder>('order/lawyerFaceOrder', input);
}
