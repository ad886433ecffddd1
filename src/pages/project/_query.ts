// Query-string helpers shared by the SSR catalogue pages (files starting with _ are not routes).

/** A positive integer from a query value, or undefined for anything else. */
export function positiveInt(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

/** Same path with some query values replaced (undefined/1-page values dropped). */
export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === '' || (k === 'page' && v === 1)) continue;
    params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export const PUBLIC_SHORT_CACHE = 'public, max-age=0, s-maxage=10';
