// Six-year retention of reports (issue 31, decision 0077): closing the customer's account erases
// the person but keeps every report version with the name as printed; the version still
// verifies, its signed PDF still downloads for staff and hashes to what was issued.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { PASSWORD } from '../support/accounts.ts';
import { PRINTED_CUSTOMER, testBuilder } from '../support/reports.ts';
import { orders } from '#server/orders/tables.ts';
import { users } from '#server/accounts/tables.ts';
import { reportVersions } from '#server/reports/tables.ts';
import { registerReportBuilder } from '#server/reports/index.ts';
import type { StaffReportVersion, VerifyAnswer } from '#shared/reports/versions.ts';

const t = await setupApi();
const o = orderHelpers(t);
const { builder, codes } = testBuilder(async (id) => {
  const [row] = await t.services.db.select({ no: orders.orderNo }).from(orders).where(eq(orders.id, id));
  return row.no;
});

/** An enterprise customer's order taken all the way to 已完成, paid from balance. */
async function completedOrder(c: Customer) {
  await o.credit(c.rid, 20_000);
  const rid = await o.quotedOrder(c, 20_000);
  expect((await t.post('/api/auth/web/order/pay', { rid }, c.h)).body.code).toBe(1);
  await o.move('order/receive', { rid });
  await o.move('order/start', { rid });
  const v0 = await o.release(rid);
  expect(await o.move('order/complete', { rid })).toBe('completed');
  return { rid, v0 };
}

describe('reports after the account is closed', () => {
  it('keeps the version with the printed name; it still verifies and its PDF still matches', async () => {
    const me = await o.customer('enterprise');
    const { rid, v0 } = await completedOrder(me);
    // A revision through the test builder, which prints a known customer name.
    registerReportBuilder(builder);
    const released = await o.admin<StaffReportVersion>('report/release', {
      rid,
      replaces: v0.rid,
      reason: '更正客户名称',
    });
    expect(released.body, JSON.stringify(released.body)).toMatchObject({ code: 1 });
    const v = released.body.data;
    registerReportBuilder(undefined);

    expect((await t.post('/api/auth/user/close', { password: PASSWORD }, me.h)).body).toMatchObject({
      code: 1,
    });
    const [gone] = await t.services.db.select().from(users).where(eq(users.id, me.id));
    expect(gone.name).toBe('');
    expect(gone.closedAt).not.toBeNull();

    const [kept] = await t.services.db.select().from(reportVersions).where(eq(reportVersions.rid, v.rid));
    expect(kept.status).toBe('valid');
    expect(kept.document.customer).toEqual(PRINTED_CUSTOMER);
    expect(kept.retainUntil).toBe(`${Number(v.issued_at.slice(0, 4)) + 6}${kept.retainUntil.slice(4)}`);

    const checked = await t.post<VerifyAnswer>('/api/open/report/verify', {
      report_no: v.report_no,
      code: codes.get(v.report_no),
    });
    expect(checked.body.data).toMatchObject({
      state: 'valid',
      sha256: v.sha256,
      summary: { customer: '北京**大学', report_no: v.report_no },
    });
    const pdf = await t.api.request('/api/admin/report/pdf', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await o.staff()) },
      body: JSON.stringify({ rid: v.rid }),
    });
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(v.sha256);
  });
});
