import { useState } from 'react';
import type { z } from 'zod';
import { Badge, button, filterInput, PageHeader, ViewModal, when } from '../ui.tsx';
import { useList } from '../lists.ts';
import { type Column, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import type { AuditPageSchema } from '../../lib/shared/staff/staff.ts';
import { ROLE_TEXT, type Role } from '../../lib/shared/staff/permissions.ts';
import { staffAdminApi } from '../../lib/shared/staff/api.ts';
import { requestFields } from '../../lib/shared/staff/audit-text.ts';
import { Changes } from './History.tsx';

type Entry = z.output<typeof AuditPageSchema>['list'][number];

const OUTCOME_TEXT = { ok: '成功', refused: '被拒绝', denied: '越权拒绝' } as const;
const roleText = (role: string) => (role ? (ROLE_TEXT[role as Role] ?? role) : '非员工');
/** A denied row stands for every denial of that call by that person in that minute. */
const outcomeText = (e: Entry) =>
  e.outcome === 'denied' && (e.denied_count ?? 1) > 1
    ? `${OUTCOME_TEXT.denied}（该分钟共 ${e.denied_count} 次）`
    : OUTCOME_TEXT[e.outcome];

/** 操作日志: every staff change, searchable by call, record and actor; each row opens before/after. */
export default function Audit() {
  const [draft, setDraft] = useState({ action: '', entity_rid: '', actor_phone: '' });
  const [filter, setFilter] = useState<Record<string, string>>({});
  const list = useList(staffAdminApi.audit, filter);
  const [open, setOpen] = useState<Entry | null>(null);
  const columns: Column<Entry>[] = [
    {
      id: 'at',
      header: '时间',
      sort: (e) => e.at,
      cell: (e) => when(e.at),
      className: 'whitespace-nowrap text-slate-500',
      csv: (e) => when(e.at),
    },
    {
      id: 'actor',
      header: '操作人',
      sort: (e) => e.actor.name || e.actor.phone,
      cell: (e) => `${e.actor.name || e.actor.phone}（${roleText(e.role)}）`,
      csv: [
        { header: '操作人', value: (e) => `${e.actor.name} ${e.actor.phone}` },
        { header: '角色', value: (e) => roleText(e.role) },
      ],
    },
    {
      id: 'action',
      header: '操作',
      cell: (e) => (
        <>
          <span className="block">{e.action_text}</span>
          <code className="text-xs text-slate-400">{e.action}</code>
        </>
      ),
      csv: [
        { header: '操作', value: (e) => e.action_text },
        { header: '接口', value: (e) => e.action },
      ],
    },
    {
      id: 'entity',
      header: '对象',
      cell: (e) => (
        <>
          <span className="block">{e.entity_text}</span>
          {e.entity_rid && <code className="text-xs text-slate-400">{e.entity_rid}</code>}
        </>
      ),
      csv: [
        { header: '对象', value: (e) => e.entity_text },
        { header: '对象编号', value: (e) => e.entity_rid ?? '' },
      ],
    },
    {
      id: 'changes',
      header: '变更',
      cell: (e) => <Changes changes={e.changes.slice(0, 3)} />,
      className: 'min-w-48',
      csv: (e) => e.changes.map((c) => `${c.label}: ${c.before} → ${c.after}`).join('；'),
    },
    {
      id: 'outcome',
      header: '结果',
      cell: (e) => (
        <>
          <Badge tone={e.outcome === 'ok' ? 'accent' : 'red'}>{OUTCOME_TEXT[e.outcome]}</Badge>
          {(e.denied_count ?? 0) > 1 && (
            <span className="ml-1 text-xs text-red-600">该分钟共 {e.denied_count} 次</span>
          )}
          {e.message && <span className="block text-xs text-slate-500">{e.message}</span>}
        </>
      ),
      csv: [
        { header: '结果', value: outcomeText },
        { header: '说明', value: (e) => e.message },
      ],
    },
    { id: 'ip', header: '地址', cell: (e) => e.ip, className: 'text-xs text-slate-500', csv: (e) => e.ip },
    {
      id: 'detail',
      header: '',
      cell: (e) => (
        <button type="button" className={button.link} onClick={() => setOpen(e)}>
          详情
        </button>
      ),
    },
  ];
  return (
    <div>
      <PageHeader
        title="操作日志"
        lead="工作人员的每一次变更：谁、以什么角色、对哪条记录、改了哪些字段（旧 → 新）、结果与来源地址；无权限的调用记为越权拒绝。"
        actions={
          <ExportCsv<Entry> list={staffAdminApi.audit} filter={filter} name="操作日志" columns={columns} />
        }
      />
      <form
        className="mb-3 flex flex-wrap gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter(Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim())));
        }}
      >
        <input
          className={filterInput}
          aria-label="操作"
          placeholder="操作，如 报价"
          value={draft.action}
          onChange={(e) => setDraft({ ...draft, action: e.target.value })}
        />
        <input
          className={filterInput}
          aria-label="对象编号"
          placeholder="对象编号"
          value={draft.entity_rid}
          onChange={(e) => setDraft({ ...draft, entity_rid: e.target.value })}
        />
        <input
          className={filterInput}
          aria-label="操作人手机号"
          placeholder="操作人手机号"
          value={draft.actor_phone}
          onChange={(e) => setDraft({ ...draft, actor_phone: e.target.value })}
        />
        <button type="submit" className={button.ghost}>
          查询
        </button>
      </form>
      <DataTable<Entry>
        label="操作日志"
        rows={list.data?.list ?? null}
        rowKey={(e) => String(e.id)}
        empty="没有符合条件的记录"
        columns={columns}
      />
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
      <ViewModal open={open !== null} title="变更详情" onClose={() => setOpen(null)}>
        {open && (
          <div className="grid gap-3 text-sm">
            <p>
              {open.action_text} · {open.entity_text}
              <span className="block text-xs text-slate-500">
                {when(open.at)} {open.actor.name || open.actor.phone}（{roleText(open.role)}）
              </span>
            </p>
            <div>
              <p className="mb-1 font-medium text-slate-600">变更</p>
              {open.changes.length ? (
                <Changes changes={open.changes} />
              ) : (
                <p className="text-xs text-slate-500">没有字段变化</p>
              )}
            </div>
            <div>
              <p className="mb-1 font-medium text-slate-600">提交的内容</p>
              <Changes changes={requestFields(open.request)} />
            </div>
            <details className="text-xs">
              <summary className="cursor-pointer text-slate-500">原始记录（JSON）</summary>
              {(['request', 'before', 'after'] as const).map((k) => (
                <div key={k} className="mt-2">
                  <p className="mb-1 text-slate-600">
                    {{ request: '请求', before: '变更前', after: '变更后' }[k]}
                  </p>
                  <pre className="max-h-48 overflow-auto rounded bg-slate-50 p-2">
                    {JSON.stringify(open[k], null, 2)}
                  </pre>
                </div>
              ))}
            </details>
          </div>
        )}
      </ViewModal>
    </div>
  );
}
