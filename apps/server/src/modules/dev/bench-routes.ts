import { performance } from 'node:perf_hooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest } from '../../http/errors.ts';
import type { NotificationService } from '../messages/service.ts';
import type { RealtimeHub } from '../realtime/hub.ts';

/** Epoch milliseconds with sub-millisecond precision, comparable across processes of one machine. */
export function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}

function liveConnections(hub: RealtimeHub): number | null {
  const rooms = (hub as { rooms?: { connectionCount(): number } }).rooms;
  return rooms ? rooms.connectionCount() : null;
}

/**
 * SANDBOX ONLY (registered beside the other /api/dev routes): the hooks `npm run bench` measures
 * through. The server's memory, and one notification pushed to each of a range of users through
 * the real NotificationService, with the moment each push started.
 */
export const benchRoutes: FastifyPluginAsyncZod<{
  db: Db;
  notifications: NotificationService;
  hub: RealtimeHub;
}> = async (app, opts) => {
  app.get(
    '/memory',
    {
      schema: {
        tags: ['dev'],
        summary: '进程内存（仅沙箱模式，基准测试用）',
        querystring: z.strictObject({ gc: z.enum(['0', '1']).optional() }),
      },
    },
    async (request) => {
      const gc = (globalThis as { gc?: () => void }).gc;
      if (request.query.gc === '1' && gc) {
        gc();
        gc();
      }
      const m = process.memoryUsage();
      return ok({
        rss: m.rss,
        heapUsed: m.heapUsed,
        heapTotal: m.heapTotal,
        external: m.external,
        arrayBuffers: m.arrayBuffers,
        gcExposed: Boolean(gc),
        connections: liveConnections(opts.hub),
      });
    },
  );

  app.post(
    '/push',
    {
      schema: {
        tags: ['dev'],
        summary: '向一段用户各推送一条通知（仅沙箱模式，基准测试用）',
        body: z.strictObject({
          fromUserId: z.number().int().positive(),
          toUserId: z.number().int().positive(),
          /** How many notifications are in flight at once. */
          concurrency: z.number().int().min(1).max(256).default(16),
        }),
      },
    },
    async (request) => {
      const { fromUserId, toUserId, concurrency } = request.body;
      if (toUserId < fromUserId || toUserId - fromUserId >= 50_000) {
        throw badRequest('用户范围有误：toUserId 不小于 fromUserId，且最多 50000 个');
      }
      const rows = await opts.db
        .selectFrom('users')
        .select('id')
        .where('id', '>=', fromUserId)
        .where('id', '<=', toUserId)
        .orderBy('id')
        .execute();
      const ids = rows.map((r) => r.id);
      const startedAt: Record<number, number> = {};
      let next = 0;
      const worker = async () => {
        while (next < ids.length) {
          const userId = ids[next++] as number;
          startedAt[userId] = preciseNow();
          await opts.notifications.notify(userId, {
            title: '基准测试',
            content: '推送延迟测量',
            kind: 'system',
          });
        }
      };
      const began = preciseNow();
      await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker));
      return ok({ startedAt, tookMs: preciseNow() - began });
    },
  );
};
