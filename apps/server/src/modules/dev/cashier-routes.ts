import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { markRoutes, SecurityKind } from '../../http/security-headers.ts';
import type { SandboxAlipayGateway } from '../../providers/payments/sandbox-alipay-gateway.ts';
import {
  type CashierResult,
  renderCashierDone,
  renderCashierError,
  renderCashierPage,
} from '../../providers/payments/sandbox-cashier.ts';
import {
  type CashierOutcome,
  SandboxCashierError,
  type SandboxNotify,
  type SandboxWeChatGateway,
} from '../../providers/payments/sandbox-wechat-gateway.ts';

/** Hands a vendor notify to our own notify endpoint (app.inject in the app) and reports its answer. */
export type CashierDeliver = (notify: SandboxNotify) => Promise<{ status: number; body: string }>;

export type CashierRouteOptions = {
  wechat: SandboxWeChatGateway;
  alipay: SandboxAlipayGateway;
  deliver: CashierDeliver;
};

const vendorField = z.enum(['wechat', 'alipay']);
const tokenField = z.string().regex(/^[0-9a-f]{16,64}$/, '收银台地址无效');
const actionField = z.enum(['pay', 'cancel', 'fail']);
const redirectField = z.string().max(2000);

const RESULT_OF = { pay: 'paid', cancel: 'cancelled', fail: 'failed' } as const satisfies Record<
  z.infer<typeof actionField>,
  CashierResult
>;

/**
 * Where the wallet may send the person back: a path on this site, or an absolute http(s) URL on
 * this host (WeChat likewise only returns to the merchant's registered H5 domain).
 */
function safeRedirect(raw: string | undefined, host: string): string | null | undefined {
  if (!raw) return null;
  if (raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\')) return raw;
  try {
    const url = new URL(raw);
    // Compared through URL so a default port (localhost:80) matches its omission.
    const ours = new URL(`${url.protocol}//${host}`).host;
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.host === ours) return url.toString();
  } catch {
    // not a URL
  }
  return undefined;
}

function wantsJson(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('application/json');
}

function html(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply.code(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(text);
}

/**
 * SANDBOX ONLY (/api/dev/cashier): the person's side of the fake wallets. The cashier page, the
 * Alipay gateway the wap.pay form posts to, the JSAPI stand-in for WeixinJSBridge, and the three
 * choices; paying makes the gateway build the vendor's real signed notify, which `deliver` hands
 * to our own notify endpoint before the browser goes back (303) to the merchant.
 */
export const cashierRoutes: FastifyPluginAsyncZod<CashierRouteOptions> = async (app, opts) => {
  // The cashier is pages a person uses (its forms post to itself): the pages' policy, not the API's.
  markRoutes(app, SecurityKind.document);
  // The wallet's forms are form-encoded; this parser exists only inside this plugin.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  const base = app.prefix;
  const cashierUrl = (vendor: string, token: string, redirect: string | null) =>
    `${base}/${vendor}/${token}${redirect ? `?redirect_url=${encodeURIComponent(redirect)}` : ''}`;

  app.get(
    '/:vendor/:token',
    {
      schema: {
        // Pages for a person at the sandbox cashier, not API: kept out of the OpenAPI document.
        hide: true,
        tags: ['dev'],
        summary: '沙箱收银台页面',
        params: z.object({ vendor: vendorField, token: tokenField }),
        querystring: z.looseObject({ redirect_url: redirectField.optional() }),
      },
    },
    async (request, reply) => {
      const { vendor, token } = request.params;
      const trade = await (vendor === 'wechat' ? opts.wechat : opts.alipay).trade(token);
      if (!trade) return html(reply, 404, renderCashierError('订单不存在', '收银台地址无效或订单已失效'));
      const redirect = vendor === 'wechat' ? safeRedirect(request.query.redirect_url, request.host) : null;
      if (redirect === undefined)
        return html(reply, 400, renderCashierError('商家参数格式有误', 'redirect_url 不属于商户域名'));
      return html(
        reply,
        200,
        renderCashierPage({ trade, actionBase: `${base}/${vendor}/${token}`, redirect }),
      );
    },
  );

  app.get(
    '/wechat/prepay/:prepayId',
    {
      schema: {
        // Pages for a person at the sandbox cashier, not API: kept out of the OpenAPI document.
        hide: true,
        tags: ['dev'],
        summary: '沙箱 JSAPI 支付：按 prepay_id 打开收银台（代替 WeixinJSBridge）',
        params: z.object({ prepayId: z.string().min(3).max(64) }),
        querystring: z.looseObject({ redirect_url: redirectField.optional() }),
      },
    },
    async (request, reply) => {
      const token = await opts.wechat.tokenOfPrepay(request.params.prepayId);
      if (!token) return html(reply, 404, renderCashierError('订单不存在', 'prepay_id 无效或已失效'));
      const redirect = safeRedirect(request.query.redirect_url, request.host);
      if (redirect === undefined)
        return html(reply, 400, renderCashierError('商家参数格式有误', 'redirect_url 不属于商户域名'));
      return reply.redirect(cashierUrl('wechat', token, redirect), 303);
    },
  );

  app.post(
    '/alipay/gateway',
    {
      schema: {
        // Pages for a person at the sandbox cashier, not API: kept out of the OpenAPI document.
        hide: true,
        tags: ['dev'],
        summary: '沙箱支付宝网关（alipay.trade.wap.pay 表单提交到这里）',
        body: z.record(z.string(), z.string()),
      },
    },
    async (request, reply) => {
      const opened = await opts.alipay.openFromForm(request.body);
      if (!opened.ok) {
        if (wantsJson(request)) throw badRequest(`${opened.message}（${opened.code}）`);
        return html(
          reply,
          400,
          renderCashierError('支付宝：请求无效', `${opened.message}（${opened.code}）`),
        );
      }
      const url = cashierUrl('alipay', opened.token, null);
      if (wantsJson(request)) return ok({ token: opened.token, cashierUrl: url });
      return reply.redirect(url, 303);
    },
  );

  app.post(
    '/:vendor/:token/:action',
    {
      schema: {
        // Pages for a person at the sandbox cashier, not API: kept out of the OpenAPI document.
        hide: true,
        tags: ['dev'],
        summary: '沙箱收银台：确认支付 / 取消支付 / 模拟支付失败',
        params: z.object({ vendor: vendorField, token: tokenField, action: actionField }),
        body: z.looseObject({ redirect: redirectField.optional() }).nullish(),
      },
    },
    async (request, reply) => {
      const { vendor, token, action } = request.params;
      const redirect = vendor === 'wechat' ? safeRedirect(request.body?.redirect, request.host) : null;
      if (redirect === undefined) {
        if (wantsJson(request)) throw badRequest('redirect 不属于商户域名');
        return html(reply, 400, renderCashierError('商家参数格式有误', 'redirect 不属于商户域名'));
      }
      let outcome: CashierOutcome;
      try {
        outcome =
          vendor === 'wechat'
            ? await opts.wechat.act(token, action, { redirect })
            : await opts.alipay.act(token, action);
      } catch (err) {
        if (!(err instanceof SandboxCashierError)) throw err;
        if (wantsJson(request))
          throw err.code === 'not-found' ? notFound(err.message) : conflict(err.message);
        return html(
          reply,
          err.code === 'not-found' ? 404 : 409,
          renderCashierError(err.message, '请返回商户重新发起支付'),
        );
      }
      let notifyStatus: number | null = null;
      if (outcome.notify) {
        try {
          notifyStatus = (await opts.deliver(outcome.notify)).status;
        } catch (err) {
          // The vendor would retry; tests and the crash harness replay with notifyFor().
          request.log.warn({ err, outTradeNo: outcome.trade.outTradeNo }, 'sandbox notify delivery failed');
        }
      }
      if (wantsJson(request)) {
        return ok({
          state: outcome.trade.state,
          tradeState: outcome.trade.tradeState,
          notifyStatus,
          redirect: outcome.redirect,
        });
      }
      const done = `${base}/${vendor}/${token}/done?result=${RESULT_OF[action]}`;
      return reply.redirect(outcome.redirect ?? done, 303);
    },
  );

  app.get(
    '/:vendor/:token/done',
    {
      schema: {
        // Pages for a person at the sandbox cashier, not API: kept out of the OpenAPI document.
        hide: true,
        tags: ['dev'],
        summary: '沙箱收银台：结果页（没有返回地址时）',
        params: z.object({ vendor: vendorField, token: tokenField }),
        querystring: z.looseObject({ result: z.enum(['paid', 'cancelled', 'failed']) }),
      },
    },
    async (request, reply) => {
      const { vendor, token } = request.params;
      const trade = await (vendor === 'wechat' ? opts.wechat : opts.alipay).trade(token);
      if (!trade) return html(reply, 404, renderCashierError('订单不存在', '收银台地址无效或订单已失效'));
      return html(reply, 200, renderCashierDone({ vendor, result: request.query.result, trade }));
    },
  );
};
