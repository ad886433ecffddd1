import { useEffect, useId, useState } from 'react';

/**
 * A number stepper (− value +) for sample counts. The typed value is committed on blur or
 * Enter, clamped to [min, max]; the buttons commit at once.
 */
export default function Stepper({
  label,
  value,
  min,
  max,
  onChange,
  disabled,
  unit = '个',
}: {
  /** The input's accessible name (e.g. 样品数量 or 「XRD」样品数量). */
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  unit?: string;
}) {
  const id = useId();
  const [text, setText] = useState(String(value));
  // Back to the owner's value when it changes, and when a save ends (a refused save keeps it).
  useEffect(() => setText(String(value)), [value, disabled]);

  const commit = (raw: number) => {
    const next = Math.min(max, Math.max(min, Number.isFinite(raw) ? Math.round(raw) : value));
    setText(String(next));
    if (next !== value) onChange(next);
  };
  const btn =
    'grid size-9 place-items-center text-lg leading-none text-slate-600 transition-colors hover:bg-slate-50 ' +
    'hover:text-brand-700 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent';

  return (
    <span className="inline-flex items-center gap-2">
      <span className="inline-flex items-center overflow-hidden rounded-lg border border-slate-300 bg-white">
        <button
          type="button"
          className={btn}
          aria-label={`减少${label}`}
          disabled={disabled || value <= min}
          onClick={() => commit(value - 1)}
        >
          −
        </button>
        <input
          id={id}
          aria-label={label}
          inputMode="numeric"
          className="h-9 w-12 border-x border-slate-200 text-center text-sm tabular-nums text-slate-900 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:bg-slate-50"
          value={text}
          disabled={disabled}
          onChange={(e) => setText(e.target.value.replace(/[^\d]/g, ''))}
          onBlur={() => commit(Number(text))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit(Number(text));
            }
          }}
        />
        <button
          type="button"
          className={btn}
          aria-label={`增加${label}`}
          disabled={disabled || value >= max}
          onClick={() => commit(value + 1)}
        >
          +
        </button>
      </span>
      {unit && <span className="text-sm text-slate-500">{unit}</span>}
    </span>
  );
}
