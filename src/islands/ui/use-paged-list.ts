import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/client/api.ts';
import { pageCount } from '../../lib/shared/pagination.ts';
import type { Endpoint, OutputOf } from '../../lib/shared/api/endpoint.ts';

type Paged = { list: unknown[]; total: number };
type Options = { size?: number; filter?: Record<string, unknown>; enabled?: boolean };
type PagedState<D> = {
  page: number;
  setPage: (page: number) => void;
  data: D | null;
  loading: boolean;
  pages: number;
  reload: (opts?: { first?: boolean }) => void;
};

/**
 * The one way an island pages through a list call ({page, size} in, {list, total} out): the
 * current page, its data (null until the first answer), whether a request is on its way, the
 * page count for <Pager>, and reload.
 * `filter` is sent with every page; a changed filter starts again at page 1. Nothing is fetched
 * while `enabled` is false (before the session is known, or logged out). A page left empty
 * (its last row paid or deleted) steps back to the last page that has rows.
 */
export function usePagedList<E extends Endpoint>(list: E, options?: Options): PagedState<OutputOf<E>>;
export function usePagedList(list: Endpoint, options: Options = {}): PagedState<Paged> {
  const { size = 10, filter = {}, enabled = true } = options;
  const filterKey = JSON.stringify(filter);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Paged | null>(null);
  const [loading, setLoading] = useState(false);
  // Only the newest request's answer is shown (a filter changed while a page was loading).
  const latest = useRef(0);

  const load = useCallback(
    async (p: number) => {
      const request = ++latest.current;
      setLoading(true);
      const body = { ...JSON.parse(filterKey), page: p, size };
      const res = (await api.call(list, body as never)) as Paged | null | undefined;
      if (request !== latest.current) return;
      setLoading(false);
      if (!res) return;
      // The last row of a page went away (paid, cancelled, deleted): step back to the last page.
      if (res.list.length === 0 && p > 1) setPage(pageCount(res.total, size));
      else setData(res);
    },
    [list, filterKey, size],
  );

  // A new filter starts again at the first page, showing no rows of the old filter meanwhile.
  useEffect(() => {
    setPage(1);
    setData(null);
  }, [filterKey]);

  useEffect(() => {
    if (enabled) void load(page);
  }, [enabled, page, load]);

  /** Fetches the current page again (after a change), or page 1 with `{ first: true }`. */
  const reload = useCallback(
    (opts: { first?: boolean } = {}) => {
      if (opts.first && page !== 1) setPage(1);
      else void load(opts.first ? 1 : page);
    },
    [load, page],
  );

  return { page, setPage, data, loading, pages: data ? pageCount(data.total, size) : 1, reload };
}
