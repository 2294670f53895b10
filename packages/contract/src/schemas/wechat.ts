import { z } from 'zod';
import { payload } from './common.ts';

// WeChat identity (spec §7 "Messaging-app integration"): POST weixin/openid, GET weixin/getOpenId,
// POST weixin/authorize, GET weixin/bindAuthorize (WeChat's redirect), GET weixin/getJSConfig.

/** An OAuth code as WeChat hands it to the redirect (opaque, URL-safe). */
export const oauthCodeField = z
  .string({ error: '缺少微信授权 code' })
  .trim()
  .min(1, '缺少微信授权 code')
  .max(128, '微信授权 code 格式不正确')
  .regex(/^[A-Za-z0-9_-]+$/, '微信授权 code 格式不正确');

/** POST weixin/openid (payload code). */
export const OpenIdRequestSchema = payload({ code: oauthCodeField });
export const OpenIdSchema = z.object({ openid: z.string() });
export type OpenId = z.infer<typeof OpenIdSchema>;

/** GET weixin/getOpenId: the openid bound to the logged-in user, null when none. */
export const BoundOpenIdSchema = z.object({ openid: z.string().nullable() });

/**
 * The page to come back to after authorising: a route of the hash router such as `Home`,
 * `PhoneWaiting/12` or `Payment?orderId=3` (no scheme, no host, no `//`).
 */
export const routerField = z
  .string()
  .trim()
  .max(200, '返回页面地址过长')
  .transform((v) => v.replace(/^[#/]+/, ''))
  .refine((v) => /^[A-Za-z0-9_\-/?=&.%]*$/.test(v) && !v.includes('//'), '返回页面地址不正确');

/** POST weixin/authorize: the OAuth URL (snsapi_base) to send the browser to. */
export const AuthorizeRequestSchema = payload({ router: routerField.optional() });
export const AuthorizeSchema = z.object({
  url: z.string(),
  /** The CSRF token bound to this attempt (single use, 10 minutes). */
  state: z.string(),
});

/** GET weixin/bindAuthorize: WeChat redirects here with code and state. */
export const BindAuthorizeQuerySchema = payload({ code: oauthCodeField, state: z.string().min(1).max(128) });

/** GET weixin/getJSConfig?url=… (the page URL; anything after # is dropped). */
export const JsConfigQuerySchema = payload({
  url: z
    .string({ error: '缺少页面地址 url' })
    .trim()
    .max(2000, '页面地址过长')
    .refine((v) => /^https?:\/\/[^\s]+$/.test(v), '页面地址必须以 http:// 或 https:// 开头'),
});
export const JsConfigSchema = z.object({
  appId: z.string(),
  /** Seconds since the epoch. */
  timestamp: z.number().int(),
  nonceStr: z.string(),
  signature: z.string(),
});
export type JsConfig = z.infer<typeof JsConfigSchema>;

/**
 * Partner login (spec §7 "an oauth login call uses an authorization token header"): POST
 * user/oauthLogin with `Authorization: Bearer <token>`, where token =
 * base64url(JSON {mobile, channel, exp}) + '.' + base64url(HMAC-SHA256(partner secret, first part)),
 * exp in seconds since the epoch, at most one hour ahead.
 */
export const PartnerTokenPayloadSchema = z.object({
  mobile: z.string(),
  channel: z.string(),
  exp: z.number().int(),
});
export type PartnerTokenPayload = z.infer<typeof PartnerTokenPayloadSchema>;
export const OauthLoginSchema = payload({});
