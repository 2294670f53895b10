import type { PageResult, TaxAdvisor, TaxAdvisorCard } from '@lawline/contract/schemas';
import type { Db } from '../../db/database.ts';
import { toPage } from '../../db/query-helpers.ts';
import { notFound } from '../../http/errors.ts';
import { findTaxAdvisor, pageTaxAdvisors, type TaxAdvisorFilter } from './repo.ts';

type Query = { page: number; limit: number; field?: number | undefined; keyword?: string | undefined };

/** Tax advisors (uc/taxAdvisor) and the experts among them (tax/taxexpert). */
export class TaxService {
  constructor(private readonly db: Db) {}

  advisors(query: Query): Promise<PageResult<TaxAdvisorCard>> {
    return this.paged({ field: query.field, keyword: query.keyword }, query);
  }

  experts(query: Query): Promise<PageResult<TaxAdvisorCard>> {
    return this.paged({ field: query.field, keyword: query.keyword, expertOnly: true }, query);
  }

  async advisor(id: number): Promise<TaxAdvisor> {
    const advisor = await findTaxAdvisor(this.db, id);
    if (!advisor) throw notFound('税务顾问不存在或已下线');
    return advisor;
  }

  private async paged(filter: TaxAdvisorFilter, query: Query): Promise<PageResult<TaxAdvisorCard>> {
    const { list, total } = await pageTaxAdvisors(this.db, filter, query.page, query.limit);
    return toPage(list, total, query.page, query.limit);
  }
}
