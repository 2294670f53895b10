import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderArt } from '../src/db/seed/art/render.ts';
import { ART_PREFIX, artSvg, parseArtFile } from '../src/db/seed/art/scenes.ts';
import { createTestApp, type TestContext } from './helpers.ts';

/**
 * Issue 23, item 6: the seed's banners and covers are pictures the project makes itself —
 * illustrations drawn in code (db/seed/art), rendered to WebP and kept in DATA_DIR — each banner
 * about a different thing, none a flat block of colour.
 */

/** Banners stay light on a phone's connection. */
const MAX_BYTES = 30 * 1024;

describe('seed pictures', () => {
  let t: TestContext;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lawline-art-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function seededPictures() {
    const db = t.db.db;
    const banners = await db.selectFrom('banners').select(['channel_key', 'place', 'title', 'img']).execute();
    const activities = await db.selectFrom('activities').select('img').execute();
    const articles = await db.selectFrom('articles').select(['h_cover_url', 'v_cover_url']).execute();
    const videos = await db.selectFrom('lawyer_videos').select('cover_url').execute();
    return {
      banners,
      all: [
        ...banners.map((b) => b.img),
        ...activities.map((a) => a.img),
        ...articles.flatMap((a) => [a.h_cover_url, a.v_cover_url]),
        ...videos.map((v) => v.cover_url),
      ],
    };
  }

  it('every banner, campaign and cover is a drawn picture: WebP of its size, small, not a flat block', async () => {
    const { all } = await seededPictures();
    expect(all.length).toBeGreaterThan(50);
    const urls = [...new Set(all)];
    for (const url of urls) {
      expect(url, 'served from the art route').toMatch(/^\/media\/art\//);
      const spec = parseArtFile(url.slice(ART_PREFIX.length));
      expect(spec, url).not.toBeNull();
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('image/webp');
      const data = res.rawPayload;
      expect(data.length, url).toBeLessThanOrEqual(MAX_BYTES);
      const image = sharp(data);
      const meta = await image.metadata();
      expect(meta.format, url).toBe('webp');
      expect([meta.width, meta.height], url).toEqual([spec?.w, spec?.h]);
      // A picture, not one colour: many tones in every channel.
      const stats = await image.stats();
      expect(stats.entropy, url).toBeGreaterThan(2);
      expect(Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev)), url).toBeGreaterThan(20);
    }
  });

  it("a channel's banners are about different things", async () => {
    const { banners } = await seededPictures();
    const scenes = new Set<string>();
    for (const channel of new Set(banners.map((b) => b.channel_key))) {
      const header = banners.filter((b) => b.channel_key === channel && b.place === 'header');
      const headerScenes = header.map((b) => parseArtFile(b.img.slice(ART_PREFIX.length))?.scene);
      expect(new Set(headerScenes).size, `${channel}: ${header.map((b) => b.title).join(' / ')}`).toBe(
        header.length,
      );
      const mine = banners.filter((b) => b.channel_key === channel);
      for (const b of mine) scenes.add(parseArtFile(b.img.slice(ART_PREFIX.length))?.scene ?? '');
    }
    // Cards, AI, a campaign, phone consultation… across the channels.
    for (const subject of ['cards', 'ai', 'coupon', 'phone', 'lawyers', 'face']) {
      expect(scenes, subject).toContain(subject);
    }
  });

  it('made once and kept in DATA_DIR, the same bytes every time, revalidated by ETag', async () => {
    const url = '/media/art/cards-750x300.webp';
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    const files = readdirSync(join(dataDir, 'art'));
    expect(files.some((f) => /^cards-750x300-[A-Za-z0-9_-]{16}\.webp$/.test(f))).toBe(true);
    expect(files.every((f) => !f.endsWith('.part'))).toBe(true);
    // Deterministic: the same drawing and encoder give the same bytes.
    const spec = { scene: 'cards', w: 750, h: 300 } as const;
    expect(artSvg(spec)).toBe(artSvg(spec));
    expect(Buffer.compare(await renderArt(spec), first.rawPayload)).toBe(0);

    const etag = String(first.headers.etag);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(String(first.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers 404 for pictures the seed does not have', async () => {
    for (const url of [
      '/media/art/nope-750x300.webp',
      '/media/art/cards-751x300.webp',
      '/media/art/cards-750x300.png',
      '/media/art/..%2Fsecret-750x300.webp',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect(existsSync(join(dataDir, 'art', 'nope-750x300.webp'))).toBe(false);
  });
});
