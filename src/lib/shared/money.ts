// Money is integer fen everywhere; these helpers are the only place yuan appear.

/** 123456 → '1234.56' (no grouping; a price list and a bill read the same). */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '¥1234.56' */
export const formatFen = (fen: number) => `¥${fenToYuan(fen)}`;

/** Yuan typed by a person ('12', '12.5', '12.50') → fen, or null when it is not a price. */
export function yuanToFen(yuan: string | number): number | null {
  const text = String(yuan).trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, part = ''] = text.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

/** The line total of an order or plan line: unit price × samples. */
export const lineFen = (priceFen: number, sampleCount: number) => priceFen * sampleCount;

/** Sum of line totals. */
export const sumFen = (lines: readonly { line_fen: number }[]) => lines.reduce((n, l) => n + l.line_fen, 0);

/** Largest amount a single order, quote or credit may carry: ¥10,000,000.00. */
export const MAX_AMOUNT_FEN = 1_000_000_000;

/** A price tag: fen → yuan without trailing zeros, 280000 → '2800', 1250 → '12.50'. */
export function priceYuan(fen: number): string {
  return fen % 100 === 0 ? String(fen / 100) : fenToYuan(fen);
}

/** '2800 元/样'; units are stored with the currency ('元/样', '元/小时'). */
export const priceText = (fen: number, unit: string) => `${priceYuan(fen)} ${unit}`;

/**
 * A unit price beside its currency sign: ¥600.00/样, not ¥600.00/元/样 (units are stored with
 * the currency, '元/样'; an older line may have a bare '样' or none).
 */
export const unitPriceText = (fen: number, unit: string) =>
  `${formatFen(fen)}/${unit.replace(/^元\//, '') || '样'}`;

/** An instrument's price unit: per hour, or per session (one booking, however long). */
export const devicePriceUnit = (unit: string) => (unit === 'session' ? '元/次' : '元/小时');
