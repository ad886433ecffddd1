import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { z } from 'zod';
import { consoleApi, staffStep, type Me } from '../session.ts';
import { button, PageHeader, when } from '../ui.tsx';
import { useList, useServerSort } from '../lists.ts';
import { type Column, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import type { Permission } from '../../lib/shared/staff/permissions.ts';
import {
  isSamplePromise,
  PROMISE_TEXT,
  PROMISE_SORTS,
  PROMISES,
  type PromiseKind,
  type PromiseRow,
} from '../../lib/shared/orders/operations.ts';
import { ORDER_STATUSES, statusFilterText } from '../../lib/shared/orders/order-status.ts';
import type { DashboardSchema } from '../../lib/shared/orders/responses.ts';
import { ordersAdminApi } from '../../lib/shared/orders/admin-api.ts';
import { DisposeDialog, ReturnDialog, type DisposalTarget } from '../samples/DisposalDialogs.tsx';
import { DueOrders } from '../worklist/DueOrders.tsx';

type Figures = z.output<typeof DashboardSchema>;

const COUNT_KEY = {
  manager_call: 'manager_calls',
  data_reminder: 'data_reminders',
  sample_return: 'sample_returns',
  disposal: 'disposals',
} as const satisfies Record<PromiseKind, keyof Figures['overdue']>;

/**
 * How staff mark each promise kept: the manager's call on the order; a sample's return and
 * disposal by its own custody event, in the dialogs of 样品处置 (decision 0078). The data
 * reminder is the system's messages: none.
 */
const MARKS: Partial<Record<PromiseKind, { label: string; permission: Permission }>> = {
  manager_call: { label: '已致电', permission: 'orders.quote' },
  sample_return: { label: '寄回', permission: 'orders.process' },
  disposal: { label: '销毁', permission: 'orders.process' },
};

/** A promise row's sample as the disposal dialogs show it. */
const targetOf = (r: PromiseRow): DisposalTarget | null => r.sample && { ...r.sample, customer: r.customer };

/**
 * 工作台: what waits for whom — orders per status, today's receipts and deliveries, the service
 * promises of the spec that are overdue (each with its orders), money to approve.
 */
export default function Dashboard({ me }: { me: Me }) {
  const [f, setF] = useState<Figures | null>(null);
  const load = useCallback(() => consoleApi.call(ordersAdminApi.dashboard, {}).then((d) => d && setF(d)), []);
  useEffect(() => {
    void load();
  }, [load]);
  const money = me.permissions.includes('money.read');
  const orders = me.permissions.includes('orders.read');
  return (
    <div>
      <PageHeader title="工作台" lead={`${me.name || me.phone}，您好。以下是需要处理的事项。`} />
      {!f ? (
        <p className="text-sm text-slate-400">加载中…</p>
      ) : (
        <div className="grid gap-4">
          <section aria-label="今日" className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <Card
              label="今日收样"
              value={f.today.received}
              href={orders ? `/orders?received_on=${f.today.date}` : undefined}
            />
            <Card
              label="今日出数据"
              value={f.today.delivered}
              href={orders ? `/orders?delivered_on=${f.today.date}` : undefined}
            />
            <Card
              label="逾期服务承诺"
              value={PROMISES.reduce((n, k) => n + f.overdue[COUNT_KEY[k]], 0)}
              href="#promises"
              alert={PROMISES.some((k) => f.overdue[COUNT_KEY[k]] > 0)}
            />
            <Card
              label="待报价订单"
              value={f.orders.quoting}
              href={orders ? '/orders?status=quoting' : undefined}
              alert={f.orders.quoting > 0}
            />
          </section>
          {money && (
            <section aria-label="待审批资金" className="grid grid-cols-2 gap-3 md:grid-cols-4">
              <Card
                label="待审核预存"
                value={f.money.prestore_reviewing}
                href="/money/prestore"
                alert={f.money.prestore_reviewing > 0}
              />
              <Card
                label="预存退款申请"
                value={f.money.prestore_refunds}
                href="/money/prestore?status=refund_requested"
                alert={f.money.prestore_refunds > 0}
              />
              <Card
                label="待审核转账"
                value={f.money.transfers_reviewing}
                href="/money/transfers"
                alert={f.money.transfers_reviewing > 0}
              />
              <Card
                label="待审核信用申请"
                value={f.money.credit_reviewing}
                href="/money/credit"
                alert={f.money.credit_reviewing > 0}
              />
              <Card
                label="待复核入账"
                value={f.money.credits_awaiting_second}
                href="/money/approvals"
                alert={f.money.credits_awaiting_second > 0}
              />
            </section>
          )}
          {orders && (
            <section aria-labelledby="due-dates" className="rounded-lg bg-white p-4">
              <h2 id="due-dates" className="mb-3 text-sm font-semibold text-slate-700">
                交付日期
              </h2>
              <div className="grid grid-cols-1 gap-4">
                <DueOrders kind="soon" />
                <DueOrders kind="breached" />
              </div>
            </section>
          )}
          <section aria-labelledby="promises" className="rounded-lg bg-white p-4">
            <h2 id="promises" className="mb-3 text-sm font-semibold text-slate-700">
              逾期的服务承诺
            </h2>
            <div className="grid grid-cols-1 gap-4">
              {PROMISES.map((k) => (
                <PromiseGroup
                  key={k}
                  kind={k}
                  count={f.overdue[COUNT_KEY[k]]}
                  me={me}
                  list={orders}
                  onDone={load}
                />
              ))}
            </div>
          </section>
          {orders && (
            <section aria-labelledby="per-status" className="rounded-lg bg-white p-4">
              <h2 id="per-status" className="mb-3 text-sm font-semibold text-slate-700">
                订单状态分布
              </h2>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6">
                {ORDER_STATUSES.map((st) => (
                  <Link
                    key={st}
                    href={`/orders?status=${st}`}
                    className="rounded-md border border-slate-200 px-3 py-2 hover:border-brand-300"
                  >
                    <span className="block text-xs text-slate-500">{statusFilterText(st)}</span>
                    <span className="text-lg font-semibold tabular-nums" data-status-count={st}>
                      {f.orders[st] ?? 0}
                    </span>
                  </Link>
                ))}
              </div>
            </section>
          )}
        </div>
      )}
    </div>
  );
}

function Card({
  label,
  value,
  href,
  alert,
}: {
  label: string;
  value: number;
  href?: string;
  alert?: boolean;
}) {
  const body = (
    <>
      <span className="block text-xs text-slate-500">{label}</span>
      <span
        className={`mt-1 block text-2xl font-bold tabular-nums ${alert ? 'text-hot-600' : 'text-slate-900'}`}
      >
        {value}
      </span>
    </>
  );
  const linked = 'rounded-lg bg-white p-4 hover:ring-2 hover:ring-brand-100';
  // A count on this page (the promises below) is a link to its own section.
  if (href?.startsWith('#'))
    return (
      <a href={href} className={linked}>
        {body}
      </a>
    );
  return href ? (
    <Link href={href} className={linked}>
      {body}
    </Link>
  ) : (
    <div className="rounded-lg bg-white p-4">{body}</div>
  );
}

/** One promise: its overdue count and, for those who may read orders, the orders concerned. */
function PromiseGroup({
  kind,
  count,
  me,
  list: showList,
  onDone,
}: {
  kind: PromiseKind;
  count: number;
  me: Me;
  list: boolean;
  onDone: () => unknown;
}) {
  const id = `promise-${kind}`;
  return (
    <div aria-labelledby={id} role="group" data-promise={kind}>
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h3 id={id} className="text-sm font-medium text-slate-800">
          {PROMISE_TEXT[kind]}
        </h3>
        <span
          data-promise-count={kind}
          className={`rounded-full px-2 text-sm font-semibold tabular-nums ${count > 0 ? 'bg-hot-500 text-white' : 'bg-slate-100 text-slate-500'}`}
        >
          {count}
        </span>
      </div>
      {showList && count > 0 && <PromiseList kind={kind} me={me} onDone={onDone} />}
    </div>
  );
}

function PromiseList({ kind, me, onDone }: { kind: PromiseKind; me: Me; onDone: () => unknown }) {
  // Sorted on the server (the list is paged): the page and its CSV in the order shown.
  const order = useServerSort(PROMISE_SORTS);
  const filter = { kind, ...order.filter };
  const list = useList(ordersAdminApi.promises, filter, 5);
  const mark = MARKS[kind];
  const allowed = mark && me.permissions.includes(mark.permission);
  const [open, setOpen] = useState<DisposalTarget | null>(null);
  const done = () => {
    setOpen(null);
    return Promise.all([list.reload(), onDone()]);
  };
  const keep = (r: PromiseRow) => {
    const target = targetOf(r);
    if (target) setOpen(target);
    else staffStep(ordersAdminApi.called, { rid: r.rid }, `已记录：${mark!.label}`, done);
  };
  const perSample = isSamplePromise(kind);
  const columns: Column<PromiseRow>[] = [
    {
      id: 'order',
      header: perSample ? '样品 / 订单' : '订单',
      cell: (r) => (
        <>
          {r.sample && (
            <>
              <span className="block font-mono tabular-nums" data-sample={r.sample.sample_no}>
                {r.sample.sample_no}
              </span>
              <span className="block text-xs text-slate-500">
                {r.sample.name} · {r.sample.status_text}
              </span>
            </>
          )}
          <Link href={`/orders/${r.rid}`} className="text-brand-700 hover:underline">
            {r.order_no}
          </Link>
          <span className="block text-xs text-slate-500">{r.status_text}</span>
        </>
      ),
      csv: [
        ...(perSample ? [{ header: '样品编号', value: (r: PromiseRow) => r.sample?.sample_no ?? '' }] : []),
        { header: '订单号', value: (r) => r.order_no },
        { header: '状态', value: (r) => r.status_text },
      ],
    },
    {
      id: 'customer',
      header: '客户',
      cell: (r) => (
        <>
          <span className="block">{r.customer.name || r.customer.phone}</span>
          <span className="text-xs text-slate-500">{r.customer.company}</span>
        </>
      ),
      csv: (r) => `${r.customer.name} ${r.customer.phone} ${r.customer.company}`,
    },
    {
      id: 'since',
      header: '起算时间',
      cell: (r) => when(r.since),
      className: 'whitespace-nowrap',
      csv: (r) => when(r.since),
    },
    {
      id: 'due',
      header: '应完成时间',
      cell: (r) => <span className="text-hot-600">{when(r.due)}</span>,
      className: 'whitespace-nowrap',
      csv: (r) => when(r.due),
    },
    {
      id: 'actions',
      header: '操作',
      cell: (r) =>
        allowed ? (
          <button
            type="button"
            className={button.ghost}
            aria-label={`${mark.label} ${r.sample?.sample_no ?? r.order_no}`}
            onClick={() => keep(r)}
          >
            {mark.label}
          </button>
        ) : null,
    },
  ];
  return (
    <>
      <DataTable<PromiseRow>
        label={PROMISE_TEXT[kind]}
        rows={list.data?.list ?? null}
        rowKey={(r) => r.sample?.rid ?? r.rid}
        columns={columns}
        serverSort={order.serverSort}
      />
      {open && kind === 'disposal' && (
        <DisposeDialog row={open} onClose={() => setOpen(null)} onDone={done} />
      )}
      {open && kind === 'sample_return' && (
        <ReturnDialog row={open} onClose={() => setOpen(null)} onDone={done} />
      )}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <ExportCsv<PromiseRow>
          list={ordersAdminApi.promises}
          filter={filter}
          name={PROMISE_TEXT[kind]}
          columns={columns}
        />
        <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
      </div>
    </>
  );
}
