import {
  CampaignSchema,
  ClaimActivitySchema,
  CouponListQuerySchema,
  EmptyPayloadSchema,
  envelope,
  UserCouponSchema,
} from '@lawline/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { CouponService } from './service.ts';

export const couponRoutes: FastifyPluginAsyncZod<{ auth: Auth; coupons: CouponService }> = async (
  app,
  opts,
) => {
  const { auth, coupons } = opts;

  app.post(
    '/activity/get',
    {
      preHandler: auth.requireUser,
      schema: {
        tags: ['coupon'],
        summary: '领取渠道活动的优惠券（每人一次）',
        security: [{ token: [] }],
        body: ClaimActivitySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) =>
      ok(
        null,
        await coupons.claim(request.userId as number, request.body.activityId, request.channel.channel),
      ),
  );

  app.get(
    '/h5/getActivity',
    {
      preHandler: auth.optionalUser,
      schema: {
        tags: ['coupon'],
        summary: '渠道正在进行的领券活动（登录时附带是否已领取）',
        querystring: EmptyPayloadSchema,
        response: { 200: envelope(CampaignSchema) },
      },
    },
    async (request) => ok(await coupons.campaign(request.channel.channel, request.userId)),
  );

  app.get(
    '/activity/whichActivity',
    {
      preHandler: auth.requireUser,
      schema: {
        tags: ['coupon'],
        summary: '当前用户可参加的领券活动及是否已领取',
        security: [{ token: [] }],
        querystring: EmptyPayloadSchema,
        response: { 200: envelope(CampaignSchema) },
      },
    },
    async (request) => ok(await coupons.campaign(request.channel.channel, request.userId as number)),
  );

  app.get(
    '/coupon/list',
    {
      preHandler: auth.requireUser,
      schema: {
        tags: ['coupon'],
        summary: '我的优惠券（可用 / 已使用 / 已过期）',
        security: [{ token: [] }],
        querystring: CouponListQuerySchema,
        response: { 200: envelope(z.array(UserCouponSchema)) },
      },
    },
    async (request) => ok(await coupons.list(request.userId as number, request.query.status)),
  );
};
