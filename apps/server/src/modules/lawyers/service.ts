import { Limits } from '@lawline/contract';
import type {
  CareerReport,
  CaseDetail,
  CaseSummary,
  CheckLawyerResult,
  LawyerCard,
  LawyerListChannel,
  LawyerProfile,
  LawyerReviewPage,
  LecturerInfo,
  PageResult,
} from '@lawline/contract/schemas';
import { envelope, LawyerCardSchema, LawyerListChannels } from '@lawline/contract/schemas';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { toPage } from '../../db/query-helpers.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { type Cached, ReadCache } from '../content/read-cache.ts';
import { listVideosOfLawyer } from '../videos/repo.ts';
import {
  findByLicense,
  findCareer,
  findCase,
  findLawyerCard,
  findLawyerProfile,
  type LawyerFilter,
  lawyerExists,
  listCases,
  pageCases,
  pageLawyers,
  topLawyers,
} from './repo.ts';
import { pageLawyerReviews } from './reviews.ts';

type Paging = { page: number; limit: number };

export const LAWYER_NOT_FOUND = '律师不存在或已下线';
const RECOMMEND_MAX = 6;
/**
 * How late the home screen's hot lawyers may show an operator's change (the app itself never
 * writes lawyers; the channel config has the same 30 s).
 */
const HOME_CACHE_MS = 30_000;

/**
 * Lawyers as consumers browse them: hot list, filtered list, profiles with career report and
 * cases, lecturers, accompaniment lawyers, channel lists and the licence check.
 */
export class LawyerService {
  /** The home list is the same for everyone and read by every visitor: kept in memory. */
  private readonly homeCache = new ReadCache<LawyerCard[]>({
    ttlMs: HOME_CACHE_MS,
    maxEntries: 1,
    schema: envelope(z.array(LawyerCardSchema)),
    envelope: (list: LawyerCard[]) => ok(list),
  });

  constructor(private readonly db: Db) {}

  /** Home: the top 3 lawyers by hot score (with its ready answer). */
  home(): Promise<Cached<LawyerCard[]>> {
    return this.homeCache.get('home', () => topLawyers(this.db, {}, Limits.homeHotLawyers));
  }

  async page(
    query: Paging & Pick<LawyerFilter, 'field' | 'level' | 'keyword'>,
  ): Promise<PageResult<LawyerCard>> {
    const { page, limit, ...filter } = query;
    return this.paged(filter, { page, limit });
  }

  async profile(id: number): Promise<LawyerProfile> {
    const profile = await findLawyerProfile(this.db, id);
    if (!profile) throw notFound(LAWYER_NOT_FOUND);
    return profile;
  }

  /** Up to 6 lawyers of the field (any field when none is given), without `exclude`. */
  recommend(field: number | undefined, exclude: number | undefined, limit: number): Promise<LawyerCard[]> {
    return topLawyers(this.db, { field, excludeId: exclude }, Math.min(limit, RECOMMEND_MAX));
  }

  lecturers(query: Paging & { field?: number | undefined }): Promise<PageResult<LawyerCard>> {
    return this.paged({ lecturer: true, field: query.field }, query);
  }

  async lecturerInfo(id: number): Promise<LecturerInfo> {
    const lawyer = await this.profile(id);
    if (!lawyer.isLecturer) throw notFound('该律师不是平台讲师');
    return { lawyer, videos: await listVideosOfLawyer(this.db, id) };
  }

  /** Lawyers who go with the client to a face-to-face meeting (accompany flag). */
  accompany(query: Paging & { field?: number | undefined }): Promise<PageResult<LawyerCard>> {
    return this.paged({ accompany: true, field: query.field }, query);
  }

  /**
   * The lawyer list of zxyh, paky or yjjd: `lawyerChannel` when given, else the request's channel
   * when it is one of the three.
   */
  channelPage(
    query: Paging & { lawyerChannel?: LawyerListChannel | undefined },
    requestChannel: string,
  ): Promise<PageResult<LawyerCard>> {
    const key =
      query.lawyerChannel ??
      (LawyerListChannels as readonly string[]).find((channel) => channel === requestChannel);
    if (!key) {
      throw badRequest(
        `渠道「${requestChannel}」没有专属律师列表，请用 lawyerChannel 指定 zxyh、paky 或 yjjd`,
      );
    }
    return this.paged({ channelTag: key }, query);
  }

  /** uc/lawyerInfo/reviews: the lawyer's reviews from evaluations, the count and the average. */
  async reviews(query: Paging & { id: number }): Promise<LawyerReviewPage> {
    if (!(await lawyerExists(this.db, query.id))) throw notFound(LAWYER_NOT_FOUND);
    return pageLawyerReviews(this.db, query.id, query.page, query.limit);
  }

  async careerReport(id: number): Promise<CareerReport> {
    const report = await findCareer(this.db, id);
    if (!report) throw notFound(LAWYER_NOT_FOUND);
    return report;
  }

  async cases(lawyerId: number): Promise<CaseSummary[]> {
    if (!(await lawyerExists(this.db, lawyerId))) throw notFound(LAWYER_NOT_FOUND);
    return listCases(this.db, lawyerId);
  }

  async casePage(query: Paging & { lawyerId: number }): Promise<PageResult<CaseSummary>> {
    if (!(await lawyerExists(this.db, query.lawyerId))) throw notFound(LAWYER_NOT_FOUND);
    const { list, total } = await pageCases(this.db, query.lawyerId, query.page, query.limit);
    return toPage(list, total, query.page, query.limit);
  }

  async caseDetail(id: number): Promise<CaseDetail> {
    const found = await findCase(this.db, id);
    if (!found) throw notFound('案例不存在或已删除');
    const lawyer = await findLawyerCard(this.db, found.lawyerId);
    if (!lawyer) throw notFound('案例不存在或已删除');
    return { ...found, lawyer };
  }

  /** CheckLawyer: verified only when the licence number is ours and the name matches it. */
  async check(name: string, licenseNo: string): Promise<CheckLawyerResult> {
    const found = await findByLicense(this.db, licenseNo);
    if (found && found.realName === name.trim()) {
      return { verified: true, message: `${name.trim()}律师已在律线平台认证执业`, lawyer: found.card };
    }
    return {
      verified: false,
      message: '未查询到该律师：请核对姓名和执业证号，或向平台客服核实',
      lawyer: null,
    };
  }

  private async paged(filter: LawyerFilter, paging: Paging): Promise<PageResult<LawyerCard>> {
    const { list, total } = await pageLawyers(this.db, filter, paging.page, paging.limit);
    return toPage(list, total, paging.page, paging.limit);
  }
}
