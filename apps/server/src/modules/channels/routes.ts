import { ChannelDataSchema, envelope, GetChannelQuerySchema } from '@lawline/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';

export const channelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/channel/getChannel',
    {
      schema: {
        tags: ['channel'],
        summary: '渠道配置：名称、标志、配色、横幅、活动、电话咨询价格',
        querystring: GetChannelQuerySchema,
        response: { 200: envelope(ChannelDataSchema) },
      },
    },
    async (request) => ok(request.channel),
  );
};
