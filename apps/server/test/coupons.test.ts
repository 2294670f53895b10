import { CampaignSchema, UserCouponSchema } from '@lawline/contract/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { body, createTestApp, loginAs, type TestContext } from './helpers.ts';

let t: TestContext;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t?.close();
});

async function czhActivity() {
  return t.db.db
    .selectFrom('activities')
    .selectAll()
    .where('channel_key', '=', 'czh')
    .where('coupon_id', 'is not', null)
    .executeTakeFirstOrThrow();
}

const claim = (token: string, activityId: number, channel = 'czh') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/activity/get',
    headers: { token },
    payload: { activityId, channel, usertype: 3 },
  });

const list = async (token: string, status?: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v2/coupon/list?channel=czh${status ? `&status=${status}` : ''}`,
    headers: { token },
  });
  return UserCouponSchema.array().parse(body(res).data);
};

describe('campaign coupons', () => {
  it('a person claims the campaign coupon once and finds it among the valid ones', async () => {
    const { token } = await loginAs(t.app, '13600000001');
    const activity = await czhActivity();
    const first = await claim(token, activity.id);
    expect(body(first).code).toBe(0);
    expect(body(first).msg).toContain('领取成功');
    const again = await claim(token, activity.id);
    expect(again.statusCode).toBe(409);
    expect(body(again).msg).toBe('您已领取过该优惠券');
    const valid = await list(token, 'valid');
    expect(valid).toHaveLength(1);
    expect(valid[0]?.couponId).toBe(activity.coupon_id);
    expect(await list(token, 'used')).toEqual([]);
  });

  it('two taps at once claim one coupon and take one from stock', async () => {
    const { token } = await loginAs(t.app, '13600000002');
    const activity = await czhActivity();
    const before = await t.db.db
      .selectFrom('coupons')
      .select('claimed')
      .where('id', '=', activity.coupon_id as number)
      .executeTakeFirstOrThrow();
    const results = await Promise.all([claim(token, activity.id), claim(token, activity.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await list(token)).toHaveLength(1);
    const after = await t.db.db
      .selectFrom('coupons')
      .select('claimed')
      .where('id', '=', activity.coupon_id as number)
      .executeTakeFirstOrThrow();
    expect(after.claimed).toBe(before.claimed + 1);
  });

  it('a coupon expires after its validity', async () => {
    const { token } = await loginAs(t.app, '13600000003');
    const activity = await czhActivity();
    await claim(token, activity.id);
    const [coupon] = await list(token);
    t.clock.now = (coupon?.expiresAt ?? 0) + 1;
    // Weeks later the old session has expired too: log in again.
    const later = await loginAs(t.app, '13600000003');
    expect((await list(later.token, 'expired')).map((c) => c.id)).toEqual([coupon?.id]);
    expect(await list(later.token, 'valid')).toEqual([]);
  });

  it('refuses an unknown campaign, another channel’s campaign, an empty stock and no login', async () => {
    const { token } = await loginAs(t.app, '13600000004');
    const activity = await czhActivity();
    expect((await claim(token, 999_999)).statusCode).toBe(404);
    expect((await claim(token, activity.id, 'gzh')).statusCode).toBe(404);
    await t.db.db
      .updateTable('coupons')
      .set((eb) => ({ claimed: eb.ref('total') }))
      .where('id', '=', activity.coupon_id as number)
      .execute();
    const empty = await claim(token, activity.id);
    expect(empty.statusCode).toBe(409);
    expect(body(empty).msg).toBe('优惠券已领完');
    expect(await list(token)).toEqual([]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v2/activity/get',
      payload: { activityId: activity.id, channel: 'czh' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('campaigns: h5/getActivity and activity/whichActivity', () => {
  it("shows the channel's running campaign with its coupon, and whether this person claimed it", async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v2/h5/getActivity?channel=czh' });
    const campaign = CampaignSchema.parse(body(anonymous).data);
    expect(campaign.claimed).toBe(false);
    expect(campaign.activity?.coupon).toMatchObject({ valueText: '10元', minSpend: 30 });
    const left = campaign.activity?.coupon?.left ?? 0;

    const { token } = await loginAs(t.app, '13600000009');
    const which = async () =>
      CampaignSchema.parse(
        body(
          await t.app.inject({
            method: 'GET',
            url: '/api/v2/activity/whichActivity?channel=czh',
            headers: { token },
          }),
        ).data,
      );
    const showCoupon = async () =>
      body<{ showCoupon: number }>(
        await t.app.inject({ method: 'GET', url: '/api/v2/user/userInfo?channel=czh', headers: { token } }),
      ).data.showCoupon;
    expect((await which()).claimed).toBe(false);
    expect(await showCoupon()).toBe(1);
    await claim(token, campaign.activity?.id as number);
    // Claimed: the popup is not offered again.
    expect(await showCoupon()).toBe(0);
    const after = await which();
    expect(after.claimed).toBe(true);
    expect(after.activity?.coupon?.left).toBe(left - 1);
    const anonymousWhich = await t.app.inject({
      method: 'GET',
      url: '/api/v2/activity/whichActivity?channel=czh',
    });
    expect(anonymousWhich.statusCode).toBe(401);
    // A channel without a running campaign answers none.
    const none = await t.app.inject({ method: 'GET', url: '/api/v2/h5/getActivity?channel=zxyh' });
    expect(CampaignSchema.parse(body(none).data)).toEqual({ activity: null, claimed: false });
  });
});
