import { envelope, PosterInfoSchema, PosterQuerySchema } from '@lawline/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { PosterService } from './service.ts';

export const posterRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, opts) => {
  const posters = new PosterService(opts.db);

  app.get(
    '/poster/info',
    {
      schema: {
        tags: ['poster'],
        summary:
          '渠道分享海报（?channel=，即公共参数）：标题、副标题、各海报文案与背景，以及二维码要承载的分享链接 shareLink',
        querystring: PosterQuerySchema,
        response: { 200: envelope(PosterInfoSchema) },
      },
    },
    async (request) => ok(await posters.info(request.channel)),
  );
};
