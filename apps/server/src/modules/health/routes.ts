import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Liveness says the process answers; readiness says it can reach its database. */
export async function healthRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(opts.db);
      return { status: 'ready' };
    } catch (err) {
      _request.log.error({ err }, 'database not reachable');
      return reply.code(503).send({ status: 'unavailable', reason: 'database' });
    }
  });
}
