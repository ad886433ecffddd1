// Report versions and 报告真伪查询 (issue 31, decision 0077): release the original with a builder
// that makes a real PDF, revise to A1 with a reason (the original 已被替换, linked to A1), a
// revision without a reason refused, revoke with a reason; the customer downloads their own
// versions and another customer reads not found; /verify answers valid, superseded, revoked and
// not_found, refuses a malformed code unchanged, limits each address, and logs every lookup; the
// database refuses to delete or edit a version.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { testBuilder, PRINTED_CUSTOMER } from '../support/reports.ts';
import { runJobs } from '../support/jobs.ts';
import { orders } from '#server/orders/tables.ts';
import { auditLog } from '#server/staff/tables.ts';
import { userMessages } from '#server/notify/tables.ts';
import { reportLookups, reportVersions } from '#server/reports/tables.ts';
import { registerReportBuilder } from '#server/reports/index.ts';
import { newReportCode } from '#server/reports/versions.ts';
import { createSession } from '#server/accounts/tokens.ts';
import { normaliseCode, maskName, CODE_MALFORMED, VERIFY_TOO_FAST } from '#shared/reports/verify.ts';
import {
  NO_BUILDER,
  versionSummary,
  REASON_NEEDED,
  REVOKE_REASON_NEEDED,
  type ReportVersion,
  type StaffReportVersion,
  type VerifyAnswer,
} from '#shared/reports/versions.ts';

const t = await setupApi();
const o = orderHelpers(t);
const { builder, codes, pdfs } = testBuilder(async (id) => {
  const [row] = await t.services.db.select({ no: orders.orderNo }).from(orders).where(eq(orders.id, id));
  return row.no;
});

async function labOrder(c: Customer) {
  const it = await o.demoItem(1);
  const res = await t.post<{ list: { rid: string; order_no: string }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it.rid, parameters: it.parameters, count: 1 }], delivery: { type: 0 } },
    c.h,
  );
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  return res.body.data.list[0];
}

const release = (rid: string, replaces: string | null, reason = '') =>
  o.admin<StaffReportVersion>('report/release', { rid, replaces, reason });
const revoke = (rid: string, reason: string) => o.admin<StaffReportVersion>('report/revoke', { rid, reason });
const verify = (report_no: string, code: string) =>
  t.post<VerifyAnswer>('/api/open/report/verify', { report_no, code });
/** The customer's session again: the test clock moves two hours between tests. */
async function resumed(c: Customer): Promise<Customer> {
  const { token } = await createSession(t.services, c.id, { ip: 'unknown', userAgent: '' });
  return { ...c, token, h: { authorization: `Bearer ${token}` } };
}
/** What the database said when it refused a statement (drizzle wraps it as the cause). */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (e: Error & { cause?: Error }) => String(e.cause?.message ?? e.message),
  );
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const customerPdf = (c: Customer, rid: string) =>
  t.api.request(`/api/auth/report/pdf/${encodeURIComponent(rid)}`, { headers: c.h });

describe('report versions', () => {
  let me: Customer;
  let order: { rid: string; order_no: string };
  let v0: StaffReportVersion;
  let a1: StaffReportVersion;

  it('refuses a release while no builder is configured, then issues the original', async () => {
    me = await o.customer();
    order = await labOrder(me);
    registerReportBuilder(undefined);
    const none = await release(order.rid, null);
    expect(none.body).toMatchObject({ code: 0, msg: NO_BUILDER });
    const listed = await o.admin<{ can_release: boolean; list: unknown[] }>('report/versions', {
      rid: order.rid,
    });
    expect(listed.body.data).toMatchObject({ can_release: false, list: [], base_no: null });

    registerReportBuilder(builder);
    const res = await release(order.rid, null);
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
    v0 = res.body.data;
    const base = `BG${order.order_no.replace(/^[A-Z]+/, '')}`;
    expect(v0).toMatchObject({
      report_no: base,
      version: 0,
      status: 'valid',
      replaced_by: null,
      change_reason: '',
      sha256: sha256(pdfs.get(base)!),
    });
    expect(v0.retain_until.slice(0, 4)).toBe(String(Number(v0.issued_at.slice(0, 4)) + 6));
    expect(normaliseCode(codes.get(base)!)).toBe(codes.get(base));

    // Stored: the code only as a hash, the copy without it, the PDF in the file store.
    const [row] = await t.services.db.select().from(reportVersions).where(eq(reportVersions.rid, v0.rid));
    expect(row.codeHash).not.toContain(codes.get(base)!);
    expect(row.document.code).toBe('');
    expect(row.document.verify_url).not.toContain('&c=');
    expect(row.document.customer).toEqual(PRINTED_CUSTOMER);
    expect(sha256((await t.services.storage.get(row.pdfKey))!)).toBe(v0.sha256);

    // The customer is told at once (SMS, e-mail, inbox).
    await runJobs(t.services);
    const inbox = await t.services.db.select().from(userMessages).where(eq(userMessages.userId, me.id));
    expect(inbox.map((m) => m.title)).toContain('检测报告已签发');
    expect(inbox.find((m) => m.title === '检测报告已签发')?.body).toContain(base);
  });

  it('refuses a second release made from the same view (two staff at once: one version)', async () => {
    const again = await release(order.rid, null);
    expect(again.body).toMatchObject({ code: 0, data: { error: 'CONFLICT' } });
    expect(again.body.msg).toContain(v0.report_no);
    const [{ n }] = await t.services.db.select({ n: count() }).from(reportVersions);
    expect(n).toBe(1);
  });

  it('revises to A1 only with a reason; the original is superseded and links to A1', async () => {
    const bare = await release(order.rid, v0.rid, '  ');
    expect(bare.body).toMatchObject({ code: 0, msg: REASON_NEEDED });
    const res = await release(order.rid, v0.rid, '样品名称有误');
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
    a1 = res.body.data;
    expect(a1).toMatchObject({
      report_no: `${v0.report_no}-A1`,
      version: 1,
      status: 'valid',
      change_reason: '样品名称有误',
    });
    const versions = await o.admin<{ base_no: string; list: StaffReportVersion[] }>('report/versions', {
      rid: order.rid,
    });
    expect(versions.body.data.base_no).toBe(v0.report_no);
    expect(versions.body.data.list.map((v) => [v.report_no, v.status, v.replaced_by])).toEqual([
      [a1.report_no, 'valid', null],
      [v0.report_no, 'superseded', a1.report_no],
    ]);
    // The revision carries what it replaces into its document.
    const [row] = await t.services.db.select().from(reportVersions).where(eq(reportVersions.rid, a1.rid));
    expect(row.document.revision).toEqual({ replaces: v0.report_no, reason: '样品名称有误' });

    await runJobs(t.services);
    const inbox = await t.services.db.select().from(userMessages).where(eq(userMessages.userId, me.id));
    expect(inbox.find((m) => m.title === '检测报告已更新')?.body).toContain(
      `${a1.report_no}（原因：样品名称有误）`,
    );
  });

  it('lists the versions on the customer’s order and downloads only their own', async () => {
    me = await resumed(me);
    const list = await t.post<{ list: ReportVersion[] }>('/api/auth/report/list', { rid: order.rid }, me.h);
    expect(list.body.data.list.map((v) => [v.report_no, v.status_text, v.replaced_by])).toEqual([
      [a1.report_no, '有效', null],
      [v0.report_no, '已被替换', a1.report_no],
    ]);
    const own = await customerPdf(me, a1.rid);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(sha256(new Uint8Array(await own.arrayBuffer()))).toBe(a1.sha256);

    const other = await o.customer();
    const refused = await customerPdf(other, a1.rid);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: 0, msg: '报告不存在', data: { error: 'NOT_FOUND' } });
    const otherList = await t.post('/api/auth/report/list', { rid: order.rid }, other.h);
    expect(otherList.body).toMatchObject({ code: 0, data: { error: 'NOT_FOUND' } });
  });

  it('verifies: valid, superseded with the current number, not found for a wrong code or number', async () => {
    const valid = await verify(a1.report_no, codes.get(a1.report_no)!);
    expect(valid.body).toMatchObject({
      code: 1,
      data: {
        state: 'valid',
        report_no: a1.report_no,
        sha256: a1.sha256,
        summary: {
          lab: '科研检测服务平台实验室',
          report_no: a1.report_no,
          issued_on: '2026-01-08',
          items: ['X射线衍射（XRD）'],
          customer: '北京**大学',
        },
      },
    });
    const old = await verify(v0.report_no, codes.get(v0.report_no)!);
    expect(old.body.data).toMatchObject({ state: 'superseded', current_report_no: a1.report_no });

    // Typed by hand: lower case, O for 0 and l for 1, a hyphen, spaces around the number.
    const typed = codes.get(a1.report_no)!.toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l');
    const loose = await verify(` ${a1.report_no.toLowerCase()} `, `${typed.slice(0, 4)}-${typed.slice(4)}`);
    expect(loose.body.data.state).toBe('valid');

    let wrong = newReportCode();
    while (wrong === codes.get(a1.report_no)) wrong = newReportCode();
    const guessed = await verify(a1.report_no, wrong);
    // A wrong code for a real number tells nothing about the number.
    expect(guessed.body).toMatchObject({ code: 1, data: { state: 'not_found', report_no: a1.report_no } });
    expect(Object.keys(guessed.body.data)).toEqual(['state', 'report_no']);
    const nothing = await verify('BG00000000000000', wrong);
    expect(nothing.body.data).toEqual({ state: 'not_found', report_no: 'BG00000000000000' });
  });

  it('refuses a malformed code unchanged, and the 31st lookup of a minute from one address', async () => {
    const [{ before }] = await t.services.db.select({ before: count() }).from(reportLookups);
    for (const bad of ['', '1234567', '123456789', 'ABCDEFGU', 'ABCD EFG!', '测试测试测试测试']) {
      const res = await verify(a1.report_no, bad);
      expect(res.body, bad).toMatchObject({ code: 0, msg: CODE_MALFORMED, data: { error: 'INVALID_INPUT' } });
    }
    const missing = await verify('', codes.get(a1.report_no)!);
    expect(missing.body).toMatchObject({ code: 0, msg: '请输入报告编号' });
    const [{ after }] = await t.services.db.select({ after: count() }).from(reportLookups);
    expect(after).toBe(before);

    for (let i = 0; i < 30; i++) {
      const res = await verify(a1.report_no, codes.get(a1.report_no)!);
      expect(res.body.code, `lookup ${i + 1}`).toBe(1);
    }
    const limited = await verify(a1.report_no, codes.get(a1.report_no)!);
    expect(limited.body).toMatchObject({ code: 0, msg: VERIFY_TOO_FAST, data: { error: 'RATE_LIMITED' } });
    const [{ total }] = await t.services.db.select({ total: count() }).from(reportLookups);
    expect(total).toBe(before + 30);
  });

  it('revokes a valid version with a reason; verify and the customer see it', async () => {
    const bare = await revoke(a1.rid, ' ');
    expect(bare.body).toMatchObject({ code: 0, msg: REVOKE_REASON_NEEDED });
    const old = await revoke(v0.rid, '误传');
    expect(old.body).toMatchObject({ code: 0, msg: `报告 ${v0.report_no} 已被替换，不能撤销` });

    const res = await revoke(a1.rid, '报告上传至错误订单');
    expect(res.body, JSON.stringify(res.body)).toMatchObject({
      code: 1,
      data: { status: 'revoked', revoke_reason: '报告上传至错误订单' },
    });
    expect(res.body.data.revoked_by).toBeTruthy();
    const again = await revoke(a1.rid, '再次撤销');
    expect(again.body).toMatchObject({ code: 0, msg: `报告 ${a1.report_no} 已撤销，不能撤销` });

    const checked = await verify(a1.report_no, codes.get(a1.report_no)!);
    expect(checked.body.data).toMatchObject({ state: 'revoked', revoke_reason: '报告上传至错误订单' });
    // The superseded original now points at a revoked A1: still 已被替换, naming A1.
    const old0 = await verify(v0.report_no, codes.get(v0.report_no)!);
    expect(old0.body.data).toMatchObject({ state: 'superseded', current_report_no: a1.report_no });

    me = await resumed(me);
    const download = await customerPdf(me, a1.rid);
    expect(await download.json()).toMatchObject({ code: 0, msg: `报告 ${a1.report_no} 已撤销，不能下载` });
    const staffCopy = await t.api.request('/api/admin/report/pdf', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await o.staff()) },
      body: JSON.stringify({ rid: a1.rid }),
    });
    expect(staffCopy.headers.get('content-type')).toBe('application/pdf');

    await runJobs(t.services);
    const inbox = await t.services.db.select().from(userMessages).where(eq(userMessages.userId, me.id));
    expect(inbox.find((m) => m.title === '检测报告已撤销')?.body).toContain('报告上传至错误订单');

    // After a revocation the lab issues A2 (the reason required), replacing the revoked A1.
    const a2 = await release(order.rid, a1.rid, '更正后重新签发');
    expect(a2.body.data).toMatchObject({ report_no: `${v0.report_no}-A2`, status: 'valid' });
    const listed = await o.admin<{ list: StaffReportVersion[] }>('report/versions', { rid: order.rid });
    expect(listed.body.data.list.map((v) => v.status)).toEqual(['valid', 'revoked', 'superseded']);
  });

  it('audits release and revoke, and logs every lookup with its outcome', async () => {
    const rows = await t.services.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} like 'report/%'`);
    const revoked = rows.find((r) => r.action === 'report/revoke' && r.outcome === 'ok');
    expect(revoked?.entityRid).toBe(a1.rid);
    expect((revoked?.after as { status: string }).status).toBe('revoked');
    expect((revoked?.before as { status: string }).status).toBe('valid');
    expect(
      rows.filter((r) => r.action === 'report/release' && r.outcome === 'ok').map((r) => r.entityRid),
    ).toEqual([order.rid, order.rid, order.rid]);
    expect(rows.some((r) => r.action === 'report/release' && r.outcome === 'refused')).toBe(true);

    const outcomes = await t.services.db
      .select({ outcome: reportLookups.outcome, n: count() })
      .from(reportLookups)
      .groupBy(reportLookups.outcome);
    const by = Object.fromEntries(outcomes.map((r) => [r.outcome, r.n]));
    expect(by).toMatchObject({ valid: 32, superseded: 2, revoked: 1, not_found: 2 });
    const [found] = await t.services.db
      .select()
      .from(reportLookups)
      .where(and(eq(reportLookups.outcome, 'revoked')));
    expect(found.versionId).not.toBeNull();
  });

  it('a role without 审核 cannot release or revoke', async () => {
    const finance = await o.anotherStaff('finance');
    const res = await t.post('/api/admin/report/revoke', { rid: v0.rid, reason: '测试' }, finance);
    expect(res.status).toBe(403);
    const pdf = await t.api.request('/api/admin/report/pdf', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...finance },
      body: JSON.stringify({ rid: v0.rid }),
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });

  it('the database refuses to delete a version or change what it says', async () => {
    const db = t.services.db;
    const run = (q: ReturnType<typeof sql>) => refusal(db.execute(q));
    expect(await run(sql`delete from report_versions where rid = ${v0.rid}`)).toMatch(/kept: DELETE refused/);
    expect(await run(sql`delete from reports`)).toMatch(/kept: DELETE refused/);
    expect(await run(sql`truncate report_versions cascade`)).toMatch(/cannot be truncated/);
    expect(await run(sql`update reports set base_no = 'X'`)).toMatch(/kept: UPDATE refused/);
    expect(await run(sql`update report_versions set document = '{}'::jsonb where rid = ${v0.rid}`)).toMatch(
      /only its status may change/,
    );
    expect(
      await run(sql`update report_versions set pdf_sha256 = ${'0'.repeat(64)} where rid = ${v0.rid}`),
    ).toMatch(/only its status may change/);
    // Once superseded or revoked, for good.
    expect(
      await run(
        sql`update report_versions set status = 'valid', replaced_by_version = null where rid = ${v0.rid}`,
      ),
    ).toMatch(/superseded already/);
    expect(await run(sql`delete from report_lookups`)).toMatch(/kept: DELETE refused/);
    expect(await run(sql`update report_lookups set outcome = 'valid'`)).toMatch(/kept: UPDATE refused/);
    const [row] = await db.select().from(reportVersions).where(eq(reportVersions.rid, v0.rid));
    expect(row.status).toBe('superseded');
  });
});

describe('versions issued before the summary column (migration 0062)', () => {
  it('get the summary /verify shows from their frozen document, as a release stores it', async () => {
    const migration = readFileSync(
      new URL('../../drizzle/0062_report_verify_summary.sql', import.meta.url),
      'utf8',
    );
    const [, disable, backfill, enable] = migration.split('--> statement-breakpoint');
    const stored = await t.services.db.select().from(reportVersions);
    expect(stored.length).toBeGreaterThan(1);
    // Run inside a transaction that is rolled back, so the file's versions stay as released.
    let backfilled: typeof stored = [];
    await t.services.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(disable));
        await tx.execute(sql`update report_versions set summary = '{}'::jsonb`);
        await tx.execute(sql.raw(backfill));
        await tx.execute(sql.raw(enable));
        backfilled = await tx.select().from(reportVersions);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(backfilled).toHaveLength(stored.length);
    for (const row of backfilled) {
      expect(row.summary).toEqual(versionSummary(row.document));
      expect(row.summary).toEqual(stored.find((v) => v.id === row.id)!.summary);
    }
  });
});

describe('codes and masks', () => {
  it('makes 8-character Crockford codes and masks names', () => {
    const seen = new Set(Array.from({ length: 200 }, () => newReportCode()));
    expect(seen.size).toBe(200);
    for (const c of seen) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(maskName('张三明')).toBe('张*明');
    expect(maskName('张三')).toBe('张*');
    expect(maskName('北京理工大学')).toBe('北京**大学');
    expect(maskName('某某材料科技有限公司')).toBe('某某******公司');
  });
});
