import { z } from 'zod';

/** Lawyer card (spec §3). skillField is comma-separated field codes. */
export const LawyerCardSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  realName: z.string(),
  faceUrl: z.string(),
  /** 1 famous, 2 expert, 3 senior, 4 or null none. */
  lawyerLevel: z.number().int().nullable(),
  yearPractice: z.number().int(),
  skillField: z.string(),
  lawFirm: z.string(),
  city: z.string(),
});
export type LawyerCard = z.infer<typeof LawyerCardSchema>;

/** Article (spec §3). */
export const ArticleSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  summary: z.string(),
  createDate: z.string(),
  readsCount: z.number().int(),
  infoUrl: z.string(),
  hCoverFileUrl: z.string(),
  vCoverFileUrl: z.string(),
  tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type Article = z.infer<typeof ArticleSchema>;

/** Product card (spec §3). Prices in yuan. */
export const ProductCardSchema = z.object({
  productCode: z.string(),
  productName: z.string(),
  productIntro: z.string(),
  cardImg: z.string(),
  cardTargetUrl: z.string(),
  salePrice: z.number(),
  discountPrice: z.number().nullable(),
  discountIntro: z.string(),
});
export type ProductCard = z.infer<typeof ProductCardSchema>;
