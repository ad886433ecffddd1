import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { OrderSummary } from '../../lib/shared/orders/order.ts';
import { ORDER_STATUSES, statusFilterText, type OrderStatus } from '../../lib/shared/orders/order-status.ts';
import { Badge, button, filterInput, PageHeader, StatusTabs, when } from '../ui.tsx';
import { useList } from '../lists.ts';
import { type Column, csvOnly, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { ordersAdminApi } from '../../lib/shared/orders/admin-api.ts';

const TABS: { value: OrderStatus | ''; label: string }[] = [
  { value: '', label: '全部' },
  ...ORDER_STATUSES.map((s) => ({ value: s, label: statusFilterText(s) })),
];

/** The orders' columns; the CSV keeps its own order, so 状态 and 客户类型 have CSV-only columns. */
const COLUMNS: Column<OrderSummary>[] = [
  {
    id: 'no',
    header: '订单号',
    cell: (o) => (
      <Link href={`/orders/${o.rid}`} className="font-medium text-brand-700 tabular-nums hover:underline">
        {o.order_no}
      </Link>
    ),
    csv: (o) => o.order_no,
  },
  {
    id: 'created',
    header: '下单时间',
    cell: (o) => when(o.created),
    className: 'whitespace-nowrap text-slate-500',
    csv: (o) => when(o.created),
  },
  {
    id: 'items',
    header: '检测项目',
    cell: (o) => <span className="line-clamp-2">{o.item_names.join('、')}</span>,
    csv: (o) => o.item_names.join('、'),
  },
  csvOnly('状态', (o) => o.status_text),
  {
    id: 'kind',
    header: '客户',
    cell: (o) => (
      <>
        {o.customer_kind === 'enterprise' ? '企业' : '高校/科研'}
        <span className="block text-xs text-slate-500">{o.pay_mode === 'before' ? '先付款' : '后结算'}</span>
      </>
    ),
  },
  {
    id: 'amount',
    header: '金额',
    cell: (o) => (
      <>
        <span className="tabular-nums">
          {o.status === 'quoting' && o.quoted_fen === null ? '待报价' : formatFen(o.amount_fen)}
        </span>
        {o.paid_fen > 0 && <span className="block text-xs text-slate-500">已付 {formatFen(o.paid_fen)}</span>}
      </>
    ),
    csv: [
      { header: '金额（元）', value: (o) => fenToYuan(o.amount_fen) },
      { header: '已付（元）', value: (o) => fenToYuan(o.paid_fen) },
    ],
  },
  {
    id: 'status',
    header: '状态',
    cell: (o) => <Badge tone={o.status === 'cancelled' ? 'slate' : 'brand'}>{o.status_text}</Badge>,
  },
  {
    id: 'due',
    header: '交付日期',
    cell: (o) => <span className="whitespace-nowrap tabular-nums">{o.due_date ?? '—'}</span>,
    csv: (o) => o.due_date ?? '',
  },
  csvOnly('客户类型', (o) => (o.customer_kind === 'enterprise' ? '企业' : '高校/科研')),
];

/** 订单管理: every customer's orders by status, searchable by number and item; each opens its page. */
export default function Orders() {
  const params = new URLSearchParams(useSearch());
  const initial = (params.get('status') ?? '') as OrderStatus | '';
  const [status, setStatus] = useState<OrderStatus | ''>(initial);
  // The dashboard's 今日收样 / 今日出数据 open the orders received or delivered on that day.
  const [day, setDay] = useState({
    received_on: params.get('received_on') ?? '',
    delivered_on: params.get('delivered_on') ?? '',
  });
  const [orderNo, setOrderNo] = useState('');
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState({ order_no: '', keyword: '' });
  const [sort, setSort] = useState<'created' | 'due'>('created');
  const filter = Object.fromEntries(
    Object.entries({ status, ...query, ...day, sort: sort === 'due' ? 'due' : '' }).filter(
      ([, v]) => v !== '',
    ),
  );
  const list = useList(ordersAdminApi.list, filter);
  return (
    <div>
      <PageHeader
        title="订单管理"
        lead="报价、收样、检测、出数据、结算；每一步都记入订单时间线与操作日志。"
        actions={
          <ExportCsv<OrderSummary> list={ordersAdminApi.list} filter={filter} name="订单" columns={COLUMNS} />
        }
      />
      <form
        className="mb-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ order_no: orderNo.trim(), keyword: keyword.trim() });
        }}
      >
        <input
          className={filterInput}
          placeholder="订单号"
          aria-label="订单号"
          value={orderNo}
          onChange={(e) => setOrderNo(e.target.value)}
        />
        <input
          className={filterInput}
          placeholder="检测项目"
          aria-label="检测项目"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
        />
        <button type="submit" className={button.ghost}>
          搜索
        </button>
        <label className="flex items-center gap-1.5 text-sm text-slate-600 sm:ml-auto">
          排序
          <select
            className={filterInput}
            aria-label="排序"
            value={sort}
            onChange={(e) => setSort(e.target.value as 'created' | 'due')}
          >
            <option value="created">最新下单在前</option>
            <option value="due">交付日期最近在前</option>
          </select>
        </label>
      </form>
      {(day.received_on || day.delivered_on) && (
        <p className="mb-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span data-day-filter>
            {day.received_on ? `${day.received_on} 收样的订单` : `${day.delivered_on} 出数据的订单`}
          </span>
          <button
            type="button"
            className="text-brand-700 hover:underline"
            onClick={() => setDay({ received_on: '', delivered_on: '' })}
          >
            清除
          </button>
        </p>
      )}
      <StatusTabs label="订单状态" tabs={TABS} value={status} onChange={setStatus} />
      <DataTable<OrderSummary>
        label="订单"
        rows={list.data?.list ?? null}
        rowKey={(o) => o.rid}
        empty="没有符合条件的订单"
        columns={COLUMNS}
      />
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
    </div>
  );
}
