// Releasing a report through the installation's builder (decision 0080): only an authorised
// signatory of the template, only once every result is reviewed, only within the signatory's
// password window, only when the document has every CNAS element; the first version delivers the
// order (one message to the customer), is signed (pdfsig) and verifies; a revision after a retest
// supersedes it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { PASSWORD } from '../support/accounts.ts';
import { notifications } from '../support/jobs.ts';
import type { ResultField } from '#shared/results/fields.ts';
import type { ResultView } from '#shared/results/responses.ts';
import { reportTemplate } from '#server/reports/template-tables.ts';
import { reportVersions } from '#server/reports/tables.ts';

const t = await setupApi();
t.services.env = { ...t.services.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'lp-release-')) };
const o = orderHelpers(t);

const FIELDS: ResultField[] = [
  { key: 'bet', name: '比表面积', unit: 'm²/g', type: 'number', min: 0.5, max: 200, required: true },
];
type H = Record<string, string>;

async function ok<T>(h: H, path: string, body: unknown): Promise<T> {
  const res = await t.post<T>(`/api/admin/${path}`, body, h);
  expect(res.body, `${path} ${JSON.stringify(res.body)}`).toMatchObject({ code: 1 });
  return res.body.data;
}
async function no(h: H, path: string, body: unknown) {
  const res = await t.post(`/api/admin/${path}`, body, h);
  expect(res.body.code, `${path} ${JSON.stringify(res.body)}`).toBe(0);
  return res.body as { msg: string; data: { error: string } };
}
const phoneOf = async (h: H) =>
  (await t.post<{ rid: string; phone: string }>('/api/admin/me', {}, h)).body.data;

/** A tested order of two samples with reviewed results; the lab's people. */
async function testedOrder() {
  const admin = await o.staff();
  const it = await o.demoItem(1);
  await ok(admin, 'catalogue/item/edit', {
    rid: it.rid,
    result_fields: FIELDS,
    method: 'GB/T 19587-2017',
    accredited: true,
    subcontracted_to: '',
  });
  const me = await o.customer();
  const placed = await t.post<{ list: { rid: string; order_no: string }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it.rid, parameters: it.parameters, count: 2 }], delivery: { type: 0 } },
    me.h,
  );
  const order = placed.body.data.list[0];
  await o.move('order/receive', { rid: order.rid });
  await o.move('order/start', { rid: order.rid });
  const tech = await o.anotherStaff('technician');
  const reviewer = await o.anotherStaff('manager');
  const signer = await o.anotherStaff('manager');
  const { results } = await ok<{ results: ResultView[] }>(tech, 'result/list', { rid: order.rid });
  for (const [i, r] of results.entries()) {
    await ok(tech, 'result/save', {
      rid: r.rid,
      instrument: '比表面积仪',
      entries: [{ key: 'bet', value: `1${i}.5` }],
    });
    await ok(tech, 'result/submit', { rid: r.rid });
  }
  return { order, me, admin, tech, reviewer, signer, results };
}

async function template(admin: H, signer: H, lab = '科研检测服务平台实验室') {
  const s = await phoneOf(signer);
  await ok(admin, 'report/template/save', {
    lab_name: lab,
    address: '上海市闵行区东川路800号',
    phone: '021-00000000',
    accreditation: 'CNAS L0000',
    statements: [],
    signatories: [{ staff_rid: s.rid, name: '赵签字', title: '授权签字人' }],
  });
}

describe('report/release with the real builder', () => {
  it('refuses until reviewed, signed by a signatory in their window; then delivers, signs and verifies', async () => {
    const { order, me, admin, reviewer, signer, results } = await testedOrder();
    await template(admin, signer);
    // The reviewer approves one of two: not all reviewed yet.
    await ok(reviewer, 'result/review', { rid: results[0].rid, verdict: 'approve' });
    await ok(signer, 'staff/reauth', { password: PASSWORD, purpose: 'sign' });
    expect((await no(signer, 'report/release', { rid: order.rid })).msg).toBe(
      '还有 1 项检测结果未审核通过，不能签发报告',
    );
    await ok(reviewer, 'result/review', { rid: results[1].rid, verdict: 'approve' });
    // Someone not on the template may not approve, whatever their role.
    expect((await no(reviewer, 'report/release', { rid: order.rid })).data.error).toBe('FORBIDDEN');
    // The signatory's window runs out: the password again.
    o.a.advance(31 * 60_000);
    expect((await no(signer, 'report/release', { rid: order.rid })).data.error).toBe('REAUTH_REQUIRED');
    await ok(signer, 'staff/reauth', { password: PASSWORD, purpose: 'sign' });
    const before = (await notifications(t.services, { userId: me.id })).length;
    const v0 = await ok<{ rid: string; report_no: string; code: string; status: string }>(
      signer,
      'report/release',
      { rid: order.rid },
    );
    expect(v0).toMatchObject({ status: 'valid', report_no: `BG${order.order_no.replace(/\D/g, '')}` });

    // The order is delivered, and the customer heard of it once (检测数据已出具), not twice.
    const detail = await t.post<{ status: string }>('/api/auth/order/detail', { rid: order.rid }, me.h);
    expect(detail.body.data.status).toBe('delivered');
    const fresh = (await notifications(t.services, { userId: me.id })).slice(before);
    expect(new Set(fresh.map((n) => n.template))).toEqual(new Set(['delivered']));

    // The customer's PDF is signed and its signature covers the document (pdfsig).
    const list = await t.post<{ list: { rid: string; sha256: string }[] }>(
      '/api/auth/report/list',
      { rid: order.rid },
      me.h,
    );
    const pdf = await t.api.request(`/api/auth/report/pdf/${list.body.data.list[0].rid}`, { headers: me.h });
    expect(pdf.status).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), 'lp-signed-')), 'r.pdf');
    writeFileSync(file, new Uint8Array(await pdf.arrayBuffer()));
    const said = execFileSync('pdfsig', [file], { encoding: 'utf8' });
    expect(said).toContain('Signature is Valid');
    expect(said).toContain('Total document signed');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(v0.report_no);
    expect(text).toContain('赵签字');
    expect(text).toContain('10.5');

    // Anyone verifies it with the code printed on it.
    const check = await t.post<{ state: string }>('/api/open/report/verify', {
      report_no: v0.report_no,
      code: v0.code,
    });
    expect(check.body.data.state).toBe('valid');

    // A retest, reviewed again, and a revision A1 with its reason: the original is superseded.
    await ok(admin, 'result/reopen', { rid: results[0].rid, reason: '复核发现称样量记录错误' });
    const tech2 = await o.anotherStaff('technician');
    await ok(tech2, 'result/save', { rid: results[0].rid, entries: [{ key: 'bet', value: '10.7' }] });
    await ok(tech2, 'result/submit', { rid: results[0].rid });
    await ok(reviewer, 'result/review', { rid: results[0].rid, verdict: 'approve' });
    expect((await no(signer, 'report/release', { rid: order.rid, replaces: v0.rid })).msg).toContain('原因');
    const a1 = await ok<{ report_no: string; code: string }>(signer, 'report/release', {
      rid: order.rid,
      replaces: v0.rid,
      reason: '更正样品01的比表面积',
      // The approver states the deviations, one per line (CNAS-CL01 7.8.2.1); none printed 无.
      deviations: ' 样品01称样量不足，按 0.1 g 测试 \n\n复测时环境湿度 72%，超出方法要求的 65%',
    });
    expect(a1.report_no).toBe(`${v0.report_no}-A1`);
    const deviationsSaid = async (no: string) =>
      (await t.services.db.select().from(reportVersions).where(eq(reportVersions.reportNo, no)))[0].document
        .deviations;
    expect(await deviationsSaid(v0.report_no)).toEqual(['无']);
    expect(await deviationsSaid(a1.report_no)).toEqual([
      '样品01称样量不足，按 0.1 g 测试',
      '复测时环境湿度 72%，超出方法要求的 65%',
    ]);
    const old = await t.post<{ state: string; current_report_no: string }>('/api/open/report/verify', {
      report_no: v0.report_no,
      code: v0.code,
    });
    expect(old.body.data).toMatchObject({ state: 'superseded', current_report_no: a1.report_no });
  });

  it('refuses a document without a lab name or address: the release check names what is missing', async () => {
    const { order, admin, reviewer, signer, results } = await testedOrder();
    await template(admin, signer);
    for (const r of results) await ok(reviewer, 'result/review', { rid: r.rid, verdict: 'approve' });
    // The template loses its lab name (saved as blank is refused, so the row is emptied directly).
    await t.services.db.update(reportTemplate).set({ labName: ' ' });
    await ok(signer, 'staff/reauth', { password: PASSWORD, purpose: 'sign' });
    expect((await no(signer, 'report/release', { rid: order.rid })).msg).toBe(
      '报告缺少以下必备内容，不能签发：实验室名称',
    );
  });
});
