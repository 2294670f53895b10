import type { InstituteCard } from '@lawline/contract/schemas';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsText, offsetOf } from '../../db/query-helpers.ts';
import type { InstituteTable } from '../../db/schema.ts';

type Row = Selectable<InstituteTable> & { platform_lawyer_count: number };

/** The first sentence of an introduction (up to and including the first '。'). */
export function briefOf(intro: string): string {
  const end = intro.indexOf('。');
  return end >= 0 ? intro.slice(0, end + 1) : intro;
}

function toCard(row: Row): InstituteCard {
  return {
    id: row.id,
    name: row.name,
    logoUrl: row.logo_url,
    city: row.city,
    brief: briefOf(row.intro),
    lawyerCount: row.lawyer_count,
    platformLawyerCount: Number(row.platform_lawyer_count),
  };
}

function baseQuery(db: Db, keyword: string | undefined) {
  let query = db.selectFrom('institutes');
  if (keyword) {
    query = query.where((eb) =>
      eb.or([
        containsText('institutes.name', keyword),
        containsText('institutes.city', keyword),
        containsText('institutes.intro', keyword),
      ]),
    );
  }
  return query;
}

function withPlatformCount(db: Db, keyword: string | undefined) {
  return baseQuery(db, keyword)
    .selectAll('institutes')
    .select((eb) =>
      eb
        .selectFrom('institute_lawyers')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('institute_lawyers.institute_id', '=', 'institutes.id')
        .as('platform_lawyer_count'),
    );
}

/** In the operators' order (sort, then id). */
export async function pageInstitutes(
  db: Db,
  keyword: string | undefined,
  page: number,
  limit: number,
): Promise<{ list: InstituteCard[]; total: number }> {
  const [rows, count] = await Promise.all([
    withPlatformCount(db, keyword)
      .orderBy('institutes.sort')
      .orderBy('institutes.id')
      .limit(limit)
      .offset(offsetOf(page, limit))
      .execute(),
    baseQuery(db, keyword)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => toCard({ ...r, platform_lawyer_count: Number(r.platform_lawyer_count ?? 0) })),
    total: Number(count.n),
  };
}

export async function findInstitute(db: Db, id: number) {
  const row = await withPlatformCount(db, undefined).where('institutes.id', '=', id).executeTakeFirst();
  if (!row) return null;
  return {
    ...toCard({ ...row, platform_lawyer_count: Number(row.platform_lawyer_count ?? 0) }),
    address: row.address,
    intro: row.intro,
  };
}

export function instituteExists(db: Db, id: number): Promise<boolean> {
  return db
    .selectFrom('institutes')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst()
    .then((row) => row !== undefined);
}
