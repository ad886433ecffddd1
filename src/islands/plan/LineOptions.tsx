// The options of one plan line (spec section 3): test parameters, sample source (with the
// earlier order for source 0) and disposal. Shared by the detail page's 加入实验计划 and the
// plan page's per-line editor; controlled, the owner decides when to save.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { api } from '../../lib/client/api.ts';
import type { ItemOptions } from '../../lib/shared/catalogue/catalogue.ts';
import {
  DISPOSALS,
  SAMPLE_SOURCES,
  SAMPLE_SOURCE_TEXT,
  SOURCE_HISTORY,
  type Disposal,
  type Parameters,
  type SampleSource,
  DISPOSAL_KEEP,
} from '../../lib/shared/plan/plan-rules.ts';
import { disposalChoice } from '../../lib/shared/samples/disposal.ts';
import { useKeepDays } from '../ui/use-keep-days.ts';
import { inputClass } from '../ui/kit.tsx';
import { ordersApi } from '../../lib/shared/orders/api.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';

export type LineChoice = {
  parameters: Parameters;
  source: SampleSource;
  disposal: Disposal;
  source_order_rid: string;
};

/** A labelled group of choices laid out as chips (native radios, so keyboard and screen readers work). */
function ChipGroup<T extends string | number>({
  legend,
  required,
  value,
  options,
  onChange,
  disabled,
  children,
}: {
  legend: string;
  required?: boolean;
  value: T | '';
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const name = useId();
  return (
    <fieldset className="grid gap-1.5 sm:grid-cols-[6rem_minmax(0,1fr)] sm:gap-3" disabled={disabled}>
      <legend className="contents">
        <span className="text-sm text-slate-500 sm:pt-1.5">
          {legend}
          {required && (
            <span aria-hidden="true" className="ml-0.5 text-red-500">
              *
            </span>
          )}
        </span>
      </legend>
      <div className="min-w-0">
        <div className="flex flex-wrap gap-1.5">
          {options.map((o) => {
            const on = value === o.value;
            return (
              <label
                key={String(o.value)}
                className={`inline-flex min-h-8 cursor-pointer items-center rounded-md border px-2.5 py-1 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-200 ${
                  on
                    ? 'border-brand-500 bg-brand-50 font-medium text-brand-700'
                    : 'border-slate-200 bg-white text-slate-600 hover:border-brand-300'
                }`}
              >
                <input
                  type="radio"
                  name={name}
                  className="sr-only"
                  checked={on}
                  onChange={() => onChange(o.value)}
                />
                {o.label}
              </label>
            );
          })}
        </div>
        {children}
      </div>
    </fieldset>
  );
}

type HistoryOrder = OutputOf<typeof ordersApi.history>['list'][number];

/** The user's finished orders that keep a sample (order/history4user), loaded when asked. */
function useHistoryOrders(enabled: boolean): HistoryOrder[] | null {
  const [list, setList] = useState<HistoryOrder[] | null>(null);
  useEffect(() => {
    if (!enabled || list) return;
    let live = true;
    void api.call(ordersApi.history, { page: 1, size: 50 }).then((data) => {
      if (live) setList(data?.list ?? []);
    });
    return () => {
      live = false;
    };
  }, [enabled, list]);
  return list;
}

const SOURCE_OPTIONS = SAMPLE_SOURCES.map((v) => ({ value: v, label: SAMPLE_SOURCE_TEXT[v] }));

export default function LineOptions({
  options,
  value,
  onChange,
  loggedIn,
  disabled,
  sample = true,
}: {
  options: ItemOptions;
  value: LineChoice;
  onChange: (patch: Partial<LineChoice>) => void;
  /** Source 0 needs the user's past orders: only asked for when logged in. */
  loggedIn: boolean;
  disabled?: boolean;
  /** False for data analysis: no sample source or disposal, the data files are asked for instead. */
  sample?: boolean;
}) {
  const history = useHistoryOrders(sample && loggedIn && value.source === SOURCE_HISTORY);
  const historyId = useId();
  const keepDays = useKeepDays();

  return (
    <div className="grid gap-3">
      {options.parameters.map((p) =>
        p.choices.length > 0 ? (
          <ChipGroup
            key={p.name}
            legend={p.name}
            required={p.required}
            value={value.parameters[p.name] ?? ''}
            options={[
              ...(p.required ? [] : [{ value: '', label: '不需要' }]),
              ...p.choices.map((c) => ({ value: c, label: c })),
            ]}
            disabled={disabled}
            onChange={(choice) => {
              const next = { ...value.parameters };
              if (choice) next[p.name] = choice;
              else delete next[p.name];
              onChange({ parameters: next });
            }}
          />
        ) : (
          <label key={p.name} className="grid gap-1.5 sm:grid-cols-[6rem_minmax(0,1fr)] sm:gap-3">
            <span className="text-sm text-slate-500 sm:pt-2">
              {p.name}
              {p.required && <span className="ml-0.5 text-red-500">*</span>}
            </span>
            <input
              className={inputClass}
              value={value.parameters[p.name] ?? ''}
              maxLength={200}
              disabled={disabled}
              onChange={(e) => onChange({ parameters: { ...value.parameters, [p.name]: e.target.value } })}
            />
          </label>
        ),
      )}

      {!sample ? (
        <p className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-700">
          数据分析项目无需寄送样品，也不安排上门取样：下单后请在订单详情中上传待分析的数据文件，并在备注中说明分析要求。
        </p>
      ) : (
        <>
          <ChipGroup
            legend="样品来源"
            required
            value={value.source}
            options={SOURCE_OPTIONS}
            disabled={disabled}
            onChange={(source) =>
              onChange({ source, ...(source === SOURCE_HISTORY ? {} : { source_order_rid: '' }) })
            }
          >
            {value.source === SOURCE_HISTORY && (
              <div className="mt-2">
                {!loggedIn ? (
                  <p className="text-xs text-slate-500">登录后可选择留有样品的历史订单</p>
                ) : history === null ? (
                  <p className="text-xs text-slate-400">正在读取历史订单…</p>
                ) : history.length === 0 ? (
                  <p className="rounded-md bg-hot-50 px-3 py-2 text-xs text-hot-600">
                    暂无可复用的留样订单：只有已完成、且样品处理选择“{disposalChoice(DISPOSAL_KEEP).label}
                    ”的订单才能复用样品
                  </p>
                ) : (
                  <>
                    <label htmlFor={historyId} className="sr-only">
                      历史订单
                    </label>
                    <select
                      id={historyId}
                      className={inputClass}
                      value={value.source_order_rid}
                      disabled={disabled}
                      onChange={(e) => onChange({ source_order_rid: e.target.value })}
                    >
                      <option value="">请选择留样的历史订单</option>
                      {history.map((h) => (
                        <option key={h.rid} value={h.rid}>
                          {h.order_no}（{h.items.map((i) => `${i.name}×${i.sample_count}`).join('、')}）
                        </option>
                      ))}
                    </select>
                  </>
                )}
              </div>
            )}
          </ChipGroup>

          <fieldset className="grid gap-1.5 sm:grid-cols-[6rem_minmax(0,1fr)] sm:gap-3" disabled={disabled}>
            <legend className="contents">
              <span className="text-sm text-slate-500 sm:pt-1.5">
                样品处理
                <span aria-hidden="true" className="ml-0.5 text-red-500">
                  *
                </span>
              </span>
            </legend>
            <div className="grid gap-1.5">
              {DISPOSALS.map((d) => {
                const on = value.disposal === d;
                const choice = disposalChoice(d, keepDays);
                return (
                  <label
                    key={d}
                    className={`flex cursor-pointer items-start gap-2 rounded-md border px-3 py-2 text-sm transition-colors ${
                      on ? 'border-brand-500 bg-brand-50' : 'border-slate-200 bg-white hover:border-brand-300'
                    }`}
                  >
                    <input
                      type="radio"
                      name={`${historyId}-disposal`}
                      className="mt-1 accent-brand-600"
                      checked={on}
                      onChange={() => onChange({ disposal: d })}
                      aria-describedby={`${historyId}-d${d}`}
                    />
                    <span className="min-w-0">
                      <span className={on ? 'font-medium text-brand-700' : 'text-slate-700'}>
                        {choice.label}
                      </span>
                      <span id={`${historyId}-d${d}`} className="block text-xs text-slate-500">
                        {choice.note}
                      </span>
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        </>
      )}
    </div>
  );
}

/** The first problem with a choice before it is sent, or null (the server checks again). */
export function choiceProblem(options: ItemOptions, value: LineChoice, sample = true): string | null {
  for (const p of options.parameters)
    if (p.required && !value.parameters[p.name]?.trim()) return `请选择[${p.name}]`;
  if (sample && value.source === SOURCE_HISTORY && !value.source_order_rid) return '请选择留样的历史订单';
  return null;
}
