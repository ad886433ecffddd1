// Lays the agreement's blocks out on A4 pages with pdf-lib: CJK-aware line breaking, a table,
// signature columns and a page footer. Fonts are the subsets from font.ts, embedded as they are.
import { createHash } from 'node:crypto';
import {
  PDFDocument,
  TextRenderingMode,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setLineWidth,
  setStrokingColor,
  setTextRenderingMode,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import type { Block } from './content.ts';
import { fontPartsFor } from './font.ts';

const A4: [number, number] = [595.28, 841.89];
const MARGIN_X = 56;
const MARGIN_TOP = 64;
const MARGIN_BOTTOM = 64;
const WIDTH = A4[0] - MARGIN_X * 2;
const INK = rgb(0.12, 0.14, 0.18);
const MUTED = rgb(0.42, 0.45, 0.5);
const RULE = rgb(0.75, 0.78, 0.82);
const HEAD_BG = rgb(0.93, 0.95, 0.98);

/** Closing punctuation never starts a line; opening never ends one. */
const NO_START = new Set([...'，。、；：？！）》」』】”’,.;:?!)%']);
const NO_END = new Set([...'（《「『【“‘(']);

/** The embedded fonts of a document: which draws a character, its advance at size 1, and whether any has it. */
export type Fonts = {
  pick(cp: number): PDFFont;
  primary: PDFFont;
  advance(ch: string): number;
  has(cp: number): boolean;
};

/** Runs of text that share one font. */
function runs(fonts: Fonts, text: string): { font: PDFFont; text: string }[] {
  const out: { font: PDFFont; text: string }[] = [];
  for (const ch of text) {
    const font = ch === ' ' ? (out.at(-1)?.font ?? fonts.primary) : fonts.pick(ch.codePointAt(0)!);
    const last = out.at(-1);
    if (last && last.font === font) last.text += ch;
    else out.push({ font, text: ch });
  }
  return out;
}

/** Width by per-character advances (cached): CJK text has no kerning worth measuring. */
function widthOf(fonts: Fonts, text: string, size: number): number {
  let w = 0;
  for (const ch of text) w += fonts.advance(ch);
  return w * size;
}

/** Breaks text into lines no wider than `width`: between CJK characters, Latin words kept whole. */
function wrap(fonts: Fonts, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    const tokens = paragraph.match(/[\x21-\x7e]+|\s+|./gu) ?? [''];
    let line = '';
    let lineWidth = 0;
    for (const token of tokens) {
      const tokenWidth = widthOf(fonts, token, size);
      if (line && lineWidth + tokenWidth > width && !NO_START.has(token[0])) {
        // Keep an opening bracket with what follows it.
        const lastChar = [...line].at(-1) ?? '';
        if (NO_END.has(lastChar)) {
          lines.push(line.slice(0, -lastChar.length).trimEnd());
          line = lastChar + token.trimStart();
        } else {
          lines.push(line.trimEnd());
          line = token.trimStart();
        }
        lineWidth = widthOf(fonts, line, size);
      } else {
        line += token;
        lineWidth += tokenWidth;
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

class Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  readonly doc: PDFDocument;
  readonly fonts: Fonts;
  constructor(doc: PDFDocument, fonts: Fonts) {
    this.doc = doc;
    this.fonts = fonts;
    this.newPage();
  }
  newPage() {
    this.page = this.doc.addPage(A4);
    this.pages.push(this.page);
    this.y = A4[1] - MARGIN_TOP;
  }
  /** Starts a new page unless `height` more points fit on this one. */
  room(height: number) {
    if (this.y - height < MARGIN_BOTTOM) this.newPage();
  }
  text(text: string, x: number, y: number, size: number, color = INK, bold = false) {
    let cx = x;
    // Bold without a second font file: the glyphs filled and outlined (text render mode 2).
    if (bold)
      this.page.pushOperators(
        pushGraphicsState(),
        setTextRenderingMode(TextRenderingMode.FillAndOutline),
        setLineWidth(size * 0.035),
        setStrokingColor(color),
      );
    for (const r of runs(this.fonts, text)) {
      this.page.drawText(r.text, { x: cx, y, size, font: r.font, color });
      cx += widthOf(this.fonts, r.text, size);
    }
    if (bold) this.page.pushOperators(popGraphicsState());
  }
  width(text: string, size: number) {
    return widthOf(this.fonts, text, size);
  }
  para(text: string, size = 10, lead = 16.5, indent = 0) {
    for (const line of wrap(this.fonts, text, size, WIDTH - indent)) {
      this.room(lead);
      this.y -= lead;
      this.text(line, MARGIN_X + indent, this.y + 4, size);
    }
  }
}

function drawBlock(w: Writer, b: Block) {
  switch (b.kind) {
    case 'title': {
      const size = 19;
      w.y -= 8;
      w.text(b.text, (A4[0] - w.width(b.text, size)) / 2, w.y - size, size, INK, true);
      w.y -= size + 12;
      return;
    }
    case 'meta': {
      const size = 9;
      w.text(b.text, (A4[0] - w.width(b.text, size)) / 2, w.y - size, size, MUTED);
      w.y -= size + 10;
      w.page.drawLine({
        start: { x: MARGIN_X, y: w.y },
        end: { x: A4[0] - MARGIN_X, y: w.y },
        thickness: 0.8,
        color: RULE,
      });
      w.y -= 6;
      return;
    }
    case 'heading': {
      w.room(40);
      w.y -= 22;
      w.text(b.text, MARGIN_X, w.y, 11.5, INK, true);
      w.y -= 2;
      return;
    }
    case 'para':
      w.para(b.text);
      return;
    case 'fields': {
      w.room(30);
      w.y -= 20;
      w.text(b.title, MARGIN_X, w.y, 11, INK, true);
      const labelW = 78;
      for (const [label, value] of b.rows) {
        const lines = wrap(w.fonts, value, 10, WIDTH - labelW - 12);
        w.room(lines.length * 16);
        w.y -= 16;
        w.text(`${label}：`, MARGIN_X + 12, w.y + 2, 10, MUTED);
        lines.forEach((line, i) => w.text(line, MARGIN_X + 12 + labelW, w.y + 2 - i * 16, 10));
        w.y -= (lines.length - 1) * 16;
      }
      w.y -= 6;
      return;
    }
    case 'table': {
      const size = 9.5;
      const lead = 14;
      const pad = 5;
      const cols = b.widths.map((f) => f * WIDTH);
      const row = (cells: string[], head: boolean) => {
        const wrapped = cells.map((c, i) => wrap(w.fonts, c, size, cols[i] - pad * 2));
        const h = Math.max(...wrapped.map((l) => l.length)) * lead + pad * 2 - 2;
        w.room(h);
        const top = w.y;
        if (head) w.page.drawRectangle({ x: MARGIN_X, y: top - h, width: WIDTH, height: h, color: HEAD_BG });
        let x = MARGIN_X;
        wrapped.forEach((lines, i) => {
          lines.forEach((line, j) => {
            const lw = w.width(line, size);
            const align = head ? 'center' : b.align[i];
            const lx =
              align === 'right'
                ? x + cols[i] - pad - lw
                : align === 'center'
                  ? x + (cols[i] - lw) / 2
                  : x + pad;
            w.text(line, lx, top - pad - size - j * lead + 1, size, INK, head);
          });
          x += cols[i];
        });
        // Cell borders.
        w.page.drawRectangle({
          x: MARGIN_X,
          y: top - h,
          width: WIDTH,
          height: h,
          borderColor: RULE,
          borderWidth: 0.6,
        });
        let cx = MARGIN_X;
        for (const cw of cols.slice(0, -1)) {
          cx += cw;
          w.page.drawLine({
            start: { x: cx, y: top },
            end: { x: cx, y: top - h },
            thickness: 0.6,
            color: RULE,
          });
        }
        w.y = top - h;
      };
      w.y -= 8;
      row(b.head, true);
      for (const r of b.rows) row(r, false);
      w.y -= 4;
      return;
    }
    case 'signatures': {
      const lead = 24;
      w.room(b.left.length * lead + 30);
      w.y -= 30;
      const colX = [MARGIN_X + 12, MARGIN_X + WIDTH / 2 + 12];
      [b.left, b.right].forEach((lines, c) =>
        lines.forEach((line, i) => {
          const y = w.y - i * lead;
          w.text(line, colX[c], y, 10.5, INK, i === 0);
          // A blank to sign on after a label with nothing filled in.
          if (i > 0 && line.endsWith('：')) {
            const x = colX[c] + w.width(line, 10.5) + 4;
            w.page.drawLine({
              start: { x, y: y - 3 },
              end: { x: x + 130, y: y - 3 },
              thickness: 0.6,
              color: INK,
            });
          }
        }),
      );
      w.y -= b.left.length * lead;
      return;
    }
  }
}

/** A stable six-letter subset tag (PDF 9.6.4), so the same font bytes get the same name. */
function subsetTag(bytes: Uint8Array): string {
  const hash = createHash('sha256').update(bytes).digest();
  return [...hash.subarray(0, 6)].map((b) => String.fromCharCode(65 + (b % 26))).join('');
}

export type PdfMeta = {
  title: string;
  author: string;
  footer: string;
  created: Date;
  /** A seal (PNG) stamped after the last block, at the right: the proforma and receipt's. */
  seal?: Uint8Array;
};

/** The CJK font subsets `text` needs, embedded in `doc`, with per-character font picking and advances. */
export async function embedCjkFonts(doc: PDFDocument, text: string): Promise<Fonts> {
  doc.registerFontkit(fontkit);
  const parts = await fontPartsFor(text);
  const embedded = await Promise.all(
    parts.map((p) =>
      doc.embedFont(p.bytes, { subset: false, customName: `${subsetTag(p.bytes)}+NotoSansSC` }),
    ),
  );
  const byChar = new Map<number, PDFFont>();
  parts.forEach((p, i) => p.chars.forEach((cp) => byChar.set(cp, embedded[i])));
  const pick = (cp: number) => byChar.get(cp) ?? embedded[0];
  const advances = new Map<string, number>();
  const advance = (ch: string) => {
    let a = advances.get(ch);
    if (a === undefined) {
      a = pick(ch.codePointAt(0)!).widthOfTextAtSize(ch, 1);
      advances.set(ch, a);
    }
    return a;
  };
  const drawn = new Set(embedded.flatMap((f) => f.getCharacterSet()));
  return { primary: embedded[0], pick, advance, has: (cp) => drawn.has(cp) };
}

/** Renders the blocks to a PDF with the CJK font subsets embedded. */
export async function renderPdf(blocks: Block[], allText: string, meta: PdfMeta): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  // Page footers use digits and these words too.
  const fonts = await embedCjkFonts(doc, `${allText}${meta.footer}第页共/0123456789`);

  const w = new Writer(doc, fonts);
  for (const b of blocks) drawBlock(w, b);
  if (meta.seal) {
    const seal = await doc.embedPng(meta.seal);
    const size = 110;
    w.room(size * 0.6);
    w.page.drawImage(seal, {
      x: A4[0] - MARGIN_X - size,
      y: w.y - size * 0.4,
      width: size,
      height: size,
      opacity: 0.85,
    });
  }

  const total = w.pages.length;
  w.pages.forEach((page, i) => {
    w.page = page;
    const size = 8;
    w.text(meta.footer, MARGIN_X, MARGIN_BOTTOM - 30, size, MUTED);
    const num = `第 ${i + 1} 页 / 共 ${total} 页`;
    w.text(num, A4[0] - MARGIN_X - w.width(num, size), MARGIN_BOTTOM - 30, size, MUTED);
  });

  doc.setTitle(meta.title);
  doc.setAuthor(meta.author);
  doc.setCreator(meta.author);
  doc.setProducer('pdf-lib');
  doc.setLanguage('zh-CN');
  doc.setCreationDate(meta.created);
  doc.setModificationDate(meta.created);
  return doc.save();
}
