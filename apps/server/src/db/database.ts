import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect, type SqliteStatement } from 'kysely';
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

const STATEMENT_CACHE_SIZE = 256;

/**
 * The connection as Kysely sees it, with prepared statements kept by SQL text (Kysely prepares
 * every query again, which costs more than running it). A better-sqlite3 statement is reset after
 * all()/run(), so reusing it is safe; iterate() (streaming) gets a statement of its own.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      const hit = cache.get(sql);
      if (hit) {
        cache.delete(sql); // most recently used last: the first key is the one to evict
        cache.set(sql, hit);
        return hit;
      }
      const stmt = sqlite.prepare(sql);
      const cached: SqliteStatement = {
        reader: stmt.reader,
        all: (parameters) => stmt.all(parameters),
        run: (parameters) => stmt.run(parameters),
        iterate: (parameters) => sqlite.prepare(sql).iterate(parameters) as IterableIterator<unknown>,
      };
      cache.set(sql, cached);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      return cached;
    },
  };
}

export function openDatabase(options: DbOptions): DbHandle {
  if (options.kind === 'sqlite') {
    if (options.file !== ':memory:') mkdirSync(dirname(options.file), { recursive: true });
    const sqlite = new SQLite(options.file);
    sqlite.pragma('journal_mode = WAL');
    // FULL: a commit returns only once the WAL is on disk, so an acknowledged write survives a
    // power cut as well as a killed process (NORMAL would survive the latter only). Its cost, one
    // fsync per transaction, is why hot writes are group-committed (see CallOrderService.create).
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
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
