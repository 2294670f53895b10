import { sql } from 'kysely';
import type { Db, DbKind } from '../src/db/database.ts';

/**
 * Counts row changes per table through triggers (INSERT, UPDATE and DELETE, row by row) that bump
 * a counter table in the same transaction: a change that was rolled back leaves no trace, one that
 * committed always does. For tests that prove a refused request changed nothing.
 */
export type ChangeTracker = {
  snapshot: () => Promise<Map<string, number>>;
  /** Tables whose counter moved between two snapshots, with how many row changes. */
  diff: (before: Map<string, number>, after: Map<string, number>) => Record<string, number>;
};

const COUNTER = 'test_row_changes';

export async function installChangeTracker(db: Db, kind: DbKind): Promise<ChangeTracker> {
  const tables =
    kind === 'sqlite'
      ? (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
        ).rows.map((r) => r.name)
      : (
          await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
        ).rows.map((r) => r.name);
  const tracked = tables.filter((t) => !t.startsWith('kysely_') && t !== COUNTER && /^[a-z0-9_]+$/.test(t));

  await sql.raw(`create table ${COUNTER} (tbl text primary key, n bigint not null)`).execute(db);
  for (const t of tracked) await sql.raw(`insert into ${COUNTER} (tbl, n) values ('${t}', 0)`).execute(db);
  if (kind === 'sqlite') {
    for (const t of tracked) {
      for (const op of ['insert', 'update', 'delete']) {
        await sql
          .raw(
            `create trigger ${COUNTER}_${t}_${op} after ${op} on ${t} for each row begin ` +
              `update ${COUNTER} set n = n + 1 where tbl = '${t}'; end`,
          )
          .execute(db);
      }
    }
  } else {
    await sql
      .raw(
        `create function ${COUNTER}_touch() returns trigger language plpgsql as $$ begin ` +
          `update ${COUNTER} set n = n + 1 where tbl = TG_TABLE_NAME; return null; end $$`,
      )
      .execute(db);
    for (const t of tracked) {
      await sql
        .raw(
          `create trigger ${COUNTER}_touch after insert or update or delete on ${t} ` +
            `for each row execute function ${COUNTER}_touch()`,
        )
        .execute(db);
    }
  }

  return {
    snapshot: async () => {
      const rows = (
        await sql<{ tbl: string; n: number | string }>`select tbl, n from ${sql.table(COUNTER)}`.execute(db)
      ).rows;
      return new Map(rows.map((r) => [r.tbl, Number(r.n)]));
    },
    diff: (before, after) => {
      const changed: Record<string, number> = {};
      for (const [t, n] of after) {
        const delta = n - (before.get(t) ?? 0);
        if (delta !== 0) changed[t] = delta;
      }
      return changed;
    },
  };
}
