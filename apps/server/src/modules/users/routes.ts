import {
  ChangeMobileResultSchema,
  ChangeMobileSchema,
  CodeForChangeMobileSchema,
  EmptyPayloadSchema,
  envelope,
  MemberRightListSchema,
  NewMemberRightListSchema,
  SendCodeResultSchema,
  UpdateGuideResultSchema,
  UpdateGuideSchema,
  UpdateUserSchema,
  UserCenterSchema,
} from '@lawline/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Auth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { UserCentreService } from './centre.ts';
import type { MembershipService } from './membership.ts';

export type UserRoutesOptions = { auth: Auth; centre: UserCentreService; membership: MembershipService };

/** 我的 and member rights (spec §7 User). Every call needs a logged-in user. */
export const userCentreRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (app, opts) => {
  const { auth, centre, membership } = opts;
  const common = { preHandler: auth.requireUser } as const;
  const meta = { tags: ['user'], security: [{ token: [] }] };
  const uid = (request: { userId: number | null }) => request.userId as number;

  app.get(
    '/user/userCenter',
    {
      ...common,
      schema: {
        ...meta,
        summary: '我的：资料、会员、未读消息数、实名与微信绑定状态',
        querystring: EmptyPayloadSchema,
        response: { 200: envelope(UserCenterSchema) },
      },
    },
    async (request) => ok(await centre.centre(uid(request))),
  );

  app.post(
    '/user/update',
    {
      ...common,
      schema: {
        ...meta,
        summary: '修改昵称（1–20个字符）和/或头像（https 地址或 /media/ 路径）',
        body: UpdateUserSchema,
        response: { 200: envelope(UserCenterSchema) },
      },
    },
    async (request) => {
      await centre.update(uid(request), request.body);
      return ok(await centre.centre(uid(request)), '已保存');
    },
  );

  app.post(
    '/user/updateGuide',
    {
      ...common,
      schema: {
        ...meta,
        summary: "新手引导已完成（guideStatus '1'）",
        body: UpdateGuideSchema,
        response: { 200: envelope(UpdateGuideResultSchema) },
      },
    },
    async (request) => {
      await centre.finishGuide(uid(request));
      return ok({ isGuide: 1 as const });
    },
  );

  app.post(
    '/user/codeForChangeMobile',
    {
      ...common,
      schema: {
        ...meta,
        summary: '更换手机号：向新号码发送验证码（与登录相同的频率限制）',
        body: CodeForChangeMobileSchema,
        response: { 200: envelope(SendCodeResultSchema) },
      },
    },
    async (request) =>
      ok(await centre.sendChangeCode(uid(request), request.body.mobile, request.ip), '验证码已发送'),
  );

  app.post(
    '/user/changeMobile',
    {
      ...common,
      schema: {
        ...meta,
        summary: '更换手机号：新号码 + 验证码；已被其他账号使用的号码返回 409',
        body: ChangeMobileSchema,
        response: { 200: envelope(ChangeMobileResultSchema) },
      },
    },
    async (request) =>
      ok(await centre.changeMobile(uid(request), request.body.mobile, request.body.code), '手机号已更换'),
  );

  app.get(
    '/user/memberRightList',
    {
      ...common,
      schema: {
        ...meta,
        summary: '有效会员卡及其权益（每年次数、已用、剩余）',
        querystring: EmptyPayloadSchema,
        response: { 200: envelope(MemberRightListSchema) },
      },
    },
    async (request) => ok(await membership.cardRights(uid(request), 'active')),
  );

  app.get(
    '/user/newMemberRightList',
    {
      ...common,
      schema: {
        ...meta,
        summary: '按权益汇总的会员权益（多张卡次数相加）',
        querystring: EmptyPayloadSchema,
        response: { 200: envelope(NewMemberRightListSchema) },
      },
    },
    async (request) => ok(await membership.rightSummary(uid(request))),
  );

  app.get(
    '/user/memberRightExpired',
    {
      ...common,
      schema: {
        ...meta,
        summary: '已过期或已终止的会员卡及其权益',
        querystring: EmptyPayloadSchema,
        response: { 200: envelope(MemberRightListSchema) },
      },
    },
    async (request) => ok(await membership.cardRights(uid(request), 'expired')),
  );
};
