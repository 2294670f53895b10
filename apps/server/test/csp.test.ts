import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { documentRoute, installSecurityHeaders } from '../src/http/security-headers.ts';

describe('the app page policy', () => {
  it("lets the aliPayForm post to Alipay's gateway, and nowhere else", async () => {
    const app = Fastify();
    installSecurityHeaders(app, {
      analyticsScript: null,
      formTargets: ['https://openapi.alipay.com/gateway.do', 'not a url'],
    });
    app.get('/page', documentRoute, async (_req, reply) => reply.type('text/html').send('<!doctype html>'));
    const res = await app.inject({ method: 'GET', url: '/page' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("form-action 'self' https://openapi.alipay.com;");
    const plain = Fastify();
    installSecurityHeaders(plain, { analyticsScript: null });
    plain.get('/page', documentRoute, async (_req, reply) => reply.type('text/html').send('<!doctype html>'));
    const sandbox = await plain.inject({ method: 'GET', url: '/page' });
    expect(String(sandbox.headers['content-security-policy'])).toContain("form-action 'self';");
  });
});
