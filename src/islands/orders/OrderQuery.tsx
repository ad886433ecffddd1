import { useEffect, useState, type FormEvent } from 'react';
import DatePicker from '../ui/DatePicker.tsx';
import OrderCard from './OrderCard.tsx';
import { useCancelOrder } from './cancel.ts';
import { Amount, detailHref, onOrderPaid, openPay, StatusBadge } from './parts.tsx';
import { canPay } from '../../lib/shared/orders/order-view.ts';
import { Pager, Spinner, inputClass } from '../ui/kit.tsx';
import { memberOnly } from '../ui/member-gate.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { toast } from '../../lib/client/toast.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import { ORDER_STATUSES, ORDER_STATUS_TEXT } from '../../lib/shared/orders/order-status.ts';
import { DATE_RANGE_REVERSED, orderListSchema } from '../../lib/shared/orders/order.ts';
import { ordersApi } from '../../lib/shared/orders/api.ts';

const PAGE_SIZE = 10;
type Query = { order_no: string; keyword: string; status: string; date_from: string; date_to: string };
const EMPTY: Query = { order_no: '', keyword: '', status: '', date_from: '', date_to: '' };

/** /member/oquery: the user's orders by number, item, status and created date (Shanghai). */
function OrderQuery() {
  const [form, setForm] = useState<Query>(EMPTY);
  const [query, setQuery] = useState<Query>(EMPTY);
  const {
    page,
    setPage,
    data,
    pages,
    reload,
    loading: searching,
  } = usePagedList(ordersApi.list, {
    size: PAGE_SIZE,
    filter: query,
  });

  useEffect(() => onOrderPaid(() => reload()), [reload]);
  const [confirmDialog, cancel, busy] = useCancelOrder(reload);

  const set = (k: keyof Query) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const next = {
      ...form,
      order_no: form.order_no.trim(),
      keyword: form.keyword.trim(),
    };
    if (next.date_from && next.date_to && next.date_from > next.date_to) {
      toast.error(DATE_RANGE_REVERSED);
      return;
    }
    const checked = orderListSchema.safeParse(next);
    if (!checked.success) {
      toast.error(checked.error.issues[0]?.message ?? '请检查查询条件');
      return;
    }
    // The same conditions again: search again from the first page.
    if (JSON.stringify(next) === JSON.stringify(query)) reload({ first: true });
    else setQuery(next);
  }

  function reset() {
    setForm(EMPTY);
    setQuery(EMPTY);
  }

  const filtered = Object.values(query).some(Boolean);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <form onSubmit={submit} aria-label="订单查询条件" className="card grid gap-4 p-4 md:p-5" noValidate>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          <Field label="订单号" htmlFor="oq-no">
            <input
              id="oq-no"
              className={inputClass}
              value={form.order_no}
              maxLength={32}
              placeholder="如 LP2026…"
              onChange={(e) => set('order_no')(e.target.value)}
            />
          </Field>
          <Field label="检测项目" htmlFor="oq-kw">
            <input
              id="oq-kw"
              className={inputClass}
              value={form.keyword}
              maxLength={64}
              placeholder="项目名称关键词"
              onChange={(e) => set('keyword')(e.target.value)}
            />
          </Field>
          <Field label="订单状态" htmlFor="oq-status">
            <select
              id="oq-status"
              className={inputClass}
              value={form.status}
              onChange={(e) => set('status')(e.target.value)}
            >
              <option value="">全部状态</option>
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {ORDER_STATUS_TEXT[s]}
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
                onChange={set('date_from')}
                placeholder="开始日期"
              />
              <span className="text-sm text-slate-400">至</span>
              <DatePicker
                clearable
                id="oq-to"
                label="结束日期"
                value={form.date_to}
                onChange={set('date_to')}
                placeholder="结束日期"
              />
            </div>
          </Field>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-ghost" onClick={reset}>
            重置
          </button>
          <button type="submit" className="btn-primary min-w-24" disabled={searching}>
            {searching && <Spinner />} 查询
          </button>
        </div>
      </form>

      <section aria-label="查询结果" className="card p-3 md:p-5">
        {!data ? (
          <p className="flex items-center justify-center gap-2 py-14 text-sm text-slate-400">
            <Spinner /> 加载中…
          </p>
        ) : data.list.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-200 px-6 py-12 text-center text-slate-500">
            {filtered ? '没有符合条件的订单' : '还没有订单'}
          </p>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-500">
              {filtered ? '找到' : '共'} <strong className="text-slate-800">{data.total}</strong> 个订单
            </p>
            {/* Wide screens: a table; narrow ones: the order cards of /member/order. */}
            <div className="hidden overflow-x-auto md:block">
              <table className="w-full text-left text-sm">
                <thead className="border-b border-slate-200 text-xs text-slate-500">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      订单号
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      检测项目
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                      下单时间
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      金额
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      状态
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      操作
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data.list.map((o) => (
                    <tr key={o.rid} data-order={o.rid} className="hover:bg-slate-50/70">
                      <td className="px-3 py-3 font-medium whitespace-nowrap text-slate-900 tabular-nums">
                        {o.order_no}
                      </td>
                      <td className="max-w-64 px-3 py-3 text-slate-700">
                        <span className="line-clamp-2">{o.item_names.join('、') || '定制检测需求'}</span>
                      </td>
                      <td className="px-3 py-3 whitespace-nowrap text-slate-500 tabular-nums">
                        {shanghaiMinute(o.created)}
                      </td>
                      <td className="px-3 py-3 text-right whitespace-nowrap">
                        <Amount order={o} />
                      </td>
                      <td className="px-3 py-3">
                        <StatusBadge status={o.status} text={o.status_text} />
                      </td>
                      <td className="space-x-3 px-3 py-3 text-right whitespace-nowrap">
                        {canPay(o) && (
                          <button
                            type="button"
                            onClick={() => openPay(o.rid)}
                            className="font-medium text-hot-600 hover:underline"
                          >
                            去支付
                          </button>
                        )}
                        <a
                          href={detailHref(o.rid)}
                          className="font-medium whitespace-nowrap text-brand-700 hover:underline"
                          aria-label={`订单 ${o.order_no} 详情`}
                        >
                          详情
                        </a>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className="grid gap-3 md:hidden" aria-label="查询结果列表">
              {data.list.map((o) => (
                <OrderCard key={o.rid} order={o} busy={busy !== null} onCancel={(x) => void cancel(x)} />
              ))}
            </ul>
          </>
        )}
        <Pager page={page} pages={pages} label="查询结果分页" onPage={setPage} />
      </section>
      {confirmDialog}
    </div>
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

export default memberOnly(OrderQuery);
