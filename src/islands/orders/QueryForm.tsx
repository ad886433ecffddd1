// The conditions of /member/oquery (OrderQuery): order number, item keyword, status and the
// created-date range.
import type { FormEvent } from 'react';
import DatePicker from '../ui/DatePicker.tsx';
import { Spinner, inputClass } from '../ui/kit.tsx';
import { ORDER_STATUSES, statusFilterText } from '../../lib/shared/orders/order-status.ts';

export type Query = { order_no: string; keyword: string; status: string; date_from: string; date_to: string };
export const EMPTY: Query = { order_no: '', keyword: '', status: '', date_from: '', date_to: '' };

/** The search form; the caller checks the conditions on submit. */
export function QueryForm({
  form,
  searching,
  onField,
  onSubmit,
  onReset,
}: {
  form: Query;
  searching: boolean;
  onField: (k: keyof Query) => (v: string) => void;
  onSubmit: (e: FormEvent) => void;
  onReset: () => void;
}) {
  return (
    <form onSubmit={onSubmit} aria-label="订单查询条件" className="card grid gap-4 p-4 md:p-5" noValidate>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <Field label="订单号" htmlFor="oq-no">
          <input
            id="oq-no"
            className={inputClass}
            value={form.order_no}
            maxLength={32}
            placeholder="如 LP2026…"
            onChange={(e) => onField('order_no')(e.target.value)}
          />
        </Field>
        <Field label="检测项目" htmlFor="oq-kw">
          <input
            id="oq-kw"
            className={inputClass}
            value={form.keyword}
            maxLength={64}
            placeholder="项目名称关键词"
            onChange={(e) => onField('keyword')(e.target.value)}
          />
        </Field>
        <Field label="订单状态" htmlFor="oq-status">
          <select
            id="oq-status"
            className={inputClass}
            value={form.status}
            onChange={(e) => onField('status')(e.target.value)}
          >
            <option value="">全部状态</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusFilterText(s)}
              </option>
            ))}
          </select>
        </Field>
        <Field label="下单日期" htmlFor="oq-from" wide>
          <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-2">
            <DatePicker
              clearable
              id="oq-from"
              label="开始日期"
              value={form.date_from}
              onChange={onField('date_from')}
              placeholder="开始日期"
            />
            <span className="text-sm text-slate-400">至</span>
            <DatePicker
              clearable
              id="oq-to"
              label="结束日期"
              value={form.date_to}
              onChange={onField('date_to')}
              placeholder="结束日期"
            />
          </div>
        </Field>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-ghost" onClick={onReset}>
          重置
        </button>
        <button type="submit" className="btn-primary min-w-24" disabled={searching}>
          {searching && <Spinner />} 查询
        </button>
      </div>
    </form>
  );
}

function Field({
  label,
  htmlFor,
  wide,
  children,
}: {
  label: string;
  htmlFor: string;
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={`grid gap-1.5 ${wide ? 'sm:col-span-2 xl:col-span-3 xl:max-w-xl' : ''}`}>
      <label htmlFor={htmlFor} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}
