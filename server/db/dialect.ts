// What differs between the two backends, in one place for migrations and queries.
import { sql, type ColumnDataType, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/** An auto-incrementing integer primary key: `bigserial` on PostgreSQL, `integer … autoincrement` on SQLite. */
export function autoIncrementId(
  dialect: Dialect,
): [ColumnDataType, (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder] {
  return dialect === 'postgres'
    ? ['bigserial', (c) => c.primaryKey()]
    : ['integer', (c) => c.primaryKey().autoIncrement()];
}

/** Used by the health check. */
export async function ping<T>(db: Kysely<T>): Promise<void> {
  await sql`select 1`.execute(db);
}
