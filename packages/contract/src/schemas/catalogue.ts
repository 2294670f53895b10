import { z } from 'zod';
import { isConsultFieldCode } from '../constants/consult-fields.ts';

// ---------------------------------------------------------------------------------------------
// Query fields shared by the browsing endpoints. Query values arrive as strings; every message
// is one a person can act on.
// ---------------------------------------------------------------------------------------------

/** Largest id a query may name (PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647;

/** A positive integer id in a query or body (`label` names it in the message: 律师id, 文章id…). */
export function positiveId(label = 'id') {
  const message = `${label}必须是正整数`;
  return z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_ID, `${label}过大`);
}

/** Blank query values (`?field=`) mean "not given": the client sends empty filters as ''. */
function blankAsUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/** A consult field code of spec §3 (1–24, 44–50). */
export const consultFieldParam = z.preprocess(
  blankAsUndefined,
  z.coerce
    .number({ error: '咨询领域必须是领域编号' })
    .int('咨询领域必须是领域编号')
    .refine(isConsultFieldCode, '不支持的咨询领域编号')
    .optional(),
);

/** Lawyer level filter: 1 著名, 2 专家, 3 资深, 4 无等级. */
export const lawyerLevelParam = z.preprocess(
  blankAsUndefined,
  z.coerce
    .number({ error: '律师等级必须是1–4' })
    .int('律师等级必须是1–4')
    .min(1, '律师等级必须是1–4')
    .max(4, '律师等级必须是1–4')
    .optional(),
);

// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point.
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/** Free search text: trimmed, at most `max` characters, no control characters; blank = none. */
export function searchTextParam(label: string, max = 30) {
  return z.preprocess(
    blankAsUndefined,
    z
      .string({ error: `${label}必须是文字` })
      .trim()
      .max(max, `${label}最多${max}个字`)
      .refine((v) => !CONTROL_CHARS.test(v), `${label}包含无法识别的字符`)
      .optional(),
  );
}

// ---------------------------------------------------------------------------------------------
// Shapes of spec §3
// ---------------------------------------------------------------------------------------------

/** Lawyer card (spec §3). skillField is comma-separated field codes. */
export const LawyerCardSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  realName: z.string(),
  faceUrl: z.string(),
  /** 1 famous, 2 expert, 3 senior, 4 or null none. */
  lawyerLevel: z.number().int().nullable(),
  /** 著名 / 专家 / 资深, or null for level 4 or none. */
  levelName: z.string().nullable(),
  yearPractice: z.number().int(),
  skillField: z.string(),
  /** Names of skillField's codes, in the same order. */
  skillFieldNames: z.array(z.string()),
  lawFirm: z.string(),
  city: z.string(),
  /** Consultations served. */
  servedCount: z.number().int(),
  /** Average rating out of 5 over ratingCount evaluations. */
  rating: z.number(),
  /** Evaluations behind the rating: below REVIEW_MIN_COUNT_FOR_AVERAGE the apps show no rating. */
  ratingCount: z.number().int(),
});
export type LawyerCard = z.infer<typeof LawyerCardSchema>;

/**
 * Article in a list (spec §3: subject, createDate, readsCount, infoUrl, hCoverFileUrl,
 * vCoverFileUrl): what a list card shows and needs to open it. summary, author, tags and the body
 * come with content/detail, so the list everyone reads first stays small. createDate is ISO 8601
 * (feed it to articleAgeText).
 */
export const ArticleSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  createDate: z.string(),
  readsCount: z.number().int(),
  /**
   * Where the article lives when it is not shown in the app ('' = open it in the app). A link on
   * the product's own domain carries the caller's token when the caller is logged in.
   */
  infoUrl: z.string(),
  hCoverFileUrl: z.string(),
  vCoverFileUrl: z.string(),
});
export type Article = z.infer<typeof ArticleSchema>;

/** Product card (spec §3). Prices in yuan; discountPrice is what is paid when set. */
export const ProductCardSchema = z.object({
  productCode: z.string(),
  productName: z.string(),
  productIntro: z.string(),
  cardImg: z.string(),
  /** Link target (contract parseLinkTarget): go_… route. */
  cardTargetUrl: z.string(),
  salePrice: z.number(),
  discountPrice: z.number().nullable(),
  discountIntro: z.string(),
  /** 'product' a service product (SC…), 'card' a member card (MC…). */
  itemType: z.enum(['product', 'card']),
  /** Price unit: 元/分钟, 元/份, 元/年 … */
  unit: z.string(),
});
export type ProductCard = z.infer<typeof ProductCardSchema>;
