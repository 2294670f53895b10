import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import {
  AuthorizeRequestSchema,
  AuthorizeSchema,
  BindAuthorizeQuerySchema,
  BoundOpenIdSchema,
  EmptyPayloadSchema,
  envelope,
  JsConfigQuerySchema,
  JsConfigSchema,
  OpenIdRequestSchema,
  OpenIdSchema,
} from '@lawline/contract/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Auth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { WEB_PREFIX } from '../../http/web-app.ts';
import { STATE_TTL_MS, type WeChatService } from './service.ts';

export type WeChatRoutesOptions = {
  auth: Auth;
  wechat: WeChatService;
  /** Public origin for the OAuth callback; null = the request's own (behind a trusted proxy). */
  publicBaseUrl: string | null;
};

/** The cookie that ties an OAuth state to the browser that asked for it (WeChatService.authorize). */
export const OAUTH_BROWSER_COOKIE = 'll_oauth';
const OAUTH_COOKIE_PATH = '/api/v2/weixin';
const BROWSER_VALUE = /^[A-Za-z0-9_-]{32}$/;

function oauthBrowser(request: FastifyRequest): string | undefined {
  const value = request.cookies[OAUTH_BROWSER_COOKIE];
  return value && BROWSER_VALUE.test(value) ? value : undefined;
}

/** Spec §7 "Messaging-app integration". */
export const wechatRoutes: FastifyPluginAsyncZod<WeChatRoutesOptions> = async (app, opts) => {
  const { auth, wechat } = opts;
  const tags = ['weixin'];
  await app.register(cookie);

  app.post(
    '/weixin/openid',
    {
      preHandler: auth.optionalUser,
      schema: {
        tags,
        summary: '网页授权 code 换 openid（同一 code 5 分钟内重复提交返回同一 openid）；已登录则绑定',
        body: OpenIdRequestSchema,
        response: { 200: envelope(OpenIdSchema) },
      },
    },
    async (request) => {
      const openid = await wechat.openidForCode(request.body.code);
      if (request.userId !== null) await wechat.bind(request.userId, openid);
      return ok({ openid });
    },
  );

  app.get(
    '/weixin/getOpenId',
    {
      preHandler: auth.requireUser,
      schema: {
        tags,
        security: [{ token: [] }],
        summary: '当前用户绑定的 openid（未绑定为 null）',
        querystring: EmptyPayloadSchema,
        response: { 200: envelope(BoundOpenIdSchema) },
      },
    },
    async (request) => ok({ openid: await wechat.boundOpenid(request.userId as number) }),
  );

  app.post(
    '/weixin/authorize',
    {
      preHandler: auth.optionalUser,
      schema: {
        tags,
        summary: '网页授权地址（snsapi_base），回调 weixin/bindAuthorize 后回到 /h5/gzh/#/{router}',
        body: AuthorizeRequestSchema,
        response: { 200: envelope(AuthorizeSchema) },
      },
    },
    async (request, reply) => {
      const origin = opts.publicBaseUrl ?? `${request.protocol}://${request.host}`;
      const callback = new URL('/api/v2/weixin/bindAuthorize', origin);
      callback.searchParams.set('channel', request.channel.channel);
      const browser = oauthBrowser(request) ?? randomBytes(24).toString('base64url');
      // Lax: sent with WeChat's top-level redirect back to bindAuthorize, not with other sites' requests.
      reply.setCookie(OAUTH_BROWSER_COOKIE, browser, {
        path: OAUTH_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: callback.protocol === 'https:',
        maxAge: STATE_TTL_MS / 1000,
      });
      return ok(await wechat.authorize(request.userId, request.body.router, callback.toString(), browser));
    },
  );

  app.get(
    '/weixin/bindAuthorize',
    {
      schema: {
        tags,
        summary:
          '微信网页授权回调：校验 state（一次性，10 分钟，须为发起授权的浏览器），换 openid 并绑定，302 回到页面',
        querystring: BindAuthorizeQuerySchema,
      },
    },
    async (request, reply) => {
      const { router } = await wechat.completeAuthorize(
        request.query.code,
        request.query.state,
        oauthBrowser(request),
      );
      return reply.redirect(`${WEB_PREFIX}#/${router}`, 302);
    },
  );

  app.get(
    '/weixin/getJSConfig',
    {
      schema: {
        tags,
        summary: 'JS-SDK 配置签名（url 不含 # 之后的部分）',
        querystring: JsConfigQuerySchema,
        response: { 200: envelope(JsConfigSchema) },
      },
    },
    async (request) => ok(await wechat.jsConfig(request.query.url)),
  );
};
