import { useEffect, useRef } from 'react';
import flatpickr from 'flatpickr';
import { linkFlatpickrStylesheet } from '../ui/flatpickr-stylesheet.ts';
import { Mandarin } from 'flatpickr/dist/l10n/zh.js';
import type { Instance } from 'flatpickr/dist/types/instance';
import { inputClass } from '../member/ui.tsx';

/** A date (YYYY-MM-DD) on the flatpickr calendar in Chinese, with a button to clear it. */
export default function DateInput({
  id,
  label,
  value,
  onChange,
  placeholder = '选择日期',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (date: string) => void;
  placeholder?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const fp = useRef<Instance | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const el = input.current;
    if (!el) return;
    linkFlatpickrStylesheet();
    const instance = flatpickr(el, {
      locale: Mandarin,
      dateFormat: 'Y-m-d',
      disableMobile: true,
      allowInput: false,
      defaultDate: value || undefined,
      onChange: (_dates, dateStr) => onChangeRef.current(dateStr),
    }) as Instance;
    fp.current = instance;
    return () => {
      instance.destroy();
      fp.current = null;
    };
    // Built once; the value follows below.
  }, []);

  useEffect(() => {
    const instance = fp.current;
    if (!instance) return;
    const current = instance.selectedDates[0] ? instance.formatDate(instance.selectedDates[0], 'Y-m-d') : '';
    if (current !== value) instance.setDate(value || [], false);
  }, [value]);

  return (
    <div className="relative">
      <input
        ref={input}
        id={id}
        readOnly
        aria-label={label}
        placeholder={placeholder}
        className={`${inputClass} cursor-pointer pr-9`}
        autoComplete="off"
      />
      {value ? (
        <button
          type="button"
          aria-label={`清除${label}`}
          onClick={() => onChange('')}
          className="absolute top-1/2 right-2 flex size-6 -translate-y-1/2 items-center justify-center rounded-full text-slate-400 hover:bg-slate-100 hover:text-slate-600"
        >
          ×
        </button>
      ) : (
        <svg
          aria-hidden="true"
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-slate-400"
        >
          <rect x="3.5" y="5" width="17" height="15" rx="2" />
          <path d="M3.5 10h17M8 3v4M16 3v4" />
        </svg>
      )}
    </div>
  );
}
