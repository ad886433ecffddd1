// The console's building blocks: buttons and fields in the project's Tailwind, accessible modals
// (react-aria-components), a data table (TanStack Table) with server-side paging, status tabs,
// and the toast. Nothing here is shared with the customer islands.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_basic,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';
import { consoleCall, $notice, $session } from './session.ts';
import { pageCount } from '../lib/shared/pagination.ts';
import type { Endpoint, OutputOf } from '../lib/shared/api/endpoint.ts';
import { shanghaiDate, shanghaiMinute } from '../lib/shared/time.ts';
import { filesAdminApi } from '../lib/shared/files/api.ts';

export const when = (iso: string | null | undefined) => (iso ? shanghaiMinute(iso) : '—');

export const button = {
  primary:
    'inline-flex h-9 items-center justify-center gap-1.5 rounded-md bg-brand-700 px-3.5 text-sm font-medium whitespace-nowrap text-white hover:bg-brand-800 disabled:opacity-50',
  ghost:
    'inline-flex h-9 items-center justify-center gap-1.5 rounded-md border border-slate-300 bg-white px-3.5 text-sm whitespace-nowrap text-slate-700 hover:bg-slate-50 disabled:opacity-50',
  danger:
    'inline-flex h-9 items-center justify-center gap-1.5 rounded-md border border-red-200 bg-white px-3.5 text-sm whitespace-nowrap text-red-600 hover:bg-red-50 disabled:opacity-50',
  link: 'rounded px-1.5 py-0.5 text-sm whitespace-nowrap text-brand-700 hover:bg-brand-50',
};
const inputBase =
  'h-9 rounded-md border border-slate-300 bg-white px-2.5 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100';
export const input = `${inputBase} w-full`;
/** A search box in a filter row: a fixed width, narrower on phones. */
export const filterInput = `${inputBase} w-full sm:w-44`;

export function Field({ label, children, hint }: { label: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <label className="grid gap-1 text-sm">
      <span className="font-medium text-slate-700">{label}</span>
      {children}
      {hint && <span className="text-xs text-slate-500">{hint}</span>}
    </label>
  );
}

export function PageHeader({ title, lead, actions }: { title: string; lead?: string; actions?: ReactNode }) {
  return (
    // On a phone the actions go under the lead instead of squeezing it into a narrow column.
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="min-w-0 sm:flex-1">
        <h1 className="text-xl font-bold text-slate-900">{title}</h1>
        {lead && <p className="mt-0.5 text-sm text-slate-500">{lead}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}

/** A modal form: title, body, footer with cancel and the action; the action may refuse (message). */
export function FormModal({
  open,
  title,
  onClose,
  onSubmit,
  submitText = '确定',
  danger,
  wide,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Resolves an error message to show, or null when done. */
  onSubmit: () => Promise<string | null>;
  submitText?: string;
  danger?: boolean;
  /** A form with a table in it (the quote builder): room for it. */
  wide?: boolean;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    if (open) setError('');
  }, [open]);
  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={(o) => !o && onClose()}
      isDismissable
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4"
    >
      <Modal className={`w-full ${wide ? 'max-w-3xl' : 'max-w-lg'} rounded-xl bg-white shadow-xl`}>
        <Dialog className="outline-none">
          <form
            onSubmit={async (e) => {
              e.preventDefault();
              setBusy(true);
              const message = await onSubmit();
              setBusy(false);
              if (message) setError(message);
              else onClose();
            }}
          >
            <Heading slot="title" className="border-b border-slate-100 px-5 py-3.5 text-base font-semibold">
              {title}
            </Heading>
            <div className="grid max-h-[70vh] gap-3.5 overflow-y-auto px-5 py-4">
              {children}
              {error && (
                <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-600">
                  {error}
                </p>
              )}
            </div>
            <div className="flex justify-end gap-2 border-t border-slate-100 px-5 py-3">
              <button type="button" className={button.ghost} onClick={onClose}>
                取消
              </button>
              <button type="submit" className={danger ? button.danger : button.primary} disabled={busy}>
                {submitText}
              </button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** Status tabs over a list (role=tablist), with optional counts. */
export function StatusTabs<T extends string>({
  tabs,
  value,
  onChange,
  label,
}: {
  tabs: { value: T; label: string; count?: number }[];
  value: T;
  onChange: (v: T) => void;
  label: string;
}) {
  return (
    <div
      role="tablist"
      aria-label={label}
      className="mb-3 flex gap-1 overflow-x-auto border-b border-slate-200"
    >
      {tabs.map((t) => (
        <button
          key={t.value}
          type="button"
          role="tab"
          aria-selected={t.value === value}
          onClick={() => onChange(t.value)}
          className={`-mb-px shrink-0 border-b-2 px-3 py-2 text-sm whitespace-nowrap ${
            t.value === value
              ? 'border-brand-600 font-semibold text-brand-700'
              : 'border-transparent text-slate-500 hover:text-brand-700'
          }`}
        >
          {t.label}
          {Boolean(t.count) && (
            <span className="ml-1 rounded-full bg-hot-500 px-1.5 text-xs font-semibold text-white">
              {t.count}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}

export type Paged<T> = { list: T[]; total: number };
/** A row of a paged list endpoint's answer. */
export type RowOf<E extends Endpoint> = OutputOf<E> extends { list: (infer R)[] } ? R : never;

type ListState<T> = {
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
    if (n === latest.current && res) setData(res);
  }, [list, key, page, size]);
  useEffect(() => setPage(1), [key]);
  useEffect(() => {
    void load();
  }, [load]);
  return { page, setPage, data, pages: data ? pageCount(data.total, size) : 1, reload: load };
}

/** Every row of a list under its filters (50 a page), for the CSV export. */
async function allRows<T>(list: Endpoint, filter: Record<string, unknown>): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= 200; page++) {
    const res = await consoleCall<Paged<T>>(list, { ...filter, page, size: 50 });
    if (!res) break;
    rows.push(...res.list);
    if (rows.length >= res.total || res.list.length === 0) break;
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

/** Shanghai dates (YYYY-MM-DD), either end open. */
export type DateRange = { from: string; to: string };
export const NO_DATE_RANGE: DateRange = { from: '', to: '' };
export const isDateRangeSet = (r: DateRange) => Boolean(r.from || r.to);

/** Whether an instant falls on a Shanghai date within the range (both ends included). */
export function inDateRange(iso: string | null | undefined, range: DateRange): boolean {
  if (!isDateRangeSet(range)) return true;
  if (!iso) return false;
  const day = shanghaiDate(new Date(iso));
  return (!range.from || day >= range.from) && (!range.to || day <= range.to);
}

/** A date range's two inputs share a phone's line; on a wider screen they are filter-sized. */
const rangeInput = `${inputBase} min-w-0 flex-1 sm:w-44 sm:flex-none`;

/** 从 … 至 … over a list's time column. */
export function DateRangeFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: DateRange;
  onChange: (r: DateRange) => void;
}) {
  return (
    <div
      className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-600"
      role="group"
      aria-label={label}
    >
      <span className="w-full sm:w-auto">{label}</span>
      <input
        type="date"
        className={rangeInput}
        aria-label={`${label}从`}
        value={value.from}
        max={value.to || undefined}
        onChange={(e) => onChange({ ...value, from: e.target.value })}
      />
      <span>至</span>
      <input
        type="date"
        className={rangeInput}
        aria-label={`${label}至`}
        value={value.to}
        min={value.from || undefined}
        onChange={(e) => onChange({ ...value, to: e.target.value })}
      />
      {isDateRangeSet(value) && (
        <button type="button" className={button.link} onClick={() => onChange(NO_DATE_RANGE)}>
          清除日期
        </button>
      )}
    </div>
  );
}

export type CsvColumn<T> = { header: string; value: (row: T) => string | number };

/**
 * A list screen's column, written once for the table and its CSV export: the header, the cell, its
 * CSV text (or the CSV columns a two-field cell stands for) and an optional sort key.
 */
export type Column<T> = {
  id: string;
  header: string;
  /** The table cell; a column without one is in the CSV only. */
  cell?: (row: T) => ReactNode;
  className?: string;
  /** The CSV text under the same header, or the CSV columns this cell shows together. */
  csv?: ((row: T) => string | number) | CsvColumn<T>[];
  /** A sort key: the header becomes a button that orders the rows on screen (the APIs do not sort). */
  sort?: (row: T) => string | number;
  /** The row's instant this column shows: a date range (从…至…) filters the list on it. */
  date?: (row: T) => string | null;
};

/** The CSV columns of a list's columns, in the table's order. */
export function csvColumns<T>(columns: readonly (Column<T> | CsvColumn<T>)[]): CsvColumn<T>[] {
  return columns.flatMap((c) => {
    if ('value' in c) return [c];
    if (!c.csv) return [];
    return typeof c.csv === 'function' ? [{ header: c.header, value: c.csv }] : c.csv;
  });
}

/**
 * 导出 CSV: every row under the current filters (a paged `list` endpoint), or the `rows` of a short
 * list the screen already holds, with a BOM so Excel reads the Chinese.
 */
export function ExportCsv<T>({
  list,
  filter = {},
  rows: held,
  columns,
  name,
}: {
  list?: Endpoint;
  filter?: Record<string, unknown>;
  rows?: T[] | null;
  /** A list's columns (those with a CSV text) or CSV-only columns. */
  columns: readonly (Column<T> | CsvColumn<T>)[];
  name: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={button.ghost}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        const rows = list ? await allRows<T>(list, filter) : (held ?? []);
        const exported = csvColumns(columns);
        // Excel turns long digit strings (invoice numbers, credit codes, bank accounts) into
        // rounded numbers; as ="…" it keeps them as text.
        const cell = (v: string | number) => {
          const text = String(v);
          return /^\d{12,}$/.test(text) ? `"=""${text}"""` : `"${text.replace(/"/g, '""')}"`;
        };
        const text = [
          exported.map((c) => cell(c.header)),
          ...rows.map((r) => exported.map((c) => cell(c.value(r)))),
        ]
          .map((line) => line.join(','))
          .join('\r\n');
        const url = URL.createObjectURL(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }));
        const a = Object.assign(document.createElement('a'), { href: url, download: `${name}.csv` });
        a.click();
        URL.revokeObjectURL(url);
        setBusy(false);
      }}
    >
      导出 CSV
    </button>
  );
}

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic },
});

/** A table's one-line state, kept in view when a phone scrolls the wide table sideways. */
const tableNotice = 'sticky left-0 max-w-[calc(100vw-2rem)] px-3 py-10 text-center text-slate-400';

const sortMark = { asc: '↑', desc: '↓' } as const;

/**
 * A table of rows (TanStack Table): the list's columns with a cell, the empty state, and sorting of
 * the rows on screen by the columns that have a sort key.
 */
export function DataTable<T extends RowData>({
  rows,
  columns: all,
  empty = '暂无数据',
  label,
  rowKey,
}: {
  rows: T[] | null;
  columns: readonly Column<T>[];
  empty?: string;
  label: string;
  rowKey: (row: T) => string;
}) {
  const helper = createColumnHelper<typeof features, T>();
  const columns = all.filter((c) => c.cell);
  const defs = columns.map((c) => {
    const cell = c.cell!;
    return c.sort
      ? helper.accessor(c.sort, {
          id: c.id,
          header: c.header,
          cell: (ctx) => cell(ctx.row.original),
          sortFn: 'basic',
        })
      : helper.display({ id: c.id, header: c.header, cell: (ctx) => cell(ctx.row.original) });
  }) as ColumnDef<typeof features, T>[];
  const table = useTable({ features, columns: defs, data: rows ?? [], getRowId: rowKey });
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table aria-label={label} className="w-full min-w-[720px] text-left text-sm">
        <thead className="bg-slate-50 text-xs text-slate-500">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className="px-3 py-2.5 font-medium whitespace-nowrap"
                    aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 hover:text-brand-700"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        <table.FlexRender header={header} />
                        <span aria-hidden="true" className={sorted ? 'text-brand-700' : 'text-slate-300'}>
                          {sorted ? sortMark[sorted] : '↕'}
                        </span>
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows === null ? (
            <tr>
              <td colSpan={columns.length} className="p-0">
                <div className={tableNotice}>加载中…</div>
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="p-0">
                <div className={tableNotice}>{empty}</div>
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id} data-row={row.id} className="align-top hover:bg-slate-50/60">
                {row.getAllCells().map((cell, i) => (
                  <td key={cell.id} className={`px-3 py-2.5 ${columns[i]?.className ?? ''}`}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (p: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="分页" className="mt-3 flex items-center justify-end gap-2 text-sm">
      <button type="button" className={button.ghost} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        上一页
      </button>
      <span className="text-slate-500">
        {page} / {pages}
      </span>
      <button
        type="button"
        className={button.ghost}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        下一页
      </button>
    </nav>
  );
}

export function Badge({
  children,
  tone = 'slate',
}: {
  children: ReactNode;
  tone?: 'slate' | 'brand' | 'hot' | 'accent' | 'red';
}) {
  const tones = {
    slate: 'bg-slate-100 text-slate-600',
    brand: 'bg-brand-50 text-brand-700',
    hot: 'bg-hot-50 text-hot-600',
    accent: 'bg-accent-50 text-accent-700',
    red: 'bg-red-50 text-red-600',
  };
  return (
    <span
      className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

/** The console's toast: the last notice for four seconds. */
export function ConsoleToast() {
  const n = useStore($notice);
  const [shown, setShown] = useState<typeof n>(null);
  useEffect(() => {
    if (!n) return;
    setShown(n);
    const t = setTimeout(() => setShown(null), 4000);
    return () => clearTimeout(t);
  }, [n]);
  if (!shown) return null;
  return (
    <div
      role={shown.kind === 'error' ? 'alert' : 'status'}
      data-console-toast={shown.kind}
      className={`fixed top-4 left-1/2 z-[60] -translate-x-1/2 rounded-lg px-4 py-2.5 text-sm text-white shadow-lg ${
        shown.kind === 'error' ? 'bg-red-600' : 'bg-slate-900'
      }`}
    >
      {shown.text}
    </div>
  );
}

/**
 * A customer's file (voucher, report, receipt photo) with the console's token, or null when it
 * cannot be read; `thumb` asks for a picture's thumbnail.
 */
export async function fetchStaffFile(rid: string, thumb = false): Promise<Blob | null> {
  const res = await fetch(filesAdminApi.download.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${$session.get()?.access ?? ''}` },
    body: JSON.stringify({ rid, thumb }),
  }).catch(() => null);
  return res?.ok && !res.headers.get('content-type')?.includes('json') ? res.blob() : null;
}

/** A staff file shown as an object URL (released when the screen leaves it). */
export function useStaffFile(rid: string | null, thumb = false) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!rid) return;
    let revoked = false;
    let made = '';
    void fetchStaffFile(rid, thumb).then((b) => {
      if (!b || revoked) return;
      made = URL.createObjectURL(b);
      setUrl(made);
    });
    return () => {
      revoked = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [rid, thumb]);
  return url;
}
