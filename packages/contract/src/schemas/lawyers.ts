import { z } from 'zod';
import {
  consultFieldParam,
  LawyerCardSchema,
  lawyerLevelParam,
  positiveId,
  searchTextParam,
} from './catalogue.ts';
import { PageQueryShape, pageResult, payload } from './common.ts';

/** Channels that have a lawyer list of their own (spec §7: zxyh, paky, yjjd). */
export const LawyerListChannels = ['zxyh', 'paky', 'yjjd'] as const;
export type LawyerListChannel = (typeof LawyerListChannels)[number];

export const LawyerPageSchema = pageResult(LawyerCardSchema);

/** uc/lawyerInfo/home: no params. */
export const LawyerHomeQuerySchema = payload({});

/** uc/lawyerInfo/page: field, level and keyword filters, paged. */
export const LawyerPageQuerySchema = payload({
  ...PageQueryShape,
  /** Consult field code; matches one of the lawyer's skill fields exactly. */
  field: consultFieldParam,
  /** 1 著名, 2 专家, 3 资深, 4 无等级 (4 or none). */
  level: lawyerLevelParam,
  /** Searches name, law firm and introduction. */
  keyword: searchTextParam('搜索关键词'),
});
export type LawyerPageQuery = z.infer<typeof LawyerPageQuerySchema>;

/** uc/lawyerInfo, careerReport, cases: ?id= a lawyer id. */
export const LawyerIdQuerySchema = payload({ id: positiveId('律师id') });

/** uc/lawyerInfo/recommend: lawyers of a field, without the one being viewed; at most 6. */
export const LawyerRecommendQuerySchema = payload({
  field: consultFieldParam,
  exclude: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    positiveId('排除的律师id').optional(),
  ),
  limit: z.coerce
    .number({ error: '数量必须是1–6' })
    .int()
    .min(1, '数量必须是1–6')
    .max(6, '数量必须是1–6')
    .default(6),
});

/** lectureLawyer, uc/accompany/page: paged, optionally by field. */
export const LawyerFieldPageQuerySchema = payload({ ...PageQueryShape, field: consultFieldParam });

/** uc/lawyerInfo/channelPage: the lawyer list of zxyh, paky or yjjd. */
export const LawyerChannelPageQuerySchema = payload({
  ...PageQueryShape,
  /** Which channel's list; defaults to the request's channel when that is one of the three. */
  lawyerChannel: z
    .enum(LawyerListChannels, { error: '专属律师列表只有 zxyh、paky、yjjd 三个渠道' })
    .optional(),
});

export const CaseSummarySchema = z.object({
  id: z.number().int(),
  lawyerId: z.number().int(),
  title: z.string(),
  field: z.number().int(),
  fieldName: z.string(),
  summary: z.string(),
  result: z.string(),
  /** YYYY-MM-DD */
  caseDate: z.string(),
});
export type CaseSummary = z.infer<typeof CaseSummarySchema>;

export const CaseDetailSchema = CaseSummarySchema.extend({
  /** Paragraphs of the case (案情, 代理思路, 争议焦点…). */
  content: z.array(z.string()),
  lawyer: LawyerCardSchema,
});
export type CaseDetail = z.infer<typeof CaseDetailSchema>;

/** Lawyer profile (LawyerInfo): card, introduction, career report and cases handled. */
export const LawyerProfileSchema = LawyerCardSchema.extend({
  intro: z.string(),
  /** Career report lines (教育背景, 执业经历, 专业领域…). */
  careerReport: z.array(z.string()),
  /** Lawyer's practising licence number (17 digits). */
  licenseNo: z.string().nullable(),
  isLecturer: z.boolean(),
  /** Accompanies clients face to face (陪同见面). */
  accompany: z.boolean(),
  cases: z.array(CaseSummarySchema),
  institutes: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type LawyerProfile = z.infer<typeof LawyerProfileSchema>;

/** uc/lawyerInfo/careerReport */
export const CareerReportSchema = z.object({
  lawyerId: z.number().int(),
  realName: z.string(),
  yearPractice: z.number().int(),
  lawFirm: z.string(),
  licenseNo: z.string().nullable(),
  lines: z.array(z.string()),
});
export type CareerReport = z.infer<typeof CareerReportSchema>;

/** uc/lawyerPartCase/page: ?lawyerId, paged. */
export const CasePageQuerySchema = payload({ ...PageQueryShape, lawyerId: positiveId('律师id') });
export const CasePageSchema = pageResult(CaseSummarySchema);
/** uc/lawyerPartCase: ?id= a case id. */
export const CaseIdQuerySchema = payload({ id: positiveId('案例id') });

/** Lecturer info (LecturerInfo): the lawyer's profile and the videos they recorded. */
export const LecturerVideoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  coverUrl: z.string(),
  durationS: z.number().int(),
  playable: z.boolean(),
});
export const LecturerInfoSchema = z.object({
  lawyer: LawyerProfileSchema,
  videos: z.array(LecturerVideoSchema),
});
export type LecturerInfo = z.infer<typeof LecturerInfoSchema>;

/** uc/lawyerInfo/check (CheckLawyer): is this person a lawyer on our platform? */
export const LICENSE_NO_PATTERN = /^\d{17}$/;
export const CheckLawyerQuerySchema = payload({
  name: z.string({ error: '请输入律师姓名' }).trim().min(1, '请输入律师姓名').max(20, '律师姓名最多20个字'),
  licenseNo: z
    .string({ error: '请输入执业证号' })
    .trim()
    .min(1, '请输入执业证号')
    .regex(LICENSE_NO_PATTERN, '执业证号应为17位数字'),
});
export const CheckLawyerResultSchema = z.object({
  verified: z.boolean(),
  message: z.string(),
  /** The lawyer when verified, else null. */
  lawyer: LawyerCardSchema.nullable(),
});
export type CheckLawyerResult = z.infer<typeof CheckLawyerResultSchema>;

// ---------------------------------------------------------------------------------------------
// Tax advisors and experts
// ---------------------------------------------------------------------------------------------

export const TaxAdvisorCardSchema = z.object({
  id: z.number().int(),
  realName: z.string(),
  faceUrl: z.string(),
  /** 注册税务师, 注册会计师 … */
  title: z.string(),
  yearPractice: z.number().int(),
  skillField: z.string(),
  skillFieldNames: z.array(z.string()),
  organisation: z.string(),
  isExpert: z.boolean(),
});
export type TaxAdvisorCard = z.infer<typeof TaxAdvisorCardSchema>;
export const TaxAdvisorSchema = TaxAdvisorCardSchema.extend({ intro: z.string() });
export type TaxAdvisor = z.infer<typeof TaxAdvisorSchema>;
export const TaxAdvisorPageSchema = pageResult(TaxAdvisorCardSchema);

/** uc/taxAdvisor/page and tax/taxexpert/page. */
export const TaxAdvisorPageQuerySchema = payload({
  ...PageQueryShape,
  field: consultFieldParam,
  keyword: searchTextParam('搜索关键词'),
});
export const TaxAdvisorIdQuerySchema = payload({ id: positiveId('税务顾问id') });

// ---------------------------------------------------------------------------------------------
// Institutes
// ---------------------------------------------------------------------------------------------

export const InstituteCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logoUrl: z.string(),
  city: z.string(),
  /** First sentence of the introduction. */
  brief: z.string(),
  /** Members of the institute (all, not only those on the platform). */
  lawyerCount: z.number().int(),
  /** Members who take consultations on the platform. */
  platformLawyerCount: z.number().int(),
});
export type InstituteCard = z.infer<typeof InstituteCardSchema>;
export const InstitutePageSchema = pageResult(InstituteCardSchema);

export const InstituteInfoSchema = InstituteCardSchema.extend({
  address: z.string(),
  intro: z.string(),
  /** Up to 6 of the institute's platform lawyers, hottest first (the rest: institute/lawyers). */
  lawyers: z.array(LawyerCardSchema),
});
export type InstituteInfo = z.infer<typeof InstituteInfoSchema>;

export const InstitutePageQuerySchema = payload({
  ...PageQueryShape,
  keyword: searchTextParam('搜索关键词'),
});
export const InstituteIdQuerySchema = payload({ id: positiveId('研究院id') });
export const InstituteLawyersQuerySchema = payload({ ...PageQueryShape, id: positiveId('研究院id') });

// ---------------------------------------------------------------------------------------------
// Reviews on a lawyer's profile (issue 23), from the evaluations of their phone consultations.
// ---------------------------------------------------------------------------------------------

/** uc/lawyerInfo/reviews?id= a lawyer id (as uc/lawyerInfo), paged, newest first. */
export const LawyerReviewsQuerySchema = payload({ ...PageQueryShape, id: positiveId('律师id') });

export const LawyerReviewSchema = z.object({
  /** Opaque, stable per review (a list key). */
  id: z.string(),
  /** 1–5. */
  stars: z.number().int(),
  tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The person's comment (≤ 300 characters; '' when they wrote none). */
  content: z.string(),
  /** The person's name masked: first character + '**' ('张**'); '用户**' without a name. */
  userName: z.string(),
  createdAt: z.number(),
  /** 'YYYY-MM-DD' (Beijing). */
  date: z.string(),
});
export type LawyerReview = z.infer<typeof LawyerReviewSchema>;

/**
 * The page of reviews plus the lawyer's totals: `count` evaluations, `average` stars (one decimal)
 * or null while count < minCount (REVIEW_MIN_COUNT_FOR_AVERAGE = 3): then no average is shown.
 */
export const LawyerReviewPageSchema = pageResult(LawyerReviewSchema).extend({
  count: z.number().int(),
  average: z.number().nullable(),
  minCount: z.number().int(),
});
export type LawyerReviewPage = z.infer<typeof LawyerReviewPageSchema>;
