// 导出 CSV: a list's rows under the same columns as its table.
import { useState } from 'react';
import type { Endpoint } from '../lib/shared/api/endpoint.ts';
import { allRows } from './lists.ts';
import type { Column, CsvColumn } from './table.tsx';
import { button } from './ui.tsx';

/** The CSV columns of a list's columns, in their order (a column without `csv` is left out). */
function csvColumns<T>(columns: readonly Column<T>[]): CsvColumn<T>[] {
  return columns.flatMap((c) => {
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
  /** The list's columns, the same the table shows: those with a CSV text are exported. */
  columns: readonly Column<T>[];
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
