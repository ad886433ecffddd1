// The dashboard's 即将超期 and 已超期 lists (decision 0082): orders received or in testing within
// 24 working hours of their deadline, or past it with the delay so far; due date, customer and who
// holds the work, soonest first.
import { Link } from 'wouter';
import { useList, useServerSort } from '../lists.ts';
import { type Column, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { worklistAdminApi } from '../../lib/shared/worklist/api.ts';
import type { DueRow } from '../../lib/shared/worklist/responses.ts';
import { DUE_SORTS } from '../../lib/shared/worklist/requests.ts';
import { waitedText } from '../../lib/shared/results/results.ts';
import { chineseDate } from '../../lib/shared/time.ts';
import { when } from '../ui.tsx';

const TITLE = { soon: '即将超期', breached: '已超期' } as const;

export function DueOrders({ kind }: { kind: 'soon' | 'breached' }) {
  // Sorted on the server (the list is paged): the page and its CSV in the order shown.
  const order = useServerSort(DUE_SORTS, { sort: 'due', dir: 'asc' });
  const filter = { kind, ...order.filter };
  const list = useList(worklistAdminApi.due, filter, 5);
  const total = list.data?.total ?? 0;
  const id = `due-${kind}`;
  const columns: Column<DueRow>[] = [
    {
      id: 'order',
      header: '订单',
      cell: (r) => (
        <>
          <Link href={`/orders/${r.rid}`} className="text-brand-700 hover:underline">
            {r.order_no}
          </Link>
          <span className="block text-xs text-slate-500">{r.status_text}</span>
        </>
      ),
      csv: [
        { header: '订单号', value: (r) => r.order_no },
        { header: '状态', value: (r) => r.status_text },
      ],
    },
    {
      id: 'due',
      header: '交付日期',
      cell: (r) => <span className="whitespace-nowrap">{chineseDate(r.due_date)}</span>,
      csv: (r) => r.due_date,
    },
    {
      id: 'left',
      header: kind === 'soon' ? '截止 / 剩余工作时间' : '已超期',
      // The deadline is the end of the due date; on a day off no working time is left before it.
      cell: (r) =>
        kind === 'soon' ? (
          <span className="whitespace-nowrap">
            <span className="block">{when(r.deadline)} 前</span>
            <span className="text-xs text-hot-600">剩余工作时间 {waitedText(r.left_minutes)}</span>
          </span>
        ) : (
          <span className="whitespace-nowrap font-medium text-red-600">{waitedText(r.delay_minutes)}</span>
        ),
      csv: (r) =>
        kind === 'soon'
          ? `${when(r.deadline)} 前，剩余工作时间 ${waitedText(r.left_minutes)}`
          : waitedText(r.delay_minutes),
    },
    {
      id: 'customer',
      header: '客户',
      cell: (r) => (
        <>
          <span className="block">{r.customer.name}</span>
          <span className="text-xs text-slate-500">{r.customer.company}</span>
        </>
      ),
      csv: (r) => `${r.customer.name} ${r.customer.company}`,
    },
    {
      id: 'holders',
      header: '检测负责人',
      cell: (r) =>
        r.holders.length ? r.holders.join('、') : <span className="text-slate-400">暂无人领取</span>,
      csv: (r) => r.holders.join('、'),
    },
  ];
  return (
    <div role="group" aria-labelledby={id} data-due={kind}>
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h3 id={id} className="text-sm font-medium text-slate-800">
          {TITLE[kind]}
        </h3>
        <span
          data-due-count={kind}
          className={`rounded-full px-2 text-sm font-semibold tabular-nums ${total > 0 ? 'bg-hot-500 text-white' : 'bg-slate-100 text-slate-500'}`}
        >
          {total}
        </span>
      </div>
      {total > 0 && (
        <>
          <DataTable<DueRow>
            label={TITLE[kind]}
            rows={list.data?.list ?? null}
            rowKey={(r) => r.rid}
            columns={columns}
            serverSort={order.serverSort}
          />
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
            <ExportCsv<DueRow>
              list={worklistAdminApi.due}
              filter={filter}
              name={TITLE[kind]}
              columns={columns}
            />
            <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
          </div>
        </>
      )}
    </div>
  );
}
