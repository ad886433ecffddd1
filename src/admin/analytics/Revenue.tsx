// 营收 (issue 35, decision 0092): what orders brought in over a range, from the ledger, by month,
// item, instrument, customer type, organisation, research group or promoter; a chart of the net
// and its parts beside the table of every figure, exported as CSV.
import { useEffect, useState } from 'react';
import { consoleApi } from '../session.ts';
import { PageHeader, StatusTabs } from '../ui.tsx';
import { type Column, DataTable } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { BarsChart } from './Chart.tsx';
import { shanghaiDate } from '../../lib/shared/time.ts';
import { fenToYuan } from '../../lib/shared/money.ts';
import { analyticsAdminApi } from '../../lib/shared/analytics/api.ts';
import { TOTAL_KEY } from '../../lib/shared/analytics/turnaround.ts';
import {
  REVENUE_FIGURE_TEXT,
  REVENUE_FIGURES,
  REVENUE_GROUPING_TEXT,
  REVENUE_GROUPINGS,
  type Revenue as Figures,
  type RevenueGrouping,
  type RevenueRow,
} from '../../lib/shared/analytics/revenue.ts';
import { ReportDates } from './report-dates.tsx';
import { DetailExports } from './DetailExports.tsx';

/** The chart's bars: the net's parts, stacked. */
const PARTS = [
  { key: 'cash', figure: 'cash_fen', color: '#2563eb' },
  { key: 'bonus', figure: 'bonus_fen', color: '#f59e0b' },
  { key: 'coupon', figure: 'coupon_fen', color: '#10b981' },
  { key: 'credit', figure: 'credit_fen', color: '#8b5cf6' },
] as const;
/** How many groups the chart shows (the table shows all). */
const CHART_ROWS = 12;

export default function Revenue() {
  const today = shanghaiDate(Date.now());
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const [group, setGroup] = useState<RevenueGrouping>('month');
  const [figures, setFigures] = useState<Figures | null>(null);

  useEffect(() => {
    let current = true;
    setFigures(null);
    void consoleApi
      .call(analyticsAdminApi.revenue, { from, to, group })
      .then((d) => current && d && setFigures(d));
    return () => {
      current = false;
    };
  }, [from, to, group]);

  const rows = figures ? [...figures.rows, figures.total] : null;
  const columns: Column<RevenueRow>[] = [
    {
      id: 'group',
      header: REVENUE_GROUPING_TEXT[group].slice(1),
      className: 'min-w-28',
      cell: (r) => (r.key === TOTAL_KEY ? <strong>{r.label}</strong> : r.label),
      csv: (r) => r.label,
    },
    {
      id: 'orders',
      header: '订单数',
      className: 'text-right tabular-nums',
      cell: (r) => r.orders,
      csv: (r) => r.orders,
    },
    ...REVENUE_FIGURES.map((f): Column<RevenueRow> => ({
      id: f,
      header: `${REVENUE_FIGURE_TEXT[f]}（元）`,
      className: `text-right tabular-nums whitespace-nowrap${f === 'net_fen' ? ' font-semibold' : ''}`,
      cell: (r) => fenToYuan(r[f]),
      csv: (r) => fenToYuan(r[f]),
    })),
  ];
  const chartRows = (figures?.rows ?? []).slice(0, CHART_ROWS).map((r) => ({
    label: r.label,
    ...Object.fromEntries(PARTS.map((p) => [p.key, r[p.figure] / 100])),
  }));

  return (
    <div>
      <PageHeader
        title="营收报表"
        lead="按资金流水统计订单的收款、补差价、退差价与取消退款；净收入 = 现金 + 赠送金 + 优惠券 + 信用，与账本逐分相符。积分兑换的赠送金计入赠送金。"
      />
      <div className="mb-3 flex flex-wrap items-end gap-3 rounded-lg bg-white p-3">
        <ReportDates label="日期" from={from} to={to} setFrom={setFrom} setTo={setTo} />
      </div>
      <StatusTabs
        label="分组"
        value={group}
        onChange={setGroup}
        tabs={REVENUE_GROUPINGS.map((g) => ({ value: g, label: REVENUE_GROUPING_TEXT[g] }))}
      />
      <section aria-label="营收" className="grid gap-3 rounded-lg bg-white p-3">
        <div className="min-w-0">
          <h2 className="mb-1 text-sm font-semibold text-slate-700">净收入构成（元）</h2>
          {figures && figures.rows.length > 0 ? (
            <BarsChart
              rows={chartRows}
              label="label"
              stacked
              unit="元"
              title={`净收入${REVENUE_GROUPING_TEXT[group]}`}
              series={PARTS.map((p) => ({
                key: p.key,
                label: REVENUE_FIGURE_TEXT[p.figure],
                color: p.color,
              }))}
            />
          ) : (
            <p className="py-10 text-center text-sm text-slate-500">{figures ? '暂无数据' : '加载中…'}</p>
          )}
          {figures && (
            <p className="mt-2 text-xs text-slate-500">
              其中积分兑换赠送金 {fenToYuan(figures.points_bonus_fen)} 元（本期兑换）。
            </p>
          )}
        </div>
        <div className="min-w-0">
          <DataTable<RevenueRow>
            label={`营收${REVENUE_GROUPING_TEXT[group]}`}
            rows={rows}
            rowKey={(r) => r.key}
            columns={columns}
            empty="该时间段内没有订单资金流水"
          />
          <div className="mt-2">
            <ExportCsv<RevenueRow>
              rows={rows}
              columns={columns}
              name={`营收报表_${REVENUE_GROUPING_TEXT[group]}_${from}_${to}`}
            />
          </div>
        </div>
      </section>
      <DetailExports from={from} to={to} />
    </div>
  );
}
