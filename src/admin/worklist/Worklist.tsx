// 我的工作 (decision 0082): the work waiting on received orders, by instrument (with its backlog in
// working days) and item, oldest due date first, with who holds each; 领取, 转交 (with a reason),
// 开始检测 and 完成 (submitted for review) from the list. 我的 shows what I hold, 全部 everyone's.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { consoleApi, staffAction, staffStep, type Me } from '../session.ts';
import { Badge, button, Field, FormModal, input, PageHeader, StatusTabs, when } from '../ui.tsx';
import { type Column, DataTable } from '../table.tsx';
import { worklistAdminApi } from '../../lib/shared/worklist/api.ts';
import type { WorkView } from '../../lib/shared/worklist/work.ts';
import type { Worklist as List, WorkGroup, WorkRow } from '../../lib/shared/worklist/responses.ts';
import { chineseDate } from '../../lib/shared/time.ts';

const VIEWS: { value: WorkView; label: string }[] = [
  { value: 'mine', label: '我的' },
  { value: 'all', label: '全部' },
];

/** A row's due date with its warning: 已超期 (red), 即将超期 (orange). */
function DueCell({ row }: { row: Pick<WorkRow, 'due_date' | 'due_state'> }) {
  if (!row.due_date) return <span className="text-slate-400">未承诺</span>;
  return (
    <span className="whitespace-nowrap">
      {chineseDate(row.due_date)}
      {row.due_state === 'breached' && (
        <span className="ml-1">
          <Badge tone="red">已超期</Badge>
        </span>
      )}
      {row.due_state === 'soon' && (
        <span className="ml-1">
          <Badge tone="hot">即将超期</Badge>
        </span>
      )}
    </span>
  );
}

export default function Worklist({ me }: { me: Me }) {
  const [view, setView] = useState<WorkView>('mine');
  const [data, setData] = useState<List | null>(null);
  const [handover, setHandover] = useState<WorkRow | null>(null);
  const load = useCallback(
    () => consoleApi.call(worklistAdminApi.list, { view }).then((d) => d && setData(d)),
    [view],
  );
  useEffect(() => {
    setData(null);
    void load();
  }, [load]);

  const label = (r: WorkRow) => [r.sample_no || r.order_no, r.item_name].join(' ');
  const actions = (r: WorkRow) => {
    if (!r.holder)
      return (
        <button
          type="button"
          className={button.primary}
          aria-label={`领取 ${label(r)}`}
          onClick={() => staffStep(worklistAdminApi.take, { rid: r.rid }, '已领取', load)}
        >
          领取
        </button>
      );
    if (!r.mine)
      return (
        <button
          type="button"
          className={button.ghost}
          aria-label={`转交给我 ${label(r)}`}
          onClick={() => setHandover(r)}
        >
          转交给我
        </button>
      );
    return (
      <span className="flex flex-wrap gap-2">
        {!r.started_at && (
          <button
            type="button"
            className={button.primary}
            aria-label={`开始检测 ${label(r)}`}
            onClick={() => staffStep(worklistAdminApi.start, { rid: r.rid }, '已开始检测', load)}
          >
            开始
          </button>
        )}
        {r.started_at && (
          <button
            type="button"
            className={button.primary}
            aria-label={`完成 ${label(r)}`}
            onClick={() => staffStep(worklistAdminApi.done, { rid: r.rid }, '已提交审核', load)}
          >
            完成
          </button>
        )}
        <Link href={`/orders/${r.order_rid}`} className={button.ghost}>
          录入结果
        </Link>
      </span>
    );
  };

  const columns: Column<WorkRow>[] = [
    {
      id: 'sample',
      header: '样品 / 订单',
      // Each item's rows come whole (not paged): they sort on screen.
      sort: (r) => r.sample_no || r.order_no,
      cell: (r) => (
        <>
          {r.sample_no && (
            <span className="block font-mono tabular-nums" data-sample={r.sample_no}>
              {r.sample_no}
              {r.sample_name && <span className="ml-1 font-sans text-slate-500">{r.sample_name}</span>}
            </span>
          )}
          <Link href={`/orders/${r.order_rid}`} className="text-brand-700 hover:underline">
            {r.order_no}
          </Link>
        </>
      ),
    },
    {
      id: 'due',
      header: '交付日期',
      // No promise sorts last.
      sort: (r) => r.due_date ?? '9999-12-31',
      cell: (r) => <DueCell row={r} />,
    },
    {
      id: 'state',
      header: '状态',
      sort: (r) => `${r.status_text} ${r.started_at ? 2 : r.holder ? 1 : 0}`,
      cell: (r) => (
        <>
          <Badge tone={r.status === 'returned' ? 'red' : 'slate'}>{r.status_text}</Badge>
          <span className="block text-xs text-slate-500">
            {r.started_at ? `已开始 ${when(r.started_at)}` : r.holder ? '未开始' : '待领取'}
          </span>
        </>
      ),
    },
    {
      id: 'holder',
      header: '负责人',
      sort: (r) => (r.holder ? (r.mine ? '我' : r.holder.name) : ''),
      cell: (r) =>
        r.holder ? (
          <span className={r.mine ? 'font-medium text-brand-700' : ''}>
            {r.mine ? '我' : r.holder.name}
            <span className="block text-xs text-slate-500">{when(r.held_at)} 领取</span>
          </span>
        ) : (
          <span className="text-slate-400">—</span>
        ),
    },
    { id: 'actions', header: '操作', cell: actions },
  ];

  return (
    <div>
      <PageHeader
        title="我的工作"
        lead={`${me.name || me.phone}，这里是各仪器待检的样品（交付日期最早的在前）。领取后开始检测，录入结果后点「完成」提交审核。`}
      />
      <StatusTabs tabs={VIEWS} value={view} onChange={setView} label="视图" />
      {!data ? (
        <p className="text-sm text-slate-400">加载中…</p>
      ) : data.groups.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-center text-sm text-slate-500">
          {view === 'mine' ? '您还没有领取待检的工作，可在「全部」中领取。' : '暂无待检的工作。'}
        </p>
      ) : (
        <div className="grid gap-4">
          {data.limited && (
            <p className="text-xs text-slate-500">
              待检较多，仅显示交付日期最早的 {data.shown} 项（共 {data.total} 项待检）。
            </p>
          )}
          {data.groups.map((g) => (
            <Queue key={g.device?.rid ?? 'none'} group={g} columns={columns} />
          ))}
        </div>
      )}
      {handover && <HandoverDialog row={handover} onClose={() => setHandover(null)} onDone={load} />}
    </div>
  );
}

/** One instrument's queue: its backlog, then each item's rows. */
function Queue({ group: g, columns }: { group: WorkGroup; columns: Column<WorkRow>[] }) {
  const name = g.device?.name ?? '未指定仪器';
  const id = `queue-${g.device?.rid ?? 'none'}`;
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-lg bg-white p-4"
      data-queue={g.device?.rid ?? ''}
    >
      <div className="mb-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id={id} className="text-base font-semibold text-slate-800">
          {name}
        </h2>
        <span className="text-sm text-slate-600">待检 {g.waiting} 项</span>
        {g.device && (
          <span
            className={`text-sm ${g.backlog_days === null ? 'text-slate-400' : 'font-medium text-brand-700'}`}
            data-backlog
          >
            {g.backlog_text}
            {g.device.weekly_capacity !== null && `（产能 ${g.device.weekly_capacity} 个/周）`}
          </span>
        )}
      </div>
      <div className="grid min-w-0 gap-3">
        {g.items.map((it) => (
          <div key={it.item_rid} className="min-w-0">
            <h3 className="mb-1.5 text-sm font-medium text-slate-700">
              {it.item_name} <span className="font-normal text-slate-500">· 待检 {it.waiting} 项</span>
            </h3>
            <DataTable<WorkRow>
              label={`${name} ${it.item_name}`}
              rows={it.rows}
              rowKey={(r) => r.rid}
              columns={columns}
            />
          </div>
        ))}
      </div>
    </section>
  );
}

function HandoverDialog({
  row,
  onClose,
  onDone,
}: {
  row: WorkRow;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const [reason, setReason] = useState('');
  return (
    <FormModal
      open
      title={`转交给我：${row.sample_no || row.order_no} ${row.item_name}`}
      submitText="转交给我"
      onClose={onClose}
      onSubmit={() =>
        staffAction(worklistAdminApi.handover, { rid: row.rid, reason: reason.trim() }, '已转交给您', onDone)
      }
    >
      <p className="text-sm text-slate-600">
        该检测现由 {row.holder?.name} 负责{row.started_at ? '，已开始检测' : ''}。转交会连同原因记录在案。
      </p>
      <Field label="转交原因">
        <textarea
          className={`${input} min-h-20`}
          name="reason"
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
    </FormModal>
  );
}
