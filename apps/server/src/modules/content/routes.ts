import {
  ArticleDetailSchema,
  ArticleIdQuerySchema,
  ArticlePageSchema,
  ContentEmptyQuerySchema,
  ContentQuerySchema,
  envelope,
  PopularSearchSchema,
  TagSchema,
} from '@lawline/contract/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { type Auth, tokenOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { answerWithJson } from './read-cache.ts';
import { ContentService, type Viewer } from './service.ts';

/** The caller's token only when it is a live session (optionalUser resolved a user). */
function viewerOf(request: FastifyRequest): Viewer {
  return {
    token: request.userId !== null ? tokenOf(request) : null,
    ownDomain: request.channel.ownDomain,
  };
}

export const contentRoutes: FastifyPluginAsyncZod<{ db: Db; auth: Auth; clock: () => number }> = async (
  app,
  opts,
) => {
  const content = new ContentService(opts.db, opts.clock);
  const tags = ['content'];

  app.get(
    '/content',
    {
      preHandler: opts.auth.optionalUser,
      schema: {
        tags,
        summary:
          '资讯列表：page、limit（默认10）、searchContent（搜索标题和摘要）、tagIds（逗号分隔，含任一标签）、' +
          'sort（new 最新在前，hot 热门在前）；登录时本站链接 infoUrl 带上 token',
        querystring: ContentQuerySchema,
        response: { 200: envelope(ArticlePageSchema) },
      },
    },
    async (request, reply) => {
      const answer = await content.list(request.query, viewerOf(request));
      if (answer.cached) answerWithJson(reply, answer.cached.body);
      return ok(answer.page);
    },
  );

  app.get(
    '/content/tag/list',
    {
      schema: {
        tags,
        summary: '资讯标签（含文章数）',
        querystring: ContentEmptyQuerySchema,
        response: { 200: envelope(z.array(TagSchema)) },
      },
    },
    async () => ok(await content.tags()),
  );

  app.get(
    '/content/popularSearchList',
    {
      schema: {
        tags,
        summary: '热门搜索：通过资讯列表搜索（且有结果）次数最多的10个词',
        querystring: ContentEmptyQuerySchema,
        response: { 200: envelope(z.array(PopularSearchSchema)) },
      },
    },
    async () => ok(await content.popularSearches()),
  );

  app.get(
    '/content/detail',
    {
      preHandler: opts.auth.optionalUser,
      schema: {
        tags,
        summary:
          '文章详情（?id=）：每次打开阅读数加1；contentHtml 为服务器净化后的 HTML；登录时本站 infoUrl 带 token',
        querystring: ArticleIdQuerySchema,
        response: { 200: envelope(ArticleDetailSchema) },
      },
    },
    async (request) => ok(await content.detail(request.query.id, viewerOf(request))),
  );
};
