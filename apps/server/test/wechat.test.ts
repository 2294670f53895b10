import { UserInfoSchema } from '@lawline/contract/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signPartnerToken } from '../src/modules/account/partner-login.ts';
import { jsSdkSignature, urlForSignature } from '../src/providers/wechat/js-sdk.ts';
import { type Fetch, OfficialWeChatProvider } from '../src/providers/wechat/official.ts';
import { WeChatError } from '../src/providers/wechat/port.ts';
import { body, createTestApp, loginAs, type TestContext } from './helpers.ts';

describe('JS-SDK signature', () => {
  it("matches WeChat's published check", () => {
    expect(
      jsSdkSignature({
        jsapiTicket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });
  it('signs the URL without its #fragment', () => {
    expect(urlForSignature('https://h5.example.com/h5/gzh/?a=1#/Home?x=2')).toBe(
      'https://h5.example.com/h5/gzh/?a=1',
    );
    const base = { jsapiTicket: 't', nonceStr: 'n', timestamp: 1 };
    expect(jsSdkSignature({ ...base, url: 'https://a.cn/p?q=1#/User' })).toBe(
      jsSdkSignature({ ...base, url: 'https://a.cn/p?q=1' }),
    );
  });
});

describe('official WeChat adapter (fake fetch)', () => {
  function fakeFetch(answers: Record<string, unknown>) {
    const calls: string[] = [];
    const fetch: Fetch = async (url) => {
      calls.push(url);
      const path = new URL(url).pathname;
      const answer = answers[path];
      return { ok: answer !== undefined, status: answer !== undefined ? 200 : 500, json: async () => answer };
    };
    return { fetch, calls };
  }

  it('builds the OAuth URL with snsapi_base and #wechat_redirect', () => {
    const p = new OfficialWeChatProvider({ appId: 'wx123', appSecret: 's', fetch: fakeFetch({}).fetch });
    expect(
      p.authorizeUrl({
        redirectUri: 'https://h5.example.com/api/v2/weixin/bindAuthorize?channel=gzh',
        state: 'abc',
      }),
    ).toBe(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx123&redirect_uri=https%3A%2F%2Fh5.example.com%2Fapi%2Fv2%2Fweixin%2FbindAuthorize%3Fchannel%3Dgzh&response_type=code&scope=snsapi_base&state=abc#wechat_redirect',
    );
  });

  it('exchanges a code, fetches token and ticket, and parses errcode refusals', async () => {
    const { fetch, calls } = fakeFetch({
      '/sns/oauth2/access_token': {
        access_token: 'web',
        expires_in: 7200,
        openid: 'oOPENID',
        scope: 'snsapi_base',
      },
      '/cgi-bin/token': { access_token: 'ACCESS', expires_in: 7200 },
      '/cgi-bin/ticket/getticket': { errcode: 0, errmsg: 'ok', ticket: 'TICKET', expires_in: 7200 },
    });
    const p = new OfficialWeChatProvider({ appId: 'wx123', appSecret: 'SECRET', fetch });
    expect(await p.exchangeCode('CODE1')).toEqual({ openid: 'oOPENID', unionid: null });
    expect(await p.fetchAccessToken()).toEqual({ accessToken: 'ACCESS', expiresIn: 7200 });
    expect(await p.fetchJsapiTicket('ACCESS')).toEqual({ ticket: 'TICKET', expiresIn: 7200 });
    expect(calls).toEqual([
      'https://api.weixin.qq.com/sns/oauth2/access_token?appid=wx123&secret=SECRET&code=CODE1&grant_type=authorization_code',
      'https://api.weixin.qq.com/cgi-bin/token?grant_type=client_credential&appid=wx123&secret=SECRET',
      'https://api.weixin.qq.com/cgi-bin/ticket/getticket?access_token=ACCESS&type=jsapi',
    ]);

    const refusing = new OfficialWeChatProvider({
      appId: 'wx123',
      appSecret: 'SECRET',
      fetch: fakeFetch({ '/sns/oauth2/access_token': { errcode: 40163, errmsg: 'code been used' } }).fetch,
    });
    await expect(refusing.exchangeCode('X')).rejects.toMatchObject({ errcode: 40163 });
    await expect(refusing.fetchAccessToken()).rejects.toBeInstanceOf(WeChatError);
  });
});

describe('WeChat identity endpoints', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t?.close();
  });
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/v2/${url}`, payload, headers });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v2/${url}`, headers });

  it('weixin/openid: code → openid; the same code again answers the same openid', async () => {
    const first = await post('weixin/openid', { code: 'CODE_abc' });
    expect(first.statusCode).toBe(200);
    const openid = body<{ openid: string }>(first).data.openid;
    expect(openid).toMatch(/^o[A-Za-z0-9_-]{27}$/);
    // The sandbox, like WeChat, refuses a spent code: the repeat is answered from our cache.
    const again = await post('weixin/openid', { code: 'CODE_abc' });
    expect(body(again)).toMatchObject({ code: 0, data: { openid } });
    expect(
      body<{ openid: string }>(await post('weixin/openid', { code: 'CODE_other' })).data.openid,
    ).not.toBe(openid);

    t.clock.advance(5 * 60_000 + 1);
    expect((await post('weixin/openid', { code: 'CODE_abc' })).statusCode).toBe(400);
    expect((await post('weixin/openid', { code: 'bad_code' })).statusCode).toBe(400);
    expect((await post('weixin/openid', { code: 'a b' })).statusCode).toBe(400);
    expect((await post('weixin/openid', {})).statusCode).toBe(400);
  });

  it('a logged-in weixin/openid binds; getOpenId answers it', async () => {
    const { token } = await loginAs(t.app, '13700000001');
    expect(body(await get('weixin/getOpenId', { token })).data).toEqual({ openid: null });
    const openid = body<{ openid: string }>(await post('weixin/openid', { code: 'CODE_bind' }, { token }))
      .data.openid;
    expect(body(await get('weixin/getOpenId', { token })).data).toEqual({ openid });
    expect((await get('weixin/getOpenId')).statusCode).toBe(401);
  });

  it('authorize → bindAuthorize: state is single use, binds the user, 302 to the route', async () => {
    const { token } = await loginAs(t.app, '13700000002');
    const res = await post(
      'weixin/authorize',
      { router: 'PhoneWaiting/12' },
      { token, host: 'h5.example.com' },
    );
    expect(res.statusCode).toBe(200);
    const { url, state } = body<{ url: string; state: string }>(res).data;
    // The sandbox answers like snsapi_base inside WeChat: straight back to our callback.
    const callback = new URL(url);
    expect(callback.origin + callback.pathname).toBe('http://h5.example.com/api/v2/weixin/bindAuthorize');
    expect(callback.searchParams.get('state')).toBe(state);
    const stored = await t.db.db.selectFrom('wechat_states').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(state);
    // The asking browser gets a cookie that WeChat's redirect back brings along (SameSite=Lax).
    const browser = res.cookies.find((c) => c.name === 'll_oauth');
    expect(browser).toMatchObject({ path: '/api/v2/weixin', httpOnly: true, sameSite: 'Lax', maxAge: 600 });
    const value = browser?.value ?? '';
    expect(JSON.stringify(stored)).not.toContain(value);
    const back = await t.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      cookies: { ll_oauth: value },
    });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/h5/gzh/#/PhoneWaiting/12');
    const bound = body<{ openid: string | null }>(await get('weixin/getOpenId', { token })).data.openid;
    expect(bound).toMatch(/^o[A-Za-z0-9_-]{27}$/);

    const replay = await t.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      cookies: { ll_oauth: value },
    });
    expect(replay.statusCode).toBe(400);
    expect(body(replay).msg).toContain('授权链接已失效');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v2/weixin/bindAuthorize?code=X&state=forged`,
          cookies: { ll_oauth: value },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('a state opened in another browser binds nothing there and stays good for the browser that asked', async () => {
    // Someone asks for an authorize link while logged in and sends it to another person.
    const { token } = await loginAs(t.app, '13700000003');
    const res = await post('weixin/authorize', { router: 'User' }, { token });
    const callback = new URL(body<{ url: string }>(res).data.url);
    const asker = res.cookies.find((c) => c.name === 'll_oauth')?.value ?? '';
    const other =
      (await post('weixin/authorize', {})).cookies.find((c) => c.name === 'll_oauth')?.value ?? '';
    expect(other).not.toBe(asker);
    const strangers: Array<Record<string, string>> = [
      {},
      { ll_oauth: other },
      { ll_oauth: 'not-a-browser-value' },
    ];
    for (const cookies of strangers) {
      const opened = await t.app.inject({ method: 'GET', url: callback.pathname + callback.search, cookies });
      expect(opened.statusCode, JSON.stringify(cookies)).toBe(400);
      expect(body(opened).msg).toContain('授权链接已失效');
    }
    expect(body(await get('weixin/getOpenId', { token })).data).toEqual({ openid: null });
    // The asker's browser keeps its cookie for the next round trip and can still use the state.
    const again = await post('weixin/authorize', {}, { cookie: `ll_oauth=${asker}` });
    expect(again.cookies.find((c) => c.name === 'll_oauth')?.value).toBe(asker);
    const back = await t.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      cookies: { ll_oauth: asker },
    });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/h5/gzh/#/User');
    expect(body<{ openid: string | null }>(await get('weixin/getOpenId', { token })).data.openid).toMatch(
      /^o/,
    );
  });

  it('a state older than 10 minutes is refused; anonymous authorize goes Home; bad routers refused', async () => {
    const res = await post('weixin/authorize', {});
    const { url } = body<{ url: string }>(res).data;
    const callback = new URL(url);
    const cookies = { ll_oauth: res.cookies.find((c) => c.name === 'll_oauth')?.value ?? '' };
    t.clock.advance(10 * 60_000 + 1);
    expect(
      (await t.app.inject({ method: 'GET', url: callback.pathname + callback.search, cookies })).statusCode,
    ).toBe(400);

    const fresh = new URL(
      body<{ url: string }>(await post('weixin/authorize', {}, { cookie: `ll_oauth=${cookies.ll_oauth}` }))
        .data.url,
    );
    const back = await t.app.inject({ method: 'GET', url: fresh.pathname + fresh.search, cookies });
    expect(back.headers.location).toBe('/h5/gzh/#/Home');

    for (const router of [
      'https://evil.example.com',
      'Home//evil.example.com',
      'Home<script>',
      'a'.repeat(201),
    ]) {
      expect((await post('weixin/authorize', { router })).statusCode, router).toBe(400);
    }
  });

  it('getJSConfig signs the URL without #…; token and ticket are cached for 7200 s minus a margin', async () => {
    const pageUrl = 'https://h5.example.com/h5/gzh/?channel=gzh#/Home';
    const res = await get(`weixin/getJSConfig?url=${encodeURIComponent(pageUrl)}`);
    expect(res.statusCode).toBe(200);
    const config = body<{ appId: string; timestamp: number; nonceStr: string; signature: string }>(res).data;
    expect(config.appId).toBe(t.config.wechat.appId);
    expect(config.timestamp).toBe(Math.floor(t.clock.now / 1000));
    expect(config.nonceStr).toMatch(/^[A-Za-z0-9]{16}$/);
    const ticketRow = await t.db.db
      .selectFrom('wechat_tokens')
      .selectAll()
      .where('key', 'like', '%jsapi_ticket')
      .executeTakeFirstOrThrow();
    expect(config.signature).toBe(
      jsSdkSignature({
        jsapiTicket: ticketRow.value,
        nonceStr: config.nonceStr,
        timestamp: config.timestamp,
        url: 'https://h5.example.com/h5/gzh/?channel=gzh',
      }),
    );
    expect(ticketRow.expires_at).toBe(t.clock.now + 7200_000 - 5 * 60_000);

    await get(`weixin/getJSConfig?url=${encodeURIComponent(pageUrl)}`);
    const tokens = await t.db.db.selectFrom('wechat_tokens').selectAll().execute();
    expect(tokens).toHaveLength(2);
    const sameTicket = tokens.find((r) => r.key.endsWith('jsapi_ticket'))?.value;
    expect(sameTicket).toBe(ticketRow.value);

    t.clock.advance(7200_000);
    await get(`weixin/getJSConfig?url=${encodeURIComponent(pageUrl)}`);
    const renewed = await t.db.db
      .selectFrom('wechat_tokens')
      .selectAll()
      .where('key', 'like', '%jsapi_ticket')
      .executeTakeFirstOrThrow();
    expect(renewed.value).not.toBe(ticketRow.value);

    expect((await get('weixin/getJSConfig')).statusCode).toBe(400);
    expect((await get('weixin/getJSConfig?url=javascript:alert(1)')).statusCode).toBe(400);
  });
});

describe('partner login (user/oauthLogin)', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t?.close();
  });
  const secret = (channel: string) => t.config.partnerSecrets[channel] as string;
  const login = (token: string | null, channel = 'zxyh') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/user/oauthLogin',
      payload: { channel, usertype: 3 },
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });
  const nowS = () => Math.floor(t.clock.now / 1000);

  it('a valid partner token logs in (creating the user once) and answers our token', async () => {
    const token = signPartnerToken(
      { mobile: '13600000001', channel: 'zxyh', exp: nowS() + 300 },
      secret('zxyh'),
    );
    const res = await login(token);
    expect(res.statusCode).toBe(200);
    const info = UserInfoSchema.parse(body(res).data);
    expect(info.mobile).toBe('136****0001');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v2/user/userInfo',
      headers: { token: info.token },
    });
    expect(UserInfoSchema.parse(body(me).data).id).toBe(info.id);
    const again = UserInfoSchema.parse(body(await login(token)).data);
    expect(again.id).toBe(info.id);
    expect(again.token).not.toBe(info.token);
    const row = await t.db.db
      .selectFrom('users')
      .select('channel_key')
      .where('id', '=', info.id)
      .executeTakeFirst();
    expect(row?.channel_key).toBe('zxyh');
  });

  it('expired, badly signed, other-channel, too long-lived or missing tokens → 401', async () => {
    const make = (p: Partial<{ mobile: string; channel: string; exp: number }>, key = secret('zxyh')) =>
      signPartnerToken({ mobile: '13600000002', channel: 'zxyh', exp: nowS() + 300, ...p }, key);
    const cases: Array<[string, string | null, string?]> = [
      ['expired', make({ exp: nowS() - 1 })],
      ['bad signature', make({}, 'x'.repeat(40))],
      ['tampered', `${make({}).split('.')[0]?.slice(0, -2)}AA.${make({}).split('.')[1]}`],
      ['token for paky sent as zxyh', make({ channel: 'paky' }, secret('paky'))],
      ['zxyh token on the paky channel', make({}), 'paky'],
      ['lives too long', make({ exp: nowS() + 2 * 3600 })],
      ['bad mobile', make({ mobile: '12345' })],
      [
        'channel without a partner secret',
        signPartnerToken({ mobile: '13600000002', channel: 'gzh', exp: nowS() + 60 }, 'y'.repeat(40)),
        'gzh',
      ],
      ['missing', null],
      ['not a token', 'hello'],
    ];
    for (const [name, token, channel] of cases) {
      const res = await login(token, channel);
      expect(res.statusCode, name).toBe(401);
      expect(body(res).msg, name).toContain('合作方登录凭证');
    }
    expect(
      await t.db.db.selectFrom('users').select('id').where('mobile', '=', '13600000002').execute(),
    ).toEqual([]);
  });
});
