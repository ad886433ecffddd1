// The two machine-readable codes of a label, drawn as vector rectangles (no image, no other
// host): `qrcode` encodes the QR matrix (ten times faster than bwip-js's QR), bwip-js (its
// platform-neutral build) the Code 128 bar and space widths. Each dark run becomes one `re`
// of a single filled path, so a code costs one fill and prints as sharp as the printer allows.
import bwipjs from 'bwip-js/generic';
import QRCode from 'qrcode';
import {
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingColor,
  type PDFOperator,
  type PDFPage,
} from 'pdf-lib';

const BLACK = rgb(0, 0, 0);

type Bars = { sbs: number[] };

/** Fills the rectangles [x, y, w, h] as one path. */
function fillRects(page: PDFPage, rects: [number, number, number, number][]) {
  const ops: PDFOperator[] = [pushGraphicsState(), setFillingColor(BLACK)];
  for (const [x, y, w, h] of rects) ops.push(rectangle(x, y, w, h));
  ops.push(fill(), popGraphicsState());
  page.pushOperators(...ops);
}

/**
 * A QR code of `text` with its top-left module at (x, top), `size` points square (quiet zone
 * not included: the caller leaves four modules of white around it). Error correction Q (25%):
 * a label on a tube gets scratched, frosted and wet.
 */
export function drawQr(page: PDFPage, text: string, x: number, top: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'Q' });
  const n = modules.size;
  const m = size / n;
  const rects: [number, number, number, number][] = [];
  for (let row = 0; row < n; row++) {
    let run = -1;
    for (let col = 0; col <= n; col++) {
      const dark = col < n && modules.get(row, col) === 1;
      if (dark && run < 0) run = col;
      if (!dark && run >= 0) {
        rects.push([x + run * m, top - (row + 1) * m, (col - run) * m, m]);
        run = -1;
      }
    }
  }
  fillRects(page, rects);
}

/** The Code 128 symbol of `text` as bar and space widths in modules, alternating, bar first. */
export function code128(text: string): number[] {
  const [sym] = bwipjs.raw('code128', text, {}) as Bars[];
  return sym.sbs;
}

/**
 * The Code 128 bars `sbs` (from code128), `module` points per narrowest width, from (x, y) up
 * `height` points (quiet zone not included: ten modules of white each side are the caller's).
 */
export function drawCode128(
  page: PDFPage,
  sbs: number[],
  x: number,
  y: number,
  module: number,
  height: number,
) {
  const rects: [number, number, number, number][] = [];
  let at = x;
  sbs.forEach((w, i) => {
    // Even entries are bars, odd ones spaces.
    if (i % 2 === 0) rects.push([at, y, w * module, height]);
    at += w * module;
  });
  fillRects(page, rects);
}
