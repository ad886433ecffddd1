import { useEffect, useState } from 'react';
import { consoleApi, staffAction } from '../session.ts';
import { button, Field, input } from '../ui.tsx';
import { reservationsAdminApi } from '../../lib/shared/reservations/api.ts';
import {
  DEFAULT_RESERVATION_SETTINGS,
  type ReservationSettings,
} from '../../lib/shared/reservations/reservation-rules.ts';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0].map((d) => ({ d, label: `周${'日一二三四五六'[d]}` }));

/** Open and close times and the open weekdays, as a fieldset (the lab's here, an instrument's in its form). */
export function HoursFields({
  value,
  onChange,
  disabled,
}: {
  value: Pick<ReservationSettings, 'open' | 'close' | 'closed_weekdays'>;
  onChange: (v: Pick<ReservationSettings, 'open' | 'close' | 'closed_weekdays'>) => void;
  disabled?: boolean;
}) {
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <Field label="开放时间">
          <input
            type="time"
            step={1800}
            className={input}
            disabled={disabled}
            value={value.open}
            onChange={(e) => onChange({ ...value, open: e.target.value })}
          />
        </Field>
        <Field label="结束时间">
          <input
            type="time"
            step={1800}
            className={input}
            disabled={disabled}
            value={value.close}
            onChange={(e) => onChange({ ...value, close: e.target.value })}
          />
        </Field>
      </div>
      <fieldset className="flex flex-wrap gap-3 text-sm" disabled={disabled}>
        <legend className="mb-1 text-sm font-medium text-slate-700">开放日</legend>
        {WEEKDAYS.map(({ d, label }) => (
          <label key={d} className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={!value.closed_weekdays.includes(d)}
              onChange={(e) =>
                onChange({
                  ...value,
                  closed_weekdays: e.target.checked
                    ? value.closed_weekdays.filter((x) => x !== d)
                    : [...value.closed_weekdays, d],
                })
              }
            />
            {label}
          </label>
        ))}
      </fieldset>
    </>
  );
}

/** The lab's opening hours and cancellation deadline, for every instrument without its own. */
export default function HoursForm({ editor }: { editor: boolean }) {
  const [value, setValue] = useState<ReservationSettings>(DEFAULT_RESERVATION_SETTINGS);
  const [error, setError] = useState('');
  useEffect(
    () => void consoleApi.call(reservationsAdminApi.settingGet, {}).then((s) => s && setValue(s)),
    [],
  );
  return (
    <section
      aria-labelledby="hours-title"
      className="max-w-xl rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="hours-title" className="mb-1 text-base font-semibold">
        开放时间与取消期限
      </h2>
      <p className="mb-3 text-sm text-slate-500">适用于所有仪器；单台仪器可在「仪器设备」中另行设置。</p>
      <form
        className="grid gap-3"
        onSubmit={async (e) => {
          e.preventDefault();
          setError(
            (await staffAction(reservationsAdminApi.settingUpdate, value, '已保存', () => null)) ?? '',
          );
        }}
      >
        <HoursFields value={value} onChange={(v) => setValue({ ...value, ...v })} disabled={!editor} />
        <Field label="取消期限（开始前多少小时内客户不能自行取消）">
          <input
            className={input}
            inputMode="numeric"
            disabled={!editor}
            value={String(value.cancel_hours)}
            onChange={(e) => setValue({ ...value, cancel_hours: Number(e.target.value) || 0 })}
          />
        </Field>
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-600">
            {error}
          </p>
        )}
        {editor && (
          <div>
            <button type="submit" className={button.primary}>
              保存
            </button>
          </div>
        )}
      </form>
    </section>
  );
}
