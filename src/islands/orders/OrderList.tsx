import { useCallback, useEffect, useState } from 'react';
import OrderCard from './OrderCard.tsx';
import { useCancelOrder } from './cancel.ts';
import { onOrderPaid } from './parts.tsx';
import { useWaitingRequests, WaitingMark } from '../groups/Waiting.tsx';
import { Pager, Spinner } from '../ui/kit.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { api } from '../../lib/client/api.ts';
import { ORDER_TABS, tabByKey, type OrderTab } from '../../lib/shared/orders/order-view.ts';
import type { OrderStatus } from '../../lib/shared/orders/order-status.ts';
import { ordersApi } from '../../lib/shared/orders/api.ts';

const PAGE_SIZE = 10;
/** Tabs that wait on someone (the customer or the lab) show how many orders they hold. */
const COUNTED = new Set(['quoting', 'unpaid', 'sampling', 'session', 'testing', 'delivered', 'unsettled']);

/** The tab in the address (?tab=testing), so a reload or the back button keeps it. */
function tabFromUrl(): string {
  return new URLSearchParams(window.location.search).get('tab') ?? 'all';
}

/** /member/order: the user's orders by status tab, newest first, ten a page. */
export default function OrderList() {
  const [tab, setTab] = useState(() => tabByKey(tabFromUrl()).key);
  const { page, setPage, data, pages, reload } = usePagedList(ordersApi.list, {
    size: PAGE_SIZE,
    filter: { statuses: tabByKey(tab).statuses },
  });
  const [counts, setCounts] = useState<Partial<Record<OrderStatus, number>>>({});
  const waiting = useWaitingRequests();

  // The tab counts follow every change the list sees.
  const loadCounts = useCallback(async () => {
    const c = await api.call(ordersApi.counts, {}, { silent: true });
    if (c) setCounts(c.counts);
  }, []);
  const load = useCallback(() => {
    reload();
    void loadCounts();
  }, [reload, loadCounts]);

  useEffect(() => {
    void loadCounts();
  }, [loadCounts]);
  useEffect(() => onOrderPaid(load), [load]);

  const [confirmDialog, cancel, busy] = useCancelOrder(load);

  function choose(key: string) {
    setTab(key);
    const url = new URL(window.location.href);
    if (key === 'all') url.searchParams.delete('tab');
    else url.searchParams.set('tab', key);
    window.history.replaceState(null, '', url);
  }

  const current = tabByKey(tab);
  const countOf = (t: OrderTab) => t.statuses.reduce((n, st) => n + (counts[st] ?? 0), 0);

  return (
    <div className="card p-3 md:p-5">
      <div
        role="tablist"
        aria-label="订单状态"
        className="-mx-3 mb-4 flex gap-1 overflow-x-auto border-b border-slate-100 px-3 md:-mx-5 md:px-5"
      >
        {ORDER_TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={t.key === tab}
            onClick={() => choose(t.key)}
            className={`-mb-px shrink-0 border-b-2 px-3 py-2.5 text-sm whitespace-nowrap transition-colors ${
              t.key === tab
                ? 'border-brand-600 font-semibold text-brand-700'
                : 'border-transparent text-slate-500 hover:text-brand-700'
            }`}
          >
            {t.label}
            {COUNTED.has(t.key) && countOf(t) > 0 && ' '}
            {COUNTED.has(t.key) && countOf(t) > 0 && (
              <span
                aria-label={`${countOf(t)} 个`}
                className="inline-flex min-w-5 justify-center rounded-full bg-hot-500 px-1.5 text-xs leading-5 font-semibold text-white"
              >
                {countOf(t)}
              </span>
            )}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={current.label}>
        {!data ? (
          <p className="flex items-center justify-center gap-2 py-16 text-sm text-slate-400">
            <Spinner /> 加载中…
          </p>
        ) : data.list.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-200 px-6 py-14 text-center">
            <p className="text-slate-600">{tab === 'all' ? '还没有订单' : `没有${current.label}的订单`}</p>
            {tab === 'all' && (
              <a href="/project" className="btn-primary mt-4">
                浏览检测项目
              </a>
            )}
          </div>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-500">
              共 <strong className="text-slate-800">{data.total}</strong> 个订单
            </p>
            <ul className="grid gap-3" aria-label="订单列表">
              {data.list.map((o) => (
                <OrderCard
                  key={o.rid}
                  order={o}
                  busy={busy !== null}
                  onCancel={(x) => void cancel(x)}
                  extra={waiting.has(o.rid) && <WaitingMark request={waiting.get(o.rid)!} />}
                />
              ))}
            </ul>
          </>
        )}
        <Pager page={page} pages={pages} label="订单分页" onPage={setPage} />
      </div>
      {confirmDialog}
    </div>
  );
}
