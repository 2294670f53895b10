import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { WireCode } from '@lawline/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { fail } from './envelope.ts';

export const WEB_PREFIX = '/h5/gzh/';

/**
 * Serves the built H5 app. index.html is never cached (WeChat caches hard); the fingerprinted
 * assets are cached for a year.
 */
export async function webAppRoutes(app: FastifyInstance, opts: { webDist: string }): Promise<void> {
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const at = request.url.indexOf('?');
    return reply.redirect(`${WEB_PREFIX}${at >= 0 ? request.url.slice(at) : ''}`, 302);
  });

  if (!existsSync(join(opts.webDist, 'index.html'))) {
    app.log.warn({ webDist: opts.webDist }, 'web app is not built: run `npm run build`');
    const notBuilt = async (_request: unknown, reply: FastifyReply) =>
      reply.code(503).send(fail(WireCode.unavailable, '前端尚未构建，请先运行 npm run build'));
    app.get('/h5/gzh', { schema: { hide: true } }, notBuilt);
    app.get(`${WEB_PREFIX}*`, { schema: { hide: true } }, notBuilt);
    return;
  }

  await app.register(fastifyStatic, {
    root: opts.webDist,
    prefix: WEB_PREFIX,
    index: ['index.html'],
    wildcard: true,
    // The build writes .br and .gz beside each asset (apps/web/vite.config.ts): sent when accepted.
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, path) {
      // One URL, several encodings (preCompressed): caches must key on Accept-Encoding.
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
  // The app's own URL (also '/h5/gzh' and '/h5/gzh/?/Page…'): the wildcard does not see it.
  app.get('/h5/gzh/', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').sendFile('index.html'),
  );
}
