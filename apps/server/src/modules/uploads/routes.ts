import multipart from '@fastify/multipart';
import { WireCode } from '@lawline/contract';
import {
  EmptyPayloadSchema,
  envelope,
  UploadFileParamsSchema,
  UploadSliceFieldsSchema,
  UploadSliceFormSchema,
  UploadSliceResultSchema,
} from '@lawline/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Auth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { MAX_SLICE_BYTES, type UploadService } from './service.ts';

/** The one file part's field name (spec: Upload slice … unionPayFile). */
const FILE_FIELD = 'unionPayFile';
/** Text fields: the slice's four plus the common params (channel, channelCode, usertype). */
const MAX_FIELDS = 8;

const tooLarge = (msg: string) => new AppError(WireCode.tooLarge, msg);

/** @fastify/multipart's limit errors, said in Chinese. */
function multipartError(err: unknown): unknown {
  const code = (err as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge('分片过大，每片不超过 2 MB');
    case 'FST_FILES_LIMIT':
      return badRequest('每次只能上传一个分片');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return badRequest('上传的字段过多');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest('请以 multipart/form-data 上传文件');
    case 'FST_PROTO_VIOLATION':
    case 'FST_MULTIPART_INVALID_FORM':
      return badRequest('上传内容格式有误');
    default:
      if (err instanceof AppError) return err;
      // busboy's own errors on a broken body ("Unexpected end of form" and the like).
      if (err instanceof Error && !(err as { statusCode?: number }).statusCode)
        return badRequest('上传内容格式有误');
      return err;
  }
}

export const uploadRoutes: FastifyPluginAsyncZod<{ auth: Auth; uploads: UploadService }> = async (
  app,
  opts,
) => {
  const { auth, uploads } = opts;
  // Scoped to this plugin: only these routes accept multipart bodies.
  await app.register(multipart, {
    // The client's file name as sent (busboy would cut it to its base name): a name with a path
    // in it is refused rather than quietly trimmed. It is never used as a path either way.
    preservePath: true,
    limits: {
      fileSize: MAX_SLICE_BYTES,
      files: 1,
      fields: MAX_FIELDS,
      parts: MAX_FIELDS + 1,
      fieldSize: 256,
    },
  });

  app.post(
    '/oss/breakpointUpload',
    {
      preHandler: auth.requireUser,
      // A slice and its form around it; a JSON body to this route is refused in the handler.
      bodyLimit: MAX_SLICE_BYTES + 64 * 1024,
      // The body is multipart, read (and checked with UploadSliceFieldsSchema) in the handler after
      // the token check; the schema below only documents it.
      validatorCompiler: () => (data) => ({ value: data }),
      schema: {
        tags: ['upload'],
        summary: '分片上传文件（最后一片传完后返回文件地址）',
        description:
          "multipart/form-data：slice、countSlice、type（'8' 文件，'25' 银行卡）、uuid 与文件分片 unionPayFile（每片 ≤ 2 MB，整个文件 ≤ 20 MB，最多 100 片）。",
        security: [{ token: [] }],
        consumes: ['multipart/form-data'],
        body: UploadSliceFormSchema,
        response: { 200: envelope(UploadSliceResultSchema) },
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
            if (part.fieldname in fields) throw badRequest(`字段 ${part.fieldname} 重复`);
            fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
          }
        }
      } catch (err) {
        throw multipartError(err);
      }
      const parsed = UploadSliceFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        const lines = parsed.error.issues
          .slice(0, 3)
          .map((i) => (i.path.length ? `${i.path.join('.')}：${i.message}` : i.message));
        throw badRequest(`请求体有误：${lines.join('；')}`);
      }
      if (!file) throw badRequest(`缺少文件分片 ${FILE_FIELD}`);
      return ok(await uploads.saveSlice(request.userId as number, parsed.data, file.data, file.fileName));
    },
  );

  app.get(
    '/oss/file/:uuid',
    {
      preHandler: auth.requireUser,
      schema: {
        tags: ['upload'],
        summary: '下载本人上传的文件（附件形式）',
        security: [{ token: [] }],
        params: UploadFileParamsSchema,
        querystring: EmptyPayloadSchema,
        produces: ['application/octet-stream'],
      },
    },
    async (request, reply) => {
      const file = await uploads.open(request.userId as number, request.params.uuid);
      return reply
        .header('content-type', file.mime)
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
};
