import type { CallOrderDetail, EvaluateOrder } from '@lawline/contract/schemas';
import { api } from '../../../api/client.ts';

/** POST order/evaluateOrder: 1–5 stars, tags of tag/getAllEvaluate, at most 300 characters. */
export function evaluateOrder(input: EvaluateOrder): Promise<CallOrderDetail> {
  return api.post<CallOrderDetail>('order/evaluateOrder', input);
}
