// A list screen's columns and their table (TanStack Table): the cells, sorting on screen, the pager.
import type { ReactNode } from 'react';
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
import { button } from './ui.tsx';

/** A column of a CSV file. */
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

/**
 * A column in the CSV only: a field the table does not show, or shows elsewhere in its row (the
 * export keeps the column order its files have always had).
 */
export const csvOnly = <T,>(header: string, value: (row: T) => string | number): Column<T> => ({
  id: `csv:${header}`,
  header,
  csv: value,
});

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic },
});

/** A table's one-line state, kept in view when a phone scrolls the wide table sideways. */
const tableNotice = 'sticky left-0 max-w-[calc(100vw-2rem)] px-3 py-10 text-center text-slate-400';

const sortMark = { asc: '↑', desc: '↓' } as const;

/** A paged list sorted on the server: the column and direction, and the columns it can sort by. */
export type ServerSort = {
  sort: string;
  dir: 'asc' | 'desc';
  columns: readonly string[];
  onSort: (column: string) => void;
};

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
  serverSort,
  cards = false,
}: {
  rows: T[] | null;
  columns: readonly Column<T>[];
  empty?: string;
  label: string;
  rowKey: (row: T) => string;
  /** Sorting done by the list call (a paged list), instead of the rows on screen. */
  serverSort?: ServerSort;
  /** On a phone each row is a card of labelled fields instead of a wide row to scroll. */
  cards?: boolean;
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
      <table
        aria-label={label}
        className={`w-full min-w-[720px] text-left text-sm ${cards ? 'max-sm:block max-sm:min-w-0' : ''}`}
      >
        <thead className={`bg-slate-50 text-xs text-slate-500 ${cards ? 'max-sm:hidden' : ''}`}>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = serverSort
                  ? serverSort.sort === header.column.id && serverSort.dir
                  : header.column.getIsSorted();
                const byServer = serverSort?.columns.includes(header.column.id);
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className="px-3 py-2.5 font-medium whitespace-nowrap"
                    aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {byServer || (!serverSort && header.column.getCanSort()) ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 hover:text-brand-700"
                        onClick={
                          byServer
                            ? () => serverSort!.onSort(header.column.id)
                            : header.column.getToggleSortingHandler()
                        }
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
        <tbody className={`divide-y divide-slate-100 ${cards ? 'max-sm:block' : ''}`}>
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
              <tr
                key={row.id}
                data-row={row.id}
                className={`align-top hover:bg-slate-50/60 ${cards ? 'max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-1 max-sm:py-2' : ''}`}
              >
                {row.getAllCells().map((cell, i) => (
                  <td
                    key={cell.id}
                    className={`px-3 py-2.5 ${columns[i]?.className ?? ''} ${cards ? 'max-sm:block max-sm:py-0' : ''}`}
                  >
                    {cards && (
                      <span className="block text-xs text-slate-400 sm:hidden" aria-hidden="true">
                        {columns[i]?.header}
                      </span>
                    )}
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
