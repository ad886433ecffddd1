import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { consoleApi, staffAction, type Me } from '../session.ts';
import { Badge, button, filterInput, FormModal, PageHeader, StatusTabs, when } from '../ui.tsx';
import { useList } from '../lists.ts';
import { type Column, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import type { StaffGroupDetailSchema, StaffGroupPageSchema } from '../../lib/shared/groups/responses.ts';
import { shanghaiMonth } from '../../lib/shared/time.ts';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { statementsAdminApi } from '../../lib/shared/statements/api.ts';
import { groupsAdminApi } from '../../lib/shared/groups/api.ts';

export type GroupRow = z.output<typeof StaffGroupPageSchema>['list'][number];
type Row = GroupRow;
type Detail = z.output<typeof StaffGroupDetailSchema>;

const TABS = [
  { value: 'active', label: '正常' },
  { value: 'dissolved', label: '已解散' },
  { value: '', label: '全部' },
];

const limit = (fen: number | null) => (fen === null ? '不限' : formatFen(fen));

/**
 * 课题组: every research group with its leader, members and wallet (decision 0033). Members and
 * leaders act in the member centre; staff look, and finance issue a group's statement.
 */
export default function Groups({ me }: { me: Me }) {
  const [status, setStatus] = useState('active');
  const [keyword, setKeyword] = useState('');
  const filter = { ...(status ? { status } : {}), ...(keyword ? { keyword } : {}) };
  const list = useList(groupsAdminApi.list, filter);
  const [open, setOpen] = useState<string | null>(null);
  const columns: Column<Row>[] = [
    {
      id: 'name',
      header: '课题组',
      sort: (r) => r.name,
      cell: (r) => (
        <>
          <span className="block font-medium">{r.name}</span>
          <span className="text-xs text-slate-500">
            {r.institution} · PI {r.pi_name}
          </span>
        </>
      ),
      csv: [
        { header: '课题组', value: (r) => r.name },
        { header: '所属单位', value: (r) => r.institution },
        { header: '负责人（PI）', value: (r) => r.pi_name },
      ],
    },
    {
      id: 'leader',
      header: '组长',
      cell: (r) => (
        <>
          <span className="block">{r.leader.name || '—'}</span>
          <span className="text-xs text-slate-500">{r.leader.phone}</span>
        </>
      ),
      csv: [
        { header: '组长', value: (r) => r.leader.name },
        { header: '组长手机', value: (r) => r.leader.phone },
      ],
    },
    {
      id: 'members',
      header: '成员',
      sort: (r) => r.members,
      cell: (r) => `${r.members} 人`,
      className: 'whitespace-nowrap',
      csv: [{ header: '成员数', value: (r) => r.members }],
    },
    {
      id: 'balance',
      header: '余额',
      sort: (r) => r.balance_fen,
      cell: (r) => formatFen(r.balance_fen),
      className: 'tabular-nums',
      csv: [{ header: '余额（元）', value: (r) => fenToYuan(r.balance_fen) }],
    },
    {
      id: 'status',
      header: '状态',
      cell: (r) =>
        r.status === 'active' ? <Badge tone="brand">正常</Badge> : <Badge tone="slate">已解散</Badge>,
      csv: (r) => (r.status === 'active' ? '正常' : '已解散'),
    },
    {
      id: 'created',
      header: '创建时间',
      sort: (r) => r.created,
      cell: (r) => when(r.created),
      className: 'whitespace-nowrap text-slate-500',
      csv: (r) => when(r.created),
    },
    {
      id: 'actions',
      header: '操作',
      cell: (r) => (
        <button type="button" className={button.ghost} onClick={() => setOpen(r.rid)}>
          查看
        </button>
      ),
    },
  ];
  return (
    <div>
      <PageHeader
        title="课题组"
        lead="课题组由客户在会员中心创建和管理：组长转入资金、设置成员限额、审批超限支付。这里查看成员、钱包和每月支付。"
        actions={
          <ExportCsv<Row> list={groupsAdminApi.list} filter={filter} name="课题组" columns={columns} />
        }
      />
      <StatusTabs label="课题组状态" tabs={TABS} value={status} onChange={setStatus} />
      <div className="mb-3 flex flex-wrap gap-2">
        <input
          className={`${filterInput} sm:w-72`}
          aria-label="搜索课题组"
          placeholder="课题组名称、单位、PI或组长手机号"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value.trim())}
        />
      </div>
      <DataTable<Row>
        label="课题组"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        empty="没有符合条件的课题组"
        columns={columns}
      />
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
      {open && <GroupModal rid={open} me={me} onClose={() => setOpen(null)} />}
    </div>
  );
}

/** One group: leader, members with their limits, the wallet, a month's payments; its statement. */
export function GroupModal({ rid, me, onClose }: { rid: string; me: Me; onClose: () => void }) {
  const [month, setMonth] = useState(() => shanghaiMonth(Date.now()));
  const [d, setD] = useState<Detail | null>(null);
  useEffect(() => {
    void consoleApi.call(groupsAdminApi.detail, { rid, month }).then((res) => res && setD(res));
  }, [rid, month]);
  const issue = me.permissions.includes('statements.manage') && d?.status === 'active';
  return (
    <FormModal
      open
      wide
      title={d ? `课题组「${d.name}」` : '课题组'}
      submitText={issue ? `出具${Number(month.slice(0, 4))}年${Number(month.slice(5))}月对账单` : '关闭'}
      onClose={onClose}
      onSubmit={async () =>
        issue
          ? staffAction(
              statementsAdminApi.issue,
              { group_rid: rid, month, note: '' },
              '已出具对账单',
              () => {},
            )
          : null
      }
    >
      {!d ? (
        <p className="py-6 text-center text-sm text-slate-500">加载中…</p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-slate-500">所属单位</dt>
              <dd>{d.institution}</dd>
            </div>
            <div>
              <dt className="text-slate-500">负责人（PI）</dt>
              <dd>{d.pi_name}</dd>
            </div>
            <div>
              <dt className="text-slate-500">组长</dt>
              <dd>
                {d.leader.name || '—'} {d.leader.phone}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">钱包余额</dt>
              <dd className="font-semibold tabular-nums">{formatFen(d.balance_fen)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">状态</dt>
              <dd>{d.status === 'active' ? '正常' : '已解散'}</dd>
            </div>
            <div>
              <dt className="text-slate-500">创建时间</dt>
              <dd>{when(d.created)}</dd>
            </div>
          </dl>
          <section aria-label="成员">
            <h3 className="mb-1.5 text-sm font-semibold">成员（{d.members.length}）</h3>
            <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
              {d.members.map((m) => (
                <li key={m.user_rid} className="flex flex-wrap items-center gap-x-3 gap-y-0.5 px-3 py-2">
                  <span className="font-medium">{m.name || m.phone}</span>
                  <span className="text-xs text-slate-500">{m.phone}</span>
                  <Badge tone={m.role === 'member' ? 'slate' : 'brand'}>{m.role_text}</Badge>
                  {m.status !== 'active' && <Badge tone="accent">{m.status_text}</Badge>}
                  <span className="ml-auto text-xs text-slate-500">
                    单笔 {limit(m.per_order_limit_fen)} · 每月 {limit(m.monthly_limit_fen)} · 本月已用{' '}
                    {formatFen(m.spent_this_month_fen)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <section aria-label="课题组支付">
            <div className="mb-1.5 flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-sm font-semibold">
                支付记录 · 已支付 {formatFen(d.payments.paid_fen)}（{d.payments.total} 笔申请）
              </h3>
              <input
                className={filterInput}
                type="month"
                aria-label="支付月份"
                value={month}
                onChange={(e) => e.target.value && setMonth(e.target.value)}
              />
            </div>
            {d.payments.list.length === 0 ? (
              <p className="rounded-md bg-slate-50 px-3 py-4 text-center text-sm text-slate-500">
                该月没有支付申请
              </p>
            ) : (
              <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
                {d.payments.list.map((p) => (
                  <li key={p.rid} className="flex flex-wrap items-center gap-x-3 gap-y-0.5 px-3 py-2">
                    <span className="font-mono text-xs">{p.order_no}</span>
                    <span>{p.member}</span>
                    {p.label && <span className="text-xs text-slate-500">{p.label}</span>}
                    <span className="ml-auto tabular-nums">{formatFen(p.amount_fen)}</span>
                    <Badge tone={p.status === 'paid' ? 'brand' : p.status === 'pending' ? 'hot' : 'slate'}>
                      {p.status_text}
                    </Badge>
                    <span className="w-full text-xs text-slate-400 sm:w-auto">{when(p.created)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </FormModal>
  );
}
