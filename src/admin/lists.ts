// A console list's rows: the staff list call ({page, size} and filters in, {list, total} out), paged
// on screen or read whole (a CSV export, a filter the API lacks).
import { useCallback, useEffect, useRef, useState } from 'react';
import { consoleCall } from './session.ts';
import { pageCount } from '../lib/shared/pagination.ts';
import type { Endpoint, OutputOf } from '../lib/shared/api/endpoint.ts';

/**
 * A page of a list. A list that counts its matches on the first page only (the customers, decision
 * 0090) answers `total: null` on the others, and `more`; the count of the first page is kept.
 */
export type Paged<T> = { list: T[]; total: number | null; more?: boolean };
/** A row of a paged list endpoint's answer. */
export type RowOf<E extends Endpoint> = OutputOf<E> extends { list: (infer R)[] } ? R : never;

export type ListState<T> = {
  page: number;
  setPage: (page: number) => void;
  data: Paged<T> | null;
  pages: number;
  reload: () => Promise<void>;
};

/**
 * A staff list call ({page, size} and filters in, {list, total} out): the page, its rows, reload,
 * and the CSV export of every page under the same filters.
 */
export function useList<E extends Endpoint>(
  list: E,
  filter: Record<string, unknown>,
  size?: number,
): ListState<RowOf<E>>;
/** A generic screen (the review queue) names its row type itself. */
export function useList<T>(list: Endpoint, filter: Record<string, unknown>, size?: number): ListState<T>;
export function useList<T>(list: Endpoint, filter: Record<string, unknown>, size = 20): ListState<T> {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Paged<T> | null>(null);
  const key = JSON.stringify(filter);
  const latest = useRef(0);
  const load = useCallback(async () => {
    const n = ++latest.current;
    const res = await consoleCall<Paged<T>>(list, { ...JSON.parse(key), page, size });
    if (n === latest.current && res)
      setData((was) => (res.total === null ? { ...res, total: was?.total ?? null } : res));
  }, [list, key, page, size]);
  useEffect(() => setPage(1), [key]);
  useEffect(() => {
    void load();
  }, [load]);
  const pages = !data ? 1 : data.total === null ? page + (data.more ? 1 : 0) : pageCount(data.total, size);
  return { page, setPage, data, pages, reload: load };
}

/**
 * A paged list sorted on the server (decision 0095): the column and direction a header click
 * chose, as filter fields (none for the list's own default order, so its first call is unchanged)
 * the page and its CSV export both send, and the table's `serverSort`.
 */
export function useServerSort<S extends string>(columns: readonly S[], initial?: { sort: S; dir: Dir }) {
  const [order, setOrder] = useState<{ sort: S; dir: Dir } | null>(null);
  const onSort = (column: string) =>
    setOrder((o) => {
      const was = o ?? initial;
      if (was?.sort === column) return { sort: was.sort, dir: was.dir === 'asc' ? 'desc' : 'asc' };
      // A column starts ascending; the default one in its own direction (下单时间 newest first).
      return { sort: column as S, dir: column === initial?.sort ? initial.dir : 'asc' };
    });
  const shown = order ?? initial;
  const plain = !order || (order.sort === initial?.sort && order.dir === initial.dir);
  return {
    filter: plain ? {} : order,
    serverSort: { sort: shown?.sort ?? '', dir: shown?.dir ?? 'asc', columns, onSort },
  };
}
type Dir = 'asc' | 'desc';

/** Every row of a list under its filters (50 a page), for the CSV export. */
export async function allRows<T>(list: Endpoint, filter: Record<string, unknown>): Promise<T[]> {
  const rows: T[] = [];
  let total = Infinity;
  for (let page = 1; page <= 200; page++) {
    const res = await consoleCall<Paged<T>>(list, { ...filter, page, size: 50 });
    if (!res) break;
    rows.push(...res.list);
    if (res.total !== null) total = res.total;
    if (rows.length >= total || res.list.length === 0 || res.more === false) break;
  }
  return rows;
}

/** Every row under the filters while `on` (null while loading or off), for a filter the API lacks. */
export function useAllRows<T>(list: Endpoint, filter: Record<string, unknown>, on: boolean) {
  const [rows, setRows] = useState<T[] | null>(null);
  const key = JSON.stringify(filter);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    setRows(null);
    if (!on) return;
    let current = true;
    void allRows<T>(list, JSON.parse(key) as Record<string, unknown>).then((r) => current && setRows(r));
    return () => {
      current = false;
    };
  }, [list, key, on, version]);
  return { rows, reload: () => setVersion((v) => v + 1) };
}
