// Backups of the embedded database (issue 19): npm run backup's copy, taken under the data
// directory's lock, restores into a database that holds the same data, and the directory it
// replaces is kept; a backup while another live process holds the directory is refused.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#server/platform/db/client.ts';
import { backupEmbedded, restoreEmbedded } from '#server/platform/backup.ts';
import { DataDirLockedError } from '#server/platform/db/lock.ts';

const rows = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as { n: number }[];

async function count(dataDir: string) {
  const d = await openDatabase({ dataDir });
  try {
    return rows(await d.db.execute(sql`select count(*)::int as n from notes`))[0].n;
  } finally {
    await d.close();
  }
}

describe('backup and restore of the embedded database', () => {
  it('restores exactly what was backed up, keeping the replaced directory', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'portal-bk-')), 'data');
    const d = await openDatabase({ dataDir });
    await d.db.execute(sql`create table notes (id serial primary key, text text)`);
    await d.db.execute(sql`insert into notes (text) values ('报告已寄出'), ('样品已收到')`);
    await d.close();
    writeFileSync(join(dataDir, 'upload-marker.txt'), '上传文件');

    const into = mkdtempSync(join(tmpdir(), 'portal-bk-out-'));
    const backup = await backupEmbedded(dataDir, into);
    expect(readdirSync(backup).sort()).toEqual(['backup.json', 'data']);

    // Later: more data written, then the backup put back.
    const later = await openDatabase({ dataDir });
    await later.db.execute(sql`insert into notes (text) values ('之后写入')`);
    await later.close();
    expect(await count(dataDir)).toBe(3);

    const kept = await restoreEmbedded(dataDir, backup);
    expect(kept && existsSync(kept)).toBe(true);
    expect(await count(dataDir)).toBe(2);
    expect(existsSync(join(dataDir, 'upload-marker.txt'))).toBe(true);
    // The replaced directory still holds the later data.
    expect(await count(kept!)).toBe(3);
    // Four openings of a fresh embedded database, each migrating it: 30-60 s on a busy 2-core machine.
  }, 120_000);

  it('refuses while another live process holds the data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-bk-busy-'));
    writeFileSync(join(dataDir, 'portal.lock'), String(process.ppid));
    await expect(backupEmbedded(dataDir, mkdtempSync(join(tmpdir(), 'o-')))).rejects.toBeInstanceOf(
      DataDirLockedError,
    );
  });
});
