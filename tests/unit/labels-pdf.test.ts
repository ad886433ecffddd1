// The label PDFs as a scanner sees them: every page rasterized by poppler's pdftoppm, each
// label's area cut out and read by ZXing (zxing-wasm, the engine under the console's
// barcode-detector polyfill). Every QR code and every Code 128 barcode must read back as its
// own label's ID; the words printed must stay inside their label (pdftotext's boxes).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import {
  renderLocationLabels,
  renderSampleLabels,
  type LabelFormat,
  type SampleLabel,
} from '#server/samples/labels-pdf.ts';

const require = createRequire(import.meta.url);
const MM = 72 / 25.4;
/** Rasterizing resolution: what a 300 dpi printer puts on paper. */
const DPI = 300;
/** Rasterizing and decoding take a few seconds; more on a busy 2-core machine. */
const READ_TIMEOUT = 60_000;
/** Label stock in millimetres: columns, rows, label size, sheet top margin. */
const GRID: Record<LabelFormat, { cols: number; rows: number; w: number; h: number; top: number }> = {
  a4: { cols: 3, rows: 8, w: 70, h: 37, top: 0.5 },
  thermal: { cols: 1, rows: 1, w: 40, h: 30, top: 0 },
};

const ORDER = 'LP20261121048213';
const NAMES = [
  '石墨烯粉末 A',
  // Long Chinese: wrapped to two lines, then cut with …
  '钙钛矿薄膜 FAPbI3／ITO 玻璃基底第三批（150 °C 退火 30 分钟后手套箱内封装保存）对照组',
  '', // empty: a blank to write on
  '🧪 样品 ✨👍🏽🇨🇳 测试', // emoji: dropped, the rest kept
  'Sample-with-an-extraordinarily-long-unbroken-English-identifier-0001',
  '𠀀𪚥 生僻字样品', // characters no font slice has
];
const samples: SampleLabel[] = Array.from({ length: 24 }, (_, i) => ({
  sampleNo: `${ORDER}-${String(i + 1).padStart(2, '0')}`,
  name: NAMES[i % NAMES.length],
  itemName: i % 2 ? 'XRD 物相分析' : '扫描电镜 SEM 形貌观察 + EDS 能谱面扫（高真空模式，喷金）',
  orderDate: '2026-11-21',
}));
const ids = samples.map((s) => s.sampleNo);

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'labels-pdf-'));
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  prepareZXingModule({ overrides: { wasmBinary: new Uint8Array(wasm).buffer } });
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

let fileNo = 0;
/**
 * Each page of `pdf` as a PNG at `dpi`, in page order: black or white pixels only, no
 * anti-aliasing, as a printer driver puts dots on paper.
 */
function rasterize(pdf: Uint8Array, dpi: number): Buffer[] {
  const name = `doc${++fileNo}`;
  writeFileSync(join(work, `${name}.pdf`), pdf);
  const args = ['-r', String(dpi), '-mono', '-aa', 'no', '-aaVector', 'no', '-png', `${name}.pdf`, name];
  execFileSync('pdftoppm', args, { cwd: work });
  return readdirSync(work)
    .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))
    .sort()
    .map((f) => readFileSync(join(work, f)));
}

type Read = { qr: string[]; code128: string[] };
/** The codes ZXing reads inside each label position of each page, label by label. */
async function readLabels(pdf: Uint8Array, format: LabelFormat, dpi = DPI): Promise<Read[]> {
  const g = GRID[format];
  const PX = dpi / 25.4;
  const out: Read[] = [];
  for (const png of rasterize(pdf, dpi)) {
    for (let slot = 0; slot < g.cols * g.rows; slot++) {
      const col = slot % g.cols;
      const row = Math.floor(slot / g.cols);
      const cell = await sharp(png)
        .extract({
          left: Math.round(col * g.w * PX),
          top: Math.round((g.top + row * g.h) * PX),
          width: Math.floor(g.w * PX),
          height: Math.floor(g.h * PX),
        })
        .png()
        .toBuffer();
      const results = await readBarcodes(new Uint8Array(cell), {
        formats: ['QRCode', 'Code128'],
        maxNumberOfSymbols: 4,
      });
      const read: Read = {
        qr: results.filter((r) => r.format === 'QRCode').map((r) => r.text),
        code128: results.filter((r) => r.format === 'Code128').map((r) => r.text),
      };
      out.push(read);
    }
  }
  return out;
}

/** Every word pdftotext finds, with its box in points and its page number (from 1). */
function words(
  pdf: Uint8Array,
): { page: number; text: string; x0: number; x1: number; y0: number; y1: number }[] {
  const name = `text${++fileNo}`;
  writeFileSync(join(work, `${name}.pdf`), pdf);
  const html = execFileSync('pdftotext', ['-bbox', `${name}.pdf`, '-'], { cwd: work, encoding: 'utf8' });
  const out = [];
  let page = 0;
  for (const line of html.split('\n')) {
    if (line.includes('<page ')) page++;
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
    if (m)
      out.push({ page, text: m[5], x0: Number(m[1]), y0: Number(m[2]), x1: Number(m[3]), y1: Number(m[4]) });
  }
  return out;
}

/** Words whose box leaves the label they start in (1 mm inside its edges). */
function overflowing(pdf: Uint8Array, format: LabelFormat) {
  const g = GRID[format];
  return words(pdf).filter((w) => {
    const col = Math.floor(w.x0 / (g.w * MM));
    const row = Math.floor((w.y0 / MM - g.top) / g.h);
    const left = col * g.w * MM + MM;
    const top = (g.top + row * g.h) * MM + MM;
    return w.x0 < left || w.x1 > left + (g.w - 2) * MM || w.y0 < top || w.y1 > top + (g.h - 2) * MM;
  });
}

describe.each(['a4', 'thermal'] as const)('sample labels, %s', (format) => {
  let pdf: Uint8Array;
  beforeAll(async () => {
    pdf = await renderSampleLabels(samples, format, { title: `样品标签 ${ORDER}` });
  });

  it(
    'reads every QR code and every Code 128 barcode back as its own label’s ID',
    async () => {
      const reads = await readLabels(pdf, format);
      expect(reads).toHaveLength(24); // a4: one full sheet; thermal: 24 pages
      expect(reads.map((r) => r.qr)).toEqual(ids.map((id) => [id]));
      expect(reads.map((r) => r.code128)).toEqual(ids.map((id) => [id]));
      expect(new Set(reads.flatMap((r) => r.qr))).toEqual(new Set(ids));
      expect(new Set(reads.flatMap((r) => r.code128))).toEqual(new Set(ids));
    },
    READ_TIMEOUT,
  );

  if (format === 'thermal')
    it(
      'still reads every QR code from a 203 dpi printer (its dots too coarse for this Code 128)',
      async () => {
        const reads = await readLabels(pdf, format, 203);
        expect(reads.map((r) => r.qr)).toEqual(ids.map((id) => [id]));
      },
      READ_TIMEOUT,
    );

  it('keeps every word inside its label and prints the ID, fitted name, item and date', () => {
    expect(overflowing(pdf, format)).toEqual([]);
    const text = words(pdf)
      .map((w) => w.text)
      .join(' ');
    for (const id of ids) expect(text).toContain(id);
    expect(text).toContain('石墨烯粉末');
    expect(text).toContain('下单');
    expect(text).toContain('2026-11-21');
    expect(text).toContain('…'); // the long names and items are cut, not overflowing
    expect(text).toContain(format === 'a4' ? '样品名称' : '名称'); // the blank to write on
    expect(text).toMatch(/样品\s*测试/); // emoji dropped, words kept
    expect(text).not.toMatch(/\p{Extended_Pictographic}/u);
    // Extension B characters are in no slice of the font: a box each, not nothing.
    expect(text).toContain('□□ 生僻字样品');
  });
});

describe('A4 sheets', () => {
  it(
    'starts a new sheet after 24 labels and can begin at a later position of a used sheet',
    async () => {
      const three = samples.slice(0, 3);
      const reads = await readLabels(await renderSampleLabels(three, 'a4', { skip: 22 }), 'a4');
      expect(reads).toHaveLength(48);
      expect(reads.map((r) => r.qr[0] ?? null)).toEqual([
        ...Array.from({ length: 22 }, () => null),
        ids[0],
        ids[1],
        ids[2],
        ...Array.from({ length: 23 }, () => null),
      ]);
    },
    READ_TIMEOUT,
  );
});

describe.each(['a4', 'thermal'] as const)('location labels, %s', (format) => {
  it(
    'reads back the location code and shows its path without overflowing',
    async () => {
      const locations = [
        { code: 'LOC-000123', path: '样品室 201 › 4 °C 冰箱 2 › 第 3 层 › 盒 A' },
        {
          code: 'LOC-000124',
          path: '大型仪器平台 B 座 305 室 › -80 °C 超低温冰箱 1 号 › 第 5 层抽屉 › 冻存盒 12 › 位置 A7',
        },
      ];
      const pdf = await renderLocationLabels(locations, format);
      const reads = (await readLabels(pdf, format)).filter((r) => r.qr.length || r.code128.length);
      expect(reads).toEqual(locations.map((l) => ({ qr: [l.code], code128: [l.code] })));
      expect(overflowing(pdf, format)).toEqual([]);
      const text = words(pdf)
        .map((w) => w.text)
        .join(' ');
      expect(text).toContain('存储位置');
      expect(text).toContain('冰箱');
    },
    READ_TIMEOUT,
  );
});
