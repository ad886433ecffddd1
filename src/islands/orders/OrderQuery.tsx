import { useEffect, useState, type FormEvent } from 'react';
import OrderCard from './OrderCard.tsx';
import OrderTable from './OrderTable.tsx';
import { QueryForm, EMPTY, type Query } from './QueryForm.tsx';
import { useCancelOrder } from './cancel.ts';
import { onOrderPaid } from './parts.tsx';
import { Pager, Spinner } from '../ui/kit.tsx';
import { memberOnly } from '../ui/member-gate.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { toast } from '../../lib/client/toast.ts';
import { DATE_RANGE_REVERSED, orderListSchema } from '../../lib/shared/orders/order.ts';
import { ordersApi } from '../../lib/shared/orders/api.ts';

const PAGE_SIZE = 10;

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
      <QueryForm form={form} searching={searching} onField={set} onSubmit={submit} onReset={reset} />

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
            <OrderTable orders={data.list} />
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

export default memberOnly(OrderQuery);
