import { describe, expect, it } from 'vitest';
import { createApiClient } from '../src/api/client.ts';
import { memoryStorage } from '../src/lib/storage.ts';

/** A client over a fake fetch that answers one envelope. */
function clientAnswering(body: object) {
  return createApiClient({
    baseUrl: 'http://lawline.test/api/v2/',
    storage: memoryStorage(),
    fetch: async () =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
  });
}

describe('the envelope message of a success (coupon claim, spec §8)', () => {
  it('reaches onMessage with the data', async () => {
    const messages: string[] = [];
    const client = clientAnswering({ code: 0, msg: '领取成功，优惠券已放入您的账户', data: { couponId: 3 } });
    const data = await client.post('activity/get', { activityId: 1 }, { onMessage: (m) => messages.push(m) });
    expect(data).toEqual({ couponId: 3 });
    expect(messages).toEqual(['领取成功，优惠券已放入您的账户']);
  });

  it('is not called for a failure', async () => {
    const messages: string[] = [];
    const client = clientAnswering({ code: 409, msg: '您已领取过该优惠券', data: null });
    await expect(
      client.post('activity/get', {}, { ignoreError: true, onMessage: (m) => messages.push(m) }),
    ).rejects.toMatchObject({ kind: 'business', message: '您已领取过该优惠券' });
    expect(messages).toEqual([]);
  });
});
