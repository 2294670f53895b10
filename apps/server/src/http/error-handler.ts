import { WireCode } from '@lawline/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fail } from './envelope.ts';
import { AppError } from './errors.ts';
import { API_HEADERS } from './security-headers.ts';

const FIELD_NAMES: Record<string, string> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

/** "mobile: 无效输入" — one line per problem, the first three only. */
function describeValidation(
  context: string | undefined,
  problems: ReadonlyArray<{ instancePath: string; message?: string }>,
): string {
  const where = FIELD_NAMES[context ?? ''] ?? '参数';
  const lines = problems.slice(0, 3).map((p) => {
    const field = p.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return field ? `${field}：${p.message ?? '格式不正确'}` : (p.message ?? '格式不正确');
  });
  return `${where}有误：${lines.join('；')}`;
}

/**
 * Errors the router raises before any route runs (a malformed URL, a path parameter over
 * maxParamLength): answered in the envelope like every other refusal (Fastify's `frameworkErrors`).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  // No route ran, nor its onRequest hooks: the API's security headers are set here.
  reply.headers(API_HEADERS);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send(fail(WireCode.badRequest, '请求地址过长'));
    return;
  }
  void reply.code(400).send(fail(WireCode.badRequest, '请求地址有误'));
}

/** One handler: AppError → its code; validation → 400; anything unknown → generic text, details to the log. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.httpStatus).send(fail(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .code(400)
        .send(fail(WireCode.badRequest, describeValidation(error.validationContext, error.validation)));
    }
    if (error.validation) {
      return reply
        .code(400)
        .send(fail(WireCode.badRequest, describeValidation(error.validationContext, error.validation)));
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send(fail(WireCode.tooLarge, '提交的内容过大'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send(fail(WireCode.badRequest, '请求格式不支持，请使用 JSON'));
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.code(400).send(fail(WireCode.badRequest, '请求体不是合法的 JSON'));
    }
    if (status === 429) {
      return reply.code(429).send(fail(WireCode.tooMany, '操作太频繁，请稍后再试'));
    }
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.code(status).send(fail(WireCode.badRequest, '请求有误，请检查后重试'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(fail(WireCode.internal, '服务繁忙，请稍后再试'));
  });

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/');
    return reply.code(404).send(fail(WireCode.notFound, isApi ? '接口不存在' : '页面不存在'));
  });
}
