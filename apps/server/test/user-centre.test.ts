import { MOBILE_TAKEN, UserCenterSchema, UserInfoSchema } from '@lawline/contract/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseKey32 } from '../src/config.ts';
import { FieldCipher, gcmDecrypt, gcmEncrypt, KeyedHash } from '../src/providers/crypto/field-cipher.ts';
import { body, createTestApp, loginAs, type TestContext } from './helpers.ts';

let t: TestContext;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t?.close();
});

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60_000;
// Made-up resident ID numbers with computed check characters (see packages/contract/test/id-number.test.ts).
const ID_A = '110105199003071239';
const ID_B = '440304198512204569';

function get(url: string, token?: string) {
  return t.app.inject({ method: 'GET', url: `/api/v2/${url}`, headers: token ? { token } : {} });
}
function post(url: string, payload: object, token?: string, ip = '10.1.0.1') {
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/${url}`,
    payload,
    headers: token ? { token } : {},
    remoteAddress: ip,
  });
}
async function latestCode(mobile: string, purpose: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?mobile=${mobile}` });
  const entry = body<Array<{ code: string; purpose: string }>>(res).data.find((m) => m.purpose === purpose);
  if (!entry) throw new Error(`no ${purpose} code for ${mobile}`);
  return entry.code;
}
async function giveCard(userId: number, code: string, startsAt: number, days: number) {
  const row = await t.db.db
    .insertInto('user_cards')
    .values({
      user_id: userId,
      card_code: code,
      starts_at: startsAt,
      expires_at: startsAt + days * DAY,
      source_order_id: null,
      created_at: startsAt,
      ended_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('user centre', () => {
  it('needs a login', async () => {
    const res = await get('user/userCenter');
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe(401);
  });

  it('answers the 我的 summary; membership comes from active user_cards, legacy codes mapped', async () => {
    const { token, userId } = await loginAs(t.app, '13900000001');
    let centre = UserCenterSchema.parse(body(await get('user/userCenter', token)).data);
    expect(centre).toMatchObject({
      id: userId,
      mobile: '139****0001',
      isMember: false,
      memberEntityList: [],
      unreadMessageCount: 0,
      activeCardCount: 0,
      realNameVerified: false,
      wechatBound: false,
      isGuide: 0,
    });

    const now = t.clock.now;
    await giveCard(userId, 'MC19001', now - 10 * DAY, 365); // gold
    await giveCard(userId, 'MC19003', now - DAY, 400); // legacy gold → MC19001, later expiry
    await giveCard(userId, 'MC19002', now - 400 * DAY, 365); // platinum, expired
    await giveCard(userId, 'MC20005', now + DAY, 365); // not started yet
    centre = UserCenterSchema.parse(body(await get('user/userCenter', token)).data);
    expect(centre.isMember).toBe(true);
    expect(centre.activeCardCount).toBe(2);
    expect(centre.memberEntityList).toEqual([
      { productCode: 'MC19001', productName: expect.any(String), expireDate: '2027-12-25' },
    ]);
    const info = UserInfoSchema.parse(body(await get('user/userInfo', token)).data);
    expect(info.isMember).toBe(true);
    expect(info.memberEntityList.map((m) => m.productCode)).toEqual(['MC19001']);
  });

  it('updates nickname and avatar; bad values are refused and change nothing', async () => {
    const { token } = await loginAs(t.app, '13900000002');
    const ok = await post(
      'user/update',
      { nickname: '  小律  ', avatar: 'https://cdn.example.com/a.png' },
      token,
    );
    expect(ok.statusCode).toBe(200);
    expect(body<{ nickname: string; avatar: string }>(ok).data).toMatchObject({
      nickname: '小律',
      avatar: 'https://cdn.example.com/a.png',
    });
    expect(body(await post('user/update', { avatar: '/media/ph/100x100.svg' }, token)).code).toBe(0);

    for (const bad of [
      { nickname: '' },
      { nickname: '一'.repeat(21) },
      { avatar: 'http://cdn.example.com/a.png' },
      { avatar: 'javascript:alert(1)' },
      { avatar: '/media/../etc/passwd' },
      {},
      { nickname: '好', isAdmin: true },
    ]) {
      const res = await post('user/update', bad, token);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(body(res).msg).not.toBe('');
    }
    const centre = UserCenterSchema.parse(body(await get('user/userCenter', token)).data);
    expect(centre.nickname).toBe('小律');
    expect(centre.avatar).toBe('/media/ph/100x100.svg');
  });

  it("marks the guide done with guideStatus '1' only", async () => {
    const { token } = await loginAs(t.app, '13900000003');
    expect((await post('user/updateGuide', { guideStatus: '0' }, token)).statusCode).toBe(400);
    const res = await post('user/updateGuide', { guideStatus: '1' }, token);
    expect(body(res)).toMatchObject({ code: 0, data: { isGuide: 1 } });
    expect(UserInfoSchema.parse(body(await get('user/userInfo', token)).data).isGuide).toBe(1);
  });
});

describe('change mobile', () => {
  it('the new number proves itself with a code; sessions stay valid', async () => {
    const { token, userId } = await loginAs(t.app, '13900000011');
    const sent = await post('user/codeForChangeMobile', { mobile: '13900000012' }, token);
    expect(body(sent)).toMatchObject({ code: 0, data: { resendAfter: 60 } });
    const code = await latestCode('13900000012', 'changeMobile');
    const wrong = await post(
      'user/changeMobile',
      { mobile: '13900000012', code: code === '000000' ? '111111' : '000000' },
      token,
    );
    expect(wrong.statusCode).toBe(400);
    const res = await post('user/changeMobile', { mobile: '13900000012', code }, token);
    expect(body(res)).toMatchObject({ code: 0, data: { mobile: '139****0012' } });
    const info = UserInfoSchema.parse(body(await get('user/userInfo', token)).data);
    expect(info).toMatchObject({ id: userId, mobile: '139****0012' });
    // The code is single use.
    expect((await post('user/changeMobile', { mobile: '13900000012', code }, token)).statusCode).toBe(400);
  });

  it('refuses the current number, limits sends like login, and needs a login', async () => {
    const { token } = await loginAs(t.app, '13900000013');
    const same = await post('user/codeForChangeMobile', { mobile: '13900000013' }, token);
    expect(same.statusCode).toBe(400);
    expect(body(same).msg).toContain('不能与当前手机号相同');
    expect((await post('user/codeForChangeMobile', { mobile: '12345' }, token)).statusCode).toBe(400);
    expect((await post('user/codeForChangeMobile', { mobile: '13900000014' })).statusCode).toBe(401);
    expect(body(await post('user/codeForChangeMobile', { mobile: '13900000014' }, token)).code).toBe(0);
    const again = await post('user/codeForChangeMobile', { mobile: '13900000014' }, token);
    expect(again.statusCode).toBe(429);
  });

  it('a number used by another account → 409, nothing changes', async () => {
    const a = await loginAs(t.app, '13900000021');
    await loginAs(t.app, '13900000022');
    t.clock.advance(61_000); // one code per number per minute, whatever it is for
    expect(body(await post('user/codeForChangeMobile', { mobile: '13900000022' }, a.token)).code).toBe(0);
    const code = await latestCode('13900000022', 'changeMobile');
    const res = await post('user/changeMobile', { mobile: '13900000022', code }, a.token);
    expect(res.statusCode).toBe(409);
    expect(body(res).msg).toBe(MOBILE_TAKEN);
    const row = await t.db.db
      .selectFrom('users')
      .select('mobile')
      .where('id', '=', a.userId)
      .executeTakeFirst();
    expect(row?.mobile).toBe('13900000021');
  });
});

describe('member rights', () => {
  it('lists active cards with per-year quotas and usage; summary; expired cards', async () => {
    const { token, userId } = await loginAs(t.app, '13900000031');
    const empty = body<{ isMember: boolean; rights: unknown[] }>(await get('user/newMemberRightList', token));
    expect(empty.data).toEqual({ isMember: false, rights: [] });

    const now = t.clock.now;
    const platinum = await giveCard(userId, 'MC19002', now - 10 * DAY, 365);
    await giveCard(userId, 'MC19001', now - 5 * DAY, 365);
    await giveCard(userId, 'MC15001', now - 60 * DAY, 30); // expired time card
    await t.db.db
      .insertInto('user_right_usage')
      .values({
        user_id: userId,
        user_card_id: platinum,
        right_code: 'docReview',
        order_id: null,
        used_at: now - DAY,
      })
      .execute();

    type Card = {
      productCode: string;
      rights: Array<{
        rightCode: string;
        perYear: number | null;
        used: number;
        remaining: number | null;
        availableFrom: string | null;
        capYuan: number | null;
      }>;
    };
    const list = body<Card[]>(await get('user/memberRightList', token)).data;
    expect(list.map((c) => c.productCode).sort()).toEqual(['MC19001', 'MC19002']);
    const plat = list.find((c) => c.productCode === 'MC19002') as Card;
    expect(plat.rights.find((r) => r.rightCode === 'docReview')).toMatchObject({
      perYear: 3,
      used: 1,
      remaining: 2,
    });
    expect(plat.rights.find((r) => r.rightCode === 'phoneUnlimited')).toMatchObject({
      perYear: null,
      remaining: null,
    });
    expect(plat.rights.find((r) => r.rightCode === 'lawsuitAgency')).toMatchObject({
      perYear: 1,
      used: 0,
      capYuan: 300_000,
      availableFrom: '2027-02-09',
    });

    const summary = body<{
      isMember: boolean;
      rights: Array<{
        rightCode: string;
        perYear: number | null;
        used: number;
        remaining: number | null;
        pricePercent: number | null;
      }>;
    }>(await get('user/newMemberRightList', token)).data;
    expect(summary.isMember).toBe(true);
    expect(summary.rights.find((r) => r.rightCode === 'docReview')).toMatchObject({
      perYear: 4,
      used: 1,
      remaining: 3,
    });
    expect(summary.rights.find((r) => r.rightCode === 'faceDiscount')).toMatchObject({ pricePercent: 70 });

    const expired = body<Card[]>(await get('user/memberRightExpired', token)).data;
    expect(expired.map((c) => c.productCode)).toEqual(['MC15001']);
  });
});

describe('three elements (real-name check)', () => {
  const save = (token: string, extra: object = {}, mobile = '13900000041') =>
    post(
      'user/saveThreeElements',
      { realName: '张三', idNumber: ID_A, mobile, consent: true, ...extra },
      token,
    );

  it('saves with consent, encrypted at rest, answered masked only', async () => {
    const { token, userId } = await loginAs(t.app, '13900000041');
    expect(body(await get('user/checkThreeElements', token)).data).toMatchObject({
      verified: false,
      idNumber: null,
    });

    const res = await save(token);
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({
      verified: true,
      realName: '张*',
      idNumber: '110***********1239',
      mobile: '139****0041',
    });
    expect(res.body).not.toContain(ID_A);
    const check = await get('user/checkThreeElements', token);
    expect(body(check).data).toMatchObject({ verified: true, idNumber: '110***********1239' });
    expect(check.body).not.toContain(ID_A);

    const row = await t.db.db
      .selectFrom('user_real_names')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(ID_A);
    expect(JSON.stringify(row)).not.toContain(ID_A.slice(6, 14));
    expect(row.id_number_cipher).toMatch(/^v1\./);
    const cipher = new FieldCipher(t.config.idEncryptionKey);
    expect(cipher.decrypt(row.id_number_cipher, `user_real_names.id_number:${userId}`)).toBe(ID_A);
    // Bound to its row: the same ciphertext does not open for another user.
    expect(() => cipher.decrypt(row.id_number_cipher, `user_real_names.id_number:${userId + 1}`)).toThrow();
    expect(row.consent_at).toBe(t.clock.now);

    // Saved once; changing it goes through customer service.
    expect((await save(token, { idNumber: ID_B })).statusCode).toBe(409);
  });

  it('refuses without consent, with a bad ID, a bad name, or another number; nothing is stored', async () => {
    const { token } = await loginAs(t.app, '13900000041');
    const noConsent = await post(
      'user/saveThreeElements',
      { realName: '张三', idNumber: ID_A, mobile: '13900000041' },
      token,
    );
    expect(noConsent.statusCode).toBe(400);
    expect(body(noConsent).msg).toContain('同意');
    expect((await save(token, { consent: false })).statusCode).toBe(400);
    const badCheck = await save(token, { idNumber: '110105199003071238' });
    expect(badCheck.statusCode).toBe(400);
    expect(body(badCheck).msg).toContain('校验位');
    const badBirth = await save(token, { idNumber: '110105199002301238' });
    expect(badBirth.statusCode).toBe(400);
    expect((await save(token, { idNumber: '11010519900307123' })).statusCode).toBe(400);
    expect((await save(token, { realName: 'Zhang San' })).statusCode).toBe(400);
    const otherMobile = await save(token, {}, '13900000049');
    expect(otherMobile.statusCode).toBe(400);
    expect(body(otherMobile).msg).toContain('当前登录账号');
    const rows = await t.db.db.selectFrom('user_real_names').selectAll().execute();
    expect(rows).toHaveLength(0);
  });

  it('the same ID number cannot be bound to two accounts (409)', async () => {
    const a = await loginAs(t.app, '13900000041');
    const b = await loginAs(t.app, '13900000042');
    expect((await save(a.token)).statusCode).toBe(200);
    const res = await save(b.token, { realName: '李四', idNumber: ID_A.toLowerCase() }, '13900000042');
    expect(res.statusCode).toBe(409);
    expect(body(res).msg).toContain('已绑定其他账号');
    expect((await save(b.token, { realName: '李四', idNumber: ID_B }, '13900000042')).statusCode).toBe(200);
  });
});

describe('field encryption', () => {
  it('matches the published AES-256-GCM check (providers.md)', () => {
    const key = Buffer.from('0123456789abcdef0123456789abcdef');
    const iv = Buffer.from('0123456789abcdef');
    const sealed = gcmEncrypt(key, iv, Buffer.from('hello'), Buffer.from('world'));
    expect(sealed.toString('base64')).toBe('APoZlYpivU3HjbAiB4CvW1rAFr8J');
    expect(gcmDecrypt(key, iv, sealed, Buffer.from('world')).toString()).toBe('hello');
    expect(() => gcmDecrypt(key, iv, sealed, Buffer.from('World'))).toThrow();
  });

  it('uses a fresh IV per value; keys parse from hex or base64; the look-up hash is keyed', () => {
    const key = parseKey32('00'.repeat(32)) as Buffer;
    expect(parseKey32(key.toString('base64'))?.equals(key)).toBe(true);
    expect(parseKey32('short')).toBeNull();
    const cipher = new FieldCipher(key);
    const a = cipher.encrypt(ID_A, 'x');
    const b = cipher.encrypt(ID_A, 'x');
    expect(a).not.toBe(b);
    expect(cipher.decrypt(b, 'x')).toBe(ID_A);
    const h1 = new KeyedHash(Buffer.alloc(32, 1)).of(ID_A, 'resident-id');
    const h2 = new KeyedHash(Buffer.alloc(32, 2)).of(ID_A, 'resident-id');
    expect(h1).toMatch(/^[0-9a-f]{64}$/);
    expect(h1).not.toBe(h2);
  });
});

describe('messages', () => {
  it('lists, counts and marks read; only the owner’s messages', async () => {
    const a = await loginAs(t.app, '13900000051');
    const b = await loginAs(t.app, '13900000052');
    const { notifications } = t.app.accounts;
    for (let i = 1; i <= 12; i += 1) {
      await notifications.notify(a.userId, { title: `通知${i}`, content: `内容${i}`, kind: 'system' });
      t.clock.advance(MINUTE);
    }
    const other = await notifications.notify(b.userId, { title: '别人的', content: '内容' });

    expect(body(await get('message/unreadCount', a.token)).data).toEqual({ unreadCount: 12 });
    const page1 = body<{
      list: Array<{ id: number; title: string; read: boolean }>;
      total: number;
      hasMore: boolean;
    }>(await get('message/list?page=1&limit=10', a.token)).data;
    expect(page1.total).toBe(12);
    expect(page1.hasMore).toBe(true);
    expect(page1.list[0]?.title).toBe('通知12');
    const page2 = body<{ list: unknown[]; hasMore: boolean }>(
      await get('message/list?page=2&limit=10', a.token),
    ).data;
    expect(page2.list).toHaveLength(2);
    expect(page2.hasMore).toBe(false);
    expect((await get('message/list?limit=100', a.token)).statusCode).toBe(400);

    const first = page1.list[0] as { id: number };
    expect(body(await post('message/read', { id: first.id }, a.token)).data).toEqual({ unreadCount: 11 });
    expect((await post('message/read', { id: other.id }, a.token)).statusCode).toBe(404);
    expect((await post('message/read', {}, a.token)).statusCode).toBe(400);
    expect((await post('message/read', { id: first.id, all: true }, a.token)).statusCode).toBe(400);
    expect(body(await post('message/read', { all: true }, a.token)).data).toEqual({ unreadCount: 0 });
    expect(body(await get('message/unreadCount', b.token)).data).toEqual({ unreadCount: 1 });
    expect(UserCenterSchema.parse(body(await get('user/userCenter', b.token)).data).unreadMessageCount).toBe(
      1,
    );
  });
});
