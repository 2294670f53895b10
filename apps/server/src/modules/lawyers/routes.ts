import {
  CareerReportSchema,
  CaseDetailSchema,
  CaseIdQuerySchema,
  CasePageQuerySchema,
  CasePageSchema,
  CaseSummarySchema,
  CheckLawyerQuerySchema,
  CheckLawyerResultSchema,
  envelope,
  LawyerCardSchema,
  LawyerChannelPageQuerySchema,
  LawyerFieldPageQuerySchema,
  LawyerHomeQuerySchema,
  LawyerIdQuerySchema,
  LawyerPageQuerySchema,
  LawyerPageSchema,
  LawyerProfileSchema,
  LawyerRecommendQuerySchema,
  LawyerReviewPageSchema,
  LawyerReviewsQuerySchema,
  LecturerInfoSchema,
} from '@lawline/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { answerWithJson } from '../content/read-cache.ts';
import { LawyerService } from './service.ts';

export const lawyerRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, opts) => {
  const lawyers = new LawyerService(opts.db);
  const tags = ['lawyer'];

  app.get(
    '/uc/lawyerInfo/home',
    {
      schema: {
        tags,
        summary: '首页热门律师：按热度取前3位',
        querystring: LawyerHomeQuerySchema,
        response: { 200: envelope(z.array(LawyerCardSchema)) },
      },
    },
    async (_request, reply) => {
      const home = await lawyers.home();
      answerWithJson(reply, home.body);
      return ok(home.value);
    },
  );

  app.get(
    '/uc/lawyerInfo/page',
    {
      schema: {
        tags,
        summary:
          '律师列表（选专家）：按咨询领域 field（精确匹配擅长领域）、等级 level（1著名 2专家 3资深 4无）、' +
          '关键词 keyword（姓名/律所/简介）筛选，按热度排序，分页',
        querystring: LawyerPageQuerySchema,
        response: { 200: envelope(LawyerPageSchema) },
      },
    },
    async (request) => ok(await lawyers.page(request.query)),
  );

  app.get(
    '/uc/lawyerInfo',
    {
      schema: {
        tags,
        summary: '律师主页：名片、等级名称、擅长领域名称、简介、履历、办理案例、所属研究院',
        querystring: LawyerIdQuerySchema,
        response: { 200: envelope(LawyerProfileSchema) },
      },
    },
    async (request) => ok(await lawyers.profile(request.query.id)),
  );

  app.get(
    '/uc/lawyerInfo/reviews',
    {
      schema: {
        tags,
        summary:
          '律师评价（?id=律师id，分页，新的在前）：星级、标签、评语、用户名脱敏、日期；评价数与平均分（不足3条时无平均分）',
        querystring: LawyerReviewsQuerySchema,
        response: { 200: envelope(LawyerReviewPageSchema) },
      },
    },
    async (request) => ok(await lawyers.reviews(request.query)),
  );

  app.get(
    '/uc/lawyerInfo/recommend',
    {
      schema: {
        tags,
        summary: '推荐律师：同领域 field 的热门律师（最多6位），排除 exclude 指定的律师',
        querystring: LawyerRecommendQuerySchema,
        response: { 200: envelope(z.array(LawyerCardSchema)) },
      },
    },
    async (request) =>
      ok(await lawyers.recommend(request.query.field, request.query.exclude, request.query.limit)),
  );

  app.get(
    '/uc/lawyerInfo/careerReport',
    {
      schema: {
        tags,
        summary: '律师执业履历（?id=律师id）',
        querystring: LawyerIdQuerySchema,
        response: { 200: envelope(CareerReportSchema) },
      },
    },
    async (request) => ok(await lawyers.careerReport(request.query.id)),
  );

  app.get(
    '/uc/lawyerInfo/cases',
    {
      schema: {
        tags,
        summary: '律师办理的案例（?id=律师id；全部，新的在前）',
        querystring: LawyerIdQuerySchema,
        response: { 200: envelope(z.array(CaseSummarySchema)) },
      },
    },
    async (request) => ok(await lawyers.cases(request.query.id)),
  );

  app.get(
    '/uc/lawyerInfo/channelPage',
    {
      schema: {
        tags,
        summary:
          '渠道专属律师列表（LawAndPrivateYj/Pa 等）：lawyerChannel=zxyh|paky|yjjd，' +
          '不传则取请求渠道（须为三者之一），分页',
        querystring: LawyerChannelPageQuerySchema,
        response: { 200: envelope(LawyerPageSchema) },
      },
    },
    async (request) => ok(await lawyers.channelPage(request.query, request.channel.channel)),
  );

  app.get(
    '/uc/lawyerInfo/check',
    {
      schema: {
        tags,
        summary: '查验律师（CheckLawyer）：姓名 name 与17位执业证号 licenseNo 是否为本平台律师',
        querystring: CheckLawyerQuerySchema,
        response: { 200: envelope(CheckLawyerResultSchema) },
      },
    },
    async (request) => ok(await lawyers.check(request.query.name, request.query.licenseNo)),
  );

  app.get(
    '/lectureLawyer',
    {
      schema: {
        tags,
        summary: '讲师律师列表（分页，可按领域 field 筛选）',
        querystring: LawyerFieldPageQuerySchema,
        response: { 200: envelope(LawyerPageSchema) },
      },
    },
    async (request) => ok(await lawyers.lecturers(request.query)),
  );

  app.get(
    '/lectureLawyer/info',
    {
      schema: {
        tags,
        summary: '讲师主页（LecturerInfo，?id=律师id）：律师主页信息与其讲解视频',
        querystring: LawyerIdQuerySchema,
        response: { 200: envelope(LecturerInfoSchema) },
      },
    },
    async (request) => ok(await lawyers.lecturerInfo(request.query.id)),
  );

  app.get(
    '/uc/accompany/page',
    {
      schema: {
        tags,
        summary: '可陪同见面的律师（见面咨询陪同服务）：分页，可按领域 field 筛选',
        querystring: LawyerFieldPageQuerySchema,
        response: { 200: envelope(LawyerPageSchema) },
      },
    },
    async (request) => ok(await lawyers.accompany(request.query)),
  );

  app.get(
    '/uc/lawyerPartCase/page',
    {
      schema: {
        tags,
        summary: '律师案例分页（?lawyerId=律师id）',
        querystring: CasePageQuerySchema,
        response: { 200: envelope(CasePageSchema) },
      },
    },
    async (request) => ok(await lawyers.casePage(request.query)),
  );

  app.get(
    '/uc/lawyerPartCase',
    {
      schema: {
        tags,
        summary: '案例详情（CaseDetail，?id=案例id）',
        querystring: CaseIdQuerySchema,
        response: { 200: envelope(CaseDetailSchema) },
      },
    },
    async (request) => ok(await lawyers.caseDetail(request.query.id)),
  );
};
