import type { PrivateCounsel } from '@lawline/contract/schemas';
import type { Db } from '../../db/database.ts';
import { isoTime, offsetOf } from '../../db/query-helpers.ts';
import { toLawyerCard } from '../lawyers/repo.ts';

function joined(db: Db, userId: number) {
  return db
    .selectFrom('private_counsel')
    .innerJoin('lawyers', 'lawyers.id', 'private_counsel.lawyer_id')
    .where('private_counsel.user_id', '=', userId);
}

const columns = [
  'private_counsel.id as counsel_id',
  'private_counsel.created_at as counsel_created_at',
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

type Row = Parameters<typeof toLawyerCard>[0] & { counsel_id: number; counsel_created_at: number };

function toCounsel(row: Row): PrivateCounsel {
  return {
    id: row.counsel_id,
    lawyerId: row.id,
    createDate: isoTime(row.counsel_created_at),
    lawyer: toLawyerCard(row),
  };
}

/** Adds the lawyer unless already there; answers whether a row was added. */
export async function insertCounsel(db: Db, userId: number, lawyerId: number, now: number): Promise<boolean> {
  const result = await db
    .insertInto('private_counsel')
    .values({ user_id: userId, lawyer_id: lawyerId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'lawyer_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findCounselByLawyer(
  db: Db,
  userId: number,
  lawyerId: number,
): Promise<PrivateCounsel | null> {
  const row = await joined(db, userId)
    .select(columns)
    .where('private_counsel.lawyer_id', '=', lawyerId)
    .executeTakeFirst();
  return row ? toCounsel(row) : null;
}

export async function countCounsel(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('private_counsel')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Most recently added first. */
export async function pageCounsel(
  db: Db,
  userId: number,
  page: number,
  limit: number,
): Promise<{ list: PrivateCounsel[]; total: number }> {
  const [rows, total] = await Promise.all([
    joined(db, userId)
      .select(columns)
      .orderBy('private_counsel.created_at', 'desc')
      .orderBy('private_counsel.id', 'desc')
      .limit(limit)
      .offset(offsetOf(page, limit))
      .execute(),
    countCounsel(db, userId),
  ]);
  return { list: rows.map(toCounsel), total };
}

export async function listCounsel(db: Db, userId: number, max: number): Promise<PrivateCounsel[]> {
  const rows = await joined(db, userId)
    .select(columns)
    .orderBy('private_counsel.created_at', 'desc')
    .orderBy('private_counsel.id', 'desc')
    .limit(max)
    .execute();
  return rows.map(toCounsel);
}

/** Deletes the user's own record only; answers whether one was deleted. */
export async function deleteCounsel(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('private_counsel')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
