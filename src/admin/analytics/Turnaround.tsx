// 周期报表 (decision 0083): each segment's figures for the orders received in a range, by month,
// item, instrument or technician, in calendar or working days; any count opens the orders behind
// it; both tables export what they show as CSV.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { consoleApi } from '../session.ts';
import { filterInput, PageHeader, StatusTabs, when } from '../ui.tsx';
import { useList } from '../lists.ts';
import { type Column, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { addDays } from '../../lib/shared/slots.ts';
import { shanghaiDate } from '../../lib/shared/time.ts';
import { analyticsAdminApi } from '../../lib/shared/analytics/api.ts';
import {
  daysText,
  GROUPING_TEXT,
  GROUPINGS,
  SEGMENT_TEXT,
  SEGMENTS,
  TOTAL_KEY,
  UNIT_TEXT,
  UNITS,
  type Grouping,
  type Segment,
  type Turnaround as Figures,
  type TurnaroundOrder,
  type TurnaroundRow,
  type Unit,
} from '../../lib/shared/analytics/turnaround.ts';
import { ReportDates } from './report-dates.tsx';

const pct = (r: TurnaroundRow) => (r.within_pct === null ? '—' : `${r.within_pct}%`);

export default function Turnaround() {
  const today = shanghaiDate(Date.now());
  const [from, setFrom] = useState(addDays(today, -90));
  const [to, setTo] = useState(today);
  const [group, setGroup] = useState<Grouping>('month');
  const [unit, setUnit] = useState<Unit>('working');
  const [segment, setSegment] = useState<Segment>('placed');
  const [figures, setFigures] = useState<Figures | null>(null);
  const [open, setOpen] = useState<TurnaroundRow | null>(null);

  useEffect(() => {
    let current = true;
    setFigures(null);
    setOpen(null);
    void consoleApi
      .call(analyticsAdminApi.turnaround, { from, to, group, unit })
      .then((d) => current && d && setFigures(d));
    return () => {
      current = false;
    };
  }, [from, to, group, unit]);

  const rows = figures ? [...figures.rows, ...figures.totals].filter((r) => r.segment === segment) : null;
  const unitText = UNIT_TEXT[unit];
  const num = (header: string, value: (r: TurnaroundRow) => number | null): Column<TurnaroundRow> => ({
    id: header,
    header: `${header}（${unitText}）`,
    className: 'text-right tabular-nums',
    cell: (r) => daysText(value(r)),
    csv: (r) => daysText(value(r)),
  });
  const columns: Column<TurnaroundRow>[] = [
    {
      id: 'group',
      header: GROUPING_TEXT[group].slice(1),
      cell: (r) => (r.key === TOTAL_KEY ? <strong>{r.label}</strong> : r.label),
      csv: (r) => r.label,
    },
    {
      id: 'count',
      header: '订单数',
      className: 'text-right tabular-nums',
      cell: (r) => (
        <button
          type="button"
          className="text-brand-700 hover:underline"
          aria-label={`${r.label} ${SEGMENT_TEXT[r.segment]} 的 ${r.count} 个订单`}
          onClick={() => setOpen(r)}
        >
          {r.count}
        </button>
      ),
      csv: (r) => r.count,
    },
    num('平均', (r) => r.mean),
    num('中位数', (r) => r.median),
    num('P90', (r) => r.p90),
    num('最长', (r) => r.max),
    {
      id: 'within',
      header: '按期率',
      className: 'text-right tabular-nums',
      cell: (r) => <span title={`有交付日期且已定 ${r.promised} 单，按期 ${r.kept} 单`}>{pct(r)}</span>,
      csv: (r) => pct(r),
    },
  ];

  return (
    <div>
      <PageHeader
        title="周期报表"
        lead="按签收日期统计订单各阶段用时；工作日只计实验室工作日的时间（节假日、周末不计）。点击订单数查看订单明细。"
      />
      <div className="mb-3 flex flex-wrap items-end gap-3 rounded-lg bg-white p-3">
        <ReportDates label="签收日期" from={from} to={to} setFrom={setFrom} setTo={setTo} />
        <label className="text-sm text-slate-600">
          单位
          <select
            className={`${filterInput} mt-1 block`}
            value={unit}
            onChange={(e) => setUnit(e.target.value as Unit)}
          >
            {UNITS.map((u) => (
              <option key={u} value={u}>
                {UNIT_TEXT[u]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <StatusTabs
        label="分组"
        value={group}
        onChange={setGroup}
        tabs={GROUPINGS.map((g) => ({ value: g, label: GROUPING_TEXT[g] }))}
      />
      <StatusTabs
        label="阶段"
        value={segment}
        onChange={(s) => {
          setSegment(s);
          setOpen(null);
        }}
        tabs={SEGMENTS.map((s) => ({ value: s, label: SEGMENT_TEXT[s] }))}
      />
      <section aria-label={`${SEGMENT_TEXT[segment]} 用时`} className="rounded-lg bg-white p-3">
        <DataTable<TurnaroundRow>
          label={`${SEGMENT_TEXT[segment]}${GROUPING_TEXT[group]}`}
          rows={rows}
          rowKey={(r) => `${r.key}:${r.segment}`}
          columns={columns}
          empty="该时间段内没有签收的订单"
        />
        <div className="mt-2">
          <ExportCsv<TurnaroundRow>
            rows={rows}
            columns={columns}
            name={`周期报表_${SEGMENT_TEXT[segment]}_${GROUPING_TEXT[group]}_${unitText}_${from}_${to}`}
          />
        </div>
      </section>
      {open && (
        <Orders
          key={`${open.key}:${open.segment}`}
          row={open}
          query={{ from, to, group, key: open.key, segment: open.segment }}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}

/** The orders behind one figure, longest first, in both units, with the promise. */
function Orders({
  row,
  query,
  onClose,
}: {
  row: TurnaroundRow;
  query: { from: string; to: string; group: Grouping; key: string; segment: Segment };
  onClose: () => void;
}) {
  const list = useList(analyticsAdminApi.orders, query, 20);
  const columns: Column<TurnaroundOrder>[] = [
    {
      id: 'order',
      header: '订单号',
      cell: (r) => (
        <Link href={`/orders/${r.rid}`} className="font-mono text-brand-700 hover:underline">
          {r.order_no}
        </Link>
      ),
      csv: (r) => r.order_no,
    },
    // Wide enough that an item's name keeps to one or two lines on a phone (the table scrolls).
    { id: 'items', header: '检测项目', className: 'min-w-40', cell: (r) => r.items, csv: (r) => r.items },
    {
      id: 'start',
      header: '起',
      className: 'whitespace-nowrap',
      cell: (r) => when(r.start),
      csv: (r) => when(r.start),
    },
    {
      id: 'end',
      header: '止',
      className: 'whitespace-nowrap',
      cell: (r) => when(r.end),
      csv: (r) => when(r.end),
    },
    {
      id: 'calendar',
      header: '自然日',
      className: 'text-right tabular-nums',
      cell: (r) => daysText(r.calendar_days),
      csv: (r) => daysText(r.calendar_days),
    },
    {
      id: 'working',
      header: '工作日',
      className: 'text-right tabular-nums',
      cell: (r) => daysText(r.working_days),
      csv: (r) => daysText(r.working_days),
    },
    {
      id: 'due',
      header: '交付日期',
      className: 'whitespace-nowrap',
      cell: (r) => r.due_date ?? '—',
      csv: (r) => r.due_date ?? '',
    },
    {
      id: 'within',
      header: '按期',
      cell: (r) => (r.within === null ? '—' : r.within ? '按期' : <span className="text-hot-600">超期</span>),
      csv: (r) => (r.within === null ? '' : r.within ? '按期' : '超期'),
    },
  ];
  const title = `${row.label} · ${SEGMENT_TEXT[row.segment]} · ${row.count} 个订单`;
  return (
    <section aria-label="订单明细" className="mt-4 rounded-lg bg-white p-3">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-700">{title}</h2>
        <button type="button" className="text-sm text-slate-500 hover:text-brand-700" onClick={onClose}>
          收起
        </button>
      </div>
      <DataTable<TurnaroundOrder>
        label="订单明细"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        columns={columns}
      />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <ExportCsv<TurnaroundOrder>
          list={analyticsAdminApi.orders}
          filter={query}
          name={`周期报表明细_${row.label}_${SEGMENT_TEXT[row.segment]}`}
          columns={columns}
        />
        <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
      </div>
    </section>
  );
}
