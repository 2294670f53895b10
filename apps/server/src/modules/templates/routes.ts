import {
  envelope,
  FieldSubsetQuerySchema,
  TemplateCategorySchema,
  TemplateDetailQuerySchema,
  TemplateDetailSchema,
  TemplateExportActionSchema,
  TemplateExportListQuerySchema,
  TemplateExportPageSchema,
  TemplateExportRequestSchema,
  TemplateExportSchema,
  TemplateListQuerySchema,
  TemplatePageSchema,
} from '@lawline/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { TemplateCatalogue } from './catalogue.ts';
import type { TemplateService } from './exports.ts';

/** Contract templates (issue 15, item 2): field/getSubsetByFieldValue and doctemplate/*. */
export const templateRoutes: FastifyPluginAsyncZod<{
  auth: Auth;
  catalogue: TemplateCatalogue;
  templates: TemplateService;
}> = async (app, { auth, catalogue, templates }) => {
  const tags = ['template'];
  const member = { tags, security: [{ token: [] }] };
  const uid = (request: { userId: number | null }) => request.userId as number;

  app.get(
    '/field/getSubsetByFieldValue',
    {
      schema: {
        tags,
        summary: '咨询领域下的合同模板分类（?fieldValue=领域编号；不传则全部分类），含模板数',
        querystring: FieldSubsetQuerySchema,
        response: { 200: envelope(z.array(TemplateCategorySchema)) },
      },
    },
    async (request) => ok(catalogue.categories(request.query.fieldValue)),
  );

  app.get(
    '/doctemplate/list',
    {
      schema: {
        tags,
        summary: '合同模板列表：category（分类）、search（搜索标题和简介）、page、limit',
        querystring: TemplateListQuerySchema,
        response: { 200: envelope(TemplatePageSchema) },
      },
    },
    async (request) => ok(catalogue.list(request.query)),
  );

  app.get(
    '/doctemplate/detail',
    {
      preHandler: auth.optionalUser,
      schema: {
        tags,
        summary:
          '模板详情与全文预览（?id=，任何人可看）：填写字段、分段正文（字段单独标出）；exportable 说明当前用户能否导出（ok / login / member）',
        querystring: TemplateDetailQuerySchema,
        response: { 200: envelope(TemplateDetailSchema) },
      },
    },
    async (request) => ok(await templates.detail(request.query.id, request.userId)),
  );

  app.post(
    '/doctemplate/export',
    {
      preHandler: auth.requireUser,
      schema: {
        ...member,
        summary:
          '导出模板到邮箱（会员专享，非会员 403）：填写的字段生成 Word 文档（DOCX）经 SMTP 发送；每人每天最多导出10次、3个邮箱',
        body: TemplateExportRequestSchema,
        response: { 200: envelope(TemplateExportSchema) },
      },
    },
    async (request) => ok(await templates.export(uid(request), request.body), '已导出'),
  );

  app.get(
    '/doctemplate/exports',
    {
      preHandler: auth.requireUser,
      schema: {
        ...member,
        summary: '我的模板导出记录（新的在前），含状态、邮箱（部分隐藏）、可否验收和重新发送',
        querystring: TemplateExportListQuerySchema,
        response: { 200: envelope(TemplateExportPageSchema) },
      },
    },
    async (request) => ok(await templates.list(uid(request), request.query.page, request.query.limit)),
  );

  app.post(
    '/doctemplate/confirmExport',
    {
      preHandler: auth.requireUser,
      schema: {
        ...member,
        summary: '邮箱验收：确认已收到导出的模板邮件（重复确认答同样结果）',
        body: TemplateExportActionSchema,
        response: { 200: envelope(TemplateExportSchema) },
      },
    },
    async (request) => ok(await templates.confirm(uid(request), request.body.exportId), '已确认收到'),
  );

  app.post(
    '/doctemplate/resendExport',
    {
      preHandler: auth.requireUser,
      schema: {
        ...member,
        summary: '重新发送导出的模板邮件（每份最多3次，两次间隔至少60秒；已验收的不再发送）',
        body: TemplateExportActionSchema,
        response: { 200: envelope(TemplateExportSchema) },
      },
    },
    async (request) => ok(await templates.resend(uid(request), request.body.exportId), '已重新发送'),
  );
};
