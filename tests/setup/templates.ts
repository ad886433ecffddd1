import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '#server/platform/db/client.ts';
import { seedDemo } from '#server/catalogue/seed/index.ts';
import { adminQuery } from './pg.ts';

/**
 * The databases every API test file starts from, made once per vitest run (tests/setup/global.ts)
 * instead of ~44 migrations and the demo seed in each file: `migrated` for setupApi({ seed: false }),
 * `seeded` for the rest. On PostgreSQL they are databases cloned with CREATE DATABASE … TEMPLATE;
 * on PGlite, tarballs of a data directory (PGlite's dumpDataDir) loaded with loadDataDir.
 */
export type DbTemplates =
  | { kind: 'postgres'; migrated: string; seeded: string }
  /** seededDataDir: the seeded database as a data directory, for tests that start the server process. */
  | { kind: 'pglite'; migrated: string; seeded: string; seededDataDir: string };

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: DbTemplates | null;
  }
}

const withDatabase = (url: string, name: string) => {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
};

/** Makes both templates; the returned function removes them at the end of the run. */
export async function createTemplates(
  pgUrl: string | undefined,
): Promise<{ templates: DbTemplates; remove(): Promise<void> }> {
  if (pgUrl) {
    const run = `tmpl_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const migrated = `${run}_migrated`;
    const seeded = `${run}_seeded`;
    const remove = async () => {
      for (const name of [migrated, seeded])
        await adminQuery(pgUrl, `drop database if exists ${name} with (force)`);
    };
    try {
      await adminQuery(pgUrl, `create database ${migrated}`);
      const database = await openDatabase({ url: withDatabase(pgUrl, migrated) });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      await adminQuery(pgUrl, `create database ${seeded} template ${migrated}`);
      const seededDb = await openDatabase({ url: withDatabase(pgUrl, seeded) });
      try {
        await seedDemo(seededDb.db);
      } finally {
        await seededDb.close();
      }
      // A clone needs its template free of connections; autovacuum is the only other visitor.
      for (const name of [migrated, seeded])
        await adminQuery(pgUrl, `alter database ${name} allow_connections false`);
    } catch (error) {
      await remove();
      throw error;
    }
    return { templates: { kind: 'postgres', migrated, seeded }, remove };
  }

  const dir = mkdtempSync(join(tmpdir(), 'portal-test-templates-'));
  const remove = async () => rmSync(dir, { recursive: true, force: true });
  try {
    // On disk, not in memory: once closed, the directory is what a server process starts from
    // instead of migrating and seeding a fresh one (tests/support/server-process.ts).
    const seededDataDir = join(dir, 'seeded-data');
    const database = await openDatabase({ dataDir: seededDataDir });
    try {
      await database.migrate();
      const migrated = join(dir, 'migrated.tar');
      // Uncompressed: loading it per file is then a copy, not a gunzip (46 MB, gone at teardown).
      writeFileSync(migrated, await bytesOf(await database.db.$client.dumpDataDir('none')));
      await seedDemo(database.db);
      const seeded = join(dir, 'seeded.tar');
      writeFileSync(seeded, await bytesOf(await database.db.$client.dumpDataDir('none')));
      return { templates: { kind: 'pglite', migrated, seeded, seededDataDir }, remove };
    } finally {
      await database.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
}

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());
