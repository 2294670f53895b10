import type { TaxAdvisor, TaxAdvisorCard } from '@lawline/contract/schemas';
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsText, csvContains, offsetOf } from '../../db/query-helpers.ts';
import type { Database, TaxAdvisorTable } from '../../db/schema.ts';
import { fieldNames } from '../lawyers/repo.ts';

export type TaxAdvisorFilter = {
  field?: number | undefined;
  keyword?: string | undefined;
  expertOnly?: boolean;
};

type Row = Selectable<TaxAdvisorTable>;

function toCard(row: Row): TaxAdvisorCard {
  return {
    id: row.id,
    realName: row.real_name,
    faceUrl: row.face_url,
    title: row.title,
    yearPractice: row.year_practice,
    skillField: row.skill_field,
    skillFieldNames: fieldNames(row.skill_field),
    organisation: row.organisation,
    isExpert: row.is_expert === 1,
  };
}

function applyFilter(eb: ExpressionBuilder<Database, 'tax_advisors'>, filter: TaxAdvisorFilter) {
  const conditions = [];
  if (filter.field !== undefined) conditions.push(csvContains('tax_advisors.skill_field', filter.field));
  if (filter.keyword) {
    const keyword = filter.keyword;
    conditions.push(
      eb.or([
        containsText('tax_advisors.real_name', keyword),
        containsText('tax_advisors.organisation', keyword),
        containsText('tax_advisors.intro', keyword),
      ]),
    );
  }
  if (filter.expertOnly) conditions.push(eb('tax_advisors.is_expert', '=', 1));
  return eb.and(conditions);
}

/** Most experienced first (id breaks ties). */
export async function pageTaxAdvisors(
  db: Db,
  filter: TaxAdvisorFilter,
  page: number,
  limit: number,
): Promise<{ list: TaxAdvisorCard[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('tax_advisors')
      .selectAll()
      .where((eb) => applyFilter(eb, filter))
      .orderBy('year_practice', 'desc')
      .orderBy('id')
      .limit(limit)
      .offset(offsetOf(page, limit))
      .execute(),
    db
      .selectFrom('tax_advisors')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => applyFilter(eb, filter))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toCard), total: Number(count.n) };
}

export async function findTaxAdvisor(db: Db, id: number): Promise<TaxAdvisor | null> {
  const row = await db.selectFrom('tax_advisors').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? { ...toCard(row), intro: row.intro } : null;
}
