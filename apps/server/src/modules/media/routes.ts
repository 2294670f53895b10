import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/database.ts';
import { ArtStore, prepareArt } from '../../db/seed/art/render.ts';
import { parseArtFile } from '../../db/seed/art/scenes.ts';
import { markRoutes, SecurityKind } from '../../http/security-headers.ts';

/**
 * GET /media/ph/{w}x{h}.svg?text=…&bg=…&fg=… — a deterministic SVG placeholder image for the
 * seed's logos and avatars (the product ships no binary images).
 * GET /media/art/{scene}-{w}x{h}.webp — the seed's banners and covers: illustrations the project
 * draws (db/seed/art), rendered to WebP once and kept in DATA_DIR.
 */

const FILE_PATTERN = /^([1-9][0-9]{1,3})x([1-9][0-9]{1,3})\.svg$/;
const HEX_PATTERN = /^(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const MIN_SIZE = 16;
const MAX_SIZE = 2000;
const MAX_TEXT_CHARS = 24;
const DEFAULT_BG = 'e5e7eb';
/**
 * Chinese fonts first, the common Linux one included: an SVG image is a document of its own, and a
 * browser without the first fonts would otherwise search its system fallback for every character
 * of every placeholder (tens of milliseconds of layout each on a throttled phone).
 */
const FONT_FAMILY =
  'PingFang SC, Hiragino Sans GB, Microsoft YaHei, Noto Sans CJK SC, WenQuanYi Micro Hei, sans-serif';

type QueryValue = string | string[] | undefined;
type PlaceholderRoute = {
  Params: { file: string };
  Querystring: { text?: QueryValue; bg?: QueryValue; fg?: QueryValue };
};

function badParams(reply: FastifyReply) {
  return reply.code(400).send({ code: 400, msg: '图片参数不正确', data: null });
}

function notFound(reply: FastifyReply) {
  return reply.code(404).send({ code: 404, msg: '图片不存在', data: null });
}

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** 'abc' → 'aabbcc', lower case. */
function expandHex(hex: string): string {
  const lower = hex.toLowerCase();
  return lower.length === 3 ? [...lower].map((c) => c + c).join('') : lower;
}

/** Dark text on light backgrounds, white text on dark ones. */
function contrastColor(bg: string): string {
  const r = Number.parseInt(bg.slice(0, 2), 16);
  const g = Number.parseInt(bg.slice(2, 4), 16);
  const b = Number.parseInt(bg.slice(4, 6), 16);
  const luminance = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
  return luminance > 0.6 ? '374151' : 'ffffff';
}

/** Rough width of the text in ems: CJK and other wide characters 1, ASCII about 0.6. */
function textEms(text: string): number {
  let ems = 0;
  for (const ch of text) ems += (ch.codePointAt(0) ?? 0) < 0x2e80 ? 0.6 : 1;
  return ems;
}

/** Optional query string parameter: undefined when absent, null when malformed (repeated). */
function single(value: QueryValue): string | undefined | null {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : null;
}

export function renderPlaceholderSvg(w: number, h: number, text: string, bg: string, fg: string): string {
  const ems = textEms(text);
  const fontSize = Math.max(8, Math.floor(Math.min(h * 0.36, ems > 0 ? (w * 0.84) / ems : h)));
  const label = escapeXml(text);
  const body =
    text === ''
      ? ''
      : `<text x="50%" y="50%" fill="#${fg}" font-family="${FONT_FAMILY}" font-size="${fontSize}" ` +
        `font-weight="600" text-anchor="middle" dominant-baseline="central">${label}</text>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" ` +
    `role="img" aria-label="${label}"><rect width="${w}" height="${h}" fill="#${bg}"/>${body}</svg>`
  );
}

export type MediaOptions = {
  dataDir: string;
  db: Db;
  /** Make the pictures the seeded rows refer to when the server starts listening (config.seed). */
  prepareArt: boolean;
};

/** Art answers: not `immutable` (the address stays when the drawing changes), revalidated by ETag. */
const ART_CACHE = 'public, max-age=86400';

export async function mediaRoutes(app: FastifyInstance, opts: MediaOptions): Promise<void> {
  markRoutes(app, SecurityKind.asset);
  const art = new ArtStore(opts.dataDir);
  if (opts.prepareArt) {
    // After listen, in the background: the first start (the seed) makes them, later starts read them.
    app.addHook('onListen', (done) => {
      const started = Date.now();
      prepareArt(opts.db, art).then(
        (count) => app.log.info({ count, ms: Date.now() - started }, 'seed pictures ready'),
        (err: unknown) => app.log.warn({ err }, 'seed pictures not made; made on first request instead'),
      );
      done();
    });
  }

  app.get<{ Params: { file: string } }>('/media/art/:file', async (request, reply) => {
    const spec = parseArtFile(request.params.file);
    if (!spec) return notFound(reply);
    const { data, etag } = await art.get(spec);
    reply.header('cache-control', ART_CACHE).header('etag', etag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return reply.code(304).send();
    }
    return reply.code(200).header('content-type', 'image/webp').send(data);
  });

  app.get<PlaceholderRoute>('/media/ph/:file', async (request, reply) => {
    const match = FILE_PATTERN.exec(request.params.file);
    if (!match) return notFound(reply);
    const w = Number(match[1]);
    const h = Number(match[2]);
    if (w < MIN_SIZE || w > MAX_SIZE || h < MIN_SIZE || h > MAX_SIZE) return notFound(reply);

    const text = single(request.query.text);
    const bgParam = single(request.query.bg);
    const fgParam = single(request.query.fg);
    if (text === null || bgParam === null || fgParam === null) return badParams(reply);
    // Control characters are not allowed in XML 1.0 text.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: that is exactly what is rejected.
    if (text !== undefined && ([...text].length > MAX_TEXT_CHARS || /[\u0000-\u001f\u007f]/.test(text))) {
      return badParams(reply);
    }
    if (bgParam !== undefined && !HEX_PATTERN.test(bgParam)) return badParams(reply);
    if (fgParam !== undefined && !HEX_PATTERN.test(fgParam)) return badParams(reply);

    const bg = expandHex(bgParam ?? DEFAULT_BG);
    const fg = fgParam === undefined ? contrastColor(bg) : expandHex(fgParam);
    const svg = renderPlaceholderSvg(w, h, text ?? `${w}×${h}`, bg, fg);
    return reply
      .code(200)
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400, immutable')
      .send(svg);
  });
}
