import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { StaffOrderSort } from '../../lib/shared/orders/order.ts';
import type { StaffOrderSummary } from '../../lib/shared/orders/responses.ts';
import { DateRangeFilter, NO_DATE_RANGE, type DateRange } from '../date-range.tsx';
import { ORDER_STATUSES, statusFilterText, type OrderStatus } from '../../lib/shared/orders/order-status.ts';
import { Badge, button, filterInput, PageHeader, StatusTabs, when } from '../ui.tsx';
import { useList, useServerSort } from '../lists.ts';
import { type Column, csvOnly, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { ordersAdminApi } from '../../lib/shared/orders/admin-api.ts';

const TABS: { value: OrderStatus | ''; label: string }[] = [
  { value: '', label: '全部' },
  ...ORDER_STATUSES.map((s) => ({ value: s, label: statusFilterText(s) })),
];

const ORGANIZATION_TEXT: Record<number, string> = { 0: '学生', 1: '个人', 2: '企业', 3: '教师' };

/**
 * The orders' columns, key ones first (a phone's card shows them on top); the CSV keeps the order
 * its files have always had, then the customer's columns (decision 0084).
 */
const COLUMNS: Column<StaffOrderSummary>[] = [
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
    id: 'customer',
    header: '客户',
    cell: (o) => (
      <>
        <span className="block font-medium">{o.customer.name || o.customer.phone}</span>
        <span className="block text-xs text-slate-500 tabular-nums">{o.customer.phone}</span>
        {o.customer.company && <span className="block text-xs text-slate-500">{o.customer.company}</span>}
        {o.customer.pi && <span className="block text-xs text-slate-500">负责人 {o.customer.pi}</span>}
        <span className="block text-xs text-slate-400">
          {o.customer_kind === 'enterprise' ? '企业' : '高校/科研'} ·{' '}
          {o.pay_mode === 'before' ? '先付款' : '后结算'}
        </span>
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
  },
  {
    id: 'status',
    header: '状态',
    cell: (o) => <Badge tone={o.status === 'cancelled' ? 'slate' : 'brand'}>{o.status_text}</Badge>,
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
  csvOnly('金额（元）', (o) => fenToYuan(o.amount_fen)),
  csvOnly('已付（元）', (o) => fenToYuan(o.paid_fen)),
  {
    id: 'due',
    header: '交付日期',
    cell: (o) => <span className="whitespace-nowrap tabular-nums">{o.due_date ?? '—'}</span>,
    csv: (o) => o.due_date ?? '',
  },
  csvOnly('客户类型', (o) => (o.customer_kind === 'enterprise' ? '企业' : '高校/科研')),
  csvOnly('客户姓名', (o) => o.customer.name),
  csvOnly('客户手机', (o) => o.customer.phone),
  csvOnly('单位', (o) => o.customer.company),
  csvOnly('用户类型', (o) =>
    o.customer.organization === null ? '' : (ORGANIZATION_TEXT[o.customer.organization] ?? ''),
  ),
  csvOnly('负责人', (o) => o.customer.pi),
];

/** The columns the server sorts the list by (the list is paged: sorting the page alone would mislead). */
const SORTABLE: readonly StaffOrderSort[] = ['no', 'customer', 'amount', 'status', 'created', 'due'];

/** 订单管理: every customer's orders by status, found by customer, number or item and 下单日期. */
export default function Orders() {
  const params = new URLSearchParams(useSearch());
  const initial = (params.get('status') ?? '') as OrderStatus | '';
  const [status, setStatus] = useState<OrderStatus | ''>(initial);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [dates, setDates] = useState<DateRange>(NO_DATE_RANGE);
  // The dashboard's 今日收样 / 今日出数据 open the orders received or delivered on that day.
  const [day, setDay] = useState({
    received_on: params.get('received_on') ?? '',
    delivered_on: params.get('delivered_on') ?? '',
  });
  const order = useServerSort(SORTABLE, { sort: 'created', dir: 'desc' });
  const filter = Object.fromEntries(
    Object.entries({
      status,
      q,
      date_from: dates.from,
      date_to: dates.to,
      ...day,
      ...order.filter,
    }).filter(([, v]) => v !== ''),
  );
  const list = useList(ordersAdminApi.list, filter);
  return (
    <div>
      <PageHeader
        title="订单管理"
        lead="报价、收样、检测、出数据、结算；每一步都记入订单时间线与操作日志。"
        actions={
          <ExportCsv<StaffOrderSummary>
            list={ordersAdminApi.list}
            filter={filter}
            name="订单"
            columns={COLUMNS}
          />
        }
      />
      <form
        role="search"
        className="mb-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(text.trim());
        }}
      >
        <input
          type="search"
          className={`${filterInput} sm:w-80`}
          placeholder="订单号、客户姓名、手机号、单位、负责人或检测项目"
          aria-label="搜索订单"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className={button.ghost}>
          搜索
        </button>
      </form>
      <DateRangeFilter label="下单日期" value={dates} onChange={setDates} />
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
      <DataTable<StaffOrderSummary>
        label="订单"
        rows={list.data?.list ?? null}
        rowKey={(o) => o.rid}
        empty={q ? `没有找到与“${q}”相关的订单` : '没有符合条件的订单'}
        columns={COLUMNS}
        serverSort={order.serverSort}
        cards
      />
      {list.data && (
        <p className="mt-2 text-sm text-slate-500" aria-live="polite">
          共 {list.data.total} 个订单
        </p>
      )}
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
    </div>
  );
}
