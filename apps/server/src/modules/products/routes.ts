import {
  ChannelProductQuerySchema,
  ChannelProductSchema,
  envelope,
  MemberCardDetailQuerySchema,
  MemberCardDetailSchema,
  MemberCardListQuerySchema,
  MemberCardSchema,
  ProductPageQuerySchema,
  ProductPageSchema,
} from '@lawline/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { ProductService } from './service.ts';

export const productRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, opts) => {
  const products = new ProductService(opts.db);

  app.get(
    '/channel/getChnRecommendProducts',
    {
      schema: {
        tags: ['product'],
        summary: '当前渠道推荐的产品与会员卡（服务商城首屏），按渠道排序，分页',
        querystring: ProductPageQuerySchema,
        response: { 200: envelope(ProductPageSchema) },
      },
    },
    async (request) => ok(await products.recommended(request.channel.channel, request.query)),
  );

  app.get(
    '/channel/pageChnProduct',
    {
      schema: {
        tags: ['product'],
        summary: '当前渠道在售的全部产品与会员卡，按渠道排序，分页',
        querystring: ProductPageQuerySchema,
        response: { 200: envelope(ProductPageSchema) },
      },
    },
    async (request) => ok(await products.channelPage(request.channel.channel, request.query)),
  );

  app.get(
    '/channel/getChnProduct',
    {
      schema: {
        tags: ['product'],
        summary: '当前渠道的一个产品（ProductInfo，?productCode=SC…/MC…；旧卡号映射为现卡）',
        querystring: ChannelProductQuerySchema,
        response: { 200: envelope(ChannelProductSchema) },
      },
    },
    async (request) => ok(await products.channelProduct(request.channel.channel, request.query.productCode)),
  );

  app.get(
    '/product/list',
    {
      schema: {
        tags: ['product'],
        summary: '全部服务产品（电话咨询、合同审查、律师函…），分页',
        querystring: ProductPageQuerySchema,
        response: { 200: envelope(ProductPageSchema) },
      },
    },
    async (request) => ok(await products.products(request.query)),
  );

  app.get(
    '/sys/shop/list',
    {
      schema: {
        tags: ['product'],
        summary: '会员卡商城：在售会员卡（以产品卡片形式），分页',
        querystring: ProductPageQuerySchema,
        response: { 200: envelope(ProductPageSchema) },
      },
    },
    async (request) => ok(await products.shop(request.query)),
  );

  app.get(
    '/memberCard/list',
    {
      schema: {
        tags: ['memberCard'],
        summary: '在售会员卡及其权益（MemberCard、Cards、TimeCard、TimesCard），可按 kind 筛选',
        querystring: MemberCardListQuerySchema,
        response: { 200: envelope(z.array(MemberCardSchema)) },
      },
    },
    async (request) => ok(await products.cards(request.query.kind)),
  );

  app.get(
    '/memberCard/detail',
    {
      schema: {
        tags: ['memberCard'],
        summary: '会员卡详情与权益（SingleCard、ACard、BCard，?code=；旧卡号 MC19003 等映射为现卡）',
        querystring: MemberCardDetailQuerySchema,
        response: { 200: envelope(MemberCardDetailSchema) },
      },
    },
    async (request) => ok(await products.card(request.query.code)),
  );
};
