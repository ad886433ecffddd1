import { useState } from 'react';
import { Link } from 'wouter';
import { type Me, staffStep } from '../session.ts';
import { Badge, button, filterInput, PageHeader, StatusTabs, when } from '../ui.tsx';
import { useList } from '../lists.ts';
import { type Column, csvOnly, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { addDays } from '../../lib/shared/slots.ts';
import { shanghaiDate } from '../../lib/shared/time.ts';
import {
  PICKUP_STATUS_TEXT,
  PICKUP_STATUSES,
  type PickupRow,
  type PickupStatus,
} from '../../lib/shared/orders/operations.ts';
import { ordersAdminApi } from '../../lib/shared/orders/admin-api.ts';

const TABS: { value: PickupStatus | ''; label: string }[] = [
  { value: '', label: '全部' },
  ...PICKUP_STATUSES.map((s) => ({ value: s, label: PICKUP_STATUS_TEXT[s] })),
];
const TONE = { pending: 'brand', picked: 'accent', received: 'slate', cancelled: 'red' } as const;

/**
 * 上门取样: the day's pickups — orders placed with pickup delivery and pickup requests booked on
 * their own — with the two steps staff record: 已取样 at the address, 已收样 at the lab (for an
 * order, its receipt step).
 */
export default function Pickups({ me }: { me: Me }) {
  const [date, setDate] = useState(() => shanghaiDate(Date.now()));
  const [status, setStatus] = useState<PickupStatus | ''>('');
  const filter = Object.fromEntries(Object.entries({ date, status }).filter(([, v]) => v));
  const list = useList(ordersAdminApi.pickups, filter, 20);
  const process = me.permissions.includes('orders.process');

  const step = (p: PickupRow, path: 'picked' | 'receive') =>
    staffStep(
      path === 'picked' ? ordersAdminApi.picked : ordersAdminApi.pickupReceive,
      { rid: p.rid },
      path === 'picked' ? '已标记为已取样' : '已确认收样',
      list.reload,
    );

  const columns: Column<PickupRow>[] = [
    {
      id: 'time',
      header: '时段',
      sort: (p) => `${p.date} ${p.time}`,
      className: 'whitespace-nowrap',
      cell: (p) => (
        <>
          <span className="block font-medium tabular-nums">{p.time || '—'}</span>
          <span className="text-xs text-slate-500">{p.date}</span>
        </>
      ),
      csv: [
        { header: '日期', value: (p) => p.date },
        { header: '时段', value: (p) => p.time },
      ],
    },
    csvOnly('类型', (p) => (p.kind === 'order' ? '订单' : '取样预约')),
    csvOnly('订单号', (p) => p.order_no),
    {
      id: 'contact',
      header: '联系人 / 地址',
      cell: (p) => (
        <>
          <span className="block">
            {p.name} <span className="tabular-nums">{p.phone}</span>
          </span>
          <span className="block max-w-72 text-xs text-slate-500">{p.address}</span>
          {p.message && <span className="block text-xs text-hot-600">备注：{p.message}</span>}
        </>
      ),
      csv: [
        { header: '联系人', value: (p) => p.name },
        { header: '电话', value: (p) => p.phone },
        { header: '地址', value: (p) => p.address },
      ],
    },
    {
      id: 'items',
      header: '订单 / 项目',
      cell: (p) =>
        p.kind === 'order' ? (
          <>
            <Link href={`/orders/${p.rid}`} className="text-brand-700 hover:underline">
              {p.order_no}
            </Link>
            <span className="ml-1 text-xs text-slate-500">{p.order_status_text}</span>
            {p.items.map((i) => (
              <span key={i} className="block text-xs text-slate-600">
                {i}
              </span>
            ))}
          </>
        ) : (
          <span className="text-xs text-slate-500">取样预约（未关联订单）</span>
        ),
      csv: [{ header: '项目', value: (p) => p.items.join('；') }],
    },
    csvOnly('备注', (p) => p.message),
    {
      id: 'customer',
      header: '客户',
      cell: (p) => (
        <>
          <span className="block">{p.customer.name || p.customer.phone}</span>
          <span className="text-xs text-slate-500">{p.customer.company}</span>
        </>
      ),
      csv: (p) => `${p.customer.name} ${p.customer.phone} ${p.customer.company}`,
    },
    {
      id: 'status',
      header: '状态',
      cell: (p) => (
        <>
          <Badge tone={TONE[p.status]}>{p.status_text}</Badge>
          {p.picked_at && <span className="block text-xs text-slate-500">取样 {when(p.picked_at)}</span>}
          {p.received_at && <span className="block text-xs text-slate-500">收样 {when(p.received_at)}</span>}
        </>
      ),
      csv: [
        { header: '状态', value: (p) => p.status_text },
        { header: '取样时间', value: (p) => when(p.picked_at) },
        { header: '收样时间', value: (p) => when(p.received_at) },
      ],
    },
    {
      id: 'actions',
      header: '操作',
      cell: (p) => {
        if (!process) return null;
        // An order waits for its quote or payment before anyone goes out for it.
        const ready = p.kind === 'request' || p.order_status === 'awaiting_pickup';
        return (
          <span className="flex flex-wrap gap-1.5">
            {p.status === 'pending' && ready && (
              <button
                type="button"
                className={button.primary}
                aria-label={`标记已取样 ${p.order_no || p.name}`}
                onClick={() => step(p, 'picked')}
              >
                已取样
              </button>
            )}
            {(p.status === 'picked' || (p.status === 'pending' && p.kind === 'order' && ready)) && (
              <button
                type="button"
                className={p.status === 'picked' ? button.primary : button.ghost}
                aria-label={`确认收样 ${p.order_no || p.name}`}
                onClick={() => step(p, 'receive')}
              >
                确认收样
              </button>
            )}
          </span>
        );
      },
    },
  ];
  return (
    <div className="grid grid-cols-1">
      <PageHeader
        title="上门取样"
        lead="按日期查看上门取样：取到样品后标记“已取样”，样品送达实验室后“确认收样”（订单随之进入已收样）。"
        actions={
          <ExportCsv<PickupRow>
            list={ordersAdminApi.pickups}
            filter={filter}
            name={`上门取样-${date}`}
            columns={columns}
          />
        }
      />
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <button type="button" className={button.ghost} onClick={() => setDate((d) => addDays(d, -1))}>
          前一天
        </button>
        <input
          type="date"
          className={filterInput}
          aria-label="取样日期"
          value={date}
          onChange={(e) => e.target.value && setDate(e.target.value)}
        />
        <button type="button" className={button.ghost} onClick={() => setDate((d) => addDays(d, 1))}>
          后一天
        </button>
        <button type="button" className={button.link} onClick={() => setDate(shanghaiDate(Date.now()))}>
          今天
        </button>
        {list.data && <span className="text-sm text-slate-500">共 {list.data.total} 单</span>}
      </div>
      <StatusTabs label="取样状态" tabs={TABS} value={status} onChange={setStatus} />
      <DataTable<PickupRow>
        label="上门取样"
        rows={list.data?.list ?? null}
        rowKey={(p) => p.rid}
        empty="当天没有上门取样"
        columns={columns}
      />
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
    </div>
  );
}
