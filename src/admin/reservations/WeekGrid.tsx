import { shanghaiMidnight } from '../../lib/shared/slots.ts';
import { shanghaiDate, shanghaiMinute } from '../../lib/shared/time.ts';
import { weekdayOf, type Block, type Booking, type Settings } from './week.ts';

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
  days,
  settings,
  deviceName,
  blocks,
  bookings,
  picked,
  onPick,
}: {
  days: string[];
  settings: Settings | null;
  deviceName: string | undefined;
  blocks: Block[];
  bookings: Booking[] | null;
  picked: Booking | null;
  onPick: (booking: Booking) => void;
}) {
  const open = minutesOf(settings?.open ?? '08:30');
  const close = minutesOf(settings?.close ?? '18:30');
  const rows = Math.max(1, Math.ceil((close - open) / CELL));
  /** The grid rows an interval covers on a day, clipped to opening hours; null when outside. */
  const place = (date: string, startIso: string, endIso: string) => {
    const dayStart = shanghaiMidnight(date)! + open * MIN;
    const from = Math.max(Date.parse(startIso), dayStart);
    const to = Math.min(Date.parse(endIso), dayStart + (close - open) * MIN);
    if (to <= from) return null;
    const first = Math.floor((from - dayStart) / MIN / CELL);
    const last = Math.ceil((to - dayStart) / MIN / CELL);
    return { gridRow: `${first + 2} / ${last + 2}` };
  };

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
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
        data-testid="calendar-scroll"
      >
        <div
          role="group"
          aria-label={`${deviceName ?? '仪器'} 一周预约`}
          className="grid min-w-[760px] text-xs"
          style={{
            gridTemplateColumns: '3.5rem repeat(7, minmax(6.5rem, 1fr))',
            gridTemplateRows: `2.5rem repeat(${rows}, 1.75rem)`,
          }}
        >
          <div className="sticky left-0 z-20 border-b border-slate-200 bg-slate-50" />
          {days.map((d, i) => {
            const closed = settings?.closed_weekdays.includes(weekdayOf(d));
            const today = d === shanghaiDate(Date.now());
            return (
              <div
                key={d}
                style={{ gridColumn: i + 2, gridRow: 1 }}
                className={`border-b border-l border-slate-200 px-1.5 py-1 text-center ${today ? 'bg-brand-50 font-semibold text-brand-700' : 'bg-slate-50'}`}
              >
                <span className="block">{WEEKDAY[weekdayOf(d)]}</span>
                <span className="text-slate-500">
                  {d.slice(5)}
                  {closed && ' 休'}
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
          {days.map((d, i) =>
            Array.from({ length: rows }, (_, r) => (
              <div
                key={`${d}-${r}`}
                aria-hidden="true"
                style={{ gridColumn: i + 2, gridRow: r + 2 }}
                className={`border-b border-l border-slate-100 ${settings?.closed_weekdays.includes(weekdayOf(d)) ? 'bg-slate-50' : ''}`}
              />
            )),
          )}
          {days.flatMap((d, i) =>
            blocks.map((b) => {
              const at = place(d, b.start, b.end);
              return at ? (
                <div
                  key={`${b.rid}-${d}`}
                  role="note"
                  data-block={b.rid}
                  style={{ ...at, gridColumn: i + 2 }}
                  className="bg-[repeating-linear-gradient(45deg,#f1f5f9_0_6px,#e2e8f0_6px_12px)] z-[1] m-px overflow-hidden rounded border border-slate-300 px-1 text-slate-600"
                  title={`${b.kind_text}：${b.reason}`}
                >
                  {b.kind_text} · {b.reason}
                </div>
              ) : null;
            }),
          )}
          {bookings &&
            days.flatMap((d, i) =>
              bookings.map((b) => {
                const at = shanghaiDate(Date.parse(b.start)) === d && place(d, b.start, b.end);
                if (!at) return null;
                const label = `${shanghaiMinute(b.start).slice(11)}–${shanghaiMinute(b.end).slice(11)} ${b.customer.name || b.customer.phone} ${b.status_text}`;
                return (
                  <button
                    key={b.rid}
                    type="button"
                    data-booking={b.rid}
                    aria-label={`预约 ${d} ${label}`}
                    aria-pressed={picked?.rid === b.rid}
                    onClick={() => onPick(b)}
                    style={{ ...at, gridColumn: i + 2 }}
                    className={`z-10 m-px overflow-hidden rounded border px-1 text-left leading-tight ${TONE[b.status] ?? TONE.done} ${picked?.rid === b.rid ? 'ring-2 ring-brand-500' : ''}`}
                  >
                    <span className="block font-medium tabular-nums">
                      {shanghaiMinute(b.start).slice(11)}–{shanghaiMinute(b.end).slice(11)}
                    </span>
                    <span className="block truncate">{b.customer.name || b.customer.phone}</span>
                    <span className="block truncate">{b.status_text}</span>
                  </button>
                );
              }),
            )}
        </div>
      </div>
    </>
  );
}
