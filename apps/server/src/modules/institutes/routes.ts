import {
  envelope,
  InstituteIdQuerySchema,
  InstituteInfoSchema,
  InstituteLawyersQuerySchema,
  InstitutePageQuerySchema,
  InstitutePageSchema,
  LawyerPageSchema,
} from '@lawline/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { InstituteService } from './service.ts';

export const instituteRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, opts) => {
  const institutes = new InstituteService(opts.db);
  const tags = ['institute'];

  app.get(
    '/institute/list',
    {
      schema: {
        tags,
        summary: '研究院列表（Institute）：可按关键词 keyword（名称/城市/简介）搜索，分页',
        querystring: InstitutePageQuerySchema,
        response: { 200: envelope(InstitutePageSchema) },
      },
    },
    async (request) => ok(await institutes.page(request.query)),
  );

  app.get(
    '/institute/info',
    {
      schema: {
        tags,
        summary: '研究院详情（InstituteInfo / Institute4Info，?id=）：介绍、地址与最热的6位平台律师',
        querystring: InstituteIdQuerySchema,
        response: { 200: envelope(InstituteInfoSchema) },
      },
    },
    async (request) => ok(await institutes.info(request.query.id)),
  );

  app.get(
    '/institute/lawyers',
    {
      schema: {
        tags,
        summary: '研究院的平台律师（?id=研究院id），按热度排序，分页',
        querystring: InstituteLawyersQuerySchema,
        response: { 200: envelope(LawyerPageSchema) },
      },
    },
    async (request) => ok(await institutes.lawyers(request.query)),
  );
};
