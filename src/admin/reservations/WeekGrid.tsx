import { useEffect, useRef } from 'react';
import { shanghaiMidnight } from '../../lib/shared/slots.ts';
import { shanghaiDate, shanghaiMinute } from '../../lib/shared/time.ts';
import { weekdayOf, type Block, type Booking, type Settings } from './week.ts';

/**
 * A column of the grid: a day of one instrument's week, or one instrument on the day view. Its
 * bookings are those of its date (and of its instrument when it names one); its blocks the
 * holidays and that instrument's maintenance.
 */
export type GridColumn = { key: string; date: string; title: string; sub: string; deviceRid?: string };
export const dayColumns = (days: string[]): GridColumn[] =>
  days.map((d) => ({ key: d, date: d, title: WEEKDAY[weekdayOf(d)], sub: d.slice(5) }));

const MIN = 60_000;
const CELL = 30;
const WEEKDAY = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
const TONE: Record<string, string> = {
  pending: 'border-brand-300 bg-brand-50 text-brand-800',
  confirmed: 'border-accent-300 bg-accent-50 text-accent-800',
  done: 'border-slate-300 bg-slate-100 text-slate-600',
  no_show: 'border-red-200 bg-red-50 text-red-700',
};

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * The legend, then the week's grid: days across, opening hours down in 30-minute rows; blocks and
 * bookings placed on their rows, a booking a button that picks it.
 */
export default function WeekGrid({
  columns,
  settings,
  label,
  blocks,
  bookings,
  picked,
  onPick,
}: {
  columns: GridColumn[];
  settings: Settings | null;
  label: string;
  blocks: Block[];
  bookings: Booking[] | null;
  picked: Booking | null;
  onPick: (booking: Booking) => void;
}) {
  const open = minutesOf(settings?.open ?? '08:30');
  const close = minutesOf(settings?.close ?? '18:30');
  const rows = Math.max(1, Math.ceil((close - open) / CELL));
  const today = shanghaiDate(Date.now());
  const frame = useRef<HTMLDivElement>(null);
  const first = columns[0]?.key;
  // A phone shows two or three columns: open on today's, not on Monday's.
  useEffect(() => {
    const el = frame.current;
    const head = el?.querySelector<HTMLElement>('[data-today]');
    if (el && head) el.scrollLeft = Math.max(0, head.offsetLeft - 56);
    else if (el) el.scrollLeft = 0;
  }, [first]);
  /** The grid rows an interval covers on a day, clipped to opening hours; null when outside. */
  const place = (date: string, startIso: string, endIso: string) => {
    const dayStart = shanghaiMidnight(date)! + open * MIN;
    const from = Math.max(Date.parse(startIso), dayStart);
    const to = Math.min(Date.parse(endIso), dayStart + (close - open) * MIN);
    if (to <= from) return null;
    const first = Math.floor((from - dayStart) / MIN / CELL);
    const last = Math.ceil((to - dayStart) / MIN / CELL);
    return { gridRow: `${first + 2} / ${last + 2}`, cells: last - first };
  };
  const closedDay = (d: string) => settings?.closed_weekdays.includes(weekdayOf(d)) ?? false;

  return (
    <>
      <div className="flex flex-wrap gap-2 text-xs text-slate-500" aria-hidden="true">
        <span className={`rounded border px-1.5 ${TONE.pending}`}>待确认</span>
        <span className={`rounded border px-1.5 ${TONE.confirmed}`}>已确认</span>
        <span className={`rounded border px-1.5 ${TONE.done}`}>已完成</span>
        <span className={`rounded border px-1.5 ${TONE.no_show}`}>未到场</span>
        <span className="rounded border border-slate-300 bg-[repeating-linear-gradient(45deg,#f1f5f9_0_6px,#e2e8f0_6px_12px)] px-1.5">
          封锁（维护 / 节假日）
        </span>
      </div>

      <div
        ref={frame}
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
        data-testid="calendar-scroll"
      >
        <div
          role="group"
          aria-label={label}
          className="grid w-max min-w-full text-xs"
          style={{
            // A 30-minute row holds two lines of text (time and customer), readable at a glance.
            gridTemplateColumns: `3.5rem repeat(${columns.length}, minmax(7.5rem, 1fr))`,
            gridTemplateRows: `2.75rem repeat(${rows}, 2.5rem)`,
          }}
        >
          <div className="sticky left-0 z-20 border-b border-slate-200 bg-slate-50" />
          {columns.map((c, i) => {
            const isToday = c.date === today && !c.deviceRid;
            return (
              <div
                key={c.key}
                data-today={isToday || undefined}
                style={{ gridColumn: i + 2, gridRow: 1 }}
                className={`border-b border-l border-slate-200 px-1.5 py-1 text-center ${isToday ? 'bg-brand-50 font-semibold text-brand-700' : 'bg-slate-50'}`}
              >
                <span className="block truncate">{c.title}</span>
                <span className="block truncate text-slate-500">
                  {c.sub}
                  {closedDay(c.date) && ' 休'}
                </span>
              </div>
            );
          })}
          {Array.from({ length: rows }, (_, r) => (
            <div
              key={`t${r}`}
              style={{ gridColumn: 1, gridRow: r + 2 }}
              className="sticky left-0 z-20 border-b border-slate-100 bg-white pr-1 text-right text-slate-400 tabular-nums"
            >
              {r % 2 === 0 ? hhmm(open + r * CELL) : ''}
            </div>
          ))}
          {columns.map((c, i) =>
            Array.from({ length: rows }, (_, r) => (
              <div
                key={`${c.key}-${r}`}
                aria-hidden="true"
                style={{ gridColumn: i + 2, gridRow: r + 2 }}
                className={`border-b border-l border-slate-100 ${closedDay(c.date) ? 'bg-slate-50' : ''}`}
              />
            )),
          )}
          {columns.flatMap((c, i) =>
            blocks.map((b) => {
              if (c.deviceRid && b.device && b.device.rid !== c.deviceRid) return null;
              const at = place(c.date, b.start, b.end);
              return at ? (
                <div
                  key={`${b.rid}-${c.key}`}
                  role="note"
                  data-block={b.rid}
                  style={{ gridRow: at.gridRow, gridColumn: i + 2 }}
                  className="bg-[repeating-linear-gradient(45deg,#f1f5f9_0_6px,#e2e8f0_6px_12px)] z-[1] m-px overflow-hidden rounded border border-slate-300 px-1 text-slate-600"
                  title={`${b.kind_text}：${b.reason}`}
                >
                  {b.kind_text} · {b.reason}
                </div>
              ) : null;
            }),
          )}
          {bookings &&
            columns.flatMap((c, i) =>
              bookings.map((b) => {
                if (c.deviceRid && b.device.rid !== c.deviceRid) return null;
                const at = shanghaiDate(Date.parse(b.start)) === c.date && place(c.date, b.start, b.end);
                if (!at) return null;
                const time = `${shanghaiMinute(b.start).slice(11)}–${shanghaiMinute(b.end).slice(11)}`;
                const who = b.customer.name || b.customer.phone;
                return (
                  <button
                    key={`${b.rid}-${c.key}`}
                    type="button"
                    data-booking={b.rid}
                    aria-label={`预约 ${c.date} ${c.deviceRid ? `${b.device.name} ` : ''}${time} ${who} ${b.status_text}`}
                    aria-pressed={picked?.rid === b.rid}
                    title={`${time} ${who} ${b.status_text}`}
                    onClick={() => onPick(b)}
                    style={{ gridRow: at.gridRow, gridColumn: i + 2 }}
                    className={`z-10 m-px overflow-hidden rounded border px-1 py-0.5 text-left text-[0.8125rem] leading-tight ${TONE[b.status] ?? TONE.done} ${picked?.rid === b.rid ? 'ring-2 ring-brand-500' : ''}`}
                  >
                    <span className="block font-medium tabular-nums">{time}</span>
                    <span className="block truncate">
                      {who}
                      {at.cells < 2 && ` · ${b.status_text}`}
                    </span>
                    {at.cells >= 2 && <span className="block truncate">{b.status_text}</span>}
                  </button>
                );
              }),
            )}
        </div>
      </div>
    </>
  );
}
