// Two staff releasing one order's report at once, on PostgreSQL (PGlite runs one query at a time
// and would prove nothing): both builds run side by side (a barrier holds each until the other
// has started), then the report row's lock lets one write; the other is told which version came
// first and nothing of it is kept (decision 0077). Likewise two revisions from the same version.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { testBuilder } from '../support/reports.ts';
import { orders } from '#server/orders/tables.ts';
import { reports, reportVersions } from '#server/reports/tables.ts';
import { registerReportBuilder, type ReportBuilder } from '#server/reports/index.ts';
import type { StaffReportVersion } from '#shared/reports/versions.ts';

const t = await setupApi();
const o = orderHelpers(t);
const { builder } = testBuilder(async (id) => {
  const [row] = await t.services.db.select({ no: orders.orderNo }).from(orders).where(eq(orders.id, id));
  return row.no;
});

/** The builder, each call held until `n` calls have started (the builds overlap). */
function barrier(n: number): ReportBuilder {
  let started = 0;
  let open: () => void = () => {};
  const all = new Promise<void>((resolve) => (open = resolve));
  return async (s, v) => {
    if (++started === n) open();
    await all;
    return builder(s, v);
  };
}

async function placed() {
  const me = await o.customer();
  const it = await o.demoItem(1);
  const res = await t.post<{ list: { rid: string; order_no: string }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it.rid, parameters: it.parameters, count: 1 }], delivery: { type: 0 } },
    me.h,
  );
  return res.body.data.list[0];
}

async function versionsOf(rid: string) {
  const [o2] = await t.services.db.select({ id: orders.id }).from(orders).where(eq(orders.rid, rid));
  return t.services.db
    .select({ no: reportVersions.reportNo, status: reportVersions.status, key: reportVersions.pdfKey })
    .from(reportVersions)
    .innerJoin(reports, eq(reports.id, reportVersions.reportId))
    .where(eq(reports.orderId, o2.id))
    .orderBy(reportVersions.version);
}

const release = async (rid: string, replaces: string | null, reason = '') =>
  (await o.admin<StaffReportVersion>('report/release', { rid, replaces, reason })).body;

describe('two staff releasing one report at once', () => {
  it('issues one original; the other release is refused with the number that came first', async () => {
    const order = await placed();
    const heads = [await o.staff(), await o.anotherStaff('technician')];
    registerReportBuilder(barrier(2));
    const results = await Promise.all(
      heads.map((h) =>
        t.post<StaffReportVersion>('/api/admin/report/release', { rid: order.rid, replaces: null }, h),
      ),
    );
    const won = results.filter((r) => r.body.code === 1);
    const lost = results.filter((r) => r.body.code === 0);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].body).toMatchObject({ data: { error: 'CONFLICT' } });
    expect(lost[0].body.msg).toContain(won[0].body.data.report_no);
    const rows = await versionsOf(order.rid);
    expect(rows.map((r) => [r.no, r.status])).toEqual([[won[0].body.data.report_no, 'valid']]);
    // The winner's signed PDF is in the file store.
    expect(await t.services.storage.get(rows[0].key)).not.toBeNull();
  });

  it('two revisions of the same version: one A1, the original superseded once', async () => {
    const order = await placed();
    registerReportBuilder(builder);
    const v0 = await release(order.rid, null);
    expect(v0.code).toBe(1);
    registerReportBuilder(barrier(3));
    const results = await Promise.all(
      ['数据更正', '名称更正', '单位更正'].map((reason) => release(order.rid, v0.data.rid, reason)),
    );
    expect(results.map((r) => r.code).sort()).toEqual([0, 0, 1]);
    const rows = await versionsOf(order.rid);
    expect(rows.map((r) => [r.no, r.status])).toEqual([
      [v0.data.report_no, 'superseded'],
      [`${v0.data.report_no}-A1`, 'valid'],
    ]);
    registerReportBuilder(undefined);
  });
});
