import type { CallOrderDetail } from '@lawline/contract/schemas';
import { api } from '../../../api/client.ts';

/**
 * Past the 60-second promise: POST order/keepWaiting (a new 60 s promise) or order/rematch (the
 * current offer dropped, another lawyer looked for). Both answer the order now.
 */
export function renewCallOrder(orderId: string, how: 'keepWaiting' | 'rematch'): Promise<CallOrderDetail> {
  return api.post<CallOrderDetail>(`order/${how}`, { orderId });
}
