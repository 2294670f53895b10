import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type DbKind = 'sqlite' | 'postgres';

export type Db = Kysely<Database>;

export type DbHandle = {
  db: Db;
  kind: DbKind;
  close: () => Promise<void>;
};

export type DbOptions =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string; schema?: string; poolSize?: number };

const PG_INT8 = 20;

/** int8 (bigint, count(*)) comes back as a number: our values (epoch ms, fen) fit in 2^53. */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === PG_INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export function openDatabase(options: DbOptions): DbHandle {
  if (options.kind === 'sqlite') {
    if (options.file !== ':memory:') mkdirSync(dirname(options.file), { recursive: true });
    const sqlite = new SQLite(options.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, kind: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    types: pgTypes,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}
