import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.ts';

/** The lawyer workbench (apps/workbench/dist) served at /workbench/, like the H5 app at /h5/gzh/. */
describe('serving the built workbench', () => {
  it('index.html is never cached, fingerprinted assets are cached for a year', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'lawline-workbench-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>律师工作台</title>');
    writeFileSync(join(dist, 'assets', 'index-wb123.js'), 'console.log(1)');
    const served = await createTestApp({ env: { WORKBENCH_DIST: dist }, seed: false });
    try {
      for (const url of ['/workbench/', '/workbench', '/workbench/?from=sms']) {
        const res = await served.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.headers['content-type'], url).toContain('text/html');
        expect(res.body, url).toContain('<title>律师工作台</title>');
      }
      const asset = await served.app.inject({ method: 'GET', url: '/workbench/assets/index-wb123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const missing = await served.app.inject({ method: 'GET', url: '/workbench/assets/missing.js' });
      expect(missing.statusCode).toBe(404);
      // The H5 app's address is untouched by the workbench's.
      expect((await served.app.inject({ method: 'GET', url: '/h5/gzh/' })).body).not.toContain('律师工作台');
    } finally {
      await served.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('serves both apps side by side when both are built', async () => {
    const web = mkdtempSync(join(tmpdir(), 'lawline-web-dist-'));
    const workbench = mkdtempSync(join(tmpdir(), 'lawline-workbench-dist-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>h5</title>');
    writeFileSync(join(workbench, 'index.html'), '<!doctype html><title>workbench</title>');
    const served = await createTestApp({ env: { WEB_DIST: web, WORKBENCH_DIST: workbench }, seed: false });
    try {
      const h5 = await served.app.inject({ method: 'GET', url: '/h5/gzh/' });
      expect(h5.body).toContain('<title>h5</title>');
      const wb = await served.app.inject({ method: 'GET', url: '/workbench/' });
      expect(wb.statusCode).toBe(200);
      expect(wb.headers['cache-control']).toBe('no-cache');
      expect(wb.body).toContain('<title>workbench</title>');
    } finally {
      await served.close();
      rmSync(web, { recursive: true, force: true });
      rmSync(workbench, { recursive: true, force: true });
    }
  });

  it('answers 503 with a message when the workbench is not built', async () => {
    const served = await createTestApp({
      env: { WORKBENCH_DIST: join(tmpdir(), 'lawline-no-workbench') },
      seed: false,
    });
    try {
      const res = await served.app.inject({ method: 'GET', url: '/workbench/' });
      expect(res.statusCode).toBe(503);
      expect(JSON.parse(res.body).msg).toContain('律师工作台尚未构建');
    } finally {
      await served.close();
    }
  });
});
