// Administrative regions (GB/T 2260) as the region picker and the API exchange them.
// The picker's value is one string 'province-city-area-code', e.g. '上海市-上海市-闵行区-310112';
// the API stores the four parts separately (spec section 5: "split on '-'").

export type Region = { province: string; city: string; area: string; address_code: string };

const CODE = /^\d{6}$/;
/** Division names are short Chinese words ('新疆维吾尔自治区' is among the longest). */
const NAME_MAX = 32;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/** '上海市-上海市-闵行区-310112' → its four parts; null when a part is missing or malformed or the code is not 6 digits. */
export function splitRegion(value: string | null | undefined): Region | null {
  if (typeof value !== 'string') return null;
  const parts = value.split('-').map((p) => p.trim());
  if (parts.length !== 4 || parts.some((p) => !p || p.length > NAME_MAX || CONTROL.test(p))) return null;
  const [province, city, area, address_code] = parts as [string, string, string, string];
  if (!CODE.test(address_code)) return null;
  return { province, city, area, address_code };
}

/** The inverse of splitRegion, for pre-filling the picker; '' when the region is incomplete. */
export function joinRegion(r: Partial<Region> | null | undefined): string {
  if (!r) return '';
  const parts = [r.province, r.city, r.area, r.address_code].map((p) => (p ?? '').trim());
  return parts.every(Boolean) && CODE.test(parts[3]!) ? parts.join('-') : '';
}

/** '上海市 闵行区' style label; a municipality's city repeats the province and is shown once. */
export function regionLabel(r: Partial<Region>): string {
  const parts = [r.province, r.city === r.province ? '' : r.city, r.area].filter(Boolean);
  return parts.join(' ');
}

/**
 * Whether free pickup serves a district. allowRegion lists 6-digit codes: a district code
 * matches itself, a city code (XXXX00) matches its districts, a province code (XX0000) its
 * whole province. The seeded list holds district codes only.
 */
export function isRegionAllowed(
  address_code: string | null | undefined,
  allowRegion: readonly string[],
): boolean {
  if (!address_code || !CODE.test(address_code)) return false;
  return allowRegion.some((code) => {
    if (!CODE.test(code)) return false;
    if (code === address_code) return true;
    if (code.endsWith('0000')) return address_code.slice(0, 2) === code.slice(0, 2);
    if (code.endsWith('00')) return address_code.slice(0, 4) === code.slice(0, 4);
    return false;
  });
}

/** The tooltip on a saved address outside the served area (spec section 8). */
export const NO_PICKUP_SERVICE = '该地址所在城市暂未开通上门取样服务';
