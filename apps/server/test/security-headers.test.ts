import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChannelKey } from '@lawline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_MARKER, HEAD_MARKER, SHELL_MARKER } from '../src/modules/channels/home-shell.ts';
import { createTestApp, type TestContext } from './helpers.ts';

/**
 * Issue 23, item 1: one policy per kind of answer (pages, static files, API), chosen by the route.
 * A `304 Not Modified` has no content type; the browser applies the 304's policy to the page it
 * kept, so a 304 must carry exactly the headers of the 200 it stands for.
 */

/** Every header the security policy sets. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
] as const;

type Answer = { statusCode: number; headers: Record<string, unknown> };

const securityOf = (res: Answer) =>
  Object.fromEntries(SECURITY_HEADERS.map((name) => [name, res.headers[name] ?? null]));

const directive = (csp: unknown, name: string) =>
  String(csp ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d === name || d.startsWith(`${name} `)) ?? '';

const HOST = 'h5.example.com';

describe('security headers by route', () => {
  let t: TestContext;
  let web: string;
  let workbench: string;

  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'lawline-headers-web-'));
    workbench = mkdtempSync(join(tmpdir(), 'lawline-headers-wb-'));
    // A template with the markers: the H5 page is made per channel (an ETag, no Last-Modified).
    writeFileSync(
      join(web, 'index.html'),
      `<!doctype html><html lang="zh-CN"><head>${HEAD_MARKER}<title>h5</title></head>` +
        `<body>${SHELL_MARKER}<div id="root"></div>${BOOT_MARKER}` +
        '<script type="module" src="/h5/gzh/assets/index-abc.js"></script></body></html>',
    );
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'assets', 'index-abc.js'), 'console.log("h5")');
    writeFileSync(join(web, 'assets', 'index-abc.css'), 'body{margin:0}');
    writeFileSync(join(web, 'robots.txt'), 'User-agent: *\n');
    // The workbench's index.html is sent as the file (an ETag and a Last-Modified).
    writeFileSync(
      join(workbench, 'index.html'),
      '<!doctype html><title>律师工作台</title><script type="module" src="/workbench/assets/main-wb1.js"></script>',
    );
    mkdirSync(join(workbench, 'assets'));
    writeFileSync(join(workbench, 'assets', 'main-wb1.js'), 'console.log("wb")');
    writeFileSync(join(workbench, 'assets', 'main-wb1.css'), 'body{margin:0}');
    t = await createTestApp({
      env: {
        WEB_DIST: web,
        WORKBENCH_DIST: workbench,
        ANALYTICS_SCRIPT_URL: 'https://hm.example.com/hm.js?abc',
      },
    });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
    rmSync(workbench, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: HOST, 'accept-encoding': 'br, gzip', ...headers } });

  /**
   * The 200, then the same request made conditional both ways: each 304 (and a 200 where the answer
   * cannot be validated by date) carries the 200's security headers, header for header.
   */
  async function expectSamePolicyWhenRevalidated(url: string, opts: { lastModified: boolean }) {
    const first = await get(url);
    expect(first.statusCode, url).toBe(200);
    const policy = securityOf(first);
    const etag = String(first.headers.etag ?? '');
    expect(etag, `${url} has an ETag`).not.toBe('');
    const byTag = await get(url, { 'if-none-match': etag });
    expect(byTag.statusCode, `${url} If-None-Match`).toBe(304);
    expect(byTag.headers['content-type'], `${url} 304 has no content type`).toBeUndefined();
    expect(securityOf(byTag), `${url} If-None-Match`).toEqual(policy);

    const lastModified = first.headers['last-modified'];
    expect(Boolean(lastModified), `${url} Last-Modified`).toBe(opts.lastModified);
    const since = String(lastModified ?? new Date(Date.now() + 60_000).toUTCString());
    const byDate = await get(url, { 'if-modified-since': since });
    expect(byDate.statusCode, `${url} If-Modified-Since`).toBe(opts.lastModified ? 304 : 200);
    expect(securityOf(byDate), `${url} If-Modified-Since`).toEqual(policy);
    return policy;
  }

  const pagePolicy = (policy: Record<string, unknown>, url: string) => {
    const csp = policy['content-security-policy'];
    expect(directive(csp, 'default-src'), url).toBe("default-src 'self'");
    expect(directive(csp, 'script-src'), url).toBe(
      "script-src 'self' https://res.wx.qq.com https://hm.example.com",
    );
    expect(directive(csp, 'style-src'), url).toBe("style-src 'self' 'unsafe-inline'");
    expect(directive(csp, 'connect-src'), url).toBe(
      `connect-src 'self' ws://${HOST} wss://${HOST} https://hm.example.com`,
    );
    expect(directive(csp, 'frame-ancestors'), url).toBe("frame-ancestors 'self'");
    expect(String(csp)).not.toContain('unsafe-eval');
    expect(String(csp)).not.toContain('upgrade-insecure-requests');
    expect(policy['x-frame-options'], url).toBe('SAMEORIGIN');
    expect(policy['x-content-type-options'], url).toBe('nosniff');
    expect(policy['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    expect(policy['cross-origin-opener-policy'], url).toBe('same-origin');
  };

  const resourcePolicy = (policy: Record<string, unknown>, url: string) => {
    expect(directive(policy['content-security-policy'], 'default-src'), url).toBe("default-src 'none'");
    expect(directive(policy['content-security-policy'], 'frame-ancestors'), url).toBe(
      "frame-ancestors 'none'",
    );
    expect(policy['x-frame-options'], url).toBe('SAMEORIGIN');
    expect(policy['x-content-type-options'], url).toBe('nosniff');
    expect(policy['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    expect(policy['cross-origin-resource-policy'], url).toBe('same-origin');
  };

  it("every channel's H5 page: a 304 carries the page's policy, not the API's", async () => {
    const policies = [];
    for (const channel of Object.values(ChannelKey)) {
      for (const url of [`/h5/gzh/?channel=${channel}`, `/h5/gzh/index.html?channel=${channel}`]) {
        const policy = await expectSamePolicyWhenRevalidated(url, { lastModified: false });
        pagePolicy(policy, url);
        policies.push(policy);
      }
    }
    // One policy for all of them.
    expect(new Set(policies.map((p) => JSON.stringify(p))).size).toBe(1);
  });

  it('the H5 page without a channel, with and without the slash and as index.html', async () => {
    for (const url of ['/h5/gzh/', '/h5/gzh', '/h5/gzh/index.html', '/h5/gzh/?/Lawyer']) {
      pagePolicy(await expectSamePolicyWhenRevalidated(url, { lastModified: false }), url);
    }
  });

  it('the workbench page, sent as the file: both kinds of 304 carry the page policy', async () => {
    for (const url of ['/workbench/', '/workbench', '/workbench/index.html', '/workbench/?from=sms']) {
      pagePolicy(await expectSamePolicyWhenRevalidated(url, { lastModified: true }), url);
    }
  });

  it('static files of both apps: a 304 carries the files policy', async () => {
    for (const url of [
      '/h5/gzh/assets/index-abc.js',
      '/h5/gzh/assets/index-abc.css',
      '/h5/gzh/robots.txt',
      '/workbench/assets/main-wb1.js',
      '/workbench/assets/main-wb1.css',
    ]) {
      resourcePolicy(await expectSamePolicyWhenRevalidated(url, { lastModified: true }), url);
    }
    const missing = await get('/h5/gzh/assets/missing.js');
    expect(missing.statusCode).toBe(404);
    resourcePolicy(securityOf(missing), 'missing asset');
  });

  it('API answers, refusals, unknown addresses and malformed ones carry the API policy', async () => {
    for (const url of [
      '/api/v2/channel/getChannel?usertype=3',
      '/api/v2/user/userInfo',
      '/api/v2/nope',
      '/nope',
      '/media/ph/120x120.svg?text=x',
      '/api/v2/content/detail?id=%E0%A4%A',
      '/api/v2/%E0%A4%A',
    ]) {
      const res = await get(url);
      resourcePolicy(securityOf(res), url);
      // Pages only: a window's isolation means nothing on a JSON answer.
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
  });

  it('the page policy never copies a forged Host into the header', async () => {
    const res = await get('/workbench/', { host: "evil.example.com; script-src 'unsafe-inline'" });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toContain('evil');
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://hm.example.com");
  });

  it('inside WeChat the first screen draws no title bar of its own (WeChat shows the title)', async () => {
    const page = (userAgent: string) =>
      t.app.inject({ method: 'GET', url: '/h5/gzh/', headers: { host: HOST, 'user-agent': userAgent } });
    const browser = await page('Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36');
    const wechat = await page('Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile MicroMessenger/8.0.50');
    expect(browser.body).toContain('ll-shell-nav');
    expect(wechat.body).not.toContain('ll-shell-nav');
    expect(wechat.body).toContain('ll-brand');
    // One URL, two first screens: caches must keep them apart.
    expect(String(wechat.headers.vary)).toContain('User-Agent');
    expect(wechat.headers.etag).not.toBe(browser.headers.etag);
  });
});
