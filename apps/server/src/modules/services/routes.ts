import {
  CancelServiceOrderSchema,
  CreatedServiceOrderSchema,
  CreateFaceOrderSchema,
  CreateLawsuitOrderSchema,
  CreateLetterOrderSchema,
  EditLetterOrderSchema,
  EmptyPayloadSchema,
  envelope,
  NeedEntrustSchema,
  PersonServiceStepSchema,
  ServiceFileParamsSchema,
  ServiceOrderDetailSchema,
  ServiceOrderQuerySchema,
  ServiceTermsQuerySchema,
  ServiceTermsSchema,
  SignEntrustSchema,
} from '@lawline/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Auth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { dispositionOf } from './files.ts';
import type { PersonServiceOrders } from './person.ts';

const StepDone: Record<string, string> = {
  confirmTime: '已确认见面时间',
  askOtherTime: '已通知律师重新安排时间',
  approveDraft: '已确认律师函内容',
  askRevision: '已提交修改意见',
  declineQuote: '已拒绝报价，订金将原路退回',
  confirmDone: '已确认服务完成',
};

/** Service orders, the person's side (issue 14): order/serviceTerms, creates, details, steps … */
export const personServiceRoutes: FastifyPluginAsyncZod<{ auth: Auth; orders: PersonServiceOrders }> = async (
  app,
  { auth, orders },
) => {
  const common = { preHandler: auth.requireUser } as const;
  const meta = { tags: ['service'], security: [{ token: [] }] };
  const uid = (request: { userId: number | null }) => request.userId as number;
  const detail = envelope(ServiceOrderDetailSchema);

  app.get(
    '/order/serviceTerms',
    {
      preHandler: auth.optionalUser,
      schema: {
        tags: ['service'],
        summary: '下单前：价格（登录后含会员权益）、安排律师承诺、取消与退款规则（无需登录）',
        querystring: ServiceTermsQuerySchema,
        response: { 200: envelope(ServiceTermsSchema) },
      },
    },
    async (request) => ok(await orders.terms(request.userId, request.query)),
  );

  app.post(
    '/order/lawyerFaceOrder',
    {
      ...common,
      schema: {
        ...meta,
        summary: '见面咨询下单（requestId 相同则返回同一订单；会员权益全额抵扣时直接进入安排律师）',
        body: CreateFaceOrderSchema,
        response: { 200: envelope(CreatedServiceOrderSchema) },
      },
    },
    async (request) => ok(await orders.createFace(uid(request), request.channel, request.body), '下单成功'),
  );

  app.get(
    '/order/lawyerFaceOrder/detail',
    {
      ...common,
      schema: {
        ...meta,
        summary: '见面咨询订单详情',
        querystring: ServiceOrderQuerySchema,
        response: { 200: detail },
      },
    },
    async (request) => ok(await orders.detail(uid(request), request.query.orderId, 'faceConsult')),
  );

  app.post(
    '/order/lawLetterOrder',
    {
      ...common,
      schema: {
        ...meta,
        summary: '律师函下单（白金卡每年3次免费）',
        body: CreateLetterOrderSchema,
        response: { 200: envelope(CreatedServiceOrderSchema) },
      },
    },
    async (request) => ok(await orders.createLetter(uid(request), request.channel, request.body), '下单成功'),
  );

  app.get(
    '/order/lawLetterOrder/detail',
    {
      ...common,
      schema: {
        ...meta,
        summary: '律师函订单详情（草稿、修改记录、定稿PDF、快递）',
        querystring: ServiceOrderQuerySchema,
        response: { 200: detail },
      },
    },
    async (request) => ok(await orders.detail(uid(request), request.query.orderId, 'lawyerLetter')),
  );

  app.post(
    '/order/lawLetterOrder/edit',
    {
      ...common,
      schema: {
        ...meta,
        summary: '修改律师函信息（律师提交初稿前）',
        body: EditLetterOrderSchema,
        response: { 200: detail },
      },
    },
    async (request) => ok(await orders.editLetter(uid(request), request.body), '已保存修改'),
  );

  app.post(
    '/order/lawsuitOrder',
    {
      ...common,
      schema: {
        ...meta,
        summary: '诉讼代理下单：支付订金（白金卡符合条件的案件免费）',
        body: CreateLawsuitOrderSchema,
        response: { 200: envelope(CreatedServiceOrderSchema) },
      },
    },
    async (request) =>
      ok(await orders.createLawsuit(uid(request), request.channel, request.body), '下单成功'),
  );

  app.get(
    '/order/lawsuitOrder/detail',
    {
      ...common,
      schema: {
        ...meta,
        summary: '诉讼代理订单详情（报价、委托合同、案件进展）',
        querystring: ServiceOrderQuerySchema,
        response: { 200: detail },
      },
    },
    async (request) => ok(await orders.detail(uid(request), request.query.orderId, 'lawsuit')),
  );

  app.get(
    '/order/needEntrust',
    {
      ...common,
      schema: {
        ...meta,
        summary: '是否需要签署委托代理合同，及合同全文',
        querystring: ServiceOrderQuerySchema,
        response: { 200: envelope(NeedEntrustSchema) },
      },
    },
    async (request) => ok(await orders.needEntrust(uid(request), request.query.orderId)),
  );

  app.post(
    '/order/signEntrust',
    {
      ...common,
      schema: {
        ...meta,
        summary: '签署委托代理合同（即接受报价）；尾款为0时直接开始委托',
        body: SignEntrustSchema,
        response: { 200: detail },
      },
    },
    async (request) => ok(await orders.signEntrust(uid(request), request.body), '委托代理合同已签署'),
  );

  app.post(
    '/order/serviceStep',
    {
      ...common,
      schema: {
        ...meta,
        summary:
          '服务中的操作：confirmTime 确认见面时间 | askOtherTime 改约 | approveDraft 确认律师函 | askRevision 修改意见 | declineQuote 拒绝报价 | confirmDone 确认完成',
        body: PersonServiceStepSchema,
        response: { 200: detail },
      },
    },
    async (request) => ok(await orders.step(uid(request), request.body), StepDone[request.body.action]),
  );

  app.post(
    '/order/cancelServiceOrder',
    {
      ...common,
      schema: {
        ...meta,
        summary: '取消服务订单：服务开始前可取消，已付款项全额原路退回',
        body: CancelServiceOrderSchema,
        response: { 200: detail },
      },
    },
    async (request) => {
      const view = await orders.cancel(uid(request), request.body);
      return ok(view, view.refunded > 0 ? `订单已取消，${view.refunded}元将原路退回` : '订单已取消');
    },
  );

  app.get(
    '/order/serviceFile/:orderId/:fileId',
    {
      ...common,
      schema: {
        ...meta,
        summary: '订单的文件（证据、律师函PDF、委托代理合同）：仅本人可下载',
        params: ServiceFileParamsSchema,
        querystring: EmptyPayloadSchema,
        produces: ['application/octet-stream'],
      },
    },
    async (request, reply) => {
      const file = await orders.file(uid(request), request.params.orderId, request.params.fileId);
      return reply
        .header('content-type', file.mime)
        .header('content-length', file.size)
        .header('content-disposition', dispositionOf(file.name, file.mime === 'application/pdf'))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
};
