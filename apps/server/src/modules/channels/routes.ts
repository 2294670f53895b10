import {
  type ChannelData,
  ChannelDataSchema,
  envelope,
  GetChannelQuerySchema,
} from '@lawline/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { answerWithJson, Cached } from '../content/read-cache.ts';

export const channelRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = envelope(ChannelDataSchema);
  /** The answer of each cached channel config (ChannelService keeps one object per 30 s). */
  const answers = new WeakMap<ChannelData, Cached<ChannelData>>();

  app.get(
    '/channel/getChannel',
    {
      schema: {
        tags: ['channel'],
        summary: '渠道配置：名称、标志、配色、横幅、活动、电话咨询价格',
        querystring: GetChannelQuerySchema,
        response: { 200: schema },
      },
    },
    async (request, reply) => {
      let answer = answers.get(request.channel);
      if (answer === undefined) {
        answer = new Cached(request.channel, schema, (data: ChannelData) => ok(data));
        answers.set(request.channel, answer);
      }
      answerWithJson(reply, answer.body);
      return ok(request.channel);
    },
  );
};
