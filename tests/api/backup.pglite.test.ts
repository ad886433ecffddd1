// Backups of the embedded database (issue 19): npm run backup's copy, taken under the data
// directory's lock, restores into a database that holds the same data, and the directory it
// replaces is kept; a backup while another live process holds the directory is refused. A
// released report (issue 31) comes back with its version, its status and its signed PDF.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#server/platform/db/client.ts';
import { backupEmbedded, restoreEmbedded } from '#server/platform/backup.ts';
import { DataDirLockedError } from '#server/platform/db/lock.ts';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { testBuilder } from '../support/reports.ts';
import { createLocalStorage } from '#server/platform/adapters/storage/local.ts';
import { orders } from '#server/orders/tables.ts';
import { reportVersions } from '#server/reports/tables.ts';
import { registerReportBuilder } from '#server/reports/index.ts';
import type { StaffReportVersion } from '#shared/reports/versions.ts';

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

  it('brings back a released report: its version, its status and its signed PDF', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'portal-bk-rep-')), 'data');
    const t = await setupApi({ dataDir });
    const o = orderHelpers(t);
    // Uploads where the server keeps them: DATA_DIR/uploads, inside what the backup copies.
    t.services.storage = createLocalStorage(join(dataDir, 'uploads'));
    const { builder } = testBuilder(async (id) => {
      const [row] = await t.services.db.select({ no: orders.orderNo }).from(orders).where(eq(orders.id, id));
      return row.no;
    });
    const me = await o.customer();
    const it = await o.demoItem(1);
    const placed = await t.post<{ list: { rid: string }[] }>(
      '/api/auth/order/add',
      { items: [{ item_rid: it.rid, parameters: it.parameters }], delivery: { type: 0 } },
      me.h,
    );
    registerReportBuilder(builder);
    const res = await o.admin<StaffReportVersion>('report/release', {
      rid: placed.body.data.list[0].rid,
      replaces: null,
    });
    registerReportBuilder(undefined);
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
    const v = res.body.data;
    await t.services.database.close();

    const backup = await backupEmbedded(dataDir, mkdtempSync(join(tmpdir(), 'portal-bk-rep-out-')));
    // Later: the version revoked; then the backup put back.
    const later = await openDatabase({ dataDir });
    await later.db.execute(
      sql`update report_versions set status = 'revoked', revoke_reason = '测试', revoked_by = approver_id, revoked_at = now() where rid = ${v.rid}`,
    );
    await later.close();
    await restoreEmbedded(dataDir, backup);

    const restored = await openDatabase({ dataDir });
    try {
      const [row] = await restored.db.select().from(reportVersions).where(eq(reportVersions.rid, v.rid));
      expect(row).toMatchObject({ reportNo: v.report_no, status: 'valid', pdfSha256: v.sha256 });
      const bytes = await createLocalStorage(join(dataDir, 'uploads')).get(row.pdfKey);
      expect(createHash('sha256').update(bytes!).digest('hex')).toBe(v.sha256);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('refuses while another live process holds the data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-bk-busy-'));
    writeFileSync(join(dataDir, 'portal.lock'), String(process.ppid));
    await expect(backupEmbedded(dataDir, mkdtempSync(join(tmpdir(), 'o-')))).rejects.toBeInstanceOf(
      DataDirLockedError,
    );
  });
});
