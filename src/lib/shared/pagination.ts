import { z } from './zod.ts';
import { INT4_MAX } from './input.ts';

export const MAX_PAGE_SIZE = 50;
export const DEFAULT_PAGE_SIZE = 10;
/** Beyond any real list; keeps OFFSET inside PostgreSQL's bigint for absurd page numbers. */
export const MAX_PAGE = 100_000;

export type PageWindow = { page: number; size: number; offset: number };

/**
 * Clamps a requested page into a window the database can serve: 1 ≤ page ≤ 100000, 1 ≤ size ≤ 50.
 * Out-of-range numbers are corrected rather than rejected, so a stale link still shows a list.
 */
export function pageWindow(page?: number | null, size?: number | null): PageWindow {
  const p = Number.isFinite(page) ? Math.min(MAX_PAGE, Math.max(1, Math.floor(page as number))) : 1;
  const rawSize = Number.isFinite(size) ? Math.floor(size as number) : DEFAULT_PAGE_SIZE;
  const s = Math.min(MAX_PAGE_SIZE, Math.max(1, rawSize));
  return { page: p, size: s, offset: (p - 1) * s };
}

/** Number of pages needed for total rows (at least 1, so "第 1 / 1 页" reads right). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, size)));
}

/**
 * An optional number that may arrive as text (query strings) or as a JSON number; null and ''
 * count as absent. Anything else non-numeric fails with '[label]格式不正确'.
 */
export const looseNumber = (label: string) =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : typeof v === 'string' ? Number(v.trim() || NaN) : v),
    z
      .number({ error: `[${label}]格式不正确` })
      .refine((n) => Number.isFinite(n), `[${label}]格式不正确`)
      .optional(),
  );

/** An optional whole number id (typeId, childId…), as text or number, within an integer column. */
export const looseId = (label: string) =>
  looseNumber(label).refine(
    (n) => n === undefined || (Number.isInteger(n) && n > 0 && n <= INT4_MAX),
    `[${label}]格式不正确`,
  );

/** The {page, size} part of every list request; values are clamped afterwards by pageWindow. */
export const PageRequestSchema = z.object(
  {
    page: looseNumber('页码'),
    size: looseNumber('每页条数'),
  },
  { error: '请求参数格式不正确' },
);

const unset = (v: unknown) => (v === null || v === '' ? undefined : v);

/**
 * A paged list's server sorting (decision 0084): `sort` one of its columns, `dir` asc or desc; both
 * optional, each list keeping its own default order (decision 0095).
 */
export const sortFields = <const S extends readonly [string, ...string[]]>(columns: S) => ({
  sort: z.preprocess(unset, z.enum(columns, { error: '[排序]不正确' }).optional()),
  dir: z.preprocess(unset, z.enum(['asc', 'desc'], { error: '[排序方向]不正确' }).optional()),
});
