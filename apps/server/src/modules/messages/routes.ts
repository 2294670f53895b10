import {
  EmptyPayloadSchema,
  envelope,
  MessageListQuerySchema,
  MessagePageSchema,
  ReadMessageSchema,
  UnreadCountSchema,
} from '@lawline/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Auth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { NotificationService } from './service.ts';

export const messageRoutes: FastifyPluginAsyncZod<{
  auth: Auth;
  notifications: NotificationService;
}> = async (app, { auth, notifications }) => {
  const common = { preHandler: auth.requireUser } as const;
  const meta = { tags: ['message'], security: [{ token: [] }] };

  app.get(
    '/message/list',
    {
      ...common,
      schema: {
        ...meta,
        summary: '消息通知列表（新的在前）',
        querystring: MessageListQuerySchema,
        response: { 200: envelope(MessagePageSchema) },
      },
    },
    async (request) =>
      ok(await notifications.list(request.userId as number, request.query.page, request.query.limit)),
  );

  app.post(
    '/message/read',
    {
      ...common,
      schema: {
        ...meta,
        summary: '标记已读：{id} 一条，或 {all: true} 全部',
        body: ReadMessageSchema,
        response: { 200: envelope(UnreadCountSchema) },
      },
    },
    async (request) =>
      ok({ unreadCount: await notifications.read(request.userId as number, request.body) }, '已标记为已读'),
  );

  app.get(
    '/message/unreadCount',
    {
      ...common,
      schema: {
        ...meta,
        summary: '未读消息数',
        querystring: EmptyPayloadSchema,
        response: { 200: envelope(UnreadCountSchema) },
      },
    },
    async (request) => ok({ unreadCount: await notifications.unreadCount(request.userId as number) }),
  );
};
