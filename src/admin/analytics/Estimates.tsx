// 预计与实际开始测试 (issue 35, decision 0097): per order received in a range, the start estimate
// told when it was ordered or quoted beside the working days testing took to start; the figures
// above the table, CSV of the table.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { consoleApi } from '../session.ts';
import { Badge, PageHeader } from '../ui.tsx';
import { type Column, DataTable } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { shanghaiDate, shanghaiMinute } from '../../lib/shared/time.ts';
import { addDays } from '../../lib/shared/slots.ts';
import { analyticsAdminApi } from '../../lib/shared/analytics/api.ts';
import {
  ESTIMATE_OUTCOME_TEXT,
  type EstimateRow,
  type Estimates as Figures,
} from '../../lib/shared/analytics/estimates.ts';
import { ReportDates } from './report-dates.tsx';

const TONE = { kept: 'brand', late: 'red', waiting: 'slate' } as const;
const orNone = (n: number | null, unit = '') => (n === null ? '—' : `${n}${unit}`);

export default function Estimates() {
  const today = shanghaiDate(Date.now());
  const [from, setFrom] = useState(addDays(today, -30));
  const [to, setTo] = useState(today);
  const [figures, setFigures] = useState<Figures | null>(null);

  useEffect(() => {
    let current = true;
    setFigures(null);
    void consoleApi.call(analyticsAdminApi.estimates, { from, to }).then((d) => {
      if (current && d) setFigures(d);
    });
    return () => {
      current = false;
    };
  }, [from, to]);

  const columns: Column<EstimateRow>[] = [
    {
      id: 'order',
      header: '订单',
      cell: (r) => (
        <Link href={`/orders/${r.order_rid}`} className="font-mono text-brand-700 hover:underline">
          {r.order_no}
        </Link>
      ),
      csv: (r) => r.order_no,
    },
    { id: 'items', header: '项目', className: 'min-w-32', cell: (r) => r.items, csv: (r) => r.items },
    {
      id: 'received',
      header: '收样',
      className: 'whitespace-nowrap tabular-nums',
      cell: (r) => shanghaiMinute(r.received_at),
      csv: (r) => shanghaiMinute(r.received_at),
    },
    {
      id: 'started',
      header: '开始检测',
      className: 'whitespace-nowrap tabular-nums',
      cell: (r) => (r.started_at ? shanghaiMinute(r.started_at) : '—'),
      csv: (r) => (r.started_at ? shanghaiMinute(r.started_at) : ''),
    },
    {
      id: 'estimate',
      header: '预计（工作日内）',
      className: 'text-right tabular-nums',
      cell: (r) => r.estimate_days,
      csv: (r) => r.estimate_days,
    },
    {
      id: 'actual',
      header: '实际（工作日）',
      className: 'text-right tabular-nums',
      cell: (r) => (r.started_at ? r.actual_days : `已等 ${r.actual_days}`),
      csv: (r) => r.actual_days,
    },
    {
      id: 'outcome',
      header: '结果',
      cell: (r) => <Badge tone={TONE[r.outcome]}>{ESTIMATE_OUTCOME_TEXT[r.outcome]}</Badge>,
      csv: (r) => ESTIMATE_OUTCOME_TEXT[r.outcome],
    },
  ];

  return (
    <div>
      <PageHeader
        title="预计与实际开始测试"
        lead="下单（或报价）时告知客户的「预计 N 个工作日内开始测试」，与收样到首次开始检测实际用去的工作日（按工作日历，节假日不计）对照；按收样日期筛选。"
      />
      <div className="mb-3 flex flex-wrap items-end gap-3 rounded-lg bg-white p-3">
        <ReportDates label="收样日期" from={from} to={to} setFrom={setFrom} setTo={setTo} />
      </div>
      <section aria-label="预计与实际开始测试" className="grid gap-3 rounded-lg bg-white p-3">
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" aria-label="汇总">
          {[
            ['订单', figures ? `${figures.orders}（已开始 ${figures.started}）` : '…'],
            ['按预计开始', figures ? `${figures.kept}（${orNone(figures.kept_pct, '%')}）` : '…'],
            ['平均预计', figures ? orNone(figures.mean_estimate_days, ' 个工作日') : '…'],
            ['平均实际', figures ? orNone(figures.mean_actual_days, ' 个工作日') : '…'],
          ].map(([k, v]) => (
            <div key={k} className="rounded-md bg-slate-50 px-3 py-2">
              <dt className="text-xs text-slate-500">{k}</dt>
              <dd className="font-semibold text-slate-800 tabular-nums">{v}</dd>
            </div>
          ))}
        </dl>
        <div className="min-w-0">
          <DataTable<EstimateRow>
            label="各订单预计与实际"
            rows={figures?.rows ?? null}
            rowKey={(r) => r.order_rid}
            columns={columns}
            empty="所选日期内没有带预计的收样订单"
            cards
          />
          <div className="mt-2">
            <ExportCsv<EstimateRow>
              rows={figures?.rows ?? null}
              columns={columns}
              name={`预计与实际开始测试_${from}_${to}`}
            />
          </div>
        </div>
      </section>
    </div>
  );
}
