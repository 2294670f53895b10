import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Db } from '../../database.ts';
import { ART_PREFIX, type ArtSpec, artSvg, parseArtFile } from './scenes.ts';

/** The encoder's settings; part of every picture's fingerprint, so a change makes new files. */
const WEBP = { quality: 82, effort: 4, smartSubsample: true } as const;
const ENCODING = `webp:${WEBP.quality}:${WEBP.effort}:${WEBP.smartSubsample}:sharp-${sharp.versions.sharp}`;

export type RenderedArt = { data: Buffer; etag: string };

/** SVG → WebP with sharp (libvips and librsvg); the same SVG gives the same bytes. */
export async function renderArt(spec: ArtSpec): Promise<Buffer> {
  return sharp(Buffer.from(artSvg(spec)))
    .webp(WEBP)
    .toBuffer();
}

/**
 * The seed's pictures, made once and kept as files in `<DATA_DIR>/art/`: named by scene, size and a
 * fingerprint of the picture's SVG and the encoder, so changed art is made anew and unchanged art
 * never is. Kept in memory once read (a few dozen small files).
 */
export class ArtStore {
  private readonly ready = new Map<string, Promise<RenderedArt>>();
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'art');
  }

  get(spec: ArtSpec): Promise<RenderedArt> {
    const hash = createHash('sha256').update(ENCODING).update(artSvg(spec)).digest('base64url').slice(0, 16);
    const file = `${spec.scene}-${spec.w}x${spec.h}-${hash}.webp`;
    let art = this.ready.get(file);
    if (!art) {
      art = this.load(spec, file).then((data) => ({ data, etag: `"${hash}"` }));
      // A failure is not kept: the next request tries again.
      art.catch(() => this.ready.delete(file));
      this.ready.set(file, art);
    }
    return art;
  }

  private async load(spec: ArtSpec, file: string): Promise<Buffer> {
    const path = join(this.dir, file);
    try {
      return await readFile(path);
    } catch {
      const data = await renderArt(spec);
      await mkdir(this.dir, { recursive: true });
      // Written whole or not at all: another process may read the folder at the same time.
      const partial = `${path}.${process.pid}.part`;
      await writeFile(partial, data);
      await rename(partial, path);
      return data;
    }
  }
}

/** The seed's pictures that rows refer to: banners, campaigns, article and video covers. */
export async function artInUse(db: Db): Promise<ArtSpec[]> {
  const [banners, activities, articles, videos] = await Promise.all([
    db.selectFrom('banners').select('img as url').execute(),
    db.selectFrom('activities').select('img as url').execute(),
    db.selectFrom('articles').select(['h_cover_url', 'v_cover_url']).execute(),
    db.selectFrom('lawyer_videos').select('cover_url as url').execute(),
  ]);
  const urls = new Set([
    ...banners.map((r) => r.url),
    ...activities.map((r) => r.url),
    ...articles.flatMap((r) => [r.h_cover_url, r.v_cover_url]),
    ...videos.map((r) => r.url),
  ]);
  return [...urls]
    .filter((url): url is string => typeof url === 'string' && url.startsWith(ART_PREFIX))
    .map((url) => parseArtFile(url.slice(ART_PREFIX.length)))
    .filter((spec): spec is ArtSpec => spec !== null);
}

/** Makes (or reads) every picture the rows refer to, one after another, so the first visits find them ready. */
export async function prepareArt(db: Db, store: ArtStore): Promise<number> {
  const specs = await artInUse(db);
  for (const spec of specs) await store.get(spec);
  return specs.length;
}
