import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, LAWYER_USERTYPE } from '../src/api.ts';
import { session } from '../src/session.ts';

type Seen = { url: string; init: RequestInit };

function answer(body: unknown, status = 200) {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return seen;
}

beforeEach(() => session.signOut(null));
afterEach(() => vi.unstubAllGlobals());

describe('the workbench API client', () => {
  it('GET: common params in the query, the lawyer token in the header, the data of the envelope', async () => {
    session.signIn('lawyer-token');
    const seen = answer({ code: 0, msg: 'ok', data: [{ orderId: 'T20261121ABCDEFGH' }] });
    const data = await api.get<Array<{ orderId: string }>>('lawyer/offers', { page: 2 });
    expect(data).toEqual([{ orderId: 'T20261121ABCDEFGH' }]);
    const call = seen[0] as Seen;
    expect(call.url).toBe(`/api/v2/lawyer/offers?page=2&usertype=${LAWYER_USERTYPE}`);
    expect((call.init.headers as Record<string, string>).token).toBe('lawyer-token');
    expect(call.init.method).toBe('GET');
  });

  it('POST: common params in the JSON body', async () => {
    const seen = answer({ code: 0, msg: '接单成功', data: { orderId: 'T20261121ABCDEFGH' } });
    await api.post('lawyer/offer/accept', { orderId: 'T20261121ABCDEFGH' });
    const call = seen[0] as Seen;
    expect(JSON.parse(String(call.init.body))).toEqual({ orderId: 'T20261121ABCDEFGH', usertype: '2' });
    expect((call.init.headers as Record<string, string>).token).toBeUndefined();
  });

  it('a business error rejects with the server’s message and keeps the session', async () => {
    session.signIn('lawyer-token');
    answer({ code: 409, msg: '该订单已被其他律师接单', data: null }, 409);
    const error = await api.post('lawyer/offer/accept', { orderId: 'T20261121ABCDEFGH' }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'business', message: '该订单已被其他律师接单', code: 409 });
    expect(session.token()).toBe('lawyer-token');
  });

  it('a consumer token (403) or a dead one (401) ends the session with the server’s message', async () => {
    session.signIn('consumer-token');
    answer({ code: 403, msg: '仅限律师工作台账号使用', data: null }, 403);
    await expect(api.get('lawyer/me')).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(session.get()).toEqual({ token: null, notice: '仅限律师工作台账号使用' });

    session.signIn('old-token');
    answer({ code: '020103', msg: '', data: null }, 401);
    await expect(api.get('lawyer/me')).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(session.get()).toEqual({ token: null, notice: '登录已过期，请重新登录' });
  });

  it('a failed login attempt is an ordinary error (nothing to sign out of)', async () => {
    answer({ code: 400, msg: '验证码错误或该号码未开通律师工作台', data: null }, 400);
    await expect(
      api.post('lawyer/codeLogin', { mobile: '17000010002', code: '000000' }),
    ).rejects.toMatchObject({ kind: 'business', message: '验证码错误或该号码未开通律师工作台' });
    expect(session.get().notice).toBeNull();
  });

  it('no network, or a proxy page instead of JSON, says 网络异常', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api.get('lawyer/me')).rejects.toMatchObject({
      kind: 'network',
      message: '网络异常，请稍后重试',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>502</html>', { status: 502 })),
    );
    await expect(api.get('lawyer/me')).rejects.toMatchObject({ kind: 'network' });
  });
});
