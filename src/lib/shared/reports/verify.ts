// 报告真伪查询 (issue 31, decision 0077): the 防伪码's alphabet and how a typed code is read, the
// printed report numbers, the four answers and the masked customer. Pure and small: the /verify
// page's script imports it, so nothing here may pull in zod or the API declarations.

/** Crockford's base32: digits and letters without I, L, O and U. 8 characters carry 40 bits. */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 8;

export const CODE_MALFORMED = '防伪码为 8 位字母或数字，请核对报告上的防伪码';
export const REPORT_NO_MISSING = '请输入报告编号';
export const VERIFY_TOO_FAST = '查询过于频繁，请稍后再试';

/**
 * A typed code in its canonical form, or null when it cannot be one: case does not matter,
 * spaces and hyphens are ignored, O reads as 0 and I or L as 1 (Crockford's decoding).
 */
export function normaliseCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== CODE_LENGTH) return null;
  for (const ch of code) if (!CODE_ALPHABET.includes(ch)) return null;
  return code;
}

/** A typed report number as stored: trimmed, upper case, no inner spaces; at most 40 characters. */
export const normaliseReportNo = (typed: string) => typed.replace(/\s/g, '').toUpperCase().slice(0, 40);

/** A report's base number: BG and the order number's digits (LP20261128048213 → BG20261128048213). */
export const reportBaseNo = (orderNo: string) => `BG${orderNo.replace(/^[A-Z]+/, '')}`;

/** The printed number of version n: the base for the original, `<base>-A<n>` for each revision. */
export const versionReportNo = (base: string, version: number) =>
  version === 0 ? base : `${base}-A${version}`;

/** What a lookup found: the version is current, replaced by a later one, withdrawn, or nothing. */
export const VERIFY_STATES = ['valid', 'superseded', 'revoked', 'not_found'] as const;
export type VerifyState = (typeof VERIFY_STATES)[number];

export const VERIFY_STATE_TEXT: Record<VerifyState, string> = {
  valid: '有效',
  superseded: '已被替换',
  revoked: '已撤销',
  not_found: '不存在',
};

/**
 * A name as the public sees it: first and last character kept, the rest starred (张*明); a long
 * name (an institution) keeps two at each end (北京**大学). Two characters keep the first.
 */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '';
  if (chars.length === 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  const keep = chars.length >= 6 ? 2 : 1;
  return `${chars.slice(0, keep).join('')}${'*'.repeat(chars.length - 2 * keep)}${chars.slice(-keep).join('')}`;
}

/** The lowercase hex SHA-256 of some bytes, in the browser or Node (Web Crypto). */
export async function sha256Hex(bytes: BufferSource): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
