import type { PersonServiceStep, ServiceOrderDetail } from '@lawline/contract/schemas';
import { api } from '../../../api/client.ts';

/**
 * POST order/serviceStep: the person's answer at a step (confirmTime, askOtherTime, approveDraft,
 * askRevision, declineQuote, confirmDone); answers the order as it is now. The server's message
 * (409 when the order moved on meanwhile) is toasted.
 */
export function serviceStep(input: PersonServiceStep): Promise<ServiceOrderDetail> {
  return api.post<ServiceOrderDetail>('order/serviceStep', input);
}
