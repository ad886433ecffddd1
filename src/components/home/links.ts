// Where home-page entries lead (spec section 2, "Home page links").
import { shanghaiDate } from '../../lib/shared/time.ts';

/** A banner redirect starting with http is an external page (new tab); anything else is an item rid. */
export function bannerLink(redirect: string): { href: string; external: boolean } | null {
  const value = redirect.trim();
  if (!value) return null;
  if (/^http/i.test(value)) return { href: value, external: true };
  return { href: `/detail/${encodeURIComponent(value)}`, external: false };
}

export function projectHref(typeId: number, title: string, childId?: number): string {
  const base = `/project/${typeId}/${encodeURIComponent(title)}`;
  return childId === undefined ? base : `${base}?childId=${childId}`;
}

/** A case with a source opens the original in a new tab; otherwise our article page. */
export function caseLink(c: { rid: string; source: string }): { href: string; external: boolean } {
  return c.source ? { href: c.source, external: true } : { href: `/article/${c.rid}`, external: false };
}

/** YYYY-MM-DD on the Shanghai calendar. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso.slice(0, 10) : shanghaiDate(date);
}
