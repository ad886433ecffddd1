// Moving from the embedded database to PostgreSQL (issue 19, docs/deploy.md): both databases get
// the same migrations, then every table's rows go across in foreign-key order as JSON that
// PostgreSQL itself writes and reads back (json_agg / json_populate_recordset, so every type
// round-trips exactly), all in one transaction on the target, and each serial's sequence is set
// past the largest id. The target must hold no customers yet; what the migrations put there is
// replaced by the source's rows.
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Db } from './client.ts';

const BATCH = 2_000;

type Row = Record<string, unknown>;
const query = async (db: Db, text: string) => rowsOf<Row>(await db.execute(sql.raw(text)));
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The public tables, parents before children (a table referring to itself comes once). */
async function tablesInOrder(db: Db): Promise<string[]> {
  const tables = (await query(db, `select tablename from pg_tables where schemaname = 'public'`)).map((r) =>
    String(r.tablename),
  );
  const edges = await query(
    db,
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public'`,
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) if (e.child !== e.parent) parents.get(String(e.child))?.add(String(e.parent));
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (t: string, path: Set<string>) => {
    if (placed.has(t) || path.has(t)) return;
    path.add(t);
    for (const p of [...(parents.get(t) ?? [])].sort()) visit(p, path);
    path.delete(t);
    placed.add(t);
    ordered.push(t);
  };
  for (const t of [...tables].sort()) visit(t, new Set());
  return ordered;
}

export class TargetNotEmptyError extends Error {}

/**
 * Copies the embedded database in `dataDir` (stopped: its lock is taken) into the PostgreSQL
 * database at `url`. Answers the rows copied per table; throws, leaving the target as it was, on
 * any failure.
 */
export async function copyEmbeddedToPostgres(
  dataDir: string,
  url: string,
  progress: (table: string, rows: number) => void = () => {},
): Promise<Record<string, number>> {
  const source = await openDatabase({ dataDir });
  const target = await openDatabase({ url });
  try {
    await source.migrate();
    await target.migrate();
    const [{ n }] = await query(target.db, `select count(*)::int as n from users`);
    if (Number(n) > 0)
      throw new TargetNotEmptyError('目标 PostgreSQL 数据库已有用户数据：请使用新建的空数据库，以免覆盖');
    const tables = await tablesInOrder(source.db);
    const copied: Record<string, number> = {};
    await target.db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      // What the migrations inserted (default settings, system accounts) is the source's to say.
      await query(txDb, `truncate ${tables.map(ident).join(', ')} restart identity cascade`);
      for (const table of tables) {
        let rows = 0;
        for (let offset = 0; ; offset += BATCH) {
          const [{ j, n: count }] = await query(
            source.db,
            `select coalesce(json_agg(t), '[]')::text as j, count(*)::int as n
               from (select * from ${ident(table)} order by 1 limit ${BATCH} offset ${offset}) t`,
          );
          if (Number(count) === 0) break;
          await tx.execute(
            sql`insert into ${sql.raw(ident(table))} select * from json_populate_recordset(null::${sql.raw(ident(table))}, ${String(j)}::json)`,
          );
          rows += Number(count);
          if (Number(count) < BATCH) break;
        }
        copied[table] = rows;
        progress(table, rows);
      }
      // Serial columns continue after the largest id copied.
      const serials = await query(
        txDb,
        `select table_name, column_name from information_schema.columns
          where table_schema = 'public' and column_default like 'nextval(%'`,
      );
      for (const s of serials) {
        const table = ident(String(s.table_name));
        const column = ident(String(s.column_name));
        await query(
          txDb,
          `select setval(pg_get_serial_sequence('${table.replace(/'/g, "''")}', '${String(s.column_name).replace(/'/g, "''")}'),
                         coalesce((select max(${column}) from ${table}), 0) + 1, false)`,
        );
      }
      // The same number of rows on both sides, or nothing is kept.
      for (const table of tables) {
        const [{ n: there }] = await query(txDb, `select count(*)::int as n from ${ident(table)}`);
        if (Number(there) !== copied[table])
          throw new Error(`${table}: 复制 ${copied[table]} 行，目标有 ${there} 行`);
      }
    });
    return copied;
  } finally {
    await target.close();
    await source.close();
  }
}
