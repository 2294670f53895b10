import type { ServiceOrderDetail, SignEntrust } from '@lawline/contract/schemas';
import { api } from '../../../../api/client.ts';

/**
 * POST order/signEntrust: signing by name with consent accepts the quote; answers the order
 * (balance_due with the balance, or in_service when nothing is left to pay).
 */
export function signEntrust(input: SignEntrust): Promise<ServiceOrderDetail> {
  return api.post<ServiceOrderDetail>('order/signEntrust', input);
}
