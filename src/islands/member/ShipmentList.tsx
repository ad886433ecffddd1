import { Pager, Spinner } from '../ui/kit.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import { ordersApi } from '../../lib/shared/orders/api.ts';

/**
 * The other half of /member/sample: orders whose sample the customer posts (self-delivery),
 * with the order's status, so a sent sample can be followed until it is received and tested.
 */
export default function ShipmentList() {
  const { page, setPage, data, pages } = usePagedList(ordersApi.list, {
    filter: { delivery_type: 0 },
  });

  return (
    <section className="card p-4 md:p-6" aria-labelledby="shipments-title">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="shipments-title" className="text-base font-semibold text-slate-900">
          寄样记录
        </h2>
        <p className="text-sm text-slate-500">
          共 <strong className="text-slate-800">{data?.total ?? 0}</strong> 个自行寄样的订单
        </p>
      </div>
      {!data ? (
        <p className="flex items-center justify-center gap-2 py-10 text-sm text-slate-400">
          <Spinner /> 加载中…
        </p>
      ) : data.list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-200 px-6 py-10 text-center text-slate-500">
          还没有自行寄样的订单
        </p>
      ) : (
        <ul className="grid gap-3" aria-label="寄样订单">
          {data.list.map((o) => (
            <li key={o.rid} data-shipment={o.rid} className="rounded-xl border border-slate-200 p-4">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-semibold text-slate-900 tabular-nums">{o.order_no}</span>
                <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 ring-1 ring-brand-100">
                  {o.status_text}
                </span>
                <span className="ml-auto text-xs text-slate-400">下单于 {shanghaiMinute(o.created)}</span>
              </div>
              <p className="mt-2 text-sm text-slate-600">{o.item_names.join('、')}</p>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} label="寄样记录分页" onPage={setPage} />
    </section>
  );
}
