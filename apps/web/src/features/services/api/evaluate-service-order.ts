import type { EvaluateOrder, ServiceOrderDetail } from '@lawline/contract/schemas';
import { api } from '../../../api/client.ts';

/** POST order/evaluateOrder with an 'S…' id: 1–5 stars, tags of tag/getAllEvaluate, words; answers the order. */
export function evaluateServiceOrder(input: EvaluateOrder): Promise<ServiceOrderDetail> {
  return api.post<ServiceOrderDetail>('order/evaluateOrder', input);
}
