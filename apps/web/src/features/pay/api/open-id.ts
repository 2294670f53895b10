import { type ApiClient, api } from '../../../api/client.ts';

/**
 * GET weixin/getOpenId: the openid bound to the person (WeChat JSAPI pay needs it), null when none.
 * A failure is toasted by the client and rejects: the payment stops there.
 */
export async function fetchBoundOpenId(client: ApiClient = api): Promise<string | null> {
  const answer = await client.get<{ openid: string | null }>('weixin/getOpenId');
  return answer?.openid || null;
}
