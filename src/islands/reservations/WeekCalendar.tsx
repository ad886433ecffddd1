import { useRef, useState } from 'react';
import {
  monthDay,
  slotClock,
  statusOf,
  STATUS_TEXT,
  WEEKDAY,
  type CalendarDay,
  type CalendarStatus,
  type Selection,
} from './selection.ts';
import { Spinner } from '../ui/kit.tsx';

/** What a cell shows; the full words (STATUS_TEXT) go to screen readers. */
const SHORT: Record<CalendarStatus, string> = {
  free: '可约',
  taken: '已约',
  past: '已过',
  lead: '不可约',
  closed: '休息',
  blocked: '维护',
};

const CELL: Record<CalendarStatus, string> = {
  free: 'border border-accent-500/40 bg-white text-accent-700 hover:border-accent-500 hover:bg-accent-50',
  taken: 'bg-hot-100 text-hot-600',
  past: 'bg-slate-100 text-slate-400',
  lead: 'border border-dashed border-slate-300 bg-slate-50 text-slate-400',
  closed: 'bg-slate-50 text-slate-300',
  blocked:
    'bg-amber-50 text-amber-700 [background-image:repeating-linear-gradient(135deg,rgb(251_191_36/0.3)_0_4px,transparent_4px_8px)]',
};
const SELECTED = 'border border-brand-700 bg-brand-600 font-semibold text-white shadow-sm hover:bg-brand-700';

const LEGEND: CalendarStatus[] = ['free', 'taken', 'blocked', 'lead', 'past', 'closed'];

type Props = {
  days: CalendarDay[];
  selection: Selection | null;
  loading: boolean;
  onPick: (day: CalendarDay, index: number, shift: boolean) => void;
};

const slotLabel = (day: CalendarDay, slot: { start: string; end: string }, text: string) =>
  `${monthDay(day.date)} ${WEEKDAY[day.week]} ${slotClock(slot.start)}–${slotClock(slot.end)} ${text}`;

const isSelected = (selection: Selection | null, day: CalendarDay, index: number) =>
  selection !== null && selection.date === day.date && index >= selection.from && index <= selection.to;

function Cell({
  day,
  index,
  selection,
  onPick,
  tall = false,
}: Omit<Props, 'days' | 'loading'> & { day: CalendarDay; index: number; tall?: boolean }) {
  const slot = day.slots[index]!;
  const status = statusOf(slot);
  const selected = isSelected(selection, day, index);
  const base = `flex w-full items-center justify-center rounded-md text-xs transition-colors ${tall ? 'h-11' : 'h-9'}`;
  if (status === 'free')
    return (
      <button
        type="button"
        aria-pressed={selected}
        aria-label={slotLabel(day, slot, STATUS_TEXT.free)}
        data-slot={slot.start}
        onClick={(e) => onPick(day, index, e.shiftKey)}
        className={`${base} ${selected ? SELECTED : CELL.free}`}
      >
        {selected ? '已选' : SHORT.free}
      </button>
    );
  return (
    <span
      className={`${base} ${CELL[status]}`}
      data-slot={slot.start}
      data-status={status}
      title={slot.note || undefined}
    >
      <span aria-hidden="true">{SHORT[status]}</span>
      <span className="sr-only">
        {slotLabel(day, slot, STATUS_TEXT[status])}
        {slot.note ? `（${slot.note}）` : ''}
      </span>
    </span>
  );
}

/**
 * A week of an instrument's slots: days as columns, slot times as rows (wide screens), or one
 * day at a time with a strip of day tabs (phones). Every state has its own colour and words.
 */
export default function WeekCalendar({ days, selection, loading, onPick }: Props) {
  // Sunday (or any day) that opens nothing is summarised under the grid rather than given a column.
  const shown = days.filter((d) => !(d.closed && d.week === 0));
  const hidden = days.filter((d) => d.closed && d.week === 0);
  const rows = shown[0]?.slots ?? [];
  const [phoneDay, setPhoneDay] = useState<string | null>(null);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const current =
    shown.find((d) => d.date === (phoneDay ?? selection?.date)) ??
    shown.find((d) => d.slots.some((s) => s.status === 'free')) ??
    shown[0];

  return (
    <div className="relative">
      {loading && (
        <div className="absolute inset-0 z-10 flex items-start justify-center bg-white/60 pt-16 text-sm text-slate-500">
          <span className="flex items-center gap-2 rounded-full bg-white px-3 py-1.5 shadow">
            <Spinner /> 加载时段…
          </span>
        </div>
      )}

      {/* Wide screens: the whole week. */}
      <div className="hidden overflow-x-auto sm:block" data-calendar="week">
        <table className="w-full min-w-[560px] table-fixed border-separate border-spacing-1">
          <caption className="sr-only">一周可预约时段（列为日期，行为时段）</caption>
          <thead>
            <tr>
              <th
                scope="col"
                className="sticky left-0 z-[1] w-[4.5rem] bg-white text-xs font-normal text-slate-400"
              >
                时段
              </th>
              {shown.map((d) => (
                <th
                  key={d.date}
                  scope="col"
                  className={`pb-1 text-center text-xs font-medium ${selection?.date === d.date ? 'text-brand-700' : 'text-slate-600'}`}
                >
                  <span className="block">{WEEKDAY[d.week]}</span>
                  <span className="block font-normal text-slate-400 tabular-nums">{monthDay(d.date)}</span>
                  {d.note && (
                    <span className="block truncate font-normal text-amber-700" title={d.note}>
                      {d.note}
                    </span>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={row.start}>
                <th
                  scope="row"
                  className="sticky left-0 z-[1] bg-white pr-1 text-right text-xs font-normal whitespace-nowrap text-slate-500 tabular-nums"
                >
                  {slotClock(row.start)}
                  <span className="sr-only">–{slotClock(row.end)}</span>
                </th>
                {shown.map((d) => (
                  <td key={d.date} className="p-0">
                    {d.slots[i] && <Cell day={d} index={i} selection={selection} onPick={onPick} />}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {/* Phones: one day at a time. */}
      <div className="sm:hidden" data-calendar="day">
        <div
          role="tablist"
          aria-label="选择日期"
          className="-mx-1 flex gap-1.5 overflow-x-auto px-1 pb-2"
          onKeyDown={(e) => {
            if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
            const i = shown.findIndex((d) => d.date === current?.date);
            const next = shown[(i + (e.key === 'ArrowRight' ? 1 : shown.length - 1)) % shown.length];
            if (!next) return;
            setPhoneDay(next.date);
            tabRefs.current.get(next.date)?.focus();
          }}
        >
          {shown.map((d) => {
            const free = d.slots.filter((s) => s.status === 'free').length;
            const active = d.date === current?.date;
            return (
              <button
                key={d.date}
                type="button"
                role="tab"
                aria-selected={active}
                tabIndex={active ? 0 : -1}
                ref={(el) => {
                  if (el) tabRefs.current.set(d.date, el);
                  else tabRefs.current.delete(d.date);
                }}
                onClick={() => setPhoneDay(d.date)}
                className={`flex min-w-[3.6rem] shrink-0 flex-col items-center rounded-lg border px-2 py-1.5 text-xs ${
                  active
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-slate-200 bg-white text-slate-600'
                }`}
              >
                <span className="font-medium">{WEEKDAY[d.week]}</span>
                <span className="tabular-nums">{monthDay(d.date)}</span>
                <span className={active ? 'text-brand-100' : free ? 'text-accent-600' : 'text-slate-400'}>
                  {free ? `${free} 可约` : '无空闲'}
                </span>
              </button>
            );
          })}
        </div>
        {current && (
          <ul
            role="tabpanel"
            aria-label={`${monthDay(current.date)} ${WEEKDAY[current.week]}`}
            // Times run down the first column, then the second (morning left, afternoon right).
            className="grid grid-flow-col grid-cols-2 gap-1.5"
            style={{ gridTemplateRows: `repeat(${Math.ceil(current.slots.length / 2)}, auto)` }}
          >
            {current.slots.map((s, i) => (
              <li key={s.start} className="flex items-center gap-2">
                <span className="w-11 shrink-0 text-right text-xs text-slate-500 tabular-nums">
                  {slotClock(s.start)}
                </span>
                <Cell day={current} index={i} selection={selection} onPick={onPick} tall />
              </li>
            ))}
          </ul>
        )}
      </div>

      {hidden.length > 0 && <p className="mt-2 text-xs text-slate-400">周日不开放预约。</p>}
    </div>
  );
}

export function Legend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-slate-500" aria-label="图例">
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className={`inline-block size-3.5 rounded ${SELECTED}`} />
        已选
      </li>
      {LEGEND.map((s) => (
        <li key={s} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={`inline-block size-3.5 rounded ${CELL[s]}`} />
          {STATUS_TEXT[s]}
        </li>
      ))}
    </ul>
  );
}
