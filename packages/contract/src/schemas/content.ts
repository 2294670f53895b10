import { z } from 'zod';
import { ArticleSchema, MAX_ID, positiveId, searchTextParam } from './catalogue.ts';
import { limitField, pageField, pageResult, payload } from './common.ts';

/** At most this many tags in one filter. */
export const MAX_TAG_FILTER = 10;

/** tagIds: comma-separated tag ids ('3,5'); '' = no filter. Answers the list of ids. */
export const tagIdsParam = z
  .string({ error: '标签必须是逗号分隔的标签id' })
  .trim()
  .max(120, '标签过多')
  .refine((v) => v === '' || /^\d+(,\d+)*$/.test(v), '标签必须是逗号分隔的标签id，例如 1,3')
  .transform((v) => (v === '' ? [] : [...new Set(v.split(',').map(Number))]))
  .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_ID), '标签id必须是正整数')
  .refine((ids) => ids.length <= MAX_TAG_FILTER, `最多同时筛选${MAX_TAG_FILTER}个标签`)
  .optional();

/** content (spec §7: page, searchContent, tagIds, limit '10'). Newest first unless sort=hot. */
export const ContentQuerySchema = payload({
  page: pageField,
  limit: limitField,
  /** Searches subject and summary. */
  searchContent: searchTextParam('搜索内容'),
  /** Articles carrying any of these tags. */
  tagIds: tagIdsParam,
  /** new: newest first (default); hot: hot articles first, then most read (home's top 2). */
  sort: z.enum(['new', 'hot'], { error: '排序只能是 new 或 hot' }).default('new'),
});
export type ContentQuery = z.input<typeof ContentQuerySchema>;

export const ArticlePageSchema = pageResult(ArticleSchema);

export const TagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  articleCount: z.number().int(),
});
export type Tag = z.infer<typeof TagSchema>;

/** content/tag/list, content/popularSearchList: no params. */
export const ContentEmptyQuerySchema = payload({});

export const PopularSearchSchema = z.object({ keyword: z.string(), count: z.number().int() });
export type PopularSearch = z.infer<typeof PopularSearchSchema>;

/** content/detail?id= */
export const ArticleIdQuerySchema = payload({ id: positiveId('文章id') });

/**
 * An article to read in the app. contentHtml is sanitised on the server (p, h3, h4, ul, ol, li,
 * strong, em, br, img with https or /media src, a with https href; nothing else) and is '' when
 * the article lives at infoUrl.
 */
export const ArticleDetailSchema = ArticleSchema.extend({
  summary: z.string(),
  author: z.string(),
  isHot: z.boolean(),
  tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
  contentHtml: z.string(),
  /** The consult field the article is about (from its tags, articleConsultField; 7 when none maps): the 咨询律师 bar. */
  consultField: z.number().int(),
  consultFieldName: z.string(),
});
export type ArticleDetail = z.infer<typeof ArticleDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Share posters (PostersHaibao, PostersThr, PostersRedict)
// ---------------------------------------------------------------------------------------------

export const PosterQuerySchema = payload({});

export const PosterSchema = z.object({
  /** share: PostersHaibao; activity: PostersThr. */
  kind: z.enum(['share', 'activity']),
  title: z.string(),
  subtitle: z.string(),
  /** Background image. */
  img: z.string(),
});
export type Poster = z.infer<typeof PosterSchema>;

/** poster/info: what a channel's poster says and the link its QR code carries. */
export const PosterInfoSchema = z.object({
  channel: z.string(),
  channelName: z.string(),
  logo: z.string(),
  primaryColor: z.string(),
  /** The share poster's title and subtitle. */
  title: z.string(),
  subtitle: z.string(),
  /** The link to encode in the QR code: the H5 home of this channel. */
  shareLink: z.string(),
  posters: z.array(PosterSchema),
});
export type PosterInfo = z.infer<typeof PosterInfoSchema>;
