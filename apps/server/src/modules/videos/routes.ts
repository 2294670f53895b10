import {
  envelope,
  VideoDetailSchema,
  VideoIdQuerySchema,
  VideoListQuerySchema,
  VideoPageSchema,
} from '@lawline/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { VideoService } from './service.ts';

export const videoRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, opts) => {
  const videos = new VideoService(opts.db);

  app.get(
    '/video/list',
    {
      schema: {
        tags: ['video'],
        summary: '律师视频列表（新的在前，分页）；可按律师 lawyerId 或标题关键词 keyword 筛选',
        querystring: VideoListQuerySchema,
        response: { 200: envelope(VideoPageSchema) },
      },
    },
    async (request) => ok(await videos.page(request.query)),
  );

  app.get(
    '/video/detail',
    {
      schema: {
        tags: ['video'],
        summary: '律师视频详情；示例视频 playable=false，notice 给出「示例视频暂不可播放」',
        querystring: VideoIdQuerySchema,
        response: { 200: envelope(VideoDetailSchema) },
      },
    },
    async (request) => ok(await videos.detail(request.query.id)),
  );
};
