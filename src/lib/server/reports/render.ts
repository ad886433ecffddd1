// The test report as a PDF (issue 31, decision 0076): one ReportDocument drawn on A4 with pdf-lib
// and the embedded CJK font subsets. Every page carries the report number and 第 x 页 / 共 y 页;
// the first the lab's header, the title, the QR code of the verify link with the 防伪码, then
// the samples, items and methods, results, instruments, raw-data hashes, deviations, statements,
// the approval block under the seal, and 报告结束. Long tables continue on the next page under
// their header; long text wraps. A finished PDF an analysis produced follows as the attachment,
// each of its pages scaled into the same frame and stamped. Pure: bytes in, bytes out; the
// release flow signs the result (signing.ts), which adds the signature dictionary.
import {
  PDFDocument,
  TextRenderingMode,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setLineWidth,
  setStrokingColor,
  setTextRenderingMode,
  type PDFImage,
  type PDFPage,
  type RGB,
} from 'pdf-lib';
import { embedCjkFonts, type Fonts } from '../agreement/index.ts';
import { drawQr } from '../samples/label-codes.ts';
import { DomainError } from '../platform/errors.ts';
import {
  RESULTS_RELATE_ONLY,
  type ReportDocument,
  type ReportResult,
} from '../../shared/reports/document.ts';

/** The pictures a report prints: the lab's logo and its seal (PNG or JPEG bytes). */
export type ReportArt = { logo?: Uint8Array; seal?: Uint8Array };

const A4: [number, number] = [595.28, 841.89];
const MARGIN_X = 48;
/** The running header (report number, page x/y) sits in the band above this line. */
const TOP = A4[1] - 58;
const BOTTOM = 58;
const WIDTH = A4[0] - MARGIN_X * 2;
const INK = rgb(0.1, 0.11, 0.14);
const MUTED = rgb(0.4, 0.43, 0.48);
const RULE = rgb(0.62, 0.65, 0.7);
const HEAD_BG = rgb(0.92, 0.94, 0.97);
const LABEL_BG = rgb(0.96, 0.97, 0.98);
const NOTICE_BG = rgb(1, 0.96, 0.88);
const NOTICE_RULE = rgb(0.85, 0.6, 0.2);

const NOT_ACCREDITED = '▲';
const OUT_OF_RANGE = '※';
const MISSING = '□';
const END_MARK = '—— 报告结束 ——';
const BLANK_BELOW = '以下空白';
const CONTINUED = '（续）';
const SECTION_NUMBERS = '一二三四五六七八九十';
/**
 * Every character the renderer's own words use (labels, headings, notes), embedded whatever the
 * document says; the render test fails on a □, so a new word without its characters is caught.
 */
const STATIC_TEXT =
  '–—‘’“”※□▲　、。《》「」『』【】一七三上下不与专为之九二于五人代以仪件传伪位作依信修偏八六共其内准出分前加包十单原发取' +
  '可号名后告员品器四因围在地址均坏声备始委定实审室密已年序废态总息或所托扫批报损据描收改数文新方无日明是替月期本束析果标样核' +
  '检正每汇法注测版状用由电白的目真码离称空章第签系结编联能自至范见规订认设话该说请读起超述重防附非页项验！（），：；？续' +
  ' !\"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~';
/**
 * Characters of lab data the font does not draw, printed as their nearest look-alike: the Greek
 * mu of μm as the micro sign, sub- and superscript digits as plain ones.
 */
const SUBSTITUTES: Record<string, string> = {
  μ: 'µ',
  ...Object.fromEntries([...'₀₁₂₃₄₅₆₇₈₉'].map((ch, i) => [ch, String(i)])),
  ...Object.fromEntries([...'⁰⁴⁵⁶⁷⁸⁹'].map((ch, i) => [ch, '0456789'[i]])),
  '⁻': '-',
  '⁺': '+',
};
const SUBSTITUTES_TEXT = Object.values(SUBSTITUTES).join('');

/** Closing punctuation never starts a line; opening never ends one. */
const NO_START = new Set([...'，。、；：？！）》」』】”’,.;:?!)%']);
const NO_END = new Set([...'（《「『【“‘(']);

/** Every string a value holds, for the font subsets. */
function allText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(allText).join('');
  if (value && typeof value === 'object') return Object.values(value).map(allText).join('');
  return '';
}

/** Control characters out (line breaks kept), tabs and odd spaces as a space. */
const clean = (text: string) =>
  text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\t\u00a0\u2000-\u200b\u3000]/g, ' ')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200c\u200d\u2060\ufe00-\ufe0f]/g, '');

type Cell = string | { text: string; bold?: boolean; color?: RGB };
type Column = { head: string; width: number; align?: 'left' | 'center' | 'right' };

class Writer {
  readonly doc: PDFDocument;
  readonly fonts: Fonts;
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  y = TOP;
  constructor(doc: PDFDocument, fonts: Fonts) {
    this.doc = doc;
    this.fonts = fonts;
    this.newPage();
  }
  newPage() {
    this.page = this.doc.addPage(A4);
    this.pages.push(this.page);
    this.y = TOP;
  }
  /** Starts a new page unless `height` more points fit on this one. */
  room(height: number) {
    if (this.y - height < BOTTOM) this.newPage();
  }
  /** A character no font slice has prints as □, never as nothing. */
  visible(text: string) {
    return [...clean(text)]
      .map((ch) => {
        if (ch === ' ' || ch === '\n' || this.fonts.has(ch.codePointAt(0)!)) return ch;
        const look = SUBSTITUTES[ch];
        return look && this.fonts.has(look.codePointAt(0)!) ? look : MISSING;
      })
      .join('');
  }
  width(text: string, size: number) {
    let w = 0;
    for (const ch of text) w += this.fonts.advance(ch);
    return w * size;
  }
  text(text: string, x: number, y: number, size: number, color: RGB = INK, bold = false) {
    // Bold without a second font file: the glyphs filled and outlined (text render mode 2).
    if (bold)
      this.page.pushOperators(
        pushGraphicsState(),
        setTextRenderingMode(TextRenderingMode.FillAndOutline),
        setLineWidth(size * 0.035),
        setStrokingColor(color),
      );
    let cx = x;
    let run = '';
    let font = this.fonts.primary;
    const flush = () => {
      if (!run) return;
      this.page.drawText(run, { x: cx, y, size, font, color });
      cx += this.width(run, size);
      run = '';
    };
    for (const ch of text) {
      const f = ch === ' ' ? font : this.fonts.pick(ch.codePointAt(0)!);
      if (f !== font) flush();
      font = f;
      run += ch;
    }
    flush();
    if (bold) this.page.pushOperators(popGraphicsState());
  }
  centred(text: string, y: number, size: number, color: RGB = INK, bold = false) {
    this.text(text, (A4[0] - this.width(text, size)) / 2, y, size, color, bold);
  }
  /**
   * `text` in lines no wider than `width`: broken between CJK characters and at spaces, a Latin
   * word kept whole unless it alone is wider than the line (a hash, a file name), then cut.
   */
  wrap(text: string, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of this.visible(text).split('\n')) {
      let line = '';
      for (const token of paragraph.match(/[\x21-\x7e]+|\s+|./gu) ?? []) {
        const pieces = this.width(token, size) > width ? [...token] : [token];
        for (const piece of pieces) {
          if (!line.trim() || this.width(line + piece, size) <= width || NO_START.has(piece[0])) {
            line += piece;
            continue;
          }
          const last = [...line].at(-1) ?? '';
          if (NO_END.has(last) && [...line].length > 1) {
            lines.push(line.slice(0, -last.length).trimEnd());
            line = last + piece.trimStart();
          } else {
            lines.push(line.trimEnd());
            line = piece.trimStart();
          }
        }
      }
      lines.push(line.trimEnd());
    }
    return lines;
  }
  /** A paragraph across the page's width (or from `indent`), continued on the next page. */
  para(text: string, { size = 9.5, lead = 14.5, indent = 0, hanging = '', color = INK } = {}) {
    const lines = this.wrap(text, size, WIDTH - indent - this.width(hanging, size));
    lines.forEach((line, i) => {
      this.room(lead);
      this.y -= lead;
      if (i === 0 && hanging) this.text(hanging, MARGIN_X + indent, this.y + 3.5, size, color);
      this.text(line, MARGIN_X + indent + this.width(hanging, size), this.y + 3.5, size, color);
    });
  }
  heading(text: string) {
    // A heading never ends a page: it keeps room for a table's header and first row under it.
    this.room(76);
    this.y -= 24;
    this.page.drawRectangle({ x: MARGIN_X, y: this.y - 2, width: 3, height: 13, color: INK });
    this.text(text, MARGIN_X + 9, this.y, 11, INK, true);
    this.y -= 6;
  }
  /**
   * A bordered table: the header row shaded, cells wrapped to their column, rows kept whole
   * when they fit a page; a page break repeats the header, and a row taller than a page goes on
   * line by line.
   */
  table(columns: Column[], rows: Cell[][], { size = 8.8, lead = 12.2 } = {}) {
    const pad = 4.5;
    const widths = columns.map((c) => c.width * WIDTH);
    const wrapCell = (cell: Cell, i: number) => {
      const c = typeof cell === 'string' ? { text: cell } : cell;
      return { ...c, lines: this.wrap(c.text, size, widths[i] - pad * 2) };
    };
    const head = columns.map((c, i) => ({ ...wrapCell(c.head, i), bold: true, color: INK }));
    const headHeight = Math.max(...head.map((c) => c.lines.length)) * lead + pad * 2;
    const drawRow = (cells: ReturnType<typeof wrapCell>[], from: number, to: number, shaded: boolean) => {
      const h = (to - from) * lead + pad * 2;
      const top = this.y;
      if (shaded)
        this.page.drawRectangle({ x: MARGIN_X, y: top - h, width: WIDTH, height: h, color: HEAD_BG });
      let x = MARGIN_X;
      cells.forEach((cell, i) => {
        // A row continued from the page before says so where its number has run out.
        const lines = cell.lines.slice(from, to);
        if (from > 0 && i === 0 && lines.length === 0)
          this.text(CONTINUED, x + pad, top - pad - size * 0.88, size, MUTED);
        lines.forEach((line, j) => {
          const w = this.width(line, size);
          const align = shaded ? 'center' : (columns[i].align ?? 'left');
          const lx =
            align === 'right'
              ? x + widths[i] - pad - w
              : align === 'center'
                ? x + (widths[i] - w) / 2
                : x + pad;
          this.text(line, lx, top - pad - size * 0.88 - j * lead, size, cell.color ?? INK, cell.bold);
        });
        x += widths[i];
      });
      this.page.drawRectangle({
        x: MARGIN_X,
        y: top - h,
        width: WIDTH,
        height: h,
        borderColor: RULE,
        borderWidth: 0.6,
      });
      let cx = MARGIN_X;
      for (const w of widths.slice(0, -1)) {
        cx += w;
        this.page.drawLine({
          start: { x: cx, y: top },
          end: { x: cx, y: top - h },
          thickness: 0.6,
          color: RULE,
        });
      }
      this.y = top - h;
    };
    const header = () => drawRow(head, 0, Math.max(...head.map((c) => c.lines.length)), true);
    const freshLines = Math.floor((TOP - BOTTOM - headHeight - pad * 2) / lead);
    this.room(headHeight + lead + pad * 2);
    this.y -= 6;
    header();
    for (const row of rows) {
      const cells = row.map(wrapCell);
      const total = Math.max(1, ...cells.map((c) => c.lines.length));
      let from = 0;
      while (from < total) {
        const fit = Math.floor((this.y - BOTTOM - pad * 2) / lead);
        const need = total - from;
        if (fit >= need) {
          drawRow(cells, from, total, false);
          break;
        }
        // Kept whole on the next page when it fits one; else continued from here.
        if (fit >= 2 && (from > 0 || need > freshLines)) {
          drawRow(cells, from, from + fit, false);
          from += fit;
        }
        this.newPage();
        header();
      }
    }
  }
  /** Label and value pairs as a two-column bordered table of the given width. */
  fields(rows: [string, string][], width: number) {
    const size = 9.2;
    const lead = 13;
    const pad = 5;
    const labelW = 68;
    for (const [label, value] of rows) {
      const lines = this.wrap(value || '—', size, width - labelW - pad * 2);
      const h = lines.length * lead + pad * 2;
      this.room(h);
      const top = this.y;
      this.page.drawRectangle({ x: MARGIN_X, y: top - h, width: labelW, height: h, color: LABEL_BG });
      this.text(label, MARGIN_X + pad, top - pad - size * 0.88, size, MUTED);
      lines.forEach((line, j) =>
        this.text(line, MARGIN_X + labelW + pad, top - pad - size * 0.88 - j * lead, size),
      );
      this.page.drawRectangle({
        x: MARGIN_X,
        y: top - h,
        width,
        height: h,
        borderColor: RULE,
        borderWidth: 0.6,
      });
      this.page.drawLine({
        start: { x: MARGIN_X + labelW, y: top },
        end: { x: MARGIN_X + labelW, y: top - h },
        thickness: 0.6,
        color: RULE,
      });
      this.y = top - h;
    }
  }
}

/** A PNG or a JPEG embedded, by its first bytes; null for anything else. */
async function embedPicture(doc: PDFDocument, bytes: Uint8Array | undefined): Promise<PDFImage | null> {
  if (!bytes || bytes.length < 8) return null;
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
    return doc.embedPng(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return doc.embedJpg(bytes);
  return null;
}

/** 2026-11-28 → 2026年11月28日. */
const dateText = (iso: string | null) => {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return m ? `${m[1]}年${m[2]}月${m[3]}日` : '—';
};

const unique = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

/** The lab's header, the title and report number, a revision's notice, the QR with the 防伪码. */
function drawFront(w: Writer, d: ReportDocument, logo: PDFImage | null) {
  let x = MARGIN_X;
  const top = w.y;
  if (logo) {
    const h = 44;
    const lw = Math.min(110, (logo.width / logo.height) * h);
    const lh = (logo.height / logo.width) * lw;
    w.page.drawImage(logo, { x, y: top - lh, width: lw, height: lh });
    x += lw + 12;
  }
  const textW = MARGIN_X + WIDTH - x;
  let y = top - 15;
  for (const line of w.wrap(d.lab.name, 15, textW)) {
    w.text(line, x, y, 15, INK, true);
    y -= 19;
  }
  const contact = [d.lab.address, d.lab.phone && `电话：${d.lab.phone}`].filter(Boolean).join('　');
  for (const line of [
    ...w.wrap(contact, 8.5, textW),
    ...(d.lab.accreditation ? w.wrap(d.lab.accreditation, 8.5, textW) : []),
  ]) {
    y -= 1;
    w.text(line, x, y, 8.5, MUTED);
    y -= 11.5;
  }
  w.y = Math.min(y + 4, top - 48);
  w.page.drawLine({
    start: { x: MARGIN_X, y: w.y },
    end: { x: MARGIN_X + WIDTH, y: w.y },
    thickness: 1.2,
    color: INK,
  });
  w.y -= 36;
  for (const line of w.wrap(d.title, 22, WIDTH)) {
    w.centred(line, w.y, 22, INK, true);
    w.y -= 28;
  }
  w.centred(`报告编号：${d.report_no}`, w.y + 4, 10.5, INK);
  w.y -= 10;

  if (d.revision) {
    const size = 9.2;
    const lead = 13.5;
    const text = `本报告为报告 ${d.revision.replaces} 的修订版，自签发之日起替代原报告，原报告作废。修改原因：${d.revision.reason}`;
    const lines = w.wrap(text, size, WIDTH - 24);
    const h = lines.length * lead + 12;
    w.room(h + 8);
    w.y -= 8;
    w.page.drawRectangle({
      x: MARGIN_X,
      y: w.y - h,
      width: WIDTH,
      height: h,
      color: NOTICE_BG,
      borderColor: NOTICE_RULE,
      borderWidth: 0.8,
    });
    lines.forEach((line, i) =>
      w.text(line, MARGIN_X + 12, w.y - 6 - size * 0.88 - i * lead, size, INK, i === 0),
    );
    w.y -= h;
  }

  // The customer and dates at the left, the QR code with its 防伪码 at the right.
  w.y -= 12;
  const qrBox = 112;
  const fieldsTop = w.y;
  const tested =
    d.tested_from === d.tested_to
      ? dateText(d.tested_from)
      : `${dateText(d.tested_from)} 至 ${dateText(d.tested_to)}`;
  const customer = d.customer.organisation || d.customer.name;
  w.fields(
    [
      ['委托单位', customer],
      ...(d.customer.organisation && d.customer.name
        ? [['联系人', d.customer.name] as [string, string]]
        : []),
      ['委托方地址', d.customer.address],
      ['订单编号', d.order_no],
      ['收样日期', dateText(d.received_on)],
      ['检测日期', tested],
      ['签发日期', dateText(d.issued_on)],
    ],
    WIDTH - qrBox - 10,
  );
  const qrSize = 86;
  const qrX = MARGIN_X + WIDTH - qrBox + (qrBox - qrSize) / 2;
  // Drawn on the first page, where the fields start (they fit it: the front is short).
  const first = w.pages[0];
  const page = w.page;
  w.page = first;
  drawQr(first, d.verify_url, qrX, fieldsTop, qrSize);
  const codeText = d.code.length === 8 ? `${d.code.slice(0, 4)} ${d.code.slice(4)}` : d.code;
  const cx = MARGIN_X + WIDTH - qrBox / 2;
  const label = '防伪码';
  w.text(label, cx - w.width(label, 8.5) / 2, fieldsTop - qrSize - 14, 8.5, MUTED);
  w.text(codeText, cx - w.width(codeText, 12) / 2, fieldsTop - qrSize - 29, 12, INK, true);
  const hint = '扫码核验报告真伪';
  w.text(hint, cx - w.width(hint, 7.5) / 2, fieldsTop - qrSize - 41, 7.5, MUTED);
  w.page = page;
  if (w.page === first) w.y = Math.min(w.y, fieldsTop - qrSize - 46);
}

/** The item as a report prints it: ▲ for outside the accreditation, the subcontractor named. */
function itemLabel(d: ReportDocument, name: string) {
  const item = d.items.find((i) => i.name === name);
  return `${name}${item && !item.accredited ? ` ${NOT_ACCREDITED}` : ''}`;
}

function drawBody(w: Writer, d: ReportDocument, attachmentPages: number) {
  let n = 0;
  const section = (title: string) => w.heading(`${SECTION_NUMBERS[n++]}、${title}`);

  section('样品信息');
  w.table(
    [
      { head: '样品编号', width: 0.25 },
      { head: '样品名称', width: 0.22 },
      { head: '样品描述', width: 0.37 },
      { head: '样品状态', width: 0.16, align: 'center' },
    ],
    d.samples.map((s) => [s.sample_no, s.name, s.description, s.condition]),
  );

  section('检测项目与方法');
  const methods = d.items.map((item, i): Cell[] => {
    const notes = [
      item.accredited ? '' : `${NOT_ACCREDITED} 非认可项目`,
      item.subcontracted_to ? `分包：由${item.subcontracted_to}检测` : '',
    ].filter(Boolean);
    return [String(i + 1), itemLabel(d, item.name), item.method, notes.join('；') || '—'];
  });
  w.table(
    [
      { head: '序号', width: 0.08, align: 'center' },
      { head: '检测项目', width: 0.3 },
      { head: '检测方法（依据）', width: 0.34 },
      { head: '说明', width: 0.28 },
    ],
    methods,
  );
  const notes = [
    d.items.some((i) => !i.accredited)
      ? `${NOT_ACCREDITED} 非认可项目：该项目不在本实验室的认可范围内。`
      : '',
    d.items.some((i) => i.subcontracted_to)
      ? '分包项目由所注明的分包实验室检测，其结果由本实验室汇总报告。'
      : '',
  ].filter(Boolean);
  for (const note of notes) w.para(note, { size: 8.5, lead: 12.5, color: MUTED });

  section('检测结果');
  const rows: Cell[][] = d.results.flatMap((r: ReportResult) =>
    r.rows.map((row): Cell[] => [
      r.sample_no,
      itemLabel(d, r.item_name),
      row.name,
      row.out_of_range ? { text: `${row.value} ${OUT_OF_RANGE}`, bold: true } : row.value,
      row.unit || '—',
      row.remark || '',
    ]),
  );
  rows.push([{ text: BLANK_BELOW, color: MUTED }, '', '', '', '', '']);
  w.table(
    [
      { head: '样品编号', width: 0.22 },
      { head: '检测项目', width: 0.2 },
      { head: '结果名称', width: 0.18 },
      { head: '结果', width: 0.12, align: 'right' },
      { head: '单位', width: 0.08, align: 'center' },
      { head: '备注', width: 0.2 },
    ],
    rows,
  );
  if (d.results.some((r) => r.rows.some((row) => row.out_of_range)))
    w.para(`${OUT_OF_RANGE} 结果超出该项目规定的范围，说明见备注。`, { size: 8.5, lead: 12.5, color: MUTED });
  if (attachmentPages > 0)
    w.para(`附件：分析报告原件共 ${attachmentPages} 页，附于本报告正文之后，每页均标注报告编号与页码。`, {
      size: 9,
      lead: 13,
    });

  section('检测仪器与人员');
  w.table(
    [
      { head: '样品编号', width: 0.22 },
      { head: '检测项目', width: 0.2 },
      { head: '仪器设备', width: 0.28 },
      { head: '检测人', width: 0.13, align: 'center' },
      { head: '检测日期', width: 0.17, align: 'center' },
    ],
    d.results.map((r) => [
      r.sample_no,
      itemLabel(d, r.item_name),
      r.instrument || '—',
      r.tested_by,
      r.tested_at.slice(0, 10),
    ]),
  );

  const files = d.results.flatMap((r) =>
    r.raw_files.map((f) => [r.sample_no, r.item_name, f.name, f.sha256]),
  );
  if (files.length > 0) {
    section('原始数据');
    w.table(
      [
        { head: '样品编号', width: 0.22 },
        { head: '检测项目', width: 0.18 },
        { head: '文件名', width: 0.35 },
        { head: 'SHA-256（前 16 位）', width: 0.25 },
      ],
      files.map(([no, item, name, sha]) => [no, item, name, sha.slice(0, 16)]),
    );
  }

  section('偏离说明');
  const deviations = d.deviations.filter((t) => t.trim());
  (deviations.length ? deviations : ['无']).forEach((t, i, all) =>
    w.para(t, { hanging: all.length > 1 ? `${i + 1}. ` : '' }),
  );

  section('声明');
  const statements = unique([RESULTS_RELATE_ONLY, ...d.statements]);
  statements.forEach((t, i) => w.para(t, { hanging: `${i + 1}. ` }));
}

/** 检测 / 审核 / 批准, the seal over the approver, then 报告结束 (unless the attachment follows). */
function drawApproval(w: Writer, d: ReportDocument, seal: PDFImage | null, endHere: boolean) {
  const height = 128;
  w.room(height + 30);
  w.y -= 30;
  const colW = WIDTH / 3;
  const testers = unique(d.results.map((r) => r.tested_by)).join('、') || '—';
  const reviewers = unique(d.reviewed_by).join('、') || '—';
  const columns: [string, string[]][] = [
    ['检测', w.wrap(testers, 10, colW - 50)],
    ['审核', w.wrap(reviewers, 10, colW - 50)],
    ['批准', [d.approver.name, ...w.wrap(d.approver.title, 8.5, colW - 50)]],
  ];
  columns.forEach(([label, lines], i) => {
    const x = MARGIN_X + i * colW;
    w.text(`${label}：`, x, w.y, 10, MUTED);
    lines.forEach((line, j) =>
      w.text(
        line,
        x + 40,
        w.y - j * 14,
        j > 0 && i === 2 ? 8.5 : 10,
        j > 0 && i === 2 ? MUTED : INK,
        j === 0,
      ),
    );
    w.page.drawLine({
      start: { x: x + 38, y: w.y - 4 },
      end: { x: x + colW - 12, y: w.y - 4 },
      thickness: 0.5,
      color: RULE,
    });
  });
  const dateLine = `签发日期：${dateText(d.issued_on)}`;
  w.text(dateLine, MARGIN_X + WIDTH - w.width(dateLine, 9.5), w.y - 48, 9.5, INK);
  w.text('（检验检测专用章）', MARGIN_X + WIDTH - w.width('（检验检测专用章）', 8), w.y - 62, 8, MUTED);
  if (seal) {
    // Over the issue date, as a stamp lands on paper (the approver's name stays readable).
    const size = 104;
    w.page.drawImage(seal, {
      x: MARGIN_X + WIDTH - size - 4,
      y: w.y - 45 - size / 2,
      width: size,
      height: size,
      opacity: 0.9,
    });
  }
  w.y -= height - 30;
  if (endHere) {
    w.y -= 6;
    w.centred(END_MARK, w.y, 10, INK);
  }
}

/**
 * The report as PDF bytes. `art`: the template's logo and seal; `attachment`: a finished PDF an
 * analysis produced, whose pages follow the report's own, each stamped with its number and page.
 */
export async function renderReport(
  doc: ReportDocument,
  art: ReportArt = {},
  attachment?: Uint8Array,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  let attached: PDFDocument | null = null;
  if (attachment) {
    try {
      attached = await PDFDocument.load(attachment, { updateMetadata: false });
    } catch {
      throw new DomainError('附件不是可读取的 PDF 文件（可能已加密或损坏），请重新上传', 200, 'REFUSED');
    }
  }
  const attachmentPages = attached?.getPageCount() ?? 0;
  const fonts = await embedCjkFonts(pdf, allText(doc) + RESULTS_RELATE_ONLY + STATIC_TEXT + SUBSTITUTES_TEXT);
  const w = new Writer(pdf, fonts);
  const [logo, seal] = await Promise.all([embedPicture(pdf, art.logo), embedPicture(pdf, art.seal)]);

  drawFront(w, doc, logo);
  drawBody(w, doc, attachmentPages);
  drawApproval(w, doc, seal, attachmentPages === 0);
  const coverPages = w.pages.length;

  if (attached) {
    const embedded = await pdf.embedPdf(attached, attached.getPageIndices());
    const frameW = WIDTH;
    const frameH = TOP - BOTTOM - 8;
    embedded.forEach((p, i) => {
      const page = pdf.addPage(A4);
      w.pages.push(page);
      w.page = page;
      const scale = Math.min(frameW / p.width, frameH / p.height, 1.2);
      const pw = p.width * scale;
      const ph = p.height * scale;
      page.drawPage(p, {
        x: MARGIN_X + (frameW - pw) / 2,
        y: BOTTOM + 4 + (frameH - ph) / 2,
        width: pw,
        height: ph,
      });
      page.drawRectangle({
        x: MARGIN_X + (frameW - pw) / 2,
        y: BOTTOM + 4 + (frameH - ph) / 2,
        width: pw,
        height: ph,
        borderColor: RULE,
        borderWidth: 0.5,
      });
      const label = `附件 第 ${i + 1} 页 / 共 ${attachmentPages} 页`;
      w.text(label, MARGIN_X, BOTTOM - 24, 8, MUTED);
      if (i === attachmentPages - 1) w.centred(END_MARK, BOTTOM - 24, 9, INK);
    });
  }

  const total = w.pages.length;
  w.pages.forEach((page, i) => {
    w.page = page;
    const size = 8.5;
    const right = `报告编号：${doc.report_no}　　第 ${i + 1} 页 / 共 ${total} 页`;
    w.text(right, MARGIN_X + WIDTH - w.width(right, size), TOP + 22, size, INK);
    if (i > 0) {
      const name = w.wrap(doc.lab.name, size, WIDTH - w.width(right, size) - 16)[0] ?? '';
      w.text(name, MARGIN_X, TOP + 22, size, MUTED);
    }
    page.drawLine({
      start: { x: MARGIN_X, y: TOP + 14 },
      end: { x: MARGIN_X + WIDTH, y: TOP + 14 },
      thickness: 0.6,
      color: RULE,
    });
    page.drawLine({
      start: { x: MARGIN_X, y: BOTTOM - 10 },
      end: { x: MARGIN_X + WIDTH, y: BOTTOM - 10 },
      thickness: 0.4,
      color: RULE,
    });
    if (i < coverPages) {
      const foot = [doc.lab.name, doc.lab.phone && `电话 ${doc.lab.phone}`].filter(Boolean).join('　');
      w.text(w.wrap(foot, 7.5, WIDTH)[0] ?? '', MARGIN_X, BOTTOM - 24, 7.5, MUTED);
    }
  });

  pdf.setTitle(`${doc.title} ${doc.report_no}`);
  pdf.setAuthor(doc.lab.name);
  pdf.setSubject(doc.order_no);
  pdf.setCreator(doc.lab.name);
  pdf.setProducer('pdf-lib');
  pdf.setLanguage('zh-CN');
  // The issue date, not the clock: the same document renders to the same bytes.
  const issued = new Date(`${doc.issued_on.slice(0, 10)}T00:00:00+08:00`);
  if (!Number.isNaN(issued.getTime())) {
    pdf.setCreationDate(issued);
    pdf.setModificationDate(issued);
  }
  // Plain cross-reference table: the signature's placeholder is found and filled in place.
  return pdf.save({ useObjectStreams: false });
}
