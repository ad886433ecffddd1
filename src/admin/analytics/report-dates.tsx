// The date range every analytics report runs over: both ends required, the first never after the last.
import { filterInput } from '../ui.tsx';

/** Two date inputs, labelled 「{label}从」 and 「至」, inside the report's filter bar. */
export function ReportDates({
  label,
  from,
  to,
  setFrom,
  setTo,
}: {
  label: string;
  from: string;
  to: string;
  setFrom: (d: string) => void;
  setTo: (d: string) => void;
}) {
  return (
    <>
      <label className="text-sm text-slate-600">
        {label}从
        <input
          type="date"
          className={`${filterInput} mt-1 block`}
          value={from}
          max={to}
          onChange={(e) => e.target.value && setFrom(e.target.value)}
        />
      </label>
      <label className="text-sm text-slate-600">
        至
        <input
          type="date"
          className={`${filterInput} mt-1 block`}
          value={to}
          min={from}
          onChange={(e) => e.target.value && setTo(e.target.value)}
        />
      </label>
    </>
  );
}
