// 从 … 至 …: a list filtered by Shanghai dates on a column's instant, for list APIs that take no dates.
import { button, inputBase } from './ui.tsx';
import { shanghaiDate } from '../lib/shared/time.ts';

/** Shanghai dates (YYYY-MM-DD), either end open. */
export type DateRange = { from: string; to: string };
export const NO_DATE_RANGE: DateRange = { from: '', to: '' };
export const isDateRangeSet = (r: DateRange) => Boolean(r.from || r.to);

/** Whether an instant falls on a Shanghai date within the range (both ends included). */
export function inDateRange(iso: string | null | undefined, range: DateRange): boolean {
  if (!isDateRangeSet(range)) return true;
  if (!iso) return false;
  const day = shanghaiDate(new Date(iso));
  return (!range.from || day >= range.from) && (!range.to || day <= range.to);
}

/** A date range's two inputs share a phone's line; on a wider screen they are filter-sized. */
const rangeInput = `${inputBase} min-w-0 flex-1 sm:w-44 sm:flex-none`;

/** 从 … 至 … over a list's time column. */
export function DateRangeFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: DateRange;
  onChange: (r: DateRange) => void;
}) {
  return (
    <div
      className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-600"
      role="group"
      aria-label={label}
    >
      <span className="w-full sm:w-auto">{label}</span>
      <input
        type="date"
        className={rangeInput}
        aria-label={`${label}从`}
        value={value.from}
        max={value.to || undefined}
        onChange={(e) => onChange({ ...value, from: e.target.value })}
      />
      <span>至</span>
      <input
        type="date"
        className={rangeInput}
        aria-label={`${label}至`}
        value={value.to}
        min={value.from || undefined}
        onChange={(e) => onChange({ ...value, to: e.target.value })}
      />
      {isDateRangeSet(value) && (
        <button type="button" className={button.link} onClick={() => onChange(NO_DATE_RANGE)}>
          清除日期
        </button>
      )}
    </div>
  );
}
