import type { Db } from './client.ts';

/**
 * A statement built once per database and then only executed, for the hottest reads: drizzle
 * skips rebuilding the SQL text (a third of such a request's CPU), and PostgreSQL skips parsing
 * and planning it again (a named prepared statement on each pooled connection).
 */
export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
