import type { CreatePayOrder, PayOrderResult } from '@lawline/contract/schemas';
import { type ApiClient, api } from '../../../api/client.ts';

export type CreatePayOrderInput = Pick<
  CreatePayOrder,
  'payType' | 'orderId' | 'couponId' | 'return_url' | 'openid'
>;

/**
 * POST pay/createPayOrder (spec §3 pay request): payStatus '2' when nothing is left to pay, else
 * what the provider needs (JSAPI fields, mweb_url or aliPayForm). The server's message is toasted
 * by the client when it refuses.
 */
export function createPayOrder(input: CreatePayOrderInput, client: ApiClient = api): Promise<PayOrderResult> {
  const body: Record<string, unknown> = { payType: input.payType, orderId: input.orderId };
  if (input.couponId) body.couponId = input.couponId;
  if (input.return_url) body.return_url = input.return_url;
  if (input.openid) body.openid = input.openid;
  return client.post<PayOrderResult>('pay/createPayOrder', body);
}
