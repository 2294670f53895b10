import type { InstituteCard, InstituteInfo, LawyerCard, PageResult } from '@lawline/contract/schemas';
import type { Db } from '../../db/database.ts';
import { toPage } from '../../db/query-helpers.ts';
import { notFound } from '../../http/errors.ts';
import { pageLawyers, topLawyers } from '../lawyers/repo.ts';
import { findInstitute, instituteExists, pageInstitutes } from './repo.ts';

const INFO_LAWYERS = 6;
const NOT_FOUND = '研究院不存在或已下线';

/** Institutes (Institute, InstituteInfo, Institute4Info) and their platform lawyers. */
export class InstituteService {
  constructor(private readonly db: Db) {}

  async page(query: {
    page: number;
    limit: number;
    keyword?: string | undefined;
  }): Promise<PageResult<InstituteCard>> {
    const { list, total } = await pageInstitutes(this.db, query.keyword, query.page, query.limit);
    return toPage(list, total, query.page, query.limit);
  }

  async info(id: number): Promise<InstituteInfo> {
    const institute = await findInstitute(this.db, id);
    if (!institute) throw notFound(NOT_FOUND);
    return { ...institute, lawyers: await topLawyers(this.db, { instituteId: id }, INFO_LAWYERS) };
  }

  async lawyers(query: { id: number; page: number; limit: number }): Promise<PageResult<LawyerCard>> {
    if (!(await instituteExists(this.db, query.id))) throw notFound(NOT_FOUND);
    const { list, total } = await pageLawyers(this.db, { instituteId: query.id }, query.page, query.limit);
    return toPage(list, total, query.page, query.limit);
  }
}
