// Decision 0081: data leaves the lab only inside a reviewed, signed report. 出具数据 by hand is
// refused without a valid released version and the old report upload is gone; an analysis's own
// finished PDF (成品报告) is a result file, checked readable on upload, reviewed by someone other
// than its uploader, and appended to the signed report as stamped 附件 pages.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, PDF, PNG } from '../support/orders.ts';
import { attachmentPdf } from '../support/report-fixture.ts';
import type { ResultView } from '#shared/results/responses.ts';
import { NEED_RELEASED_REPORT } from '#server/orders/released-report.ts';
import { FINISHED_PDF_UNREADABLE } from '#server/results/finished-pdf.ts';
import { SELF_REVIEW_REFUSED } from '#shared/results/results.ts';

const t = await setupApi();
const o = orderHelpers(t);
type H = Record<string, string>;

/** A customer's self-delivered order of the first demo 送样检测 item (no result fields), received. */
async function receivedOrder() {
  const me = await o.customer();
  const it = await o.demoItem(1);
  const placed = await t.post<{ list: { rid: string; order_no: string }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it.rid, parameters: it.parameters }], delivery: { type: 0 } },
    me.h,
  );
  const order = placed.body.data.list[0];
  await o.move('order/receive', { rid: order.rid });
  return { me, order };
}

async function ok<T>(h: H, path: string, body: unknown): Promise<T> {
  const res = await t.post<T>(`/api/admin/${path}`, body, h);
  expect(res.body, `${path} ${JSON.stringify(res.body)}`).toMatchObject({ code: 1 });
  return res.body.data;
}

/** A PDF whose trailer says it is encrypted (pdf-lib refuses to read those). */
async function encryptedPdf(): Promise<Uint8Array> {
  const plain = await PDFDocument.load(await attachmentPdf(1));
  const text = Buffer.from(await plain.save({ useObjectStreams: false })).toString('latin1');
  return Buffer.from(
    text.replace(
      'trailer\n<<',
      'trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>',
    ),
    'latin1',
  );
}

/** Each page's text of a PDF (pdftotext ends every page with a form feed). */
function pageTexts(file: string): string[] {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .slice(0, -1)
    .map((p) => p.replace(/\s+/g, ''));
}

describe('no delivery without a released report', () => {
  it('refuses 出具数据 while testing without a valid version; the old report upload is gone', async () => {
    const { order } = await receivedOrder();
    await o.move('order/start', { rid: order.rid });
    const refused = await o.admin('order/deliver', { rid: order.rid });
    expect(refused.body).toMatchObject({ code: 0, msg: NEED_RELEASED_REPORT });
    const upload = await o.upload('/api/admin/order/report', await o.staff(), PDF, 'r.pdf', {
      rid: order.rid,
    });
    // No such staff call any more: the console guard denies what it does not know.
    expect(upload.status).toBe(403);
    expect(upload.body.code).toBe(0);
    // Releasing the first version is what delivers.
    await o.release(order.rid);
    const detail = await o.admin<{ status: string; report_released: boolean }>('order/detail', {
      rid: order.rid,
    });
    expect(detail.body.data).toMatchObject({ status: 'delivered', report_released: true });
  });

  it('delivers by hand a report released before testing was marked, never one revoked', async () => {
    // Released while 已收样: the order stays, and once testing is marked 出具数据 by hand is allowed.
    const first = await receivedOrder();
    await o.release(first.order.rid);
    await o.move('order/start', { rid: first.order.rid });
    expect(await o.move('order/deliver', { rid: first.order.rid })).toBe('delivered');
    // A revoked version is no report: refused as if none was released.
    const second = await receivedOrder();
    const v0 = await o.release(second.order.rid);
    const revoked = await o.admin('report/revoke', { rid: v0.rid, reason: '签发至错误订单' });
    expect(revoked.body, JSON.stringify(revoked.body)).toMatchObject({ code: 1 });
    await o.move('order/start', { rid: second.order.rid });
    expect((await o.admin('order/deliver', { rid: second.order.rid })).body.msg).toBe(NEED_RELEASED_REPORT);
  });
});

describe('a finished PDF (成品报告) through review into the signed report', () => {
  it('refuses unreadable PDFs, keeps its uploader from reviewing it, and appends its pages stamped and signed', async () => {
    const { me, order } = await receivedOrder();
    await o.move('order/start', { rid: order.rid });
    const tech = await o.anotherStaff('technician');
    const { results } = await ok<{ results: ResultView[] }>(tech, 'result/list', { rid: order.rid });
    expect(results).toHaveLength(1);
    const rid = results[0].rid;

    // Not a PDF, a damaged one, an encrypted one: refused at upload, nothing attached.
    for (const [bytes, name] of [
      [PNG, 'photo.pdf'],
      [PDF, 'damaged.pdf'],
      [await encryptedPdf(), 'locked.pdf'],
    ] as const) {
      const res = await o.upload('/api/admin/result/report', tech, bytes, name, { rid });
      expect(res.body, name).toMatchObject({ code: 0, msg: FINISHED_PDF_UNREADABLE });
    }
    const finished = await attachmentPdf(2);
    const up = await o.upload('/api/admin/result/report', tech, finished, 'XRD分析报告.pdf', { rid });
    expect(up.body, JSON.stringify(up.body)).toMatchObject({ code: 1, msg: '成品报告已上传' });
    const view = up.body.data as unknown as ResultView;
    expect(view.files).toMatchObject([{ name: 'XRD分析报告.pdf', finished: true }]);
    // The method and a short note are entered as for any free-form result (the report prints them).
    await ok(tech, 'result/save', {
      rid,
      method: 'JY/T 0587-2020',
      instrument: 'X 射线衍射仪',
      entries: [{ key: '_text', value: '物相分析结果详见成品报告' }],
    });
    await ok(tech, 'result/submit', { rid });

    // Whoever uploaded it produced the result: they may not review it, another person does.
    const self = await t.post('/api/admin/result/review', { rid, verdict: 'approve' }, tech);
    expect(self.body).toMatchObject({ code: 0, msg: SELF_REVIEW_REFUSED });
    await ok(await o.staff(), 'result/review', { rid, verdict: 'approve' });

    const v0 = await o.release(order.rid);
    const list = await t.post<{ list: { rid: string }[] }>('/api/auth/report/list', { rid: order.rid }, me.h);
    const pdf = await t.api.request(`/api/auth/report/pdf/${list.body.data.list[0].rid}`, { headers: me.h });
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    const file = join(mkdtempSync(join(tmpdir(), 'lp-finished-')), 'report.pdf');
    writeFileSync(file, bytes);
    if (process.env.REPORT_SHOTS) writeFileSync(join(process.env.REPORT_SHOTS, 'finished-report.pdf'), bytes);

    // The generated report, then the finished PDF's two pages, all numbered as one document.
    const pages = pageTexts(file);
    const total = (await PDFDocument.load(bytes)).getPageCount();
    expect(pages).toHaveLength(total);
    pages.forEach((p, i) => {
      expect(p, `page ${i + 1}`).toContain(`报告编号：${v0.report_no}`);
      expect(p, `page ${i + 1}`).toContain(`第${i + 1}页/共${total}页`);
    });
    const generated = pages.slice(0, -2);
    expect(generated.join('')).toContain('附件：分析报告原件共2页');
    expect(generated.join('')).toContain('物相分析结果详见成品报告');
    expect(generated.join('')).toContain('XRD分析报告.pdf（成品报告，见附件）');
    expect(generated.join('')).not.toContain('报告结束');
    expect(pages.at(-2)).toContain('XRDpatternreport,page1');
    expect(pages.at(-2)).toContain('附件第1页/共2页');
    expect(pages.at(-1)).toContain('XRDpatternreport,page2');
    expect(pages.at(-1)).toContain('附件第2页/共2页');
    expect(pages.at(-1)).toContain('报告结束');

    // One signature covers all of it (pdfsig), and the frozen document names the file and its hash.
    const said = execFileSync('pdfsig', [file], { encoding: 'utf8' });
    expect(said).toContain('Signature is Valid');
    expect(said).toContain('Total document signed');
    const versions = await o.admin<{ list: { report_no: string }[] }>('report/versions', { rid: order.rid });
    expect(versions.body.data.list.map((v) => v.report_no)).toEqual([v0.report_no]);
  });
});
