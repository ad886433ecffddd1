// Pure rules for showing articles and acknowledgements; queries.ts feeds them from astro:content.
import type { ArticleCategory } from '../shared/content/content.ts';
import { shanghaiDate } from '../shared/time.ts';

export type ArticleLink = { href: string; external: boolean };

/** Articles with an external original open it in a new tab; ours open /article/{rid}. */
export function articleLink(a: { rid: string; source?: string | null }): ArticleLink {
  return a.source ? { href: a.source, external: true } : { href: `/article/${a.rid}`, external: false };
}

/** YYYY-MM-DD as seen in Shanghai (front-matter dates are UTC midnight, so the day is kept). */
export const formatDate = (date: Date): string => shanghaiDate(date);

/** Pinned first, then newest first, then by id so the order never depends on file order. */
export function compareArticles(
  a: { top: boolean; date: Date; rid: string },
  b: { top: boolean; date: Date; rid: string },
): number {
  return Number(b.top) - Number(a.top) || b.date.getTime() - a.date.getTime() || a.rid.localeCompare(b.rid);
}

/** The category an article file belongs to: its folder under src/content/articles. */
export function categoryOf(filePath: string | undefined): ArticleCategory {
  const folder = filePath?.split('/').at(-2);
  if (folder === 'news' || folder === 'course' || folder === 'service') return folder;
  throw new Error(`Article outside news/, course/ or service/: ${filePath}`);
}

/** Neighbours in a list already in display order (prev = the one shown before it). */
export function neighbours<T extends { rid: string }>(list: T[], rid: string): { prev?: T; next?: T } {
  const i = list.findIndex((a) => a.rid === rid);
  if (i < 0) return {};
  return { prev: list[i - 1], next: list[i + 1] };
}

/** Page links to show: first, last, current ±2, with null for a gap ("…"). */
export function pageLinks(current: number, last: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= last; p++) {
    if (p === 1 || p === last || Math.abs(p - current) <= 2) out.push(p);
    else if (out.at(-1) !== null) out.push(null);
  }
  return out;
}
