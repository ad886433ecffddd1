// Migration tests: a database migrated only up to some committed migration, to write rows as the
// schema of that time had them and then check what the later migrations make of them.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { openDatabase, type Database } from '#server/platform/db/client.ts';
import { createTempPgDatabase } from '../setup/pg.ts';

/** A copy of the committed migrations up to (not including) the one tagged `tag`. */
function migrationsBefore(tag: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'lp-migrations-')), 'drizzle');
  cpSync('drizzle', dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/**
 * A new database (PGlite, or PostgreSQL under TEST_DATABASE_URL) migrated up to the migration
 * tagged `tag`; `d.migrate()` then runs the rest.
 */
export async function databaseBefore(
  tag: string,
): Promise<{ database: Database; done: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  const temp = url ? await createTempPgDatabase(url) : null;
  const d = await openDatabase(temp ? { url: temp.url } : {});
  const folder = migrationsBefore(tag);
  if (d.kind === 'pglite') await migratePglite(d.db, { migrationsFolder: folder });
  else await migratePg(d.db as never, { migrationsFolder: folder });
  return {
    database: d,
    done: async () => {
      await d.close();
      await temp?.drop();
    },
  };
}

/** The rows of a raw query, whichever driver ran it. */
export const rows = (r: unknown) =>
  ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as Record<string, unknown>[];
