import type { CallOrderDetail } from '@lawline/contract/schemas';
import { api } from '../../../api/client.ts';

/**
 * POST order/releaseRequestedLawyer: stop waiting for the lawyer the person asked for and take the
 * first available one (a new 60-second promise). Answers the order now; 409 once a lawyer took it.
 */
export function releaseRequestedLawyer(orderId: string): Promise<CallOrderDetail> {
  return api.post<CallOrderDetail>('order/releaseRequestedLawyer', { orderId });
}
