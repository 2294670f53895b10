import { z } from 'zod';
import { ProductCardSchema } from './catalogue.ts';
import { PageQueryShape, pageResult, payload } from './common.ts';

export const ProductPageSchema = pageResult(ProductCardSchema);

/** channel/getChnRecommendProducts (payload page), channel/pageChnProduct, product/list, sys/shop/list. */
export const ProductPageQuerySchema = payload({ ...PageQueryShape });

/** A product or member card code: SC17001, MC19001 … */
export const productCodeParam = z
  .string({ error: '请提供产品编码' })
  .trim()
  .min(1, '请提供产品编码')
  .regex(/^(SC|MC)\d{5}$/, '产品编码格式不正确（如 SC17001、MC19001）');

/** channel/getChnProduct?productCode= */
export const ChannelProductQuerySchema = payload({ productCode: productCodeParam });

export const MemberCardKinds = ['gold', 'platinum', 'time', 'theme', 'club'] as const;
export type MemberCardKind = (typeof MemberCardKinds)[number];

/** One right a member card gives (name from the contract's MemberRightName). */
export const CardRightSchema = z.object({
  rightCode: z.string(),
  rightName: z.string(),
  /** Uses per year; null = unlimited. */
  perYear: z.number().int().nullable(),
  /** Price in percent for a discount right (70 = 7折). */
  pricePercent: z.number().int().nullable(),
  /** Days after purchase before the right can be used. */
  waitingDays: z.number().int().nullable(),
  /** Upper limit of the claim in yuan. */
  capYuan: z.number().nullable(),
  note: z.string(),
});
export type CardRight = z.infer<typeof CardRightSchema>;

export const MemberCardSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(MemberCardKinds),
  /** '3' time card, '2' annual (count) card. */
  productType: z.string(),
  /** Yuan. */
  price: z.number(),
  originalPrice: z.number(),
  validityDays: z.number().int(),
  /** Consult field a themed card covers. */
  themeField: z.number().int().nullable(),
  themeFieldName: z.string().nullable(),
  img: z.string(),
  intro: z.string(),
  onSale: z.boolean(),
  /** The showcase page that presents it: ACard (gold), BCard (platinum), TimeCard, SingleCard. */
  page: z.string(),
  rights: z.array(CardRightSchema),
});
export type MemberCard = z.infer<typeof MemberCardSchema>;

/** memberCard/list: cards on sale, optionally of one kind. */
export const MemberCardListQuerySchema = payload({
  kind: z.enum(MemberCardKinds, { error: '会员卡类型只能是 gold、platinum、time、theme、club' }).optional(),
});

/** memberCard/detail?code= (legacy codes such as MC19003 answer the card they now mean). */
export const MemberCardDetailQuerySchema = payload({
  code: z
    .string({ error: '请提供会员卡编码' })
    .trim()
    .regex(/^MC\d{5}$/, '会员卡编码格式不正确（如 MC19001）'),
});
export const MemberCardDetailSchema = MemberCardSchema.extend({
  /** The code asked for when it was a legacy code, else null. */
  requestedCode: z.string().nullable(),
});
export type MemberCardDetail = z.infer<typeof MemberCardDetailSchema>;

/** channel/getChnProduct: the card, plus the member card behind it when it is one. */
export const ChannelProductSchema = ProductCardSchema.extend({
  recommended: z.boolean(),
  /** Service type (spec §9) for a product; 2 (card) for a member card. */
  serviceType: z.number().int(),
  memberCard: MemberCardSchema.nullable(),
});
export type ChannelProduct = z.infer<typeof ChannelProductSchema>;
