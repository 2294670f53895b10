import { consultFieldName, LawyerLevelName } from '@lawline/contract';
import type { CaseSummary, LawyerCard, LawyerProfile } from '@lawline/contract/schemas';
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsText, csvContains, offsetOf } from '../../db/query-helpers.ts';
import type { Database, LawyerCaseTable, LawyerTable } from '../../db/schema.ts';

export type LawyerFilter = {
  /** Consult field code: one of the lawyer's skill fields. */
  field?: number | undefined;
  /** 1–3, or 4 meaning "4 or none". */
  level?: number | undefined;
  /** Searched in name, law firm and introduction. */
  keyword?: string | undefined;
  lecturer?: boolean;
  accompany?: boolean;
  /** A channel key in channel_tags. */
  channelTag?: string;
  excludeId?: number | undefined;
  instituteId?: number;
};

type LawyerRow = Selectable<LawyerTable>;

const cardColumns = [
  'lawyers.id',
  'lawyers.user_id',
  'lawyers.real_name',
  'lawyers.face_url',
  'lawyers.lawyer_level',
  'lawyers.year_practice',
  'lawyers.skill_field',
  'lawyers.law_firm',
  'lawyers.city',
  'lawyers.served_count',
  'lawyers.rating',
  'lawyers.rating_count',
] as const;

type CardRow = Pick<
  LawyerRow,
  | 'id'
  | 'user_id'
  | 'real_name'
  | 'face_url'
  | 'lawyer_level'
  | 'year_practice'
  | 'skill_field'
  | 'law_firm'
  | 'city'
  | 'served_count'
  | 'rating'
  | 'rating_count'
>;

export function fieldCodes(csv: string): number[] {
  return csv
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

export function fieldNames(csv: string): string[] {
  return fieldCodes(csv).map((code) => consultFieldName(code) ?? '其他');
}

export function levelName(level: number | null): string | null {
  return level === null ? null : (LawyerLevelName[level] ?? null);
}

export function toLawyerCard(row: CardRow): LawyerCard {
  return {
    id: row.id,
    userId: row.user_id,
    realName: row.real_name,
    faceUrl: row.face_url,
    lawyerLevel: row.lawyer_level,
    levelName: levelName(row.lawyer_level),
    yearPractice: row.year_practice,
    skillField: row.skill_field,
    skillFieldNames: fieldNames(row.skill_field),
    lawFirm: row.law_firm,
    city: row.city,
    servedCount: row.served_count,
    rating: Number(row.rating),
    ratingCount: Number(row.rating_count),
  };
}

function applyFilter(eb: ExpressionBuilder<Database, 'lawyers'>, filter: LawyerFilter) {
  const conditions = [];
  if (filter.field !== undefined) conditions.push(csvContains('lawyers.skill_field', filter.field));
  if (filter.level !== undefined) {
    conditions.push(
      filter.level === 4
        ? eb.or([eb('lawyers.lawyer_level', '=', 4), eb('lawyers.lawyer_level', 'is', null)])
        : eb('lawyers.lawyer_level', '=', filter.level),
    );
  }
  if (filter.keyword) {
    const keyword = filter.keyword;
    conditions.push(
      eb.or([
        containsText('lawyers.real_name', keyword),
        containsText('lawyers.law_firm', keyword),
        containsText('lawyers.intro', keyword),
      ]),
    );
  }
  if (filter.lecturer) conditions.push(eb('lawyers.is_lecturer', '=', 1));
  if (filter.accompany) conditions.push(eb('lawyers.accompany', '=', 1));
  if (filter.channelTag) conditions.push(csvContains('lawyers.channel_tags', filter.channelTag));
  if (filter.excludeId !== undefined) conditions.push(eb('lawyers.id', '<>', filter.excludeId));
  if (filter.instituteId !== undefined) {
    const instituteId = filter.instituteId;
    conditions.push(
      eb(
        'lawyers.id',
        'in',
        eb
          .selectFrom('institute_lawyers')
          .select('institute_lawyers.lawyer_id')
          .where('institute_lawyers.institute_id', '=', instituteId),
      ),
    );
  }
  return eb.and(conditions);
}

/** Lawyers matching the filter, hottest first (id breaks ties), with the total count. */
export async function pageLawyers(
  db: Db,
  filter: LawyerFilter,
  page: number,
  limit: number,
): Promise<{ list: LawyerCard[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('lawyers')
      .select(cardColumns)
      .where((eb) => applyFilter(eb, filter))
      .orderBy('lawyers.hot_score', 'desc')
      .orderBy('lawyers.id')
      .limit(limit)
      .offset(offsetOf(page, limit))
      .execute(),
    db
      .selectFrom('lawyers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => applyFilter(eb, filter))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toLawyerCard), total: Number(count.n) };
}

/** The first `limit` lawyers matching the filter, hottest first. */
export async function topLawyers(db: Db, filter: LawyerFilter, limit: number): Promise<LawyerCard[]> {
  const rows = await db
    .selectFrom('lawyers')
    .select(cardColumns)
    .where((eb) => applyFilter(eb, filter))
    .orderBy('lawyers.hot_score', 'desc')
    .orderBy('lawyers.id')
    .limit(limit)
    .execute();
  return rows.map(toLawyerCard);
}

export async function findLawyerCard(db: Db, id: number): Promise<LawyerCard | null> {
  const row = await db
    .selectFrom('lawyers')
    .select(cardColumns)
    .where('lawyers.id', '=', id)
    .executeTakeFirst();
  return row ? toLawyerCard(row) : null;
}

export function lawyerExists(db: Db, id: number): Promise<boolean> {
  return db
    .selectFrom('lawyers')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst()
    .then((row) => row !== undefined);
}

export function careerLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

type CaseRow = Selectable<LawyerCaseTable>;

function toCaseSummary(row: CaseRow): CaseSummary {
  return {
    id: row.id,
    lawyerId: row.lawyer_id,
    title: row.title,
    field: row.field,
    fieldName: consultFieldName(row.field) ?? '其他',
    summary: row.summary,
    result: row.result,
    caseDate: row.case_date,
  };
}

/** Cases a lawyer handled, newest first. */
export async function listCases(db: Db, lawyerId: number): Promise<CaseSummary[]> {
  const rows = await db
    .selectFrom('lawyer_cases')
    .selectAll()
    .where('lawyer_id', '=', lawyerId)
    .orderBy('case_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toCaseSummary);
}

export async function pageCases(
  db: Db,
  lawyerId: number,
  page: number,
  limit: number,
): Promise<{ list: CaseSummary[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('lawyer_cases')
      .selectAll()
      .where('lawyer_id', '=', lawyerId)
      .orderBy('case_date', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offsetOf(page, limit))
      .execute(),
    db
      .selectFrom('lawyer_cases')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('lawyer_id', '=', lawyerId)
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toCaseSummary), total: Number(count.n) };
}

export async function findCase(db: Db, id: number): Promise<(CaseSummary & { content: string[] }) | null> {
  const row = await db.selectFrom('lawyer_cases').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? { ...toCaseSummary(row), content: careerLines(row.content) } : null;
}

export async function institutesOf(db: Db, lawyerId: number): Promise<Array<{ id: number; name: string }>> {
  return db
    .selectFrom('institute_lawyers')
    .innerJoin('institutes', 'institutes.id', 'institute_lawyers.institute_id')
    .select(['institutes.id', 'institutes.name'])
    .where('institute_lawyers.lawyer_id', '=', lawyerId)
    .orderBy('institutes.sort')
    .orderBy('institutes.id')
    .execute();
}

/** The full profile, or null for an unknown id. */
export async function findLawyerProfile(db: Db, id: number): Promise<LawyerProfile | null> {
  const row = await db.selectFrom('lawyers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [cases, institutes] = await Promise.all([listCases(db, id), institutesOf(db, id)]);
  return {
    ...toLawyerCard(row),
    intro: row.intro,
    careerReport: careerLines(row.career_report),
    licenseNo: row.license_no,
    isLecturer: row.is_lecturer === 1,
    accompany: row.accompany === 1,
    cases,
    institutes,
  };
}

export async function findCareer(db: Db, id: number) {
  return db
    .selectFrom('lawyers')
    .select(['id', 'real_name', 'year_practice', 'law_firm', 'license_no', 'career_report'])
    .where('id', '=', id)
    .executeTakeFirst()
    .then((row) =>
      row
        ? {
            lawyerId: row.id,
            realName: row.real_name,
            yearPractice: row.year_practice,
            lawFirm: row.law_firm,
            licenseNo: row.license_no,
            lines: careerLines(row.career_report),
          }
        : null,
    );
}

/** The lawyer holding this licence number, with their name for the check. */
export async function findByLicense(
  db: Db,
  licenseNo: string,
): Promise<{ realName: string; card: LawyerCard } | null> {
  const row = await db
    .selectFrom('lawyers')
    .select(cardColumns)
    .where('lawyers.license_no', '=', licenseNo)
    .executeTakeFirst();
  return row ? { realName: row.real_name, card: toLawyerCard(row) } : null;
}
