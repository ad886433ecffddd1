import { sql, type ColumnBaseConfig, type ColumnDataType, type SQL, type Subquery } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A column known only by the type of its values (a not-null column of a subquery). */
export type ColumnOf<T> = PgColumn<ColumnBaseConfig<ColumnDataType, string> & { data: T; notNull: true }>;

/**
 * A read-only subquery with at least these columns, under the alias given: what a domain is
 * handed when the owner of the rows sits above it, so it cannot import the owner's directory
 * (decision 0061). It joins like a table, so a list stays one statement.
 */
export type HandedDirectory<Columns extends Record<string, ColumnOf<unknown>>> = (
  alias: string,
) => Subquery<string, Columns> & Columns;

/**
 * A selected expression with its columns written under their tables' names. When a statement
 * reads one source and joins nothing, drizzle writes the columns directly inside a selected
 * expression bare, so `(select … from t where t.user_id = me.id)` would become `user_id = id`,
 * both t's own. A statement over one subquery (accounts' liveSessionUser) selects its correlated
 * subqueries through this: nested one level, drizzle writes them as they are.
 */
export function keepTableNames<T>(expression: SQL<T>): SQL<T> {
  // The wrapper reads its value the way the expression does (mapWith).
  return Object.assign(sql<T>`${expression}`, {
    decoder: (expression as unknown as { decoder: unknown }).decoder,
  });
}
