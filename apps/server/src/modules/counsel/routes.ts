import {
  envelope,
  PrivateCounselAddSchema,
  PrivateCounselDeleteSchema,
  PrivateCounselListQuerySchema,
  PrivateCounselPageQuerySchema,
  PrivateCounselPageSchema,
  PrivateCounselSchema,
} from '@lawline/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Auth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { CounselService } from './service.ts';

export const counselRoutes: FastifyPluginAsyncZod<{ db: Db; auth: Auth; clock: () => number }> = async (
  app,
  opts,
) => {
  const counsel = new CounselService(opts.db, opts.clock);
  const common = { preHandler: opts.auth.requireUser };
  const tags = ['privateCounsel'];
  const security = [{ token: [] }];
  const userOf = (request: { userId: number | null }) => request.userId as number;

  app.get(
    '/privateCounsel/page',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: '我的私人律师（分页，最近添加的在前；需登录）',
        querystring: PrivateCounselPageQuerySchema,
        response: { 200: envelope(PrivateCounselPageSchema) },
      },
    },
    async (request) => ok(await counsel.page(userOf(request), request.query)),
  );

  app.get(
    '/privateCounsel/list',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: '我的私人律师（全部，最多50位；需登录）',
        querystring: PrivateCounselListQuerySchema,
        response: { 200: envelope(z.array(PrivateCounselSchema)) },
      },
    },
    async (request) => ok(await counsel.list(userOf(request))),
  );

  app.post(
    '/privateCounsel/add',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: '添加私人律师（lawyerId；重复添加不会重复记录；需登录）',
        body: PrivateCounselAddSchema,
        response: { 200: envelope(PrivateCounselSchema) },
      },
    },
    async (request) => {
      const { counsel: record, added } = await counsel.add(userOf(request), request.body.lawyerId);
      return ok(record, added ? '已添加为私人律师' : '该律师已在您的私人律师中');
    },
  );

  app.post(
    '/privateCounsel/delete',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: '移除私人律师（id=记录id；只能移除自己的记录；需登录）',
        body: PrivateCounselDeleteSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await counsel.remove(userOf(request), request.body.id);
      return ok(null, '已移除');
    },
  );
};
