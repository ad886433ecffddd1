// Sample and storage-location labels as a PDF, in two formats (decision 0070):
// - a4: sheets of the common 24-up label stock, 3 columns × 8 rows of 70 × 37 mm, no gaps,
//   0.5 mm top and bottom sheet margins (Avery 3474 and the Chinese "A4 24 格 70×37" stock);
// - thermal: one 40 × 30 mm label per page, for desktop thermal label printers.
// Each label has a QR code and a Code 128 barcode of its code, the code in text, and the
// customer's words fitted to the label (wrapped, then ellipsised; never overflowing it).
// Pure: the caller (the label routes) reads the records and sends the bytes.
import {
  PDFDocument,
  PrintScaling,
  TextRenderingMode,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setLineWidth,
  setStrokingColor,
  setTextRenderingMode,
  type PDFPage,
  type RGB,
} from 'pdf-lib';
import { embedCjkFonts, type Fonts } from '../agreement/index.ts';
import { code128, drawCode128, drawQr } from './label-codes.ts';

export type LabelFormat = 'a4' | 'thermal';
export type SampleLabel = { sampleNo: string; name: string; itemName: string; orderDate: string };
export type LocationLabel = { code: string; path: string };
type LabelOptions = {
  /** The PDF's title, e.g. 样品标签 LP20261121048213. */
  title?: string;
  /** a4 only: label positions of the first sheet already used (0–23), left to right, top down. */
  skip?: number;
};

const MM = 72 / 25.4;
const INK = rgb(0.07, 0.08, 0.1);
const MUTED = rgb(0.36, 0.39, 0.44);
const ELLIPSIS = '…';
const MISSING = '□';

type Sheet = { page: [number, number]; label: [number, number]; cols: number; rows: number; top: number };
/** Sizes in millimetres. */
const SHEETS: Record<LabelFormat, Sheet> = {
  a4: { page: [210, 297], label: [70, 37], cols: 3, rows: 8, top: 0.5 },
  thermal: { page: [40, 30], label: [40, 30], cols: 1, rows: 1, top: 0 },
};

/**
 * Where things go on one label, in millimetres from its bottom-left corner. The A4 paddings
 * (5 mm at the sides, 4 at the top) keep the content inside what an office printer prints:
 * the outer labels of the sheet touch the paper's edge.
 */
type Layout = {
  qr: { x: number; top: number; size: number };
  /** The text beside the QR code. */
  column: { x: number; right: number };
  /** The barcode: bottom, height, widest module and the span it may use. */
  bar: { y: number; height: number; module: number; x: number; right: number; centre: boolean };
  /** The code in text under the barcode (thermal), baseline and size in points. */
  hri?: { y: number; size: number };
  /** The item's badge (a sample's number in its order) right of the barcode, size in points. */
  badge?: { right: number; size: number };
};
const LAYOUTS: Record<LabelFormat, Layout> = {
  a4: {
    qr: { x: 5, top: 33, size: 19 },
    column: { x: 27, right: 65.5 },
    // 0.25 mm (10 mil) modules: a 19-character ID is 47 mm wide, read by any scanner.
    bar: { y: 3.6, height: 8, module: 0.25, x: 5, right: 65, centre: false },
    badge: { right: 65.5, size: 16 },
  },
  thermal: {
    qr: { x: 2.5, top: 28, size: 13 },
    column: { x: 17.3, right: 38.2 },
    // 0.17 mm = 2 dots at 300 dpi; the 2 mm at each side plus the label's gap is the quiet zone.
    bar: { y: 5.2, height: 7.2, module: 0.17, x: 2, right: 38, centre: true },
    hri: { y: 2.1, size: 6.5 },
  },
};

/** One line or paragraph of the text column. */
type Block = {
  text: string;
  size: number;
  maxLines: number;
  bold?: boolean;
  color?: RGB;
  /** A code: shrunk to fit one line rather than cut. */
  code?: boolean;
  /** Shown muted with a rule to write on when `text` is empty. */
  blank?: string;
  /** May also take the lines the blocks above left unused. */
  spare?: boolean;
};

/** Control characters, joiners and variation selectors out; runs of white space as one. */
function clean(text: string): string {
  return (
    text
      .normalize('NFC')
      // Emoji: the label font has none (a blank box would print), and the name reads without them.
      .replace(
        /(?![©®™])\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\p{Variation_Selector}|\u20e3|[\u200b-\u200d\u2060\u{e0000}-\u{e007f}]/gu,
        '',
      )
      .replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' ')
      .trim()
  );
}

function widthOf(fonts: Fonts, text: string, size: number): number {
  let w = 0;
  for (const ch of text) w += fonts.advance(ch);
  return w * size;
}

/** Cuts `line` (and appends …) until it fits `width`. */
function ellipsise(fonts: Fonts, line: string, size: number, width: number): string {
  const chars = [...line.trimEnd()];
  while (chars.length > 0 && widthOf(fonts, chars.join('') + ELLIPSIS, size) > width) chars.pop();
  return chars.join('').trimEnd() + ELLIPSIS;
}

/** Closing punctuation (and the path separator) never starts a line. */
const NO_START = new Set([...'，。、；：？！）》」』】”’,.;:?!)%›/']);
/** A run kept on one line: letters, digits, marks and units of non-CJK scripts. */
const WORD = /(?:(?!\p{sc=Han})[\p{L}\p{N}\p{M}\x21-\x7e°µ±²³℃‰′″·])+|\s+|./gu;

/**
 * `text` in at most `maxLines` lines no wider than `width`: broken between CJK characters and
 * at spaces, a Latin word kept whole unless it alone is too wide; what does not fit ends in ….
 */
function fit(fonts: Fonts, text: string, size: number, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const token of text.match(WORD) ?? []) {
    const pieces = widthOf(fonts, token, size) > width ? [...token] : [token];
    for (const piece of pieces) {
      if (!line.trim() || widthOf(fonts, line + piece, size) <= width) {
        line += piece;
        continue;
      }
      let carry = '';
      if (NO_START.has(piece.trimStart()[0])) {
        // Take the last character of the line along, so the punctuation does not lead.
        const chars = [...line.trimEnd()];
        if (chars.length > 1) carry = chars.pop()! + line.slice(line.trimEnd().length);
        line = chars.join('');
      }
      lines.push(line.trimEnd());
      line = (carry + piece).trimStart();
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = ellipsise(fonts, kept[maxLines - 1], size, width);
  return kept;
}

function drawText(
  page: PDFPage,
  fonts: Fonts,
  text: string,
  at: { x: number; y: number; size: number; color?: RGB; bold?: boolean },
) {
  const color = at.color ?? INK;
  // Bold without a second font file: the glyphs filled and outlined.
  if (at.bold)
    page.pushOperators(
      pushGraphicsState(),
      setTextRenderingMode(TextRenderingMode.FillAndOutline),
      setLineWidth(at.size * 0.04),
      setStrokingColor(color),
    );
  let x = at.x;
  let run = '';
  let runFont = fonts.primary;
  const flush = () => {
    if (!run) return;
    page.drawText(run, { x, y: at.y, size: at.size, font: runFont, color });
    x += widthOf(fonts, run, at.size);
    run = '';
  };
  for (const ch of text) {
    const font = ch === ' ' ? runFont : fonts.pick(ch.codePointAt(0)!);
    if (font !== runFont) flush();
    runFont = font;
    run += ch;
  }
  flush();
  if (at.bold) page.pushOperators(popGraphicsState());
}

/** The text column's blocks from `top` down, each fitted to `width`. */
function drawColumn(page: PDFPage, fonts: Fonts, blocks: Block[], x: number, top: number, width: number) {
  let y = top;
  // Lines a block above left unused, for a block that may take them.
  let spare = 0;
  for (const b of blocks) {
    const lead = b.size * 1.28;
    if (!b.text && b.blank) {
      spare += b.maxLines - 1;
      y -= lead;
      drawText(page, fonts, b.blank, { x, y: y + b.size * 0.22, size: b.size * 0.85, color: MUTED });
      const from = x + widthOf(fonts, b.blank, b.size * 0.85) + 1.5;
      page.drawLine({
        start: { x: from, y: y + 0.5 },
        end: { x: x + width, y: y + 0.5 },
        thickness: 0.5,
        color: MUTED,
      });
      y -= b.size * 0.3;
      continue;
    }
    const size = b.code ? Math.min(b.size, (b.size * width) / widthOf(fonts, b.text, b.size)) : b.size;
    const maxLines = b.maxLines + (b.spare ? spare : 0);
    const lines = b.code ? [b.text] : fit(fonts, b.text, size, width, maxLines);
    spare = Math.max(0, spare + b.maxLines - lines.length);
    for (const line of lines) {
      y -= lead;
      drawText(page, fonts, line, { x, y: y + b.size * 0.22, size, color: b.color, bold: b.bold });
    }
    y -= b.size * 0.3;
  }
}

/** Draws one label whose bottom-left corner is (x0, y0) in points. */
function drawLabel(
  page: PDFPage,
  fonts: Fonts,
  layout: Layout,
  origin: { x: number; y: number; width: number },
  { code, blocks, badge }: Item,
) {
  const { qr, column, bar, hri } = layout;
  drawQr(page, code, origin.x + qr.x * MM, origin.y + qr.top * MM, qr.size * MM);
  drawColumn(
    page,
    fonts,
    blocks,
    origin.x + column.x * MM,
    origin.y + qr.top * MM + 1.2,
    (column.right - column.x) * MM,
  );
  // The widest module that keeps the barcode inside its span (a long code gets finer bars).
  const bars = code128(code);
  const modules = bars.reduce((a, b) => a + b, 0);
  const module = Math.min(bar.module * MM, ((bar.right - bar.x) * MM) / modules);
  const barWidth = module * modules;
  const barX = bar.centre ? origin.x + (origin.width - barWidth) / 2 : origin.x + bar.x * MM;
  drawCode128(page, bars, barX, origin.y + bar.y * MM, module, bar.height * MM);
  if (badge && layout.badge) {
    const { right, size } = layout.badge;
    const x = origin.x + right * MM - widthOf(fonts, badge, size);
    // Only clear of the barcode's quiet zone (ten modules).
    if (x >= barX + barWidth + module * 10)
      drawText(page, fonts, badge, {
        x,
        y: origin.y + (bar.y + bar.height / 2) * MM - size * 0.36,
        size,
        bold: true,
      });
  }
  if (hri) {
    const size = Math.min(hri.size, (hri.size * (bar.right - bar.x) * MM) / widthOf(fonts, code, hri.size));
    const w = widthOf(fonts, code, size);
    drawText(page, fonts, code, {
      x: origin.x + (origin.width - w) / 2,
      y: origin.y + hri.y * MM,
      size,
      bold: true,
    });
  }
}

type Item = { code: string; blocks: Block[]; badge?: string };

async function render(items: Item[], format: LabelFormat, captions: string, options: LabelOptions) {
  const doc = await PDFDocument.create();
  const text = items
    .map((i) => i.code + (i.badge ?? '') + i.blocks.map((b) => b.text + (b.blank ?? '')).join(''))
    .join('');
  const fonts = await embedCjkFonts(doc, `${text}${captions}${ELLIPSIS}${MISSING}0123456789-`);
  // A character no font slice has (a CJK Extension B name) prints as □, not as nothing.
  const visible = (t: string) =>
    [...t].map((ch) => (ch === ' ' || fonts.has(ch.codePointAt(0)!) ? ch : MISSING)).join('');
  const sheet = SHEETS[format];
  const layout = LAYOUTS[format];
  const perPage = sheet.cols * sheet.rows;
  const skip = format === 'a4' ? Math.max(0, Math.min(perPage - 1, Math.floor(options.skip ?? 0))) : 0;
  const [labelW, labelH] = sheet.label;
  let page: PDFPage | null = null;
  items.forEach((item, i) => {
    const slot = (i + skip) % perPage;
    if (!page || slot === 0) page = doc.addPage([sheet.page[0] * MM, sheet.page[1] * MM]);
    const col = slot % sheet.cols;
    const row = Math.floor(slot / sheet.cols);
    const x = col * labelW * MM;
    const y = (sheet.page[1] - sheet.top - (row + 1) * labelH) * MM;
    const blocks = item.blocks.map((b) => ({ ...b, text: visible(b.text) }));
    drawLabel(page, fonts, layout, { x, y, width: labelW * MM }, { ...item, blocks });
  });
  if (items.length === 0) doc.addPage([sheet.page[0] * MM, sheet.page[1] * MM]);
  // Printed at 100 %: "fit to page" would shrink the labels off the stock's grid.
  doc.catalog.getOrCreateViewerPreferences().setPrintScaling(PrintScaling.None);
  doc.setTitle(options.title ?? '标签');
  doc.setLanguage('zh-CN');
  doc.setProducer('pdf-lib');
  return doc.save();
}

/** The labels of samples, one per sample, in the given order. */
export function renderSampleLabels(
  labels: SampleLabel[],
  format: LabelFormat,
  options: LabelOptions = {},
): Promise<Uint8Array> {
  const items = labels.map((l): Item => {
    const id = clean(l.sampleNo);
    const name = clean(l.name);
    const item = `项目 ${clean(l.itemName)}`;
    const date = `下单 ${clean(l.orderDate)}`;
    return format === 'a4'
      ? {
          code: id,
          // The sample's number in its order, large: the customer matches label to tube by it.
          badge: /-(\d{1,4})$/.exec(id)?.[1],
          blocks: [
            { text: id, size: 8.5, maxLines: 1, bold: true, code: true },
            { text: name, size: 8, maxLines: 2, blank: '样品名称' },
            { text: item, size: 6.5, maxLines: 1, color: MUTED, spare: true },
            { text: date, size: 6.5, maxLines: 1, color: MUTED },
          ],
        }
      : {
          code: id,
          blocks: [
            { text: name, size: 7, maxLines: 2, bold: true, blank: '名称' },
            { text: item, size: 5.8, maxLines: 1, color: MUTED, spare: true },
            { text: date, size: 5.8, maxLines: 1, color: MUTED },
          ],
        };
  });
  return render(items, format, '样品名称项目下单', options);
}

/** Storage-location labels (a box, a shelf…): the code and the path from the room down. */
export function renderLocationLabels(
  locations: LocationLabel[],
  format: LabelFormat,
  options: LabelOptions = {},
): Promise<Uint8Array> {
  const items = locations.map((l): Item => {
    const code = clean(l.code);
    const path = clean(l.path);
    return format === 'a4'
      ? {
          code,
          blocks: [
            { text: '存储位置', size: 6.5, maxLines: 1, color: MUTED },
            { text: code, size: 8.5, maxLines: 1, bold: true, code: true },
            { text: path, size: 7.5, maxLines: 3 },
          ],
        }
      : {
          code,
          blocks: [
            { text: '存储位置', size: 5.8, maxLines: 1, color: MUTED },
            { text: path, size: 6.5, maxLines: 3, bold: true },
          ],
        };
  });
  return render(items, format, '存储位置', { title: '存储位置标签', ...options });
}
