import { UserInfoSchema } from '@lawline/contract/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { body, createTestApp, loginAs, type TestContext } from './helpers.ts';

let t: TestContext;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t?.close();
});

const DAY = 24 * 60 * 60 * 1000;
const MOBILE = '13500000001';
const ID = '110105199003071239'; // made up, valid check character

const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url: `/api/v2/${url}`, payload, headers: token ? { token } : {} });
const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/v2/${url}`, headers: token ? { token } : {} });

/** A user with every kind of personal data this server keeps. */
async function fullAccount() {
  const { token, userId } = await loginAs(t.app, MOBILE);
  expect(
    body(await post('user/update', { nickname: '王小明', avatar: 'https://cdn.example.com/me.png' }, token))
      .code,
  ).toBe(0);
  expect(
    body(
      await post(
        'user/saveThreeElements',
        { realName: '王小明', idNumber: ID, mobile: MOBILE, consent: true },
        token,
      ),
    ).code,
  ).toBe(0);
  expect(body(await post('weixin/openid', { code: 'CODE_unlink' }, token)).code).toBe(0);
  await t.app.accounts.notifications.notify(userId, { title: '欢迎', content: '欢迎使用' });
  await t.db.db
    .insertInto('user_cards')
    .values({
      user_id: userId,
      card_code: 'MC19001',
      starts_at: t.clock.now - DAY,
      expires_at: t.clock.now + 300 * DAY,
      source_order_id: null,
      created_at: t.clock.now - DAY,
      ended_at: null,
    })
    .execute();
  const lawyer = await t.db.db.selectFrom('lawyers').select('id').limit(1).executeTakeFirstOrThrow();
  await t.db.db
    .insertInto('private_counsel')
    .values({ user_id: userId, lawyer_id: lawyer.id, created_at: t.clock.now })
    .execute();
  return { token, userId };
}

describe('account cancellation', () => {
  it('keeps orders for the accounts but erases what the person wrote in them', async () => {
    const { token, userId } = await loginAs(t.app, MOBILE);
    const created = await post(
      'order/createCallOrder',
      { consultField: 2, userRemark: '我和配偶正在协商离婚，想了解财产分割', userLocation: '110101' },
      token,
    );
    expect(body(created).code).toBe(0);
    expect(body(await post('user/unlink', { confirm: true }, token)).code).toBe(0);
    const orders = await t.db.db
      .selectFrom('call_orders')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ user_remark: '（用户已注销）', user_location: '', expect_time: '' });
  });

  it('unlinkInfo tells what will happen, offers reasons, and names active cards', async () => {
    const { token } = await fullAccount();
    const res = await get('user/unlinkInfo', token);
    expect(res.statusCode).toBe(200);
    const info = body<{
      consequences: string[];
      reasons: Array<{ code: string; text: string }>;
      activeCards: Array<{ productCode: string }>;
    }>(res).data;
    expect(info.consequences.join('')).toContain('无法恢复');
    expect(info.consequences.join('')).toContain('重新注册');
    expect(info.consequences.some((c) => c.includes('有效会员卡'))).toBe(true);
    expect(info.reasons.map((r) => r.code)).toContain('other');
    expect(info.activeCards.map((c) => c.productCode)).toEqual(['MC19001']);
    expect((await get('user/unlinkInfo')).statusCode).toBe(401);
  });

  it('refuses without confirm or with a bad reason, and changes nothing', async () => {
    const { token, userId } = await fullAccount();
    for (const payload of [
      {},
      { confirm: false },
      { confirm: 'true' },
      { confirm: true, reason: 'hate' },
      { confirm: true, text: '长'.repeat(201) },
    ]) {
      const res = await post('user/unlink', payload, token);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const user = await t.db.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user.mobile).toBe(MOBILE);
    expect(user.closed_at).toBeNull();
    expect(body(await get('user/userInfo', token)).code).toBe(0);
  });

  it('really removes personal data, revokes tokens, and the number starts a new account', async () => {
    const { token, userId } = await fullAccount();
    // A second session of the same account.
    t.clock.advance(61_000);
    const other = await loginAs(t.app, MOBILE);
    expect(other.userId).toBe(userId);

    const res = await post('user/unlink', { confirm: true, reason: 'privacy', text: '不想用了' }, token);
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ closedAt: t.clock.now });

    const user = await t.db.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      mobile: null,
      nickname: '已注销用户',
      avatar_url: '',
      closed_at: t.clock.now,
    });
    const left = async (table: 'user_real_names' | 'notifications' | 'user_wechat' | 'private_counsel') =>
      (await t.db.db.selectFrom(table).selectAll().where('user_id', '=', userId).execute()).length;
    expect(await left('user_real_names')).toBe(0);
    expect(await left('notifications')).toBe(0);
    expect(await left('user_wechat')).toBe(0);
    expect(await left('private_counsel')).toBe(0);
    const cards = await t.db.db.selectFrom('user_cards').selectAll().where('user_id', '=', userId).execute();
    expect(cards.every((c) => c.ended_at === t.clock.now)).toBe(true);
    const sessions = await t.db.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).execute();
    expect(sessions.every((s) => s.revoked_at !== null)).toBe(true);

    // Nothing of the person left in the closure record.
    const closures = await t.db.db.selectFrom('account_closures').selectAll().execute();
    expect(closures).toHaveLength(1);
    expect(closures[0]).toMatchObject({ user_id: userId, reason: 'privacy', closed_at: t.clock.now });
    const dump = JSON.stringify({ user, closures });
    for (const secret of [MOBILE, '王小明', ID, 'cdn.example.com']) expect(dump).not.toContain(secret);

    // Both tokens are dead.
    expect((await get('user/userInfo', token)).statusCode).toBe(401);
    expect((await get('user/userCenter', other.token)).statusCode).toBe(401);
    expect((await post('user/unlink', { confirm: true }, token)).statusCode).toBe(401);

    // The same number logs in as a brand-new account, with none of the old data.
    t.clock.advance(61_000);
    const fresh = await loginAs(t.app, MOBILE);
    expect(fresh.userId).not.toBe(userId);
    const info = UserInfoSchema.parse(body(await get('user/userInfo', fresh.token)).data);
    expect(info).toMatchObject({ isMember: false, memberEntityList: [], mobile: '135****0001' });
    expect(info.nickname).not.toBe('王小明');
    expect(body(await get('user/checkThreeElements', fresh.token)).data).toMatchObject({ verified: false });
    // The old ID number is free again for the new account.
    expect(
      (
        await post(
          'user/saveThreeElements',
          { realName: '王小明', idNumber: ID, mobile: MOBILE, consent: true },
          fresh.token,
        )
      ).statusCode,
    ).toBe(200);
  });

  it('the survey can be skipped: confirm alone is enough', async () => {
    const { token } = await loginAs(t.app, '13500000002');
    expect((await post('user/unlink', { confirm: true }, token)).statusCode).toBe(200);
    const closure = await t.db.db.selectFrom('account_closures').selectAll().executeTakeFirstOrThrow();
    expect(closure).toMatchObject({ reason: null, reason_text: null });
  });
});
