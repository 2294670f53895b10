import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { WireCode } from '@lawline/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { fail } from './envelope.ts';

export const WORKBENCH_PREFIX = '/workbench/';

/**
 * Serves the built lawyer workbench (apps/workbench) the way web-app.ts serves the H5 app:
 * index.html never cached, fingerprinted assets cached for a year. Registered as its own
 * (encapsulated) plugin, so its `sendFile` does not clash with the H5 app's.
 */
export async function workbenchAppRoutes(
  app: FastifyInstance,
  opts: { workbenchDist: string },
): Promise<void> {
  if (!existsSync(join(opts.workbenchDist, 'index.html'))) {
    app.log.warn({ workbenchDist: opts.workbenchDist }, 'workbench is not built: run `npm run build`');
    const notBuilt = async (_request: unknown, reply: FastifyReply) =>
      reply.code(503).send(fail(WireCode.unavailable, '律师工作台尚未构建，请先运行 npm run build'));
    app.get('/workbench', { schema: { hide: true } }, notBuilt);
    app.get(`${WORKBENCH_PREFIX}*`, { schema: { hide: true } }, notBuilt);
    return;
  }

  await app.register(fastifyStatic, {
    root: opts.workbenchDist,
    prefix: WORKBENCH_PREFIX,
    index: ['index.html'],
    wildcard: true,
    // The build writes .br and .gz beside each asset (apps/workbench/vite.config.ts).
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, path) {
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
  // The app's own URL ('/workbench' too, and '/workbench/?…'): the wildcard does not see it.
  app.get(WORKBENCH_PREFIX, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').sendFile('index.html'),
  );
}
