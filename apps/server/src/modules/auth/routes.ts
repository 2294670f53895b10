import {
  CodeLoginSchema,
  EmptyPayloadSchema,
  envelope,
  SendCodeResultSchema,
  SendCodeSchema,
  UserInfoSchema,
} from '@lawline/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Auth, tokenOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { SessionService } from '../sessions/service.ts';
import type { UserService } from '../users/service.ts';
import type { AuthService } from './service.ts';

export type AuthRoutesOptions = {
  auth: Auth;
  authService: AuthService;
  sessions: SessionService;
  users: UserService;
};

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const { auth, authService, sessions, users } = opts;

  app.post(
    '/user/sendCode',
    {
      schema: {
        tags: ['user'],
        summary: '发送登录验证码（同一号码60秒1次、每小时5次、每天10次）',
        body: SendCodeSchema,
        response: { 200: envelope(SendCodeResultSchema) },
      },
    },
    async (request) =>
      ok(await authService.sendCode(request.body.mobile, 'login', request.ip), '验证码已发送'),
  );

  app.post(
    '/user/codeLogin',
    {
      schema: {
        tags: ['user'],
        summary: '验证码登录；首次登录即注册',
        body: CodeLoginSchema,
        response: { 200: envelope(UserInfoSchema) },
      },
    },
    async (request) => {
      const { userId, token } = await authService.codeLogin(
        request.body.mobile,
        request.body.code,
        request.channel.channel,
      );
      return ok(await users.info(userId, token, request.channel), '登录成功');
    },
  );

  app.post(
    '/user/logout',
    {
      preHandler: auth.requireUser,
      schema: {
        tags: ['user'],
        security: [{ token: [] }],
        body: EmptyPayloadSchema.optional(),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const token = tokenOf(request);
      if (token) await sessions.revoke(token);
      return ok(null, '已退出登录');
    },
  );

  app.get(
    '/user/userInfo',
    {
      preHandler: auth.requireUser,
      schema: {
        tags: ['user'],
        security: [{ token: [] }],
        querystring: EmptyPayloadSchema,
        response: { 200: envelope(UserInfoSchema) },
      },
    },
    async (request) =>
      ok(await users.info(request.userId as number, tokenOf(request) ?? '', request.channel)),
  );
};
