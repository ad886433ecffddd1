import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * A column of a fixed set of values as a sort key in the set's own order (a status sorts as the
 * lifecycle goes, not alphabetically). The values are the code's constants, written as literals.
 */
export const positionIn = (values: readonly string[], column: AnyColumn | SQL): SQL =>
  sql`array_position(${sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`)}, ${column}::text)`;
