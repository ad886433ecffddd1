import { useState } from 'react';
import { type Me, staffAction } from '../session.ts';
import { Badge, button, Field, FormModal, input, PageHeader, StatusTabs, when } from '../ui.tsx';
import { useList, type RowOf } from '../lists.ts';
import { type Column, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { requireAdminApi } from '../../lib/shared/require/api.ts';

type Item = RowOf<typeof requireAdminApi.list>;
type Tab = 'open' | 'handled' | 'all';

/** 需求留言: the /require posts, newest first; whoever follows one up marks it handled with a note. */
export default function Inbox({ me }: { me: Me }) {
  const [tab, setTab] = useState<Tab>('open');
  const filter = tab === 'all' ? {} : { handled: tab === 'handled' };
  const list = useList(requireAdminApi.list, filter);
  const [target, setTarget] = useState<Item | null>(null);
  const [note, setNote] = useState('');
  const manager = me.permissions.includes('requirements.manage');
  const columns: Column<Item>[] = [
    {
      id: 'created',
      header: '时间',
      sort: (m) => m.created,
      cell: (m) => when(m.created),
      className: 'whitespace-nowrap text-slate-500',
      csv: (m) => when(m.created),
    },
    {
      id: 'who',
      header: '联系人',
      cell: (m) => (
        <>
          <span className="block font-medium">{m.name}</span>
          <span className="text-xs text-slate-500">
            {m.phone} {m.email} {m.company}
          </span>
        </>
      ),
      csv: [
        { header: '姓名', value: (m) => m.name },
        { header: '电话', value: (m) => m.phone },
        { header: '邮箱', value: (m) => m.email },
        { header: '单位', value: (m) => m.company },
      ],
    },
    {
      id: 'content',
      header: '需求',
      cell: (m) => <span className="whitespace-pre-line">{m.content}</span>,
      csv: (m) => m.content,
    },
    {
      id: 'handled',
      header: '处理',
      cell: (m) =>
        m.handled ? (
          <>
            <Badge tone="accent">已处理</Badge>
            <span className="block text-xs text-slate-500">
              {when(m.handled_at)} {m.handled_note}
            </span>
          </>
        ) : manager ? (
          <button type="button" className={button.ghost} onClick={() => (setNote(''), setTarget(m))}>
            标记已处理
          </button>
        ) : (
          <Badge tone="hot">未处理</Badge>
        ),
      csv: (m) => (m.handled ? `已处理 ${m.handled_note}` : '未处理'),
    },
  ];
  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader
        title="需求留言"
        lead="客户在「发布需求」页面留下的检测需求；联系客户后标记为已处理。"
        actions={
          <ExportCsv<Item> list={requireAdminApi.list} filter={filter} name="需求留言" columns={columns} />
        }
      />
      <div>
        <StatusTabs
          label="处理状态"
          tabs={[
            { value: 'open', label: '未处理' },
            { value: 'handled', label: '已处理' },
            { value: 'all', label: '全部' },
          ]}
          value={tab}
          onChange={setTab}
        />
        <DataTable<Item>
          label="需求留言"
          rows={list.data?.list ?? null}
          rowKey={(m) => String(m.id)}
          empty="没有留言"
          columns={columns}
        />
        <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
      </div>
      <FormModal
        open={target !== null}
        title="标记已处理"
        submitText="已处理"
        onClose={() => setTarget(null)}
        onSubmit={() =>
          staffAction(requireAdminApi.handle, { id: target!.id, note }, '已标记为已处理', list.reload)
        }
      >
        <Field label="处理说明（可选）" hint="如：已电话联系，安排报价">
          <input
            className={input}
            name="note"
            maxLength={200}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </Field>
      </FormModal>
    </div>
  );
}
