// 工作日历 (decision 0079): a month grid of the lab's working calendar — China's holidays and 调休
// working weekends from the package (or an imported table), the lab's own closures and overrides —
// where admins and managers close a working day or open a day off with a reason, set the daily
// cut-off, and import the next year's official table as CSV with a per-row error report.
import { useEffect, useState } from 'react';
import { consoleApi, staffAction, type Me } from '../session.ts';
import { button, Field, FormModal, input, PageHeader } from '../ui.tsx';
import { calendarAdminApi as api } from '../../lib/shared/calendar/api.ts';
import {
  LAB_KIND_TEXT,
  type CalendarDay,
  type CalendarImportResult,
  type CalendarMonth,
} from '../../lib/shared/calendar/calendar.ts';
import { addMonths } from '../../lib/shared/slots.ts';
import { chineseDate, shanghaiMonth } from '../../lib/shared/time.ts';

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];

/** How each kind of day looks in the grid (and in the legend). */
const LOOK: Record<CalendarDay['kind'], string> = {
  workday: 'bg-white text-slate-800',
  weekend: 'bg-slate-50 text-slate-400',
  holiday: 'bg-red-50 text-red-700',
  makeup: 'bg-amber-50 text-amber-800',
  lab_closed: 'bg-slate-700 text-white',
  lab_open: 'bg-emerald-50 text-emerald-800',
};
const LEGEND: [CalendarDay['kind'], string][] = [
  ['workday', '工作日'],
  ['weekend', '周末'],
  ['holiday', '法定节假日'],
  ['makeup', '调休上班'],
  ['lab_closed', '实验室停工'],
  ['lab_open', '实验室加班'],
];

const monthTitle = (m: string) => `${m.slice(0, 4)}年${Number(m.slice(5))}月`;

function DayDialog({
  day,
  onClose,
  onDone,
}: {
  day: CalendarDay;
  onClose: () => void;
  onDone: (m: CalendarMonth) => void;
}) {
  const [reason, setReason] = useState('');
  const own = day.lab;
  // A lab row can only be removed; otherwise a working day may be closed and a day off opened.
  const kind = day.working ? 'closed' : 'open';
  return (
    <FormModal
      open
      danger={Boolean(own)}
      title={`${chineseDate(day.date)} 周${WEEKDAYS[(day.weekday + 6) % 7]}`}
      submitText={own ? '取消自定安排' : kind === 'closed' ? '设为停工' : '设为加班'}
      onClose={onClose}
      onSubmit={() => {
        // Both calls answer the month as it now is: the grid shows it without another call.
        let after: CalendarMonth | undefined;
        const keep = (text: string) => (m: CalendarMonth) => ((after = m), text);
        const then = () => after && onDone(after);
        return own
          ? staffAction<CalendarMonth>(api.remove, { date: day.date }, keep('已取消自定安排'), then)
          : staffAction<CalendarMonth>(
              api.save,
              { date: day.date, kind, reason },
              keep(kind === 'closed' ? '已设为停工' : '已设为加班'),
              then,
            );
      }}
    >
      <p className="text-sm text-slate-600">
        当前：<strong>{day.kind_text}</strong>
        {day.label && `（${day.label}）`}
      </p>
      {own ? (
        <p className="text-sm text-slate-600">
          {LAB_KIND_TEXT[own.kind]}，由 {own.by || '—'} 于 {own.at.slice(0, 16).replace('T', ' ')}{' '}
          设置。取消后按官方安排计算。
        </p>
      ) : (
        <Field
          label={kind === 'closed' ? '停工原因' : '加班原因'}
          hint="已收样订单的交付日期不会因此改变；此后收样的订单按新日历计算。"
        >
          <input
            className={input}
            name="reason"
            maxLength={100}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
      )}
    </FormModal>
  );
}

function ImportDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const [csv, setCsv] = useState('');
  const [report, setReport] = useState<CalendarImportResult | null>(null);
  const send = async (check: boolean) => {
    const r = await consoleApi.call(api.import, { csv, check });
    if (r) setReport(r);
    return r;
  };
  return (
    <FormModal
      open
      wide
      title="导入官方节假日安排"
      submitText="导入"
      onClose={onClose}
      onSubmit={async () => {
        const r = await send(false);
        if (!r) return '导入失败';
        if (!r.stored) return `有 ${r.errors.length} 行错误，未导入，请修改后重试`;
        onDone();
        return null;
      }}
    >
      <p className="text-sm text-slate-600">
        每行一天：<code>日期,类型[,名称]</code>，类型为 holiday（休）或
        workday（班，调休上班）。导入某年会整体替换该年已导入的安排；有任何一行错误都不会导入。
      </p>
      <Field label="CSV 文件">
        <input
          type="file"
          accept=".csv,text/csv,text/plain"
          className="text-sm"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (file) setCsv(await file.text());
            setReport(null);
          }}
        />
      </Field>
      <Field label="或粘贴内容">
        <textarea
          className={`${input} h-32 py-1.5 font-mono text-xs`}
          name="csv"
          placeholder={'date,kind,name\n2027-01-01,holiday,元旦\n2027-02-06,workday,春节'}
          value={csv}
          onChange={(e) => {
            setCsv(e.target.value);
            setReport(null);
          }}
        />
      </Field>
      <div>
        <button type="button" className={button.ghost} onClick={() => void send(true)} disabled={!csv.trim()}>
          检查
        </button>
      </div>
      {report && (
        <div role="status" className="text-sm">
          {report.errors.length === 0 ? (
            <p className="text-emerald-700">
              {report.stored ? '已导入' : '检查通过'}：{report.rows} 天（{report.years.join('、')}年）
            </p>
          ) : (
            <table className="w-full text-left text-xs">
              <caption className="mb-1 text-left text-sm text-red-600">
                有 {report.errors.length} 行错误：
              </caption>
              <thead className="text-slate-500">
                <tr>
                  <th className="py-1 pr-2 font-medium">行</th>
                  <th className="py-1 pr-2 font-medium">内容</th>
                  <th className="py-1 font-medium">问题</th>
                </tr>
              </thead>
              <tbody>
                {report.errors.map((e, i) => (
                  <tr key={i} className="border-t border-slate-100">
                    <td className="py-1 pr-2 tabular-nums">{e.line || '—'}</td>
                    <td className="py-1 pr-2 font-mono break-all">{e.text}</td>
                    <td className="py-1 text-red-600">{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </FormModal>
  );
}

function CutoffDialog({
  value,
  onClose,
  onDone,
}: {
  value: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const [cutoff, setCutoff] = useState(value);
  return (
    <FormModal
      open
      title="每日收样截止时间"
      onClose={onClose}
      onSubmit={() => staffAction(api.saveSettings, { cutoff }, '已保存', onDone)}
    >
      <Field label="截止时间" hint="此时间及之后签收的样品从下一个工作日起算；已确定的交付日期不变。">
        <input
          className={input}
          name="cutoff"
          type="time"
          value={cutoff}
          onChange={(e) => setCutoff(e.target.value)}
        />
      </Field>
    </FormModal>
  );
}

export default function WorkingCalendar({ me }: { me: Me }) {
  const manage = me.permissions.includes('calendar.manage');
  const [month, setMonth] = useState(() => shanghaiMonth(Date.now()));
  const [data, setData] = useState<CalendarMonth | null>(null);
  const [open, setOpen] = useState<CalendarDay | null>(null);
  const [dialog, setDialog] = useState<'import' | 'cutoff' | null>(null);
  const load = () => consoleApi.call(api.month, { month }).then((m) => m && setData(m));
  useEffect(() => void load(), [month]);
  const shift = (n: number) => setMonth(addMonths(`${month}-01`, n).slice(0, 7));
  const lead = data ? (data.days[0].weekday + 6) % 7 : 0;
  const closures = data?.days.filter((d) => d.lab) ?? [];
  // While another month loads, the grid still shows the last one: named after it, not clickable.
  const stale = data !== null && data.month !== month;

  return (
    <div className="grid grid-cols-1">
      <PageHeader
        title="工作日历"
        lead="交付日期按此日历的工作日计算：法定节假日与调休来自 chinese-days 数据包，实验室可自行设定停工或加班。"
        actions={
          manage && (
            <button type="button" className={button.ghost} onClick={() => setDialog('import')}>
              导入官方安排（CSV）
            </button>
          )
        }
      />
      <p className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-600">
        每日收样截止：<strong className="tabular-nums">{data?.cutoff ?? '—'}</strong>
        <span className="text-slate-500">（之后签收的样品从下一个工作日起算）</span>
        {manage && (
          <button type="button" className={button.link} onClick={() => setDialog('cutoff')}>
            修改
          </button>
        )}
      </p>
      <div className="mb-3 flex items-center gap-2">
        <button type="button" className={button.ghost} aria-label="上个月" onClick={() => shift(-1)}>
          ‹
        </button>
        <h2 className="min-w-28 text-center text-lg font-semibold tabular-nums" aria-live="polite">
          {monthTitle(month)}
        </h2>
        <button type="button" className={button.ghost} aria-label="下个月" onClick={() => shift(1)}>
          ›
        </button>
        <button type="button" className={button.link} onClick={() => setMonth(shanghaiMonth(Date.now()))}>
          本月
        </button>
      </div>
      {data && !data.coverage.covered && (
        <p role="alert" className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {month.slice(0, 4)}年尚无官方节假日安排（数据包覆盖至 {data.coverage.package_last} 年
          {data.coverage.imported.length > 0 && `，已导入 ${data.coverage.imported.join('、')} 年`}
          ），目前只按周末计算。国务院办公厅通知发布后请导入 CSV。
        </p>
      )}
      <div
        role="grid"
        aria-label={`${data ? monthTitle(data.month) : ''}工作日历`}
        aria-busy={stale}
        className="grid grid-cols-7 gap-px overflow-hidden rounded-lg border border-slate-200 bg-slate-200"
      >
        <div role="row" className="contents">
          {WEEKDAYS.map((w) => (
            <div
              key={w}
              role="columnheader"
              className="bg-slate-100 py-1.5 text-center text-xs font-medium text-slate-500"
            >
              {w}
            </div>
          ))}
        </div>
        <div role="row" className="contents">
          {Array.from({ length: lead }, (_, i) => (
            <div key={`lead${i}`} className="bg-slate-50" />
          ))}
          {data?.days.map((d) => (
            <div key={d.date} role="gridcell" className={LOOK[d.kind]}>
              <button
                type="button"
                disabled={!manage || stale}
                onClick={() => setOpen(d)}
                aria-label={`${chineseDate(d.date)} ${d.kind_text}${d.label ? ` ${d.label}` : ''}`}
                className="flex h-16 w-full flex-col items-start gap-0.5 p-1 text-left hover:ring-2 hover:ring-brand-200 hover:ring-inset disabled:cursor-default disabled:hover:ring-0 sm:h-20 sm:p-1.5"
              >
                <span className="text-sm font-semibold tabular-nums">{Number(d.date.slice(8))}</span>
                {d.kind !== 'workday' && d.kind !== 'weekend' && (
                  <span className="line-clamp-2 text-[11px] leading-tight sm:text-xs">
                    {d.kind === 'makeup' ? '班' : d.kind === 'holiday' ? d.label || '休' : d.label}
                  </span>
                )}
              </button>
            </div>
          ))}
          {data &&
            Array.from({ length: (7 - ((lead + data.days.length) % 7)) % 7 }, (_, i) => (
              <div key={`trail${i}`} className="bg-slate-50" />
            ))}
        </div>
      </div>
      <ul className="mt-3 flex flex-wrap gap-3 text-xs text-slate-600" aria-label="图例">
        {LEGEND.map(([k, text]) => (
          <li key={k} className="flex items-center gap-1.5">
            <span className={`inline-block size-3 rounded-sm border border-slate-300 ${LOOK[k]}`} />
            {text}
          </li>
        ))}
      </ul>
      {closures.length > 0 && (
        <section className="mt-4" aria-label="本月实验室自定安排">
          <h3 className="mb-1.5 text-sm font-semibold text-slate-700">本月实验室自定安排</h3>
          <ul className="grid gap-1 text-sm">
            {closures.map((d) => (
              <li key={d.date} className="flex flex-wrap gap-x-2 text-slate-600">
                <span className="tabular-nums">{d.date}</span>
                <span>{d.lab!.kind === 'closed' ? '停工' : '加班'}</span>
                <span className="text-slate-800">{d.lab!.reason}</span>
                <span className="text-slate-400">{d.lab!.by}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {open && (
        <DayDialog
          day={open}
          onClose={() => setOpen(null)}
          onDone={(m) => {
            setOpen(null);
            setData(m);
          }}
        />
      )}
      {dialog === 'import' && <ImportDialog onClose={() => setDialog(null)} onDone={() => void load()} />}
      {dialog === 'cutoff' && data && (
        <CutoffDialog
          value={data.cutoff}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            void load();
          }}
        />
      )}
    </div>
  );
}
