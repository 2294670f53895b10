import type { CreateTableBuilder } from 'kysely';
import type { DbKind } from '../database.ts';

/** An integer primary key that the database numbers itself, in either dialect. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, kind: DbKind) {
  return kind === 'postgres'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
