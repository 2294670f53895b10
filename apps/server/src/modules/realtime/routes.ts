import {
  ClientMessageSchema,
  HeartbeatPong,
  RealtimeCloseCode,
  type RealtimeEvent,
} from '@lawline/contract/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tokenOf } from '../../http/auth.ts';
import { forbidden, loginExpired } from '../../http/errors.ts';
import type { SessionService } from '../sessions/service.ts';
import type { HubMessage, RealtimeHub } from './hub.ts';

export type RealtimeRoutesOptions = {
  hub: RealtimeHub;
  sessions: SessionService;
  /** A connection that sent nothing for this long is dropped. */
  idleTimeoutMs: number;
  /** The current unread count, sent as the first '101' once the connection is live. */
  unreadCount: (userId: number) => Promise<number>;
};

const ParamsSchema = z.object({
  userId: z.coerce.number({ error: '用户id必须是正整数' }).int().positive().max(2_147_483_647),
});
/** Browsers cannot set headers on a websocket: the token comes as ?token=. Other params are ignored. */
const QuerySchema = z.looseObject({ token: z.string().max(256).optional() });

function queryToken(request: FastifyRequest): string | null {
  const { token } = request.query as z.infer<typeof QuerySchema>;
  if (token && token.trim() !== '') return token.trim();
  return tokenOf(request);
}

/**
 * GET /api/websocket/:userId?token=… (spec §4, §7). Refused before the upgrade: no or dead token →
 * HTTP 401; a path naming another user → HTTP 403. Then `{code:'ping'}` → `{code:'pong'}`,
 * anything else is ignored, and silence longer than idleTimeoutMs closes the connection (4408).
 */
export async function realtimeRoutes(app: FastifyInstance, opts: RealtimeRoutesOptions): Promise<void> {
  const { hub, sessions, idleTimeoutMs } = opts;

  app.get(
    '/api/websocket/:userId',
    {
      websocket: true,
      // The token is in the URL: keep request lines out of the log.
      logLevel: 'warn',
      schema: { hide: true, params: ParamsSchema, querystring: QuerySchema },
      preHandler: async (request) => {
        const token = queryToken(request);
        if (!token) throw loginExpired('请先登录');
        // Consumers and lawyers (workbench: offers '104'/'105') each subscribe to their own user id.
        const session = await sessions.resolveSession(token);
        if (session === null) throw loginExpired();
        const { userId } = session;
        const { userId: pathUser } = request.params as z.infer<typeof ParamsSchema>;
        if (pathUser !== userId) throw forbidden('无权订阅其他用户的消息');
        request.userId = userId;
      },
    },
    (socket, request) => {
      const userId = request.userId as number;
      let closed = false;
      let idle: NodeJS.Timeout | undefined;
      const armIdle = () => {
        clearTimeout(idle);
        idle = setTimeout(() => socket.close(RealtimeCloseCode.idle, 'heartbeat timeout'), idleTimeoutMs);
      };
      const sendEvent = (event: RealtimeEvent) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
      };
      const listener = (message: HubMessage) => {
        if (message.kind === 'event') sendEvent(message.event);
        else socket.close(message.code, message.reason);
      };

      // Listeners are attached before anything is awaited, so no early message is lost.
      armIdle();
      socket.on('message', (raw, isBinary) => {
        armIdle();
        if (isBinary) return;
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString());
        } catch {
          return; // An invalid message is ignored; the connection stays.
        }
        if (ClientMessageSchema.safeParse(parsed).success) socket.send(JSON.stringify(HeartbeatPong));
      });
      socket.on('error', (err) => request.log.debug({ err }, 'websocket error'));

      const joined = hub.join(userId, listener);
      socket.on('close', () => {
        closed = true;
        clearTimeout(idle);
        void joined.then((leave) => leave()).catch(() => undefined);
      });
      void joined
        .then(async () => {
          if (closed) return;
          sendEvent({ code: '101', data: { unreadCount: await opts.unreadCount(userId) } });
        })
        .catch((err: unknown) => {
          request.log.error({ err }, 'realtime join failed');
          socket.close(1011, 'realtime unavailable');
        });
    },
  );
}
