import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChannelDataSchema, envelope } from '@lawline/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('channel/getChannel', () => {
  it('answers the default channel in the envelope, matching the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/channel/getChannel?usertype=3' });
    expect(res.statusCode).toBe(200);
    const parsed = envelope(ChannelDataSchema).parse(JSON.parse(res.body));
    expect(parsed.code).toBe(0);
    expect(parsed.data.channel).toBe('gzh');
    expect(parsed.data.name).not.toBe('');
    expect(parsed.data.banners.length).toBeGreaterThan(0);
    expect(new Set(parsed.data.banners.map((b) => b.bannerPlace))).toEqual(
      new Set(['header', 'body', 'middle']),
    );
    expect(['元/分钟', '元/次']).toContain(parsed.data.payTypeText);
    expect(parsed.data.analyticsScript).toBeNull();
  });

  it.each(['gzh', 'czh', 'zxyh', 'paky', 'yjjd'])(
    'serves channel %s with its own branding',
    async (channel) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v2/channel/getChannel?channel=${channel}&usertype=3`,
      });
      const data = envelope(ChannelDataSchema).parse(JSON.parse(res.body)).data;
      expect(data.channel).toBe(channel);
      expect(data.logo).toMatch(/^\/media\//);
      expect(data.colors.primary).toMatch(/^#[0-9a-fA-F]{3,6}$/);
    },
  );

  it('channels differ in name and colour', async () => {
    const names = new Set<string>();
    const colours = new Set<string>();
    for (const channel of ['gzh', 'czh', 'zxyh', 'paky', 'yjjd']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v2/channel/getChannel?channel=${channel}` });
      const data = envelope(ChannelDataSchema).parse(JSON.parse(res.body)).data;
      names.add(data.name);
      colours.add(data.colors.primary);
    }
    expect(names.size).toBe(5);
    expect(colours.size).toBe(5);
  });

  it('seed banners cover every kind of link target', async () => {
    const targets: string[] = [];
    for (const channel of ['gzh', 'czh']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v2/channel/getChannel?channel=${channel}` });
      targets.push(
        ...envelope(ChannelDataSchema)
          .parse(JSON.parse(res.body))
          .data.banners.map((b) => b.url),
      );
    }
    expect(targets.some((u) => u.startsWith('go_'))).toBe(true);
    expect(targets.some((u) => u.includes('http'))).toBe(true);
    expect(targets).toContain('ilawyer');
    expect(targets).toContain('show_coupon');
  });

  it('an unknown channel answers 40041 with a message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/channel/getChannel?channel=nosuch' });
    const b = body(res);
    expect(b.code).toBe(40041);
    expect(b.msg).toContain('nosuch');
    expect(b.data).toBeNull();
  });

  it('a channelCode that does not belong to the channel is a channel error', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/channel/getChannel?channel=gzh&channelCode=XYZ',
    });
    expect(body(res).code).toBe(40041);
  });

  it('reads the common params from the body for POST', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user/sendCode',
      payload: { channel: 'nosuch', usertype: 3, mobile: '13800138000' },
    });
    expect(body(res).code).toBe(40041);
  });
});

describe('bad input', () => {
  it('an unexpected field is refused with 400 and a readable message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/channel/getChannel?channel=gzh&evil=1' });
    expect(res.statusCode).toBe(400);
    const b = body(res);
    expect(b.code).toBe(400);
    expect(b.msg).toMatch(/查询参数有误/);
    expect(b.msg).toContain('evil');
  });

  it('a wrong usertype is refused', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/channel/getChannel?usertype=9' });
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toContain('usertype');
  });

  it('broken JSON is refused with a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user/sendCode',
      headers: { 'content-type': 'application/json' },
      payload: '{"mobile": ',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toBe('请求体不是合法的 JSON');
  });

  it('a body that is not JSON is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user/sendCode',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(body(res).code).not.toBe(0);
  });

  it('an unknown endpoint answers 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ code: 404, msg: '接口不存在', data: null });
  });
});

describe('token auth (spec §8 login expired)', () => {
  it('no token → 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/user/userInfo' });
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe(401);
  });
  it('an unknown token → 401', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/user/userInfo',
      headers: { token: 'x'.repeat(43) },
    });
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe(401);
  });
});

describe('operations', () => {
  it('healthz and readyz', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
  });

  it('the OpenAPI document is generated from the schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v2/channel/getChannel',
        '/api/v2/user/sendCode',
        '/api/v2/user/codeLogin',
      ]),
    );
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('/ redirects to the app, keeping the query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/?channel=czh' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/h5/gzh/?channel=czh');
  });

  it('says so when the web app is not built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/h5/gzh/' });
    expect(res.statusCode).toBe(503);
    expect(body(res).msg).toContain('npm run build');
  });

  it('sets the basic security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/channel/getChannel' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeDefined();
  });

  it('serves placeholder images for the seed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/ph/120x120.svg?text=%E5%BE%8B&bg=1677ff' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('<svg');
    expect((await t.app.inject({ method: 'GET', url: '/media/ph/99999x1.svg' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/ph/100x100.svg?bg=zzz' })).statusCode).toBe(400);
  });
});

describe('serving the built app', () => {
  it('index.html is never cached, fingerprinted assets are cached for a year', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'lawline-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    const served = await createTestApp({ env: { WEB_DIST: dist } });
    try {
      for (const url of ['/h5/gzh/', '/h5/gzh', '/h5/gzh/?/Lawyer']) {
        const res = await served.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toContain('<title>app</title>');
      }
      const asset = await served.app.inject({ method: 'GET', url: '/h5/gzh/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await served.app.inject({ method: 'GET', url: '/h5/gzh/assets/missing.js' })).statusCode).toBe(
        404,
      );
    } finally {
      await served.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('unknown errors', () => {
  it('become a generic message; details stay in the log', async () => {
    const broken = await createTestApp();
    try {
      await broken.db.close();
      const res = await broken.app.inject({ method: 'GET', url: '/api/v2/channel/getChannel?channel=paky' });
      expect(res.statusCode).toBe(500);
      expect(body(res)).toEqual({ code: 500, msg: '服务繁忙，请稍后再试', data: null });
      const ready = await broken.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
    } finally {
      await broken.app.close();
      await broken.db.drop().catch(() => undefined);
    }
  });
});
