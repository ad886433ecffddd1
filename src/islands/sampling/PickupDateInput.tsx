import { useEffect, useRef } from 'react';
import flatpickr from 'flatpickr';
import { linkFlatpickrStylesheet } from '../ui/flatpickr-stylesheet.ts';
import { Mandarin } from 'flatpickr/dist/l10n/zh.js';
import type { Instance } from 'flatpickr/dist/types/instance';
import { inputClass } from '../member/ui.tsx';
import { isPickupDateDisabled, pickupDateBounds } from '../../lib/shared/pickup-dates.ts';
import type { SamplingSetting } from '../../lib/shared/settings.ts';

type Props = {
  id: string;
  value: string;
  onChange: (date: string) => void;
  setting: SamplingSetting;
  sceneDate?: string | null;
  placeholder?: string;
};

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
 * The pickup date (spec section 5): a flatpickr calendar in Chinese that cannot be typed into or
 * cleared; days the shared rule refuses (past, beyond six months, disabled weekdays and dates,
 * on or after the scene date) are greyed out and cannot be clicked.
 */
export default function PickupDateInput({
  id,
  value,
  onChange,
  setting,
  sceneDate,
  placeholder = '请选择取样日期',
}: Props) {
  const input = useRef<HTMLInputElement>(null);
  const fp = useRef<Instance | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const el = input.current;
    if (!el) return;
    linkFlatpickrStylesheet();
    const dialog = el.closest('dialog');
    const today = new Date();
    const { minDate, maxDate } = pickupDateBounds(today);
    const instance = flatpickr(el, {
      locale: Mandarin,
      dateFormat: 'Y-m-d',
      disableMobile: true, // the native picker would ignore the disabled days
      allowInput: false,
      clickOpens: true,
      minDate,
      maxDate,
      defaultDate: value || undefined,
      // flatpickr hands over local midnight; formatDate keeps the calendar day the user clicked.
      disable: [
        (d: Date) =>
          isPickupDateDisabled(flatpickr.formatDate(d, 'Y-m-d'), setting, {
            today,
            sceneDate: sceneDate ?? null,
          }),
      ],
      appendTo: dialog ?? undefined,
      position: dialog ? (self) => placeInDialog(self) : 'auto',
      onChange: (_dates, dateStr) => onChangeRef.current(dateStr),
    }) as Instance;
    fp.current = instance;
    return () => {
      instance.destroy();
      fp.current = null;
    };
    // The calendar is rebuilt when the rules change; the value follows below without a rebuild.
  }, [setting, sceneDate]);

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
        name="date"
        readOnly
        placeholder={placeholder}
        className={`${inputClass} cursor-pointer pr-10`}
        autoComplete="off"
      />
      <svg
        aria-hidden="true"
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-slate-400"
      >
        <rect x="3.5" y="5" width="17" height="15" rx="2" />
        <path d="M3.5 10h17M8 3v4M16 3v4" />
      </svg>
    </div>
  );
}
