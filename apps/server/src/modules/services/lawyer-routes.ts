import multipart from '@fastify/multipart';
import { WireCode } from '@lawline/contract';
import {
  EmptyPayloadSchema,
  envelope,
  LawyerServiceAcceptSchema,
  LawyerServiceDetailSchema,
  LawyerServiceEarningsSchema,
  LawyerServiceListQuerySchema,
  LawyerServicePageSchema,
  LawyerServiceStepSchema,
  LawyerUploadResultSchema,
  LetterPreviewSchema,
  ServiceFileParamsSchema,
  ServiceOfferListSchema,
  ServiceOrderQuerySchema,
  serviceOrderIdField,
} from '@lawline/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { dispositionOf } from './files.ts';
import type { LawyerServiceDesk } from './lawyer.ts';
import { MAX_LAWYER_FILE_BYTES } from './lawyer-files.ts';

const FILE_FIELD = 'file';

/** @fastify/multipart's refusals, said in Chinese. */
function multipartError(err: unknown): unknown {
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(WireCode.tooLarge, '文件过大，不能超过 10 MB');
    case 'FST_FILES_LIMIT':
      return badRequest('每次只能上传一个文件');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return badRequest('上传的字段过多');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest('请以 multipart/form-data 上传文件');
    default:
      if (err instanceof AppError) return err;
      if (err instanceof Error && !(err as { statusCode?: number }).statusCode)
        return badRequest('上传内容格式有误');
      return err;
  }
}

/** The lawyer workbench's service orders (issue 14): /api/v2/lawyer/services/*, lawyer tokens only. */
export const lawyerServiceRoutes: FastifyPluginAsyncZod<{ auth: Auth; desk: LawyerServiceDesk }> = async (
  app,
  { auth, desk },
) => {
  await app.register(multipart, {
    preservePath: true,
    limits: { fileSize: MAX_LAWYER_FILE_BYTES, files: 1, fields: 6, parts: 7, fieldSize: 256 },
  });
  const common = { preHandler: auth.requireLawyer } as const;
  const meta = { tags: ['lawyer'], security: [{ token: [] }] };
  const uid = (request: { userId: number | null }) => request.userId as number;

  app.get(
    '/lawyer/services/offers',
    {
      ...common,
      schema: {
        ...meta,
        summary: '待接的见面咨询、律师函、诉讼订单（本市、本领域、级别相符；不含用户手机号）',
        querystring: EmptyPayloadSchema,
        response: { 200: envelope(ServiceOfferListSchema) },
      },
    },
    async (request) => ok(await desk.offers(uid(request))),
  );

  app.post(
    '/lawyer/services/accept',
    {
      ...common,
      schema: {
        ...meta,
        summary: '接单（多位律师同时接单只有一位成功，其余 409 订单已被其他律师接单）',
        body: LawyerServiceAcceptSchema,
        response: { 200: envelope(LawyerServiceDetailSchema) },
      },
    },
    async (request) => ok(await desk.accept(uid(request), request.body.orderId), '接单成功'),
  );

  app.get(
    '/lawyer/services',
    {
      ...common,
      schema: {
        ...meta,
        summary: '我的服务订单（active 进行中 / done 已结束）',
        querystring: LawyerServiceListQuerySchema,
        response: { 200: envelope(LawyerServicePageSchema) },
      },
    },
    async (request) =>
      ok(await desk.list(uid(request), request.query.tab, request.query.page, request.query.limit)),
  );

  app.get(
    '/lawyer/services/detail',
    {
      ...common,
      schema: {
        ...meta,
        summary: '服务订单详情（仅限本人承办的订单）',
        querystring: ServiceOrderQuerySchema,
        response: { 200: envelope(LawyerServiceDetailSchema) },
      },
    },
    async (request) => ok(await desk.detail(uid(request), request.query.orderId)),
  );

  app.post(
    '/lawyer/services/step',
    {
      ...common,
      schema: {
        ...meta,
        summary: '律师的服务步骤：提议见面时间、标记已见面、提交稿件、定稿寄出、报价、记录进展、结案、退回',
        body: LawyerServiceStepSchema,
        response: { 200: envelope(LawyerServiceDetailSchema) },
      },
    },
    async (request) => ok(await desk.step(uid(request), request.body), '操作成功'),
  );

  app.post(
    '/lawyer/services/letterPreview',
    {
      ...common,
      schema: {
        ...meta,
        summary: '律师函预览（带“草稿”水印的 PDF，不保存）',
        body: LetterPreviewSchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const pdf = await desk.letterPreview(uid(request), request.body.orderId, request.body.text);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', dispositionOf(`律师函预览-${request.body.orderId}.pdf`, true))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(pdf));
    },
  );

  app.post(
    '/lawyer/services/upload',
    {
      ...common,
      bodyLimit: MAX_LAWYER_FILE_BYTES + 64 * 1024,
      // The body is multipart, read in the handler after the token check.
      validatorCompiler: () => (data) => ({ value: data }),
      schema: {
        ...meta,
        summary: '上传案件文书（PDF、JPG、PNG，≤ 10 MB；字段 orderId 与文件 file）',
        consumes: ['multipart/form-data'],
        body: z.object({ orderId: z.string(), file: z.any() }),
        response: { 200: envelope(LawyerUploadResultSchema) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件');
      const fields: Record<string, string> = {};
      let file: { data: Buffer; fileName: string } | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== FILE_FIELD || file) {
              part.file.resume();
              throw badRequest(`文件字段应为 ${FILE_FIELD}，且只能有一个`);
            }
            file = { data: await part.toBuffer(), fileName: part.filename };
          } else {
            if (part.valueTruncated || part.fieldnameTruncated) throw badRequest('上传的字段过长');
            fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
          }
        }
      } catch (err) {
        throw multipartError(err);
      }
      const orderId = serviceOrderIdField.safeParse(
        fields.orderId ?? (request.query as { orderId?: string }).orderId,
      );
      if (!orderId.success) throw badRequest(orderId.error.issues[0]?.message ?? '请提供订单号');
      if (!file) throw badRequest('请选择要上传的文件');
      return ok(await desk.upload(uid(request), orderId.data, file), '上传成功');
    },
  );

  app.get(
    '/lawyer/services/file/:orderId/:fileId',
    {
      ...common,
      schema: {
        ...meta,
        summary: '下载本人承办订单的文件（证据、律师函、委托合同、文书）',
        params: ServiceFileParamsSchema,
        querystring: EmptyPayloadSchema,
        produces: ['application/octet-stream'],
      },
    },
    async (request, reply) => {
      const file = await desk.file(uid(request), request.params.orderId, request.params.fileId);
      return reply
        .header('content-type', file.mime)
        .header('content-length', file.size)
        .header('content-disposition', dispositionOf(file.name, file.mime === 'application/pdf'))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  app.get(
    '/lawyer/services/earnings',
    {
      ...common,
      schema: {
        ...meta,
        summary: '各类服务的收入（客户确认完成的订单）',
        querystring: EmptyPayloadSchema,
        response: { 200: envelope(LawyerServiceEarningsSchema) },
      },
    },
    async (request) => ok(await desk.earnings(uid(request))),
  );
};
