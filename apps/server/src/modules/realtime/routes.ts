import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import {
  ClientMessageSchema,
  HeartbeatPong,
  RealtimeCloseCode,
  type RealtimeEvent,
} from '@lawline/contract/schemas';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
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

const PONG = JSON.stringify(HeartbeatPong);

function queryToken(request: FastifyRequest): string | null {
  const { token } = request.query as z.infer<typeof QuerySchema>;
  if (token && token.trim() !== '') return token.trim();
  return tokenOf(request);
}

/**
 * One live connection: what it needs after the upgrade and nothing more. Thousands are held
 * idle at once (issue 7: ≤ 10 KB each), so a connection keeps neither the HTTP request nor a
 * timer of its own: its handlers are shared functions, and one sweep per instance drops silent ones.
 */
class Connection {
  /** Date.now() of the last message from the client (or of the upgrade). */
  lastSeen = Date.now();
  closed = false;
  /** Set once the hub has the connection: leaves it again. */
  leave: (() => Promise<void>) | null = null;
  readonly listener: (message: HubMessage) => void;

  constructor(
    readonly socket: WebSocket,
    readonly userId: number,
  ) {
    this.listener = (message) => {
      if (message.kind === 'event') this.send(message.event);
      else socket.close(message.code, message.reason);
    };
  }

  send(event: RealtimeEvent): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(event));
  }
}

const connectionOf = new WeakMap<WebSocket, Connection>();

function onMessage(this: WebSocket, raw: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
  const connection = connectionOf.get(this);
  if (connection) connection.lastSeen = Date.now();
  if (isBinary) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString());
  } catch {
    return; // An invalid message is ignored; the connection stays.
  }
  if (ClientMessageSchema.safeParse(parsed).success) this.send(PONG);
}

/**
 * The HTTP response object the websocket plugin made for the upgrade stays attached to the TCP
 * socket (and through it the whole Fastify request: headers, child logger, reply) for as long as
 * the connection lives. Nothing writes to it after the upgrade: let it go.
 */
function releaseUpgradeResponse(request: FastifyRequest): void {
  const socket = request.raw.socket as Socket & { _httpMessage?: ServerResponse | null };
  const response = socket._httpMessage;
  if (response && typeof response.detachSocket === 'function') response.detachSocket(socket);
}

/**
 * GET /api/websocket/:userId?token=… (spec §4, §7). Refused before the upgrade: no or dead token →
 * HTTP 401; a path naming another user → HTTP 403. Then `{code:'ping'}` → `{code:'pong'}`,
 * anything else is ignored, and silence longer than idleTimeoutMs closes the connection (4408).
 */
export async function realtimeRoutes(app: FastifyInstance, opts: RealtimeRoutesOptions): Promise<void> {
  const { hub, sessions, idleTimeoutMs } = opts;
  const log: FastifyBaseLogger = app.log.child({ module: 'realtime' });
  const live = new Set<Connection>();

  // One sweep for every connection instead of a timer per connection: a silent connection is
  // dropped between idleTimeoutMs and idleTimeoutMs + one sweep period (at most 1 s) after its
  // last message.
  const sweepEveryMs = Math.max(20, Math.min(1000, Math.floor(idleTimeoutMs / 4)));
  let sweeper: NodeJS.Timeout | null = null;
  const sweep = () => {
    const now = Date.now();
    for (const connection of live) {
      if (now - connection.lastSeen >= idleTimeoutMs) {
        live.delete(connection);
        connection.socket.close(RealtimeCloseCode.idle, 'heartbeat timeout');
      }
    }
    if (live.size === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = null;
    }
  };
  app.addHook('onClose', async () => {
    if (sweeper) clearInterval(sweeper);
    sweeper = null;
  });

  function onError(this: WebSocket, err: Error): void {
    const connection = connectionOf.get(this);
    log.error({ err, userId: connection?.userId }, 'websocket error');
    this.terminate();
  }

  function onClose(this: WebSocket): void {
    const connection = connectionOf.get(this);
    if (!connection) return;
    connection.closed = true;
    live.delete(connection);
    connection.leave?.().catch(() => undefined);
  }

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
      const connection = new Connection(socket, request.userId as number);
      connectionOf.set(socket, connection);
      releaseUpgradeResponse(request);
      // The plugin's own error listener keeps the request and reply for the connection's life;
      // this one does what it did (log, terminate) with the instance's logger.
      socket.removeAllListeners('error');
      socket.on('error', onError);
      // Listeners are attached before anything is awaited, so no early message is lost.
      socket.on('message', onMessage);
      socket.on('close', onClose);
      live.add(connection);
      sweeper ??= setInterval(sweep, sweepEveryMs).unref();

      const { userId } = connection;
      hub
        .join(userId, connection.listener)
        .then(async (leave) => {
          if (connection.closed) {
            await leave();
            return;
          }
          connection.leave = leave;
          connection.send({ code: '101', data: { unreadCount: await opts.unreadCount(userId) } });
        })
        .catch((err: unknown) => {
          log.error({ err, userId }, 'realtime join failed');
          socket.close(1011, 'realtime unavailable');
        });
    },
  );
}
