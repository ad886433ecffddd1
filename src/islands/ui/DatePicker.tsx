import { useEffect, useRef } from 'react';
import flatpickr from 'flatpickr';
import { Mandarin } from 'flatpickr/dist/l10n/zh.js';
import type { Instance } from 'flatpickr/dist/types/instance';
// As a URL, linked when a calendar first mounts: imported as CSS, Astro would inline it in every
// page. The brand colours for it are in src/styles/global.css.
import flatpickrCss from 'flatpickr/dist/flatpickr.min.css?url';
import { inputClass } from './kit.tsx';

type Props = {
  id: string;
  /** YYYY-MM-DD, or '' for none. */
  value: string;
  onChange: (date: string) => void;
  placeholder?: string;
  /** The accessible name when no <label for> names the input. */
  label?: string;
  name?: string;
  /** Shows a × that clears the date (a filter); otherwise a calendar icon. */
  clearable?: boolean;
  /** The first and last days that can be picked (Date or YYYY-MM-DD). */
  minDate?: Date | string;
  maxDate?: Date | string;
  /** Days that cannot be picked (greyed out), as YYYY-MM-DD. */
  isDisabled?: (date: string) => boolean;
  /** The calendar is rebuilt when one of these changes (the rules behind isDisabled). */
  rules?: readonly unknown[];
};

function linkFlatpickrStylesheet() {
  if (document.querySelector('link[data-flatpickr]')) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = flatpickrCss;
  link.dataset.flatpickr = '';
  document.head.append(link);
}

/**
 * Inside a modal <dialog> (the top layer) a calendar appended to <body> would sit underneath and
 * be inert, so it goes into the dialog and is placed against the viewport with position: fixed.
 */
function placeInDialog(fp: Instance) {
  const box = fp.input.getBoundingClientRect();
  const cal = fp.calendarContainer;
  const height = cal.offsetHeight;
  const above = window.innerHeight - box.bottom < height + 8 && box.top > height + 8;
  cal.style.position = 'fixed';
  cal.style.top = `${above ? box.top - height - 4 : box.bottom + 4}px`;
  cal.style.left = `${Math.max(8, Math.min(box.left, window.innerWidth - cal.offsetWidth - 8))}px`;
  cal.style.right = 'auto';
  cal.classList.toggle('arrowTop', !above);
  cal.classList.toggle('arrowBottom', above);
}

/**
 * The one date input of the site: a flatpickr calendar in Chinese that cannot be typed into (the
 * native mobile picker is off, as it would ignore disabled days). Used by order search filters
 * and the pickup date.
 */
export default function DatePicker({
  id,
  value,
  onChange,
  placeholder = '选择日期',
  label,
  name,
  clearable = false,
  minDate,
  maxDate,
  isDisabled,
  rules = [],
}: Props) {
  const input = useRef<HTMLInputElement>(null);
  const fp = useRef<Instance | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const isDisabledRef = useRef(isDisabled);
  isDisabledRef.current = isDisabled;

  useEffect(() => {
    const el = input.current;
    if (!el) return;
    linkFlatpickrStylesheet();
    const dialog = el.closest('dialog');
    const instance = flatpickr(el, {
      locale: Mandarin,
      dateFormat: 'Y-m-d',
      disableMobile: true,
      allowInput: false,
      clickOpens: true,
      minDate,
      maxDate,
      defaultDate: value || undefined,
      // flatpickr hands over local midnight; formatDate keeps the calendar day the user clicked.
      disable: isDisabledRef.current
        ? [(d: Date) => isDisabledRef.current?.(flatpickr.formatDate(d, 'Y-m-d')) ?? false]
        : [],
      appendTo: dialog ?? undefined,
      position: dialog ? (self) => placeInDialog(self) : 'auto',
      onChange: (_dates, dateStr) => onChangeRef.current(dateStr),
    }) as Instance;
    fp.current = instance;
    return () => {
      instance.destroy();
      fp.current = null;
    };
    // Rebuilt only when the rules change; the value follows below without a rebuild.
  }, rules);

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
        name={name}
        readOnly
        aria-label={label}
        placeholder={placeholder}
        className={`${inputClass} cursor-pointer pr-10`}
        autoComplete="off"
      />
      {clearable && value ? (
        <button
          type="button"
          aria-label={`清除${label ?? '日期'}`}
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
