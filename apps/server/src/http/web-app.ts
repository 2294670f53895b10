import type { FastifyInstance } from 'fastify';
import { builtAppRoutes } from './built-app.ts';

export const WEB_PREFIX = '/h5/gzh/';

/** The H5 app at /h5/gzh/; the site root redirects there, keeping the query (?channel=…). */
export async function webAppRoutes(app: FastifyInstance, opts: { webDist: string }): Promise<void> {
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const at = request.url.indexOf('?');
    return reply.redirect(`${WEB_PREFIX}${at >= 0 ? request.url.slice(at) : ''}`, 302);
  });
  await builtAppRoutes(app, {
    prefix: WEB_PREFIX,
    dist: opts.webDist,
    notBuiltMessage: '前端尚未构建，请先运行 npm run build',
  });
}
