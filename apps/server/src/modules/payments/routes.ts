import {
  CalculatePayAmountSchema,
  CancelProductOrderSchema,
  CreatedProductOrderSchema,
  CreatePayOrderSchema,
  CreateProductOrderSchema,
  envelope,
  PayAmountSchema,
  PayOrderIdSchema,
  PayOrderResultSchema,
  PayStateSchema,
  ProductOrderDetailSchema,
  ProductOrderQuerySchema,
  ProductOrderRateSchema,
  ProductRateSchema,
  ReconfirmedPriceSchema,
  ReconfirmProductPriceSchema,
  UsableCouponListSchema,
  UsableCouponQuerySchema,
} from '@lawline/contract/schemas';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Auth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { WEB_PREFIX } from '../../http/web-app.ts';
import type { PayVendor } from '../../providers/payments/port.ts';
import type { CouponService } from '../coupons/service.ts';
import type { PricingService } from './pricing.ts';
import type { ProductOrderService } from './product-orders.ts';
import type { PaymentContext, PaymentService } from './service.ts';

export type PaymentsModule = {
  payments: PaymentService;
  productOrders: ProductOrderService;
  pricing: PricingService;
  coupons: CouponService;
};

/** The vendors' notify endpoints (outside /api/v2: vendors send no common params). */
export const notifyPaths: Record<PayVendor, string> = {
  wechat: '/api/callbacks/pay/wechat',
  alipay: '/api/callbacks/pay/alipay',
};

function contextOf(request: FastifyRequest, publicBaseUrl: string | null): PaymentContext {
  const base = publicBaseUrl ?? `${request.protocol}://${request.host}`;
  const ua = request.headers['user-agent'] ?? '';
  return {
    clientIp: request.ip,
    inWeChat: /MicroMessenger/i.test(ua),
    appUrl: `${base}${WEB_PREFIX}?channel=${encodeURIComponent(request.channel.channel)}`,
    notifyUrl: (vendor) => `${base}${notifyPaths[vendor]}`,
  };
}

/** pay/*, the product-order calls and coupon/usable (issue 6). Consumer tokens only. */
export const paymentRoutes: FastifyPluginAsyncZod<{
  auth: Auth;
  module: PaymentsModule;
  publicBaseUrl: string | null;
}> = async (app, { auth, module, publicBaseUrl }) => {
  const { payments, productOrders, pricing, coupons } = module;
  const common = { preHandler: auth.requireUser } as const;
  const meta = { tags: ['pay'], security: [{ token: [] }] };
  const uid = (request: { userId: number | null }) => request.userId as number;

  app.post(
    '/pay/createPayOrder',
    {
      ...common,
      schema: {
        ...meta,
        summary: '发起支付：金额由服务端计算（订单金额 − 优惠券，不低于 0）；payStatus 2 表示已支付',
        body: CreatePayOrderSchema,
        response: { 200: envelope(PayOrderResultSchema) },
      },
    },
    async (request) =>
      ok(await payments.createPayOrder(uid(request), request.body, contextOf(request, publicBaseUrl))),
  );

  app.post(
    '/pay/queryPayOrder',
    {
      ...common,
      schema: {
        ...meta,
        summary: '支付结果（必要时向支付平台查询）：1 确认中，2 已支付，3 未完成',
        body: PayOrderIdSchema,
        response: { 200: envelope(PayStateSchema) },
      },
    },
    async (request) => ok(await payments.query(uid(request), request.body.orderId)),
  );

  app.post(
    '/pay/cancelPayOrder',
    {
      ...common,
      schema: {
        ...meta,
        summary: '放弃本次支付：在支付平台关闭未支付的交易并释放优惠券',
        body: PayOrderIdSchema,
        response: { 200: envelope(PayStateSchema) },
      },
    },
    async (request) => ok(await payments.cancel(uid(request), request.body.orderId)),
  );

  app.post(
    '/order/calculatePayAmount',
    {
      ...common,
      schema: {
        ...meta,
        summary: '应付金额：订单（或即将下单的产品）金额、会员权益、优惠券',
        body: CalculatePayAmountSchema,
        response: { 200: envelope(PayAmountSchema) },
      },
    },
    async (request) => {
      const { orderId, productCode, couponId } = request.body;
      if (orderId) return ok(await payments.amountOf(uid(request), orderId, couponId));
      const price = await pricing.price(uid(request), productCode as string);
      const ownedFen = price.priceFen - price.memberDiscountFen;
      const preview = {
        id: '',
        userId: uid(request),
        couponTarget: { productCode: price.productCode, amountFen: ownedFen },
      };
      const coupon = couponId === undefined ? null : await payments.couponFor(preview, couponId);
      const discountFen = coupon && 'discountFen' in coupon ? coupon.discountFen : 0;
      return ok({
        orderId: null,
        productCode: price.productCode,
        productName: price.productName,
        orderPrice: price.priceFen / 100,
        memberDiscount: price.memberDiscountFen / 100,
        couponId: couponId ?? null,
        couponName: coupon?.name ?? null,
        couponValue: discountFen / 100,
        couponError: coupon && 'error' in coupon ? coupon.error : null,
        needPayAmount: Math.max(0, ownedFen - discountFen) / 100,
      });
    },
  );

  app.post(
    '/order/reconfirmProductPrice',
    {
      ...common,
      schema: {
        ...meta,
        summary: '确认价格（SC17001 电话咨询：会员 0 元）',
        body: ReconfirmProductPriceSchema,
        response: { 200: envelope(ReconfirmedPriceSchema) },
      },
    },
    async (request) => ok(await pricing.reconfirm(uid(request), request.body.productCode, request.channel)),
  );

  app.post(
    '/order/productOrderRate',
    {
      ...common,
      schema: {
        ...meta,
        summary: '会员价：按会员权益计算的折扣与应付金额',
        body: ProductOrderRateSchema,
        response: { 200: envelope(ProductRateSchema) },
      },
    },
    async (request) => ok(await pricing.rate(uid(request), request.body.productCode)),
  );

  app.post(
    '/order/createOrder',
    {
      ...common,
      schema: {
        ...meta,
        summary: '按产品编码下单（会员卡 MC…、见面咨询、律师函、诉讼、文书起草、合同审查）',
        body: CreateProductOrderSchema,
        response: { 200: envelope(CreatedProductOrderSchema) },
      },
    },
    async (request) => ok(await productOrders.create(uid(request), request.channel, request.body)),
  );

  app.get(
    '/order/productOrderDetail',
    {
      ...common,
      schema: {
        ...meta,
        summary: '产品订单详情（会员卡、服务）',
        querystring: ProductOrderQuerySchema,
        response: { 200: envelope(ProductOrderDetailSchema) },
      },
    },
    async (request) => ok(await productOrders.detail(uid(request), request.query.orderId)),
  );

  app.post(
    '/order/cancelOrder',
    {
      ...common,
      schema: {
        ...meta,
        summary: '取消产品订单：未支付直接取消；已支付未开始服务的原路退款',
        body: CancelProductOrderSchema,
        response: { 200: envelope(ProductOrderDetailSchema) },
      },
    },
    async (request) =>
      ok(await productOrders.cancel(uid(request), request.body.orderId, request.body.reason), '订单已取消'),
  );

  app.get(
    '/coupon/usable',
    {
      ...common,
      schema: {
        ...meta,
        tags: ['coupon'],
        summary: '选择优惠券：可用的优惠券及各自抵扣金额',
        querystring: UsableCouponQuerySchema,
        response: { 200: envelope(UsableCouponListSchema) },
      },
    },
    async (request) => {
      const userId = uid(request);
      const { orderId, productCode } = request.query;
      const target = orderId
        ? await payments.orderForCoupons(userId, orderId)
        : await (async () => {
            const price = await pricing.price(userId, productCode as string);
            return {
              id: '',
              userId,
              couponTarget: {
                productCode: price.productCode,
                amountFen: price.priceFen - price.memberDiscountFen,
              },
            };
          })();
      const valid = await coupons.list(userId, 'valid');
      const list = [];
      for (const c of valid) {
        const verdict = await payments.couponFor(target, c.id);
        list.push({
          ...c,
          usable: 'discountFen' in verdict,
          discount: 'discountFen' in verdict ? verdict.discountFen / 100 : 0,
          reason: 'error' in verdict ? verdict.error : null,
        });
      }
      list.sort((a, b) => Number(b.usable) - Number(a.usable) || b.discount - a.discount);
      return ok(list);
    },
  );
};

/**
 * POST /api/callbacks/pay/{wechat|alipay}: the vendors' notifies. The body is kept raw (WeChat's
 * signature covers the exact bytes); the answer is the vendor's own format.
 */
export const payNotifyRoutes: FastifyPluginAsync<{ payments: PaymentService }> = async (
  app,
  { payments },
) => {
  const raw = (_req: FastifyRequest, body: Buffer, done: (err: Error | null, body?: Buffer) => void) =>
    done(null, body);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, raw);
  for (const vendor of ['wechat', 'alipay'] as const) {
    app.post(notifyPaths[vendor], { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const answer = await payments.handleNotify(vendor, { headers: request.headers, rawBody });
      reply.code(answer.status).header('content-type', answer.contentType);
      return reply.send(answer.body === '' ? undefined : answer.body);
    });
  }
};
