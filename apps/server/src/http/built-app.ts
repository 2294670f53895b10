import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { WireCode } from '@lawline/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope.ts';
import { documentRoute, markRoutes, SecurityKind } from './security-headers.ts';

export type BuiltAppOptions = {
  /** URL prefix with both slashes, e.g. '/h5/gzh/'. */
  prefix: string;
  /** The Vite build output folder. */
  dist: string;
  /** What to tell people when it is not built. */
  notBuiltMessage: string;
  /**
   * The app's own URL answers this page when it gives one (index.html filled in for the request);
   * null sends index.html as it is.
   */
  renderIndex?: (request: FastifyRequest) => Promise<string | null>;
};

type EncodedPage = { etag: string; identity: Buffer; br: Buffer; gzip: Buffer };

/** Pages made per request are few and repeat (one per channel): compressed once each. */
class EncodedPages {
  private readonly pages = new Map<string, EncodedPage>();

  get(html: string): EncodedPage {
    let page = this.pages.get(html);
    if (page) return page;
    const identity = Buffer.from(html);
    page = {
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      identity,
      br: brotliCompressSync(identity, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 10, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
      }),
      gzip: gzipSync(identity, { level: 9 }),
    };
    if (this.pages.size >= 64) this.pages.clear();
    this.pages.set(html, page);
    return page;
  }
}

/** br, else gzip, else none, by the request's Accept-Encoding (q=0 refuses). */
function chooseEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * Serves a built Vite app under its prefix: index.html never cached (WeChat caches hard), the
 * fingerprinted assets cached for a year, precompressed .br/.gz sent when accepted. Register it
 * once per app (each registration is encapsulated, so their sendFile do not clash).
 */
export async function builtAppRoutes(app: FastifyInstance, opts: BuiltAppOptions): Promise<void> {
  const bare = opts.prefix.replace(/\/$/, '');
  // The app's files (@fastify/static's routes): pages by their path, everything else an asset.
  markRoutes(app, SecurityKind.builtFile);
  if (!existsSync(join(opts.dist, 'index.html'))) {
    app.log.warn({ dist: opts.dist }, `${opts.prefix} is not built: run \`npm run build\``);
    const notBuilt = async (_request: unknown, reply: FastifyReply) =>
      reply.code(503).send(fail(WireCode.unavailable, opts.notBuiltMessage));
    app.get(bare, { schema: { hide: true }, ...documentRoute }, notBuilt);
    app.get(`${opts.prefix}*`, { schema: { hide: true } }, notBuilt);
    return;
  }

  await app.register(fastifyStatic, {
    root: opts.dist,
    prefix: opts.prefix,
    index: ['index.html'],
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, path) {
      // One URL, several encodings: caches must key on Accept-Encoding.
      res.setHeader('Vary', 'Accept-Encoding');
      if (path.endsWith('.html')) {
        res.setHeader('Cache-Control', 'no-cache');
      } else if (path.includes(`${join('/', 'assets', '/')}`)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('Cache-Control', 'public, max-age=3600');
      }
    },
  });
  const encoded = new EncodedPages();
  // The app's own URL (also without the slash, '/prefix/?/Page…' and '/prefix/index.html'): the
  // same page wherever it is asked for, with the pages' policy whatever the status (304 included).
  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const html = opts.renderIndex ? await opts.renderIndex(request) : null;
    if (html === null) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    // Headers as for the file: never cached without asking, one URL in several encodings (and, for
    // the H5's first screen, with or without its title bar by the user agent: WeChat's or not).
    const page = encoded.get(html);
    reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding, User-Agent')
      .header('ETag', page.etag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag)) {
      // Like a file's 304: no content type (the policy comes from the route, not from the type).
      return reply.code(304).send();
    }
    reply.type('text/html; charset=utf-8');
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(encoding ? page[encoding] : page.identity);
  };
  app.get(opts.prefix, { schema: { hide: true }, ...documentRoute }, servePage);
  app.get(`${opts.prefix}index.html`, { schema: { hide: true }, ...documentRoute }, servePage);
}
