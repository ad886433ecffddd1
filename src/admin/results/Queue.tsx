// 待审核 (decision 0075): the results waiting for review, oldest first, with how long each has
// waited; 通过 / 退回 in a dialog that shows the values, the raw data files and who entered them.
// An admin sets here whether a result needs one review or two.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { consoleApi, staffAction, type Me } from '../session.ts';
import { Badge, button, PageHeader } from '../ui.tsx';
import { useList } from '../lists.ts';
import { type Column, DataTable, Pager } from '../table.tsx';
import { resultsAdminApi } from '../../lib/shared/results/api.ts';
import { waitedText } from '../../lib/shared/results/results.ts';
import { PERMISSION_TEXT } from '../../lib/shared/staff/permissions.ts';
import type { ResultQueueRow } from '../../lib/shared/results/responses.ts';
import { ReviewDialog } from './ReviewDialog.tsx';

export default function Queue({ me }: { me: Me }) {
  const list = useList(resultsAdminApi.queue, {});
  const [target, setTarget] = useState<{ row: ResultQueueRow; verdict: 'approve' | 'return' } | null>(null);
  const columns: Column<ResultQueueRow>[] = [
    {
      id: 'waited',
      header: '已等待',
      cell: (r) => (
        <Badge tone={r.waited_minutes >= 24 * 60 ? 'red' : r.waited_minutes >= 4 * 60 ? 'hot' : 'slate'}>
          {waitedText(r.waited_minutes)}
        </Badge>
      ),
      sort: (r) => r.waited_minutes,
    },
    {
      id: 'order',
      header: '订单',
      cell: (r) => (
        <Link href={`/orders/${r.order_rid}`} className="text-brand-700 hover:underline">
          {r.order_no}
        </Link>
      ),
    },
    { id: 'customer', header: '客户', cell: (r) => <span className="whitespace-nowrap">{r.customer}</span> },
    {
      id: 'item',
      header: '样品 / 项目',
      cell: (r) => (
        <>
          {r.sample_no && <span className="block font-mono text-xs tabular-nums">{r.sample_no}</span>}
          {r.item_name}
        </>
      ),
    },
    {
      id: 'by',
      header: '录入人',
      cell: (r) => <span className="whitespace-nowrap">{r.entered_by || '—'}</span>,
    },
    {
      id: 'progress',
      header: '审核',
      cell: (r) => `${r.approvals}/${r.reviews_required}`,
    },
    {
      id: 'actions',
      header: '操作',
      cell: (r) =>
        r.review_refusal ? (
          <span className="text-xs text-slate-500">{r.review_refusal}</span>
        ) : (
          <span className="flex gap-1.5 whitespace-nowrap">
            <button
              type="button"
              className={button.primary}
              aria-label={`通过 ${r.sample_no || r.order_no} ${r.item_name}`}
              onClick={() => setTarget({ row: r, verdict: 'approve' })}
            >
              通过
            </button>
            <button
              type="button"
              className={button.danger}
              aria-label={`退回 ${r.sample_no || r.order_no} ${r.item_name}`}
              onClick={() => setTarget({ row: r, verdict: 'return' })}
            >
              退回
            </button>
          </span>
        ),
    },
  ];
  return (
    <div>
      <PageHeader
        title="待审核"
        lead={`检测结果须经录入人以外的员工审核（需「${PERMISSION_TEXT['results.review']}」权限）后方可出具报告；按提交时间排序，最早的在前。`}
        actions={me.permissions.includes('staff.manage') ? <ReviewCountSetting onDone={list.reload} /> : null}
      />
      <DataTable<ResultQueueRow>
        label="待审核结果"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        empty="没有待审核的结果"
        columns={columns}
      />
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
      {target && (
        <ReviewDialog
          target={{
            ...target.row,
            title: [target.row.sample_no || target.row.order_no, target.row.item_name].join(' · '),
            technician: target.row.entered_by,
          }}
          verdict={target.verdict}
          onClose={() => setTarget(null)}
          onDone={list.reload}
        />
      )}
    </div>
  );
}

/** 审核次数: one review releases a result, or two by different people (admins only). */
function ReviewCountSetting({ onDone }: { onDone: () => unknown }) {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    void consoleApi.call(resultsAdminApi.settings, {}).then((s) => s && setCount(s.reviews_required));
  }, []);
  if (count === null) return null;
  return (
    <label className="flex items-center gap-2 text-sm">
      审核次数
      <select
        className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
        value={count}
        onChange={(e) => {
          const n = Number(e.target.value);
          void staffAction(resultsAdminApi.settingsSave, { reviews_required: n }, '已保存', () => {
            setCount(n);
            return onDone();
          });
        }}
      >
        <option value={1}>1 人审核</option>
        <option value={2}>2 人审核</option>
      </select>
    </label>
  );
}
