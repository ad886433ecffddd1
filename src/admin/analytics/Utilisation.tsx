// 仪器使用率 (issue 35, decision 0092): per instrument over a range, available hours (downtime
// taken out) against booked and used hours, downtime by category, external service hours and the
// queue; a chart beside the table, CSV of the table, and the annual 开放共享 statistics as xlsx.
import { useEffect, useState } from 'react';
import { consoleApi, staffStep, type Me } from '../session.ts';
import { button, filterInput, PageHeader } from '../ui.tsx';
import { type Column, DataTable } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { savePdf } from '../files.ts';
import { BarsChart } from './Chart.tsx';
import { shanghaiDate } from '../../lib/shared/time.ts';
import { addDays } from '../../lib/shared/slots.ts';
import { analyticsAdminApi } from '../../lib/shared/analytics/api.ts';
import { BLOCK_KIND_TEXT, BLOCK_KINDS } from '../../lib/shared/reservations/reservation-rules.ts';
import {
  INSTITUTION_SETTING_KEY,
  type Utilisation as Figures,
  type UtilisationRow,
} from '../../lib/shared/analytics/utilisation.ts';
import { ReportDates } from './report-dates.tsx';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const h = (n: number | null) => (n === null ? '—' : n.toFixed(2));

export default function Utilisation({ me }: { me: Me }) {
  const today = shanghaiDate(Date.now());
  const [from, setFrom] = useState(addDays(today, -30));
  const [to, setTo] = useState(today);
  const [figures, setFigures] = useState<Figures | null>(null);
  const [year, setYear] = useState(Number(today.slice(0, 4)) - 1);
  const [institution, setInstitution] = useState('');
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let current = true;
    setFigures(null);
    void consoleApi.call(analyticsAdminApi.utilisation, { from, to }).then((d) => {
      if (!current || !d) return;
      setFigures(d);
      setInstitution(d.institution);
    });
    return () => {
      current = false;
    };
  }, [from, to, reload]);

  const num = (
    id: string,
    header: string,
    value: (r: UtilisationRow) => number | null,
  ): Column<UtilisationRow> => ({
    id,
    header,
    className: 'text-right tabular-nums whitespace-nowrap',
    cell: (r) => h(value(r)),
    csv: (r) => h(value(r)),
  });
  const columns: Column<UtilisationRow>[] = [
    { id: 'name', header: '仪器', className: 'min-w-32', cell: (r) => r.name, csv: (r) => r.name },
    num('open', '开放机时', (r) => r.open_hours),
    ...BLOCK_KINDS.map((k) => num(k, `${BLOCK_KIND_TEXT[k]}停机`, (r) => r.downtime[k])),
    num('available', '可用机时', (r) => r.available_hours),
    num('booked', '预约机时', (r) => r.booked_hours),
    num('used', '有效工作机时', (r) => r.used_hours),
    num('testing', '其中检测机时', (r) => r.testing_hours),
    num('external', '对外服务机时', (r) => r.external_hours),
    {
      id: 'pct',
      header: '使用率',
      className: 'text-right tabular-nums',
      cell: (r) => (r.utilisation_pct === null ? '—' : `${r.utilisation_pct}%`),
      csv: (r) => (r.utilisation_pct === null ? '' : `${r.utilisation_pct}%`),
    },
    {
      id: 'backlog',
      header: '排队（工作日）',
      className: 'text-right tabular-nums',
      cell: (r) => r.backlog_days,
      csv: (r) => r.backlog_days,
    },
  ];
  const chartRows = (figures?.rows ?? []).map((r) => ({
    name: r.name,
    available: r.available_hours,
    booked: r.booked_hours,
    used: r.used_hours,
  }));
  const editor = me.permissions.includes('instruments.edit');

  return (
    <div>
      <PageHeader
        title="仪器使用率"
        lead="开放机时按实验室工作日与仪器开放时间计算，扣除封锁时段（节假日、维护、故障等）后为可用机时；有效工作机时按已完成预约的实际使用时间（未记录时按预约时间），加上在该仪器上的检测（开始检测至完成，重叠只计一次）。"
      />
      <div className="mb-3 flex flex-wrap items-end gap-3 rounded-lg bg-white p-3">
        <ReportDates label="日期" from={from} to={to} setFrom={setFrom} setTo={setTo} />
        <label className="text-sm text-slate-600">
          本单位名称
          <input
            className={`${filterInput} mt-1 block`}
            value={institution}
            placeholder="其他单位的客户计为对外服务"
            disabled={!editor}
            onChange={(e) => setInstitution(e.target.value)}
          />
        </label>
        {editor && (
          <button
            type="button"
            className={button.ghost}
            onClick={() =>
              staffStep(
                analyticsAdminApi.institutionSave,
                { key: INSTITUTION_SETTING_KEY, name: institution },
                '本单位名称已保存',
                () => setReload((n) => n + 1),
              )
            }
          >
            保存本单位
          </button>
        )}
      </div>
      <section aria-label="仪器使用率" className="grid gap-3 rounded-lg bg-white p-3">
        <div className="min-w-0">
          <h2 className="mb-1 text-sm font-semibold text-slate-700">可用、预约与有效工作机时（小时）</h2>
          {figures && figures.rows.length > 0 ? (
            <BarsChart
              rows={chartRows}
              label="name"
              unit="小时"
              horizontal
              title="各仪器机时"
              series={[
                { key: 'available', label: '可用机时', color: '#94a3b8' },
                { key: 'booked', label: '预约机时', color: '#f59e0b' },
                { key: 'used', label: '有效工作机时', color: '#2563eb' },
              ]}
            />
          ) : (
            <p className="py-10 text-center text-sm text-slate-500">{figures ? '暂无仪器' : '加载中…'}</p>
          )}
        </div>
        <div className="min-w-0">
          <DataTable<UtilisationRow>
            label="仪器使用率"
            rows={figures?.rows ?? null}
            rowKey={(r) => r.rid}
            columns={columns}
            empty="暂无仪器"
          />
          <div className="mt-2">
            <ExportCsv<UtilisationRow>
              rows={figures?.rows ?? null}
              columns={columns}
              name={`仪器使用率_${from}_${to}`}
            />
          </div>
        </div>
      </section>
      <section
        aria-label="开放共享年度统计"
        className="mt-3 flex flex-wrap items-end gap-3 rounded-lg bg-white p-3"
      >
        <label className="text-sm text-slate-600">
          大型科研仪器开放共享年度统计
          <input
            type="number"
            className={`${filterInput} mt-1 block`}
            value={year}
            min={2000}
            max={2100}
            onChange={(e) => setYear(Number(e.target.value))}
          />
        </label>
        <button
          type="button"
          className={button.ghost}
          onClick={() =>
            void savePdf(
              analyticsAdminApi.annualXlsx.path,
              { year },
              `${year}年大型科研仪器开放共享统计.xlsx`,
              XLSX,
            )
          }
        >
          导出 xlsx
        </button>
        <p className="text-xs text-slate-500">
          每台仪器一行：可用机时、停机机时、有效工作机时、对外服务机时、共享率、服务收入等。
        </p>
      </section>
    </div>
  );
}
