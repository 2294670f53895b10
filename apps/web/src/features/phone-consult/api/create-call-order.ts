import type { CreateCallOrder, CreateCallOrderResult } from '@lawline/contract/schemas';
import { api } from '../../../api/client.ts';

/**
 * POST order/createCallOrder (spec §3 consult order params). Answers the new orderId, or the
 * unpaidOrderId to pay first. Refusals (429 the day's cancellation cap, 409 a consult already in
 * progress, 400 bad input) are toasted by the client with the server's message, then rejected.
 */
export function createCallOrder(
  input: Pick<CreateCallOrder, 'consultField' | 'userRemark' | 'userLocation' | 'expectTime'>,
): Promise<CreateCallOrderResult> {
  return api.post<CreateCallOrderResult>('order/createCallOrder', input);
}
