import type { PageResult } from '@lawline/contract/schemas';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * Small SQL pieces the catalogue queries share; each works the same on SQLite and PostgreSQL.
 */

/** Escapes LIKE wildcards so a person's '%' or '_' is searched for literally (escape char '\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Case-insensitive "column contains text": lower() on both sides (SQLite's LIKE ignores ASCII case,
 * PostgreSQL's does not), wildcards escaped, parameterised.
 */
export function containsText(column: Expression<unknown> | string, text: string): RawBuilder<SqlBool> {
  const ref = typeof column === 'string' ? sql.ref(column) : column;
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  return sql<SqlBool>`lower(${ref}) like ${pattern} escape '\\'`;
}

/**
 * "The comma-separated list in `column` holds exactly `item`": ',2,24,' contains ',2,' but
 * ',24,' does not contain ',2,'.
 */
export function csvContains(column: string, item: string | number): RawBuilder<SqlBool> {
  const pattern = `%,${escapeLike(String(item))},%`;
  return sql<SqlBool>`(',' || ${sql.ref(column)} || ',') like ${pattern} escape '\\'`;
}

export function offsetOf(page: number, limit: number): number {
  return (page - 1) * limit;
}

export function toPage<T>(list: T[], total: number, page: number, limit: number): PageResult<T> {
  return { list, total, page, limit, hasMore: offsetOf(page, limit) + list.length < total };
}

/** Epoch ms → ISO 8601 (what createDate fields carry). */
export function isoTime(ms: number): string {
  return new Date(Number(ms)).toISOString();
}
