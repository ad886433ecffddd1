// The report renderer's pen (decision 0076): A4 pages with their frame, text in the embedded CJK
// subsets (bold as fill and outline), line breaking between CJK characters and at spaces with
// Latin runs kept whole unless too wide, paragraphs, headings, label/value fields and bordered
// tables that continue on the next page under their header. render.ts says what goes where.
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
import type { Fonts } from '../agreement/index.ts';

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN_X = 48;
/** The running header (report number, page x/y) sits in the band above this line. */
export const TOP = A4[1] - 58;
export const BOTTOM = 58;
export const WIDTH = A4[0] - MARGIN_X * 2;
export const INK = rgb(0.1, 0.11, 0.14);
export const MUTED = rgb(0.4, 0.43, 0.48);
export const RULE = rgb(0.62, 0.65, 0.7);
const HEAD_BG = rgb(0.92, 0.94, 0.97);
const LABEL_BG = rgb(0.96, 0.97, 0.98);
export const NOTICE_BG = rgb(1, 0.96, 0.88);
export const NOTICE_RULE = rgb(0.85, 0.6, 0.2);

const MISSING = '□';
const CONTINUED = '（续）';

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
export const SUBSTITUTES_TEXT = Object.values(SUBSTITUTES).join('');

/** Closing punctuation never starts a line; opening never ends one. */
const NO_START = new Set([...'，。、；：？！）》」』】”’,.;:?!)%']);
const NO_END = new Set([...'（《「『【“‘(']);

/** Control characters out (line breaks kept), tabs and odd spaces as a space. */
const clean = (text: string) =>
  text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\t\u00a0\u2000-\u200b\u3000]/g, ' ')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '')
    .replace(/\p{Variation_Selector}|\u200c|\u200d|\u2060/gu, '');

export type Cell = string | { text: string; bold?: boolean; color?: RGB };
export type Column = { head: string; width: number; align?: 'left' | 'center' | 'right' };

export class Writer {
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
export async function embedPicture(
  doc: PDFDocument,
  bytes: Uint8Array | undefined,
): Promise<PDFImage | null> {
  if (!bytes || bytes.length < 8) return null;
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
    return doc.embedPng(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return doc.embedJpg(bytes);
  return null;
}
