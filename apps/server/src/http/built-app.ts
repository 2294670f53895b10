import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { WireCode } from '@lawline/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { fail } from './envelope.ts';

export type BuiltAppOptions = {
  /** URL prefix with both slashes, e.g. '/h5/gzh/'. */
  prefix: string;
  /** The Vite build output folder. */
  dist: string;
  /** What to tell people when it is not built. */
  notBuiltMessage: string;
};

/**
 * Serves a built Vite app under its prefix: index.html never cached (WeChat caches hard), the
 * fingerprinted assets cached for a year, precompressed .br/.gz sent when accepted. Register it
 * once per app (each registration is encapsulated, so their sendFile do not clash).
 */
export async function builtAppRoutes(app: FastifyInstance, opts: BuiltAppOptions): Promise<void> {
  const bare = opts.prefix.replace(/\/$/, '');
  if (!existsSync(join(opts.dist, 'index.html'))) {
    app.log.warn({ dist: opts.dist }, `${opts.prefix} is not built: run \`npm run build\``);
    const notBuilt = async (_request: unknown, reply: FastifyReply) =>
      reply.code(503).send(fail(WireCode.unavailable, opts.notBuiltMessage));
    app.get(bare, { schema: { hide: true } }, notBuilt);
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
  // The app's own URL (also without the slash, and '/prefix/?/Page…'): the wildcard does not see it.
  app.get(opts.prefix, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').sendFile('index.html'),
  );
}
