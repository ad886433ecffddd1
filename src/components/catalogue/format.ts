/** Fen → yuan text without trailing zeros: 280000 → "2800", 1250 → "12.50". */
export function yuan(fen: number): string {
  return fen % 100 === 0 ? String(fen / 100) : (fen / 100).toFixed(2);
}

/** "2800 元/样"; units are stored with the currency ("元/样", "元/小时"). */
export function priceText(fen: number, unit: string): string {
  return `${yuan(fen)} ${unit}`;
}

/** An instrument's price unit: per hour, or per session (one booking, however long). */
export function devicePriceUnit(unit: string): string {
  return unit === 'session' ? '元/次' : '元/小时';
}
