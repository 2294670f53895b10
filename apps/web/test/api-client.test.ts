import { DATA_FORMAT_ERROR_MESSAGE, LOGIN_EXPIRED_MESSAGE } from '@lawline/contract';
import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiEffects, ApiError, createApiClient, NETWORK_ERROR_MESSAGE } from '../src/api/client.ts';
import { memoryStorage } from '../src/lib/storage.ts';

const BASE = 'http://lawline.test/api/v2/';
const url = (path: string) => `${BASE}${path}`;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type EffectCall = [keyof ApiEffects, ...unknown[]];

function recordingEffects() {
  const calls: EffectCall[] = [];
  const effects: ApiEffects = {
    toast: (message) => calls.push(['toast', message]),
    clearSession: () => calls.push(['clearSession']),
    showLogin: () => calls.push(['showLogin']),
    reloadHome: () => calls.push(['reloadHome']),
    navigate: (to, state) => calls.push(['navigate', to, state]),
  };
  return { calls, effects };
}

let storage: ReturnType<typeof memoryStorage>;
let calls: EffectCall[];
let client: ReturnType<typeof createApiClient>;

function makeClient(timeoutMs?: number) {
  const recorded = recordingEffects();
  calls = recorded.calls;
  client = createApiClient({
    baseUrl: BASE,
    effects: recorded.effects,
    storage,
    getCommonParams: () => ({ channel: 'czh', channelCode: 'CH-CZH' }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
}

beforeEach(() => {
  storage = memoryStorage();
  makeClient();
});

/** Answers one call with an envelope. */
function answer(path: string, body: unknown, status = 200) {
  server.use(http.all(url(path), () => HttpResponse.json(body as Record<string, unknown>, { status })));
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to reject');
}

describe('common params and token', () => {
  it('adds channel, channelCode and usertype=3 to the query of a GET, keeping its own params', async () => {
    let seen: URL | null = null;
    server.use(
      http.get(url('channel/getChannel'), ({ request }) => {
        seen = new URL(request.url);
        return HttpResponse.json({ code: 0, msg: 'ok', data: { name: 'x' } });
      }),
    );
    await expect(client.get('channel/getChannel', { page: 2, skip: undefined })).resolves.toEqual({
      name: 'x',
    });
    const query = (seen as URL | null)?.searchParams;
    expect(query?.get('channel')).toBe('czh');
    expect(query?.get('channelCode')).toBe('CH-CZH');
    expect(query?.get('usertype')).toBe('3');
    expect(query?.get('page')).toBe('2');
    expect(query?.has('skip')).toBe(false);
  });

  it('adds the common params to the JSON body of a POST and PUT, and to the query of a DELETE', async () => {
    const bodies: unknown[] = [];
    let deleteQuery: URLSearchParams | null = null;
    server.use(
      http.post(url('user/sendCode'), async ({ request }) => {
        expect(request.headers.get('content-type')).toContain('application/json');
        bodies.push(await request.json());
        return HttpResponse.json({ code: 0, msg: 'ok', data: null });
      }),
      http.put(url('user/update'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ code: 0, msg: 'ok', data: true });
      }),
      http.delete(url('privateCounsel/delete'), ({ request }) => {
        deleteQuery = new URL(request.url).searchParams;
        return HttpResponse.json({ code: 0, msg: 'ok', data: 1 });
      }),
    );
    await expect(client.post('user/sendCode', { mobile: '13800138000' })).resolves.toBeNull();
    await client.put('/user/update', { nickName: 'a' });
    await client.delete('privateCounsel/delete', { id: 7 });
    expect(bodies).toEqual([
      { mobile: '13800138000', channel: 'czh', channelCode: 'CH-CZH', usertype: '3' },
      { nickName: 'a', channel: 'czh', channelCode: 'CH-CZH', usertype: '3' },
    ]);
    const query = deleteQuery as URLSearchParams | null;
    expect(query?.get('id')).toBe('7');
    expect(query?.get('channel')).toBe('czh');
    expect(query?.get('usertype')).toBe('3');
  });

  it('leaves out channelCode before the channel is known', async () => {
    const noCode = createApiClient({ baseUrl: BASE, storage, getCommonParams: () => ({ channel: 'gzh' }) });
    let query: URLSearchParams | null = null;
    server.use(
      http.get(url('channel/getChannel'), ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json({ code: 0, msg: 'ok', data: {} });
      }),
    );
    await noCode.get('channel/getChannel');
    expect((query as URLSearchParams | null)?.toString()).toBe('channel=gzh&usertype=3');
  });

  it('sends the token header when logged in, and none when not', async () => {
    const tokens: (string | null)[] = [];
    server.use(
      http.get(url('user/userInfo'), ({ request }) => {
        tokens.push(request.headers.get('token'));
        return HttpResponse.json({ code: 0, msg: 'ok', data: {} });
      }),
    );
    await client.get('user/userInfo');
    storage.setItem('token', 'tok-123');
    await client.get('user/userInfo');
    expect(tokens).toEqual([null, 'tok-123']);
  });
});

describe('the error catalogue (spec §8)', () => {
  it('resolves with data on code 0 and on pay success 301', async () => {
    answer('order/a', { code: 0, msg: 'ok', data: { orderId: 1 } });
    await expect(client.get('order/a')).resolves.toEqual({ orderId: 1 });
    answer('pay/createPayOrder', { code: '301', msg: '支付成功', data: { payStatus: '2' } });
    await expect(client.post('pay/createPayOrder', {})).resolves.toEqual({ payStatus: '2' });
    expect(calls).toEqual([]);
  });

  const expiredCases: [string, unknown][] = [
    ['code 401', { code: 401, msg: '请先登录', data: null }],
    ["code '020103'", { code: '020103', msg: '登录失效', data: null }],
    ['the access_token message', { code: 500, msg: LOGIN_EXPIRED_MESSAGE, data: null }],
  ];
  for (const [label, body] of expiredCases) {
    it(`login expired on ${label}: token removed, session cleared, login shown, home reloaded, rejected`, async () => {
      storage.setItem('token', 'old-token');
      answer('user/userInfo', body, label === 'code 401' ? 401 : 200);
      const error = await rejection(client.get('user/userInfo'));
      expect(error.kind).toBe('login-expired');
      expect(storage.getItem('token')).toBeNull();
      expect(calls).toEqual([['clearSession'], ['showLogin'], ['reloadHome']]);
    });
  }

  it('login expiry applies even with ignoreError', async () => {
    storage.setItem('token', 'old-token');
    answer('user/userCenter', { code: 401, msg: '请先登录', data: null }, 401);
    await rejection(client.get('user/userCenter', {}, { ignoreError: true }));
    expect(storage.getItem('token')).toBeNull();
    expect(calls.map((c) => c[0])).toEqual(['clearSession', 'showLogin', 'reloadHome']);
  });

  it('channel error 40041: shows the message, then goes to ErrPage with it, rejected', async () => {
    answer('channel/getChannel', { code: 40041, msg: '渠道不存在', data: null }, 404);
    const error = await rejection(client.get('channel/getChannel'));
    expect(error.kind).toBe('channel');
    expect(error.code).toBe(40041);
    expect(calls).toEqual([
      ['toast', '渠道不存在'],
      ['navigate', '/ErrPage', { message: '渠道不存在' }],
    ]);
  });

  it('any other code: toasts the message and rejects', async () => {
    answer('order/createCallOrder', { code: 409, msg: '您有未支付订单，请及时支付', data: null }, 409);
    const error = await rejection(client.post('order/createCallOrder', { consultField: 2 }));
    expect(error.kind).toBe('business');
    expect(error.code).toBe(409);
    expect(error.message).toBe('您有未支付订单，请及时支付');
    expect(calls).toEqual([['toast', '您有未支付订单，请及时支付']]);
  });

  it('ignoreError suppresses the toast of another code, still rejecting', async () => {
    answer('activity/get', { code: 400, msg: '活动已结束', data: null }, 400);
    const error = await rejection(client.get('activity/get', {}, { ignoreError: true }));
    expect(error.kind).toBe('business');
    expect(calls).toEqual([]);
  });

  it('network failure: rejects with a toast, or silently with ignoreError', async () => {
    server.use(http.get(url('order/list-new'), () => HttpResponse.error()));
    const error = await rejection(client.get('order/list-new'));
    expect(error.kind).toBe('network');
    expect(calls).toEqual([['toast', NETWORK_ERROR_MESSAGE]]);

    calls.length = 0;
    const quiet = await rejection(client.get('order/list-new', {}, { ignoreError: true }));
    expect(quiet.kind).toBe('network');
    expect(calls).toEqual([]);
  });

  it('a non-JSON error page from a proxy counts as a network failure', async () => {
    server.use(http.get(url('content'), () => new HttpResponse('<html>502</html>', { status: 502 })));
    const error = await rejection(client.get('content'));
    expect(error.kind).toBe('network');
    expect(calls).toEqual([['toast', NETWORK_ERROR_MESSAGE]]);
  });

  it('a success without data: toasts 数据格式异常，请联系客服 and rejects', async () => {
    answer('user/userInfo', { code: 0, msg: 'ok' });
    const error = await rejection(client.get('user/userInfo'));
    expect(error.kind).toBe('format');
    expect(error.message).toBe(DATA_FORMAT_ERROR_MESSAGE);
    expect(calls).toEqual([['toast', DATA_FORMAT_ERROR_MESSAGE]]);
  });

  it('a success with data null resolves with null', async () => {
    answer('user/logout', { code: 0, msg: 'ok', data: null });
    await expect(client.post('user/logout')).resolves.toBeNull();
  });

  it('a body that is not an envelope is a format error', async () => {
    server.use(http.get(url('weird'), () => HttpResponse.json([1, 2, 3])));
    const error = await rejection(client.get('weird'));
    expect(error.kind).toBe('format');
    expect(calls).toEqual([['toast', DATA_FORMAT_ERROR_MESSAGE]]);
  });

  it('times out (injectable timeout): rejects with the network toast', async () => {
    makeClient(40);
    server.use(
      http.get(url('slow'), async () => {
        await delay(1000);
        return HttpResponse.json({ code: 0, msg: 'ok', data: 1 });
      }),
    );
    const started = Date.now();
    const error = await rejection(client.get('slow'));
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(900);
    expect(calls).toEqual([['toast', NETWORK_ERROR_MESSAGE]]);
  });

  it('a per-call timeout overrides the client one', async () => {
    server.use(
      http.get(url('slow'), async () => {
        await delay(1000);
        return HttpResponse.json({ code: 0, msg: 'ok', data: 1 });
      }),
    );
    const error = await rejection(client.get('slow', {}, { timeoutMs: 30, ignoreError: true }));
    expect(error.kind).toBe('timeout');
    expect(calls).toEqual([]);
  });

  it('a call cancelled by its caller rejects quietly', async () => {
    server.use(
      http.get(url('slow'), async () => {
        await delay(1000);
        return HttpResponse.json({ code: 0, msg: 'ok', data: 1 });
      }),
    );
    const controller = new AbortController();
    const pending = client.get('slow', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await rejection(pending);
    expect(error.kind).toBe('aborted');
    expect(calls).toEqual([]);
  });
});
