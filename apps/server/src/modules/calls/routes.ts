import { CancelReasons, EvaluationTags, OrderTypes, UNPAID_ORDER_MESSAGE } from '@lawline/contract';
import {
  CallOrderDetailSchema,
  CallOrderIdSchema,
  CancelCallOrderSchema,
  ContinueConsultResultSchema,
  CreateCallOrderResultSchema,
  CreateCallOrderSchema,
  EmptyPayloadSchema,
  EvaluateOrderSchema,
  envelope,
  OrderDynamicSchema,
  OrderListPageSchema,
  OrderListQuerySchema,
  OrderStatusCountSchema,
  OrderTypeListSchema,
  TagListSchema,
  UnpaidCallOrderListSchema,
} from '@lawline/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Auth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { CallOrderService } from './orders.ts';

/** Phone consultation, consumer side (issue 5): order/* and tag/*. Consumer tokens only. */
export const callOrderRoutes: FastifyPluginAsyncZod<{ auth: Auth; orders: CallOrderService }> = async (
  app,
  { auth, orders },
) => {
  const common = { preHandler: auth.requireUser } as const;
  const meta = { tags: ['order'], security: [{ token: [] }] };
  const uid = (request: { userId: number | null }) => request.userId as number;

  app.post(
    '/order/createCallOrder',
    {
      ...common,
      schema: {
        ...meta,
        summary: '立即咨询：创建电话咨询订单（有未支付订单时返回 unpaidOrderId；当天取消满3次后 429）',
        body: CreateCallOrderSchema,
        response: { 200: envelope(CreateCallOrderResultSchema) },
      },
    },
    async (request) => {
      const result = await orders.create(uid(request), request.channel, request.body);
      return ok(result, result.unpaidOrderId ? UNPAID_ORDER_MESSAGE : '下单成功，律师将在60秒内回电');
    },
  );

  app.get(
    '/order/callOrderDetail',
    {
      ...common,
      schema: {
        ...meta,
        summary: '电话咨询订单详情（PhoneWaiting 轮询；status 2/3/4/5/99）',
        querystring: CallOrderIdSchema,
        response: { 200: envelope(CallOrderDetailSchema) },
      },
    },
    async (request) => ok(await orders.detail(uid(request), request.query.orderId)),
  );

  app.get(
    '/order/unpaidCallOrder',
    {
      ...common,
      schema: {
        ...meta,
        summary: '未支付的电话咨询订单（数组）',
        querystring: EmptyPayloadSchema,
        response: { 200: envelope(UnpaidCallOrderListSchema) },
      },
    },
    async (request) => ok(await orders.unpaid(uid(request))),
  );

  app.post(
    '/order/cancelCallOrder',
    {
      ...common,
      schema: {
        ...meta,
        summary: '取消电话咨询（匹配中或律师接单后、通话前）',
        body: CancelCallOrderSchema,
        response: { 200: envelope(CallOrderDetailSchema) },
      },
    },
    async (request) => ok(await orders.cancel(uid(request), request.body), '订单已取消'),
  );

  app.post(
    '/order/keepWaiting',
    {
      ...common,
      schema: {
        ...meta,
        summary: '60秒未接通：继续等待（新的60秒承诺）',
        body: CallOrderIdSchema,
        response: { 200: envelope(CallOrderDetailSchema) },
      },
    },
    async (request) =>
      ok(await orders.renew(uid(request), request.body.orderId, 'keepWaiting'), '已为您继续等待'),
  );

  app.post(
    '/order/rematch',
    {
      ...common,
      schema: {
        ...meta,
        summary: '60秒未接通：重新匹配律师',
        body: CallOrderIdSchema,
        response: { 200: envelope(CallOrderDetailSchema) },
      },
    },
    async (request) =>
      ok(await orders.renew(uid(request), request.body.orderId, 'rematch'), '正在为您重新匹配律师'),
  );

  app.post(
    '/order/continueConsultOrder',
    {
      ...common,
      schema: {
        ...meta,
        summary: '再次咨询：同一问题新建订单，优先派给原律师',
        body: CallOrderIdSchema,
        response: { 200: envelope(ContinueConsultResultSchema) },
      },
    },
    async (request) => {
      const result = await orders.continueWith(uid(request), request.channel, request.body.orderId);
      return ok(result, result.unpaidOrderId ? UNPAID_ORDER_MESSAGE : '下单成功，律师将在60秒内回电');
    },
  );

  app.post(
    '/order/evaluateOrder',
    {
      ...common,
      schema: {
        ...meta,
        summary: '评价律师：1–5星、标签、300字以内',
        body: EvaluateOrderSchema,
        response: { 200: envelope(CallOrderDetailSchema) },
      },
    },
    async (request) => ok(await orders.evaluate(uid(request), request.body), '感谢您的评价'),
  );

  app.get(
    '/order/list-new',
    {
      ...common,
      schema: {
        ...meta,
        summary: '订单列表：tab = ongoing 进行中 | unpaid 待支付 | finished 已完成 | cancelled 已取消',
        querystring: OrderListQuerySchema,
        response: { 200: envelope(OrderListPageSchema) },
      },
    },
    async (request) =>
      ok(await orders.list(uid(request), request.query.tab, request.query.page, request.query.limit)),
  );

  app.get(
    '/order/orderStatusCount',
    {
      ...common,
      schema: {
        ...meta,
        summary: '各订单分类的数量',
        querystring: EmptyPayloadSchema,
        response: { 200: envelope(OrderStatusCountSchema) },
      },
    },
    async (request) => ok(await orders.statusCount(uid(request))),
  );

  app.get(
    '/order/orderType',
    {
      schema: {
        tags: ['order'],
        summary: '订单类型',
        querystring: EmptyPayloadSchema,
        response: { 200: envelope(OrderTypeListSchema) },
      },
    },
    async () => ok(OrderTypes.map((t) => ({ ...t }))),
  );

  app.get(
    '/order/dynamic',
    {
      schema: {
        tags: ['order'],
        summary: '首页服务动态（律师姓名脱敏）',
        querystring: EmptyPayloadSchema,
        response: { 200: envelope(OrderDynamicSchema) },
      },
    },
    async () => ok(await orders.dynamic()),
  );

  app.get(
    '/tag/getAllEvaluate',
    {
      schema: {
        tags: ['order'],
        summary: '评价标签',
        querystring: EmptyPayloadSchema,
        response: { 200: envelope(TagListSchema) },
      },
    },
    async () => ok(EvaluationTags.map((t) => ({ ...t }))),
  );

  app.get(
    '/tag/getCause',
    {
      schema: {
        tags: ['order'],
        summary: '取消原因',
        querystring: EmptyPayloadSchema,
        response: { 200: envelope(TagListSchema) },
      },
    },
    async () => ok(CancelReasons.map((t) => ({ ...t }))),
  );
};
