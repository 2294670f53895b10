import {
  EmptyPayloadSchema,
  envelope,
  LawyerCallSchema,
  LawyerCodeLoginSchema,
  LawyerCurrentCallSchema,
  LawyerMeSchema,
  LawyerOfferListSchema,
  LawyerOrderIdSchema,
  LawyerOrderPageSchema,
  LawyerOrdersQuerySchema,
  LawyerPresenceResultSchema,
  LawyerPresenceSchema,
  LawyerSendCodeSchema,
  LawyerSessionSchema,
  SendCodeResultSchema,
} from '@lawline/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Auth, tokenOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { SessionService } from '../sessions/service.ts';
import type { WorkbenchService } from './workbench.ts';

/** The lawyer workbench API (issue 5): /api/v2/lawyer/*, lawyer tokens only (consumer tokens: 403). */
export const lawyerWorkbenchRoutes: FastifyPluginAsyncZod<{
  auth: Auth;
  workbench: WorkbenchService;
  sessions: SessionService;
}> = async (app, { auth, workbench, sessions }) => {
  const common = { preHandler: auth.requireLawyer } as const;
  const meta = { tags: ['lawyer'], security: [{ token: [] }] };
  const uid = (request: { userId: number | null }) => request.userId as number;

  app.post(
    '/lawyer/sendCode',
    {
      schema: {
        tags: ['lawyer'],
        summary: '律师登录验证码（非律师号码同样回答，但不发送）',
        body: LawyerSendCodeSchema,
        response: { 200: envelope(SendCodeResultSchema) },
      },
    },
    async (request) => ok(await workbench.sendCode(request.body.mobile, request.ip), '验证码已发送'),
  );

  app.post(
    '/lawyer/codeLogin',
    {
      schema: {
        tags: ['lawyer'],
        summary: '律师验证码登录，返回律师 token',
        body: LawyerCodeLoginSchema,
        response: { 200: envelope(LawyerSessionSchema) },
      },
    },
    async (request) => ok(await workbench.login(request.body.mobile, request.body.code), '登录成功'),
  );

  app.post(
    '/lawyer/logout',
    {
      ...common,
      schema: { ...meta, body: EmptyPayloadSchema.optional(), response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      const token = tokenOf(request);
      if (token) await sessions.revoke(token);
      return ok(null, '已退出登录');
    },
  );

  app.get(
    '/lawyer/me',
    {
      ...common,
      schema: {
        ...meta,
        summary: '律师资料、接单状态、今日与累计通话和收入',
        querystring: EmptyPayloadSchema,
        response: { 200: envelope(LawyerMeSchema) },
      },
    },
    async (request) => ok(await workbench.me(uid(request))),
  );

  app.post(
    '/lawyer/presence',
    {
      ...common,
      schema: {
        ...meta,
        summary: '上线接单 / 下线',
        body: LawyerPresenceSchema,
        response: { 200: envelope(LawyerPresenceResultSchema) },
      },
    },
    async (request) => ok(await workbench.setPresence(uid(request), request.body.status)),
  );

  app.get(
    '/lawyer/offers',
    {
      ...common,
      schema: {
        ...meta,
        summary: '待接订单（含倒计时；不含用户手机号）',
        querystring: EmptyPayloadSchema,
        response: { 200: envelope(LawyerOfferListSchema) },
      },
    },
    async (request) => ok(await workbench.offers(uid(request))),
  );

  app.post(
    '/lawyer/offer/accept',
    {
      ...common,
      schema: {
        ...meta,
        summary: '接单（两位律师同时接单只有一位成功，另一位 409 已被其他律师接单）',
        body: LawyerOrderIdSchema,
        response: { 200: envelope(LawyerCallSchema) },
      },
    },
    async (request) => ok(await workbench.accept(uid(request), request.body.orderId), '接单成功'),
  );

  app.post(
    '/lawyer/offer/decline',
    {
      ...common,
      schema: {
        ...meta,
        summary: '拒绝接单（订单转给下一位律师）',
        body: LawyerOrderIdSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => ok(await workbench.decline(uid(request), request.body.orderId), '已拒绝'),
  );

  app.get(
    '/lawyer/call/current',
    {
      ...common,
      schema: {
        ...meta,
        summary: '当前已接的订单（待拨打或通话中），没有时为 null',
        querystring: EmptyPayloadSchema,
        response: { 200: envelope(LawyerCurrentCallSchema) },
      },
    },
    async (request) => ok(await workbench.current(uid(request))),
  );

  app.post(
    '/lawyer/call/connect',
    {
      ...common,
      schema: {
        ...meta,
        summary: '（沙箱）接通电话',
        body: LawyerOrderIdSchema,
        response: { 200: envelope(LawyerCallSchema) },
      },
    },
    async (request) => ok(await workbench.connect(uid(request), request.body.orderId), '已接通'),
  );

  app.post(
    '/lawyer/call/hangup',
    {
      ...common,
      schema: {
        ...meta,
        summary: '（沙箱）挂断电话：生成通话记录并结算',
        body: LawyerOrderIdSchema,
        response: { 200: envelope(LawyerCallSchema) },
      },
    },
    async (request) => ok(await workbench.hangup(uid(request), request.body.orderId), '已挂断'),
  );

  app.get(
    '/lawyer/orders',
    {
      ...common,
      schema: {
        ...meta,
        summary: '已完成的通话（时长、收入）',
        querystring: LawyerOrdersQuerySchema,
        response: { 200: envelope(LawyerOrderPageSchema) },
      },
    },
    async (request) => ok(await workbench.orders(uid(request), request.query.page, request.query.limit)),
  );
};
