import { useEffect, useId, useRef, useState } from 'react';
import { inputClass } from '../ui/kit.tsx';
import { limitTo, loadAreas, type Areas, type Division } from './data.ts';

export type RegionValue = { province: string; city: string; area: string; address_code: string };

export type RegionPickerProps = {
  value: RegionValue | null;
  onChange: (value: RegionValue) => void;
  /** Accessible name of the trigger (the visible label is the caller's <label htmlFor={id}>). */
  id?: string;
  placeholder?: string;
  /** District codes the user may choose from; provinces and cities without one are hidden. */
  allowed?: readonly string[];
  disabled?: boolean;
};

type Level = 0 | 1 | 2;
const LEVEL_NAMES = ['省份', '城市', '区县'] as const;

const regionText = (v: RegionValue | null) =>
  v && v.province ? [v.province, v.city, v.area].filter(Boolean).join(' / ') : '';

/**
 * Province → city → district, one level at a time (tabs show the path so far). The panel opens in
 * the page flow under the trigger rather than floating, so a dialog's scroll area never clips it.
 */
export default function RegionPicker({
  value,
  onChange,
  id,
  placeholder = '请选择省 / 市 / 区',
  allowed,
  disabled,
}: RegionPickerProps) {
  const auto = useId();
  const triggerId = id ?? auto;
  const panelId = `${triggerId}-panel`;
  const [open, setOpen] = useState(false);
  const [areas, setAreas] = useState<Areas | null>(null);
  const [failed, setFailed] = useState(false);
  const [level, setLevel] = useState<Level>(0);
  const [province, setProvince] = useState<Division | null>(null);
  const [city, setCity] = useState<Division | null>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open || areas) return;
    let live = true;
    loadAreas()
      .then((a) => live && setAreas(a))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [open, areas]);

  // Reopening starts from the current value's path, so a small change is one click away.
  useEffect(() => {
    if (!open || !areas) return;
    const code = value?.address_code ?? '';
    const p = code ? areas.provinces.find((d) => d.code.slice(0, 2) === code.slice(0, 2)) : undefined;
    const c = p
      ? areas.cities.get(p.code.slice(0, 2))?.find((d) => d.code.slice(0, 4) === code.slice(0, 4))
      : undefined;
    setProvince(p ?? null);
    setCity(c ?? null);
    setLevel(c ? 2 : 0);
    // Only when the panel opens (or the data arrives), not on every value change.
  }, [open, areas]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const options: Division[] = !areas
    ? []
    : level === 0
      ? limitTo(areas.provinces, allowed, 2)
      : level === 1
        ? limitTo(areas.cities.get(province!.code.slice(0, 2)) ?? [], allowed, 4)
        : limitTo(areas.districts.get(city!.code.slice(0, 4)) ?? [], allowed, 6);

  function pick(d: Division) {
    if (level === 0) {
      setProvince(d);
      setCity(null);
      setLevel(1);
    } else if (level === 1) {
      setCity(d);
      setLevel(2);
    } else {
      onChange({ province: province!.name, city: city!.name, area: d.name, address_code: d.code });
      setOpen(false);
    }
  }

  const tabs: { level: Level; text: string }[] = [
    { level: 0, text: province?.name ?? '请选择' },
    ...(province ? [{ level: 1 as Level, text: city?.name ?? '请选择' }] : []),
    ...(city ? [{ level: 2 as Level, text: '请选择' }] : []),
  ];
  const chosen = level === 0 ? province : level === 1 ? city : null;
  const text = regionText(value);

  return (
    <div
      ref={root}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          e.preventDefault();
          setOpen(false);
        }
      }}
    >
      <button
        id={triggerId}
        type="button"
        disabled={disabled}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className={`${inputClass} flex items-center justify-between gap-2 text-left`}
      >
        <span className={text ? 'truncate text-slate-900' : 'truncate text-slate-400'}>
          {text || placeholder}
        </span>
        <svg
          aria-hidden="true"
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          className={`shrink-0 text-slate-400 transition-transform ${open ? 'rotate-180' : ''}`}
        >
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      {open && (
        <div id={panelId} className="mt-2 rounded-lg border border-slate-200 bg-white shadow-sm">
          <div className="flex gap-1 overflow-x-auto border-b border-slate-100 px-2" role="tablist">
            {tabs.map((t) => (
              <button
                key={t.level}
                type="button"
                role="tab"
                aria-selected={t.level === level}
                onClick={() => setLevel(t.level)}
                className="shrink-0 border-b-2 border-transparent px-3 py-2 text-sm text-slate-600 aria-selected:border-brand-600 aria-selected:font-semibold aria-selected:text-brand-700"
              >
                {t.text}
              </button>
            ))}
          </div>
          <div
            role="group"
            aria-label={`选择${LEVEL_NAMES[level]}`}
            className="grid max-h-56 grid-cols-2 gap-1 overflow-y-auto p-2 sm:grid-cols-4"
          >
            {!areas && !failed && (
              <p className="col-span-full py-6 text-center text-sm text-slate-400">加载中…</p>
            )}
            {failed && (
              <p className="col-span-full py-6 text-center text-sm text-red-600">
                地区数据加载失败，请稍后重试
              </p>
            )}
            {areas && options.length === 0 && (
              <p className="col-span-full py-6 text-center text-sm text-slate-400">暂无可选地区</p>
            )}
            {options.map((d) => (
              <button
                key={d.code}
                type="button"
                onClick={() => pick(d)}
                aria-pressed={chosen?.code === d.code || (level === 2 && value?.address_code === d.code)}
                className="truncate rounded-md px-2 py-1.5 text-left text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-700 aria-pressed:bg-brand-50 aria-pressed:font-semibold aria-pressed:text-brand-700"
              >
                {d.name}
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
