import {
  envelope,
  TaxAdvisorIdQuerySchema,
  TaxAdvisorPageQuerySchema,
  TaxAdvisorPageSchema,
  TaxAdvisorSchema,
} from '@lawline/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { TaxService } from './service.ts';

export const taxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, opts) => {
  const tax = new TaxService(opts.db);
  const tags = ['tax'];

  app.get(
    '/uc/taxAdvisor/page',
    {
      schema: {
        tags,
        summary: '税务顾问列表：按领域 field、关键词 keyword（姓名/机构/简介）筛选，执业年限长的在前，分页',
        querystring: TaxAdvisorPageQuerySchema,
        response: { 200: envelope(TaxAdvisorPageSchema) },
      },
    },
    async (request) => ok(await tax.advisors(request.query)),
  );

  app.get(
    '/uc/taxAdvisor',
    {
      schema: {
        tags,
        summary: '税务顾问详情（?id=）',
        querystring: TaxAdvisorIdQuerySchema,
        response: { 200: envelope(TaxAdvisorSchema) },
      },
    },
    async (request) => ok(await tax.advisor(request.query.id)),
  );

  app.get(
    '/tax/taxexpert/page',
    {
      schema: {
        tags,
        summary: '税务专家列表（税务顾问中的专家），筛选与分页同 uc/taxAdvisor/page',
        querystring: TaxAdvisorPageQuerySchema,
        response: { 200: envelope(TaxAdvisorPageSchema) },
      },
    },
    async (request) => ok(await tax.experts(request.query)),
  );
};
