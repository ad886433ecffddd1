// Decision 0076: the report PDF as a reader sees it. pdftotext shows the report number and
// 第 x 页 / 共 y 页 on every page, 报告结束 once on the last content page, no missing glyph (□),
// and every word inside the page's margins; the QR code on the first page reads back (ZXing over
// pdftoppm) as the verify link. Pages were also looked at, rasterised at 80 dpi.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { renderReport } from '#server/reports/render.ts';
import { attachmentPdf, reportArt, reportDocument } from '../support/report-fixture.ts';
import type { ReportDocument } from '#shared/reports/document.ts';

const require = createRequire(import.meta.url);
const A4_WIDTH = 595.28;
const TIMEOUT = 60_000;

let work: string;
let art: Awaited<ReturnType<typeof reportArt>>;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'report-pdf-'));
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  prepareZXingModule({ overrides: { wasmBinary: new Uint8Array(wasm).buffer } });
  art = await reportArt();
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

let fileNo = 0;
function save(pdf: Uint8Array): string {
  const name = `r${++fileNo}.pdf`;
  writeFileSync(join(work, name), pdf);
  return name;
}
/** The text of each page, in order. */
function pageTexts(pdf: Uint8Array): string[] {
  const name = save(pdf);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', name, '-'], { cwd: work, encoding: 'utf8' });
  // pdftotext ends each page with a form feed.
  return text.split('\f').slice(0, -1);
}
/** Every word's box in points, with its page. */
function words(pdf: Uint8Array) {
  const name = save(pdf);
  const html = execFileSync('pdftotext', ['-bbox', name, '-'], { cwd: work, encoding: 'utf8' });
  const out: { page: number; text: string; x0: number; x1: number }[] = [];
  let page = 0;
  for (const line of html.split('\n')) {
    if (line.includes('<page ')) page++;
    const m = /<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">(.*)<\/word>/.exec(line);
    if (m) out.push({ page, text: m[3], x0: Number(m[1]), x1: Number(m[2]) });
  }
  return out;
}

function expectEveryPageNumbered(pages: string[], reportNo: string) {
  pages.forEach((text, i) => {
    const flat = text.replace(/\s+/g, '');
    expect(flat, `page ${i + 1}`).toContain(reportNo);
    expect(flat, `page ${i + 1}`).toContain(`第${i + 1}页/共${pages.length}页`);
  });
}

describe('report PDF', () => {
  it(
    'numbers every page, ends once on the last page, draws every character and keeps words in the margins',
    async () => {
      const doc = reportDocument({ revision: true });
      const pdf = await renderReport(doc, art);
      const pages = pageTexts(pdf);
      expect(pages.length).toBeGreaterThanOrEqual(3);
      expectEveryPageNumbered(pages, doc.report_no);
      const ends = pages.map((p) => (p.match(/报告结束/g) ?? []).length);
      expect(ends.at(-1)).toBe(1);
      expect(ends.reduce((a, b) => a + b)).toBe(1);
      const all = pages.join('');
      expect(all).not.toContain('□');
      for (const text of [
        '▲ 非认可项目',
        '24.5 ※',
        '以下空白',
        '本报告检测结果仅对所检样品负责。',
        'BG2026112800001 的修订版',
      ])
        expect(all.replace(/\n/g, '')).toContain(text);
      // All 30 result rows.
      expect(all.match(/LP20261121048213-0\d/g)!.length).toBeGreaterThanOrEqual(30);
      const outside = words(pdf).filter((w) => w.x0 < 40 || w.x1 > A4_WIDTH - 40);
      expect(outside).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'puts a finished PDF after the report, each of its pages stamped, 报告结束 on its last',
    async () => {
      const doc = reportDocument();
      const plain = pageTexts(await renderReport(doc, art)).length;
      const pages = pageTexts(await renderReport(doc, art, [await attachmentPdf(3)]));
      expect(pages.length).toBe(plain + 3);
      expectEveryPageNumbered(pages, doc.report_no);
      expect(pages.at(-1)).toContain('报告结束');
      expect(pages.slice(0, -1).join('')).not.toContain('报告结束');
      expect(pages.at(-3)).toContain('XRD pattern report, page 1');
      expect(pages.at(-1)!.replace(/\s+/g, '')).toContain('附件第3页/共3页');
    },
    TIMEOUT,
  );

  it(
    'appends several finished PDFs in order, each page stamped with which 附件 it is (decision 0081)',
    async () => {
      const doc = reportDocument();
      doc.results[1].raw_files[0].finished = true;
      const plain = pageTexts(await renderReport(doc, art)).length;
      const pages = pageTexts(await renderReport(doc, art, [await attachmentPdf(2), await attachmentPdf(1)]));
      expect(pages.length).toBe(plain + 3);
      expectEveryPageNumbered(pages, doc.report_no);
      const flat = pages.map((p) => p.replace(/\s+/g, ''));
      expect(flat.slice(0, plain).join('')).toContain('分析报告原件2份共3页');
      expect(flat.slice(0, plain).join('')).toContain('（成品报告，见附件）');
      expect(flat.slice(-3).map((p) => /附件\d第\d页\/共\d页/.exec(p)?.[0])).toEqual([
        '附件1第1页/共2页',
        '附件1第2页/共2页',
        '附件2第1页/共1页',
      ]);
      expect(flat.at(-1)).toContain('报告结束');
      expect(flat.slice(0, -1).join('')).not.toContain('报告结束');
    },
    TIMEOUT,
  );

  it(
    'wraps long text and continues a row taller than a page, never leaving the margins',
    async () => {
      const doc: ReportDocument = reportDocument();
      doc.results[0].rows[0].remark = '样品在测试前于 120 ℃ 真空脱气 12 小时，'.repeat(160);
      doc.results[1].raw_files[0].name = `${'very-long-instrument-export-name-without-any-break-'.repeat(4)}.csv`;
      doc.deviations = ['按客户要求改用 77 K 氮气吸附，'.repeat(60)];
      const pdf = await renderReport(doc, art);
      const pages = pageTexts(pdf);
      expectEveryPageNumbered(pages, doc.report_no);
      expect(pages.join('')).not.toContain('□');
      expect(words(pdf).filter((w) => w.x0 < 40 || w.x1 > A4_WIDTH - 40)).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'carries a QR code on the first page that reads as the verify link',
    async () => {
      const doc = reportDocument();
      const name = save(await renderReport(doc, art));
      execFileSync('pdftoppm', ['-r', '200', '-f', '1', '-l', '1', '-mono', '-png', name, 'qr'], {
        cwd: work,
      });
      const png = readdirSync(work).find((f) => f.startsWith('qr') && f.endsWith('.png'))!;
      const read = await readBarcodes(new Uint8Array(readFileSync(join(work, png))), { formats: ['QRCode'] });
      expect(read.map((r) => r.text)).toEqual([doc.verify_url]);
    },
    TIMEOUT,
  );

  it('refuses an attachment that is not a PDF with a Chinese message', async () => {
    await expect(renderReport(reportDocument(), {}, [new TextEncoder().encode('not a pdf')])).rejects.toThrow(
      /附件不是可读取的 PDF/,
    );
  });
});
