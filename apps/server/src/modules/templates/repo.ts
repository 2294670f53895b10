import { randomInt } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DbKind } from '../../db/database.ts';
import type { Database, TemplateExportTable } from '../../db/schema.ts';
import { beijingDate } from '../users/membership.ts';

export type Q = Kysely<Database> | Transaction<Database>;
export type ExportRow = Selectable<TemplateExportTable>;

const ID_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** 'E' + yyyymmdd (Beijing) + 8 random characters. */
export function newExportId(now: number): string {
  let tail = '';
  for (let i = 0; i < 8; i++) tail += ID_CHARS[randomInt(ID_CHARS.length)];
  return `E${beijingDate(now).replaceAll('-', '')}${tail}`;
}

/**
 * Serialises one person's exports so two at once cannot both pass the daily limits (PostgreSQL:
 * a row lock held to the end of the transaction; SQLite write transactions are serial anyway).
 */
export async function lockPerson(db: Q, kind: DbKind, userId: number): Promise<void> {
  if (kind !== 'postgres') return;
  await db
    .insertInto('rate_locks')
    .values({ key: `tplexport:u:${userId}` })
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ key: eb.ref('excluded.key') })))
    .execute();
}

/** Today's exports of a person: how many, and to which addresses. */
export async function todaysExports(
  db: Q,
  userId: number,
  day: string,
): Promise<{ count: number; emails: string[] }> {
  const rows = await db
    .selectFrom('template_exports')
    .select('email')
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .execute();
  return { count: rows.length, emails: [...new Set(rows.map((r) => r.email))] };
}

export async function insertExport(db: Q, row: Omit<ExportRow, 'resends'>): Promise<void> {
  await db.insertInto('template_exports').values(row).execute();
}

/** A person's export; another person's reads as none. */
export async function findExport(db: Q, userId: number, id: string): Promise<ExportRow | undefined> {
  return db
    .selectFrom('template_exports')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function pageExports(
  db: Q,
  userId: number,
  page: number,
  limit: number,
): Promise<{ rows: ExportRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('template_exports')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('template_exports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Records the mail server's answer to one hand-over. */
export async function recordSend(
  db: Q,
  id: string,
  result: { ok: true; at: number; messageId: string } | { ok: false; at: number },
): Promise<void> {
  await db
    .updateTable('template_exports')
    .set((eb) =>
      result.ok
        ? {
            state: 'sent',
            sent_at: result.at,
            message_id: result.messageId,
            updated_at: result.at,
          }
        : {
            // Failed only if it never got through: an earlier accepted mail still counts as sent.
            state: eb.case().when('sent_at', 'is', null).then('failed').else('sent').end(),
            updated_at: result.at,
          },
    )
    .where('id', '=', id)
    // A confirmed export (the person has it) stays confirmed whatever a later send does.
    .where('state', '!=', 'confirmed')
    .execute();
}

/**
 * Claims a resend: bumps the count and the attempt time only if nobody else did since `seen`
 * was read (two taps at once: one resend). Answers whether this caller won.
 */
export async function claimResend(db: Q, seen: ExportRow, now: number): Promise<boolean> {
  const result = await db
    .updateTable('template_exports')
    .set({ resends: seen.resends + 1, attempted_at: now, updated_at: now })
    .where('id', '=', seen.id)
    .where('resends', '=', seen.resends)
    .where('attempted_at', '=', seen.attempted_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** 邮箱验收: sent → confirmed; answers whether it changed now. */
export async function confirmExport(db: Q, id: string, userId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('template_exports')
    .set({ state: 'confirmed', confirmed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('state', '=', 'sent')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Account closure: the records stay (counts, times), the address and the filled texts go. */
export async function eraseTemplateExportPersonalData(db: Q, userId: number): Promise<void> {
  await db
    .updateTable('template_exports')
    .set({ email: '', fields: '{}' })
    .where('user_id', '=', userId)
    .execute();
}
