import { UserInfoSchema } from '@lawline/contract/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestContext } from './helpers.ts';

let t: TestContext;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t?.close();
});

const MINUTE = 60_000;

async function sendCode(mobile: string, ip = '10.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/user/sendCode',
    payload: { mobile, channel: 'gzh', usertype: 3 },
    remoteAddress: ip,
  });
}

async function latestCode(mobile: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?mobile=${mobile}` });
  const list = body<Array<{ code: string }>>(res).data;
  const code = list[0]?.code;
  if (!code) throw new Error('no code in the outbox');
  return code;
}

async function login(mobile: string, code: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/user/codeLogin',
    payload: { mobile, code, usertype: 3 },
  });
}

async function loginFresh(mobile: string): Promise<string> {
  expect(body(await sendCode(mobile)).code).toBe(0);
  const res = await login(mobile, await latestCode(mobile));
  expect(body(res).code).toBe(0);
  return UserInfoSchema.parse(body(res).data).token;
}

describe('SMS login', () => {
  it('a new number logs in with the code from the outbox and is created once', async () => {
    const token = await loginFresh('13800138000');
    const info = await t.app.inject({ method: 'GET', url: '/api/v2/user/userInfo', headers: { token } });
    const data = UserInfoSchema.parse(body(info).data);
    expect(data.mobile).toBe('138****8000');
    t.clock.advance(2 * MINUTE);
    const again = await loginFresh('13800138000');
    const info2 = UserInfoSchema.parse(
      body(await t.app.inject({ method: 'GET', url: '/api/v2/user/userInfo', headers: { token: again } }))
        .data,
    );
    expect(info2.id).toBe(data.id);
  });

  it('codes are 6 digits, stored only as a hash; tokens too', async () => {
    const token = await loginFresh('13800138001');
    const code = await latestCode('13800138001');
    expect(code).toMatch(/^\d{6}$/);
    const codes = await t.db.db.selectFrom('sms_codes').selectAll().execute();
    expect(JSON.stringify(codes)).not.toContain(`"${code}"`);
    const sessions = await t.db.db.selectFrom('sessions').selectAll().execute();
    expect(JSON.stringify(sessions)).not.toContain(token);
  });

  it('a bad number and a missing code get the spec messages', async () => {
    expect(body(await sendCode('12345')).msg).toContain('请输入正确的手机号码');
    expect(body(await sendCode('')).msg).toContain('请输入手机号');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user/codeLogin',
      payload: { mobile: '13800138000', code: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toContain('请输入验证码');
  });

  it('a wrong code says how many tries are left; the 6th try fails even with the right code', async () => {
    await sendCode('13800138002');
    const code = await latestCode('13800138002');
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await login('13800138002', wrong);
    expect(first.statusCode).toBe(400);
    expect(body(first).msg).toBe('验证码错误，还可尝试4次');
    for (let i = 0; i < 4; i++) await login('13800138002', wrong);
    const sixth = await login('13800138002', code);
    expect(body(sixth).code).not.toBe(0);
    expect(body(sixth).msg).toBe('验证码错误次数过多，请重新获取');
  });

  it('a code dies after 5 minutes', async () => {
    await sendCode('13800138003');
    const code = await latestCode('13800138003');
    t.clock.advance(5 * MINUTE + 1000);
    expect(body(await login('13800138003', code)).msg).toBe('验证码已失效，请重新获取');
  });

  it('a code is single use', async () => {
    await sendCode('13800138004');
    const code = await latestCode('13800138004');
    expect(body(await login('13800138004', code)).code).toBe(0);
    expect(body(await login('13800138004', code)).code).not.toBe(0);
  });

  it('two logins with the same code at once: exactly one succeeds', async () => {
    await sendCode('13800138014');
    const code = await latestCode('13800138014');
    const results = await Promise.all([login('13800138014', code), login('13800138014', code)]);
    expect(results.map((r) => body(r).code).filter((c) => c === 0)).toHaveLength(1);
  });

  it('a new send kills the older code', async () => {
    await sendCode('13800138005');
    const old = await latestCode('13800138005');
    t.clock.advance(MINUTE + 1000);
    await sendCode('13800138005');
    const fresh = await latestCode('13800138005');
    if (old !== fresh) expect(body(await login('13800138005', old)).code).not.toBe(0);
    expect(body(await login('13800138005', fresh)).code).toBe(0);
  });
});

describe('SMS limits', () => {
  it('one send per phone per 60 s, answered 429', async () => {
    expect(body(await sendCode('13900000001')).code).toBe(0);
    const again = await sendCode('13900000001');
    expect(again.statusCode).toBe(429);
    expect(body(again).msg).toMatch(/请\d+秒后再试/);
    t.clock.advance(MINUTE);
    expect(body(await sendCode('13900000001')).code).toBe(0);
  });

  it('the 6th send of the hour is refused', async () => {
    for (let i = 0; i < 5; i++) {
      expect(body(await sendCode('13900000002')).code).toBe(0);
      t.clock.advance(MINUTE + 1000);
    }
    const sixth = await sendCode('13900000002');
    expect(sixth.statusCode).toBe(429);
    expect(body(sixth).msg).toContain('一小时');
  });

  it('the 11th send of the day is refused', async () => {
    for (let i = 0; i < 10; i++) {
      expect(body(await sendCode('13900000003')).code).toBe(0);
      t.clock.advance(61 * MINUTE);
    }
    const eleventh = await sendCode('13900000003');
    expect(eleventh.statusCode).toBe(429);
    expect(body(eleventh).msg).toContain('今日');
  });

  it('one IP cannot spray codes across many phones', async () => {
    let refused = 0;
    for (let i = 0; i < 31; i++) {
      const res = await sendCode(`1370000${String(i).padStart(4, '0')}`, '10.9.9.9');
      if (res.statusCode === 429) refused++;
    }
    expect(refused).toBe(1);
    expect(body(await sendCode('13700009999', '10.9.9.10')).code).toBe(0);
  });

  it('parallel sends for one phone: exactly one gets through', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => sendCode('13900000004')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(19);
  });

  it('the answer does not tell whether a number is registered', async () => {
    await loginFresh('13800138010');
    t.clock.advance(2 * MINUTE);
    const known = await sendCode('13800138010');
    const unknown = await sendCode('13800138011');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
  });
});

describe('sessions', () => {
  it('logout revokes the token', async () => {
    const token = await loginFresh('13800138020');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user/logout',
      headers: { token },
      payload: {},
    });
    expect(body(out).code).toBe(0);
    const after = await t.app.inject({ method: 'GET', url: '/api/v2/user/userInfo', headers: { token } });
    expect(after.statusCode).toBe(401);
  });

  it('a token expires after 30 days', async () => {
    const token = await loginFresh('13800138021');
    t.clock.advance(29 * 24 * 60 * MINUTE);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/user/userInfo', headers: { token } })).statusCode,
    ).toBe(200);
    t.clock.advance(24 * 60 * MINUTE + 1000);
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/user/userInfo', headers: { token } });
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe(401);
  });
});
