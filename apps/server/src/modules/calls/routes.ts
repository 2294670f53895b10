import { CancelReasons, EvaluationTags, OrderTypes, UNPAID_ORDER_MESSAGE } from '@lawline/contract';
import {
  AvailabilityQuerySchema,
  CallOrderDetailSchema,
  CallOrderIdSchema,
  CancelCallOrderSchema,
  ConsultAvailabilitySchema,
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
  ServiceOrderDetailSchema,
  TagListSchema,
  UnpaidCallOrderListSchema,
} from '@lawline/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
        summary:
          '立即咨询：创建电话咨询订单（lawyerUserId：从律师主页指定律师，先等该律师5分钟；callback：预约回电，到服务时间再派单；有未支付订单时返回 unpaidOrderId；当天取消满3次后 429）',
        body: CreateCallOrderSchema,
        response: { 200: envelope(CreateCallOrderResultSchema) },
      },
    },
    async (request) => {
      const { result, message } = await orders.place(uid(request), request.channel, request.body);
      return ok(result, result.unpaidOrderId ? UNPAID_ORDER_MESSAGE : message);
    },
  );

  app.get(
    '/order/availability',
    {
      schema: {
        tags: ['order'],
        summary:
          '咨询前：该领域现在在线的律师数、服务时间、下次有律师的时间、计费规则；lawyer=律师用户id 时另答该律师是否空闲（无需登录）',
        querystring: AvailabilityQuerySchema,
        response: { 200: envelope(ConsultAvailabilitySchema) },
      },
    },
    async (request) =>
      ok(await orders.availability(request.channel, request.query.field, request.query.lawyer)),
  );

  app.post(
    '/order/releaseRequestedLawyer',
    {
      ...common,
      schema: {
        ...meta,
        summary: '不再等待指定律师：立即匹配第一位空闲律师（仅在等待指定律师时；否则 409）',
        body: CallOrderIdSchema,
        response: { 200: envelope(CallOrderDetailSchema) },
      },
    },
    async (request) =>
      ok(await orders.releaseRequested(uid(request), request.body.orderId), '正在为您匹配其他律师'),
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
      return ok(
        result,
        result.unpaidOrderId ? UNPAID_ORDER_MESSAGE : await orders.placedMessage(request.channel),
      );
    },
  );

  app.post(
    '/order/evaluateOrder',
    {
      ...common,
      schema: {
        ...meta,
        summary:
          '评价律师：1–5星、标签、300字以内（T 电话咨询答 CallOrderDetail，S 服务订单答 ServiceOrderDetail）',
        body: EvaluateOrderSchema,
        response: { 200: envelope(z.union([CallOrderDetailSchema, ServiceOrderDetailSchema])) },
      },
    },
    async (request) => ok(await orders.evaluateAny(uid(request), request.body), '感谢您的评价'),
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
