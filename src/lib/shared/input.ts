// What the database cannot store is removed at the edge, once, for every request: PostgreSQL
// refuses NUL in text ("invalid byte sequence"), and jsonb refuses a lone UTF-16 surrogate
// ("unsupported Unicode escape sequence"). Neither has a meaning a user could have intended, so
// they are stripped (NUL) or replaced with U+FFFD, as UTF-8 encoding would do anyway; numbers
// outside a column's range are refused by the schemas (INT4_MAX).

/** The largest value of a PostgreSQL integer column (ids, counts, fen amounts). */
export const INT4_MAX = 2_147_483_647;

/** JSON nested deeper than any request of ours is refused rather than walked. */
export const MAX_INPUT_DEPTH = 32;

// eslint-disable-next-line no-control-regex
const NUL = /\u0000/g;

/** Text as the database can store it. */
export function cleanText(text: string): string {
  const wellFormed = text.isWellFormed() ? text : text.toWellFormed();
  return wellFormed.includes('\u0000') ? wellFormed.replace(NUL, '') : wellFormed;
}

export class InputTooDeepError extends Error {}

/** cleanText over every string (keys too) of a parsed JSON value. */
export function cleanInput(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_INPUT_DEPTH) throw new InputTooDeepError();
  if (Array.isArray(value)) return value.map((v) => cleanInput(v, depth + 1));
  // fromEntries defines own properties, so a "__proto__" key stays a plain key.
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [cleanText(k), cleanInput(v, depth + 1)]));
}
