import { useCallback, useEffect, useState } from 'react';
import TempDeviceForm from './TempDeviceForm.tsx';
import type { TempDevice } from './types.ts';
import { api } from '../../lib/client/api.ts';
import { reservationsApi } from '../../lib/shared/reservations/api.ts';

const STATUS_STYLE: Record<string, string> = {
  pending: 'text-hot-600',
  approved: 'text-accent-700',
  rejected: 'text-slate-400',
};

/**
 * The booking form's "自带设备": the user's registered equipment as checkboxes (rejected ones left
 * out, ones attached to another upcoming booking disabled), and a way to register a new one.
 */
export default function TempDevicePicker({
  value,
  onChange,
}: {
  value: string[];
  onChange: (rids: string[]) => void;
}) {
  const [list, setList] = useState<TempDevice[] | null>(null);
  /** Reservations still to come: equipment attached to one of them is busy (decision 0012). */
  const [upcoming, setUpcoming] = useState<Set<string>>(new Set());
  const [adding, setAdding] = useState(false);

  const load = useCallback(async () => {
    const [devices, reservations] = await Promise.all([
      api.call(reservationsApi.tempDeviceList, { page: 1, size: 50 }, { silent: true }),
      api.call(reservationsApi.list, { scope: 'upcoming', page: 1, size: 50 }, { silent: true }),
    ]);
    setList(devices?.list ?? []);
    setUpcoming(new Set((reservations?.list ?? []).map((r) => r.rid)));
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const usable = (list ?? []).filter((d) => d.status !== 'rejected');
  const busy = (d: TempDevice) => d.reservation_rid !== null && upcoming.has(d.reservation_rid);
  const toggle = (rid: string) =>
    onChange(value.includes(rid) ? value.filter((r) => r !== rid) : [...value, rid]);

  return (
    <fieldset className="mt-4 grid gap-2">
      <legend className="mb-1.5 flex w-full items-center justify-between text-sm font-medium text-slate-700">
        自带设备
        <button
          type="button"
          className="text-sm font-normal text-brand-600 hover:underline"
          onClick={() => setAdding(true)}
        >
          + 登记设备
        </button>
      </legend>
      {usable.length === 0 ? (
        <p className="text-xs text-slate-400">需使用自己的设备或附件时请先登记（选填）。</p>
      ) : (
        <ul className="grid gap-1.5">
          {usable.map((d) => (
            <li key={d.rid}>
              <label
                className={`flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm ${
                  busy(d)
                    ? 'cursor-not-allowed bg-slate-50 opacity-60'
                    : 'cursor-pointer hover:border-brand-300'
                }`}
                title={busy(d) ? '已关联其他预约' : undefined}
              >
                <input
                  type="checkbox"
                  checked={value.includes(d.rid)}
                  disabled={busy(d)}
                  onChange={() => toggle(d.rid)}
                  className="accent-brand-600"
                />
                <span className="min-w-0 flex-1 truncate text-slate-800">
                  {d.name}
                  {d.model && <span className="text-slate-400"> · {d.model}</span>}
                </span>
                <span className={`shrink-0 text-xs ${STATUS_STYLE[d.status] ?? 'text-slate-500'}`}>
                  {busy(d) ? '已关联其他预约' : d.status_text}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <TempDeviceForm
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(d) => {
          onChange([...value, d.rid]);
          void load();
        }}
      />
    </fieldset>
  );
}
