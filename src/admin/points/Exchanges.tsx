import { useState } from 'react';
import type { z } from 'zod';
import { type Me, staffAction } from '../session.ts';
import {
  Badge,
  button,
  DataTable,
  ExportCsv,
  Field,
  FormModal,
  input,
  PageHeader,
  Pager,
  StatusTabs,
  useList,
  when,
  yuan,
} from '../ui.tsx';
import type { StaffExchangePageSchema } from '../../lib/shared/points/responses.ts';

type Row = z.output<typeof StaffExchangePageSchema>['list'][number];
const TABS = [
  { value: 'pending', label: '待发放' },
  { value: 'fulfilled', label: '已发放' },
  { value: 'rejected', label: '已驳回' },
  { value: 'done', label: '已到账' },
  { value: '', label: '全部' },
];

/**
 * 积分兑换: every exchange; gift cards wait here until staff send them (with a note the customer
 * sees) or reject them (the points go back). Test-fee exchanges are credited at once.
 */
export default function Exchanges({ me }: { me: Me }) {
  const [status, setStatus] = useState('pending');
  const filter = status ? { status } : {};
  const list = useList<Row>('/api/admin/points/exchange/list', filter);
  const [target, setTarget] = useState<{ row: Row; fulfil: boolean } | null>(null);
  const [text, setText] = useState('');
  const manager = me.permissions.includes('points.manage');
  return (
    <div className="grid grid-cols-1">
      <PageHeader
        title="积分兑换"
        lead="礼品卡兑换需人工发放；驳回后积分按原有效期退回客户。测试费兑换即时到账。"
        actions={
          <ExportCsv<Row>
            path="/api/admin/points/exchange/list"
            filter={filter}
            name="积分兑换"
            columns={[
              { header: '时间', value: (r) => when(r.created) },
              { header: '客户', value: (r) => `${r.customer.name} ${r.customer.phone}` },
              { header: '商品', value: (r) => `${r.name} ×${r.count}` },
              { header: '积分', value: (r) => r.points },
              { header: '面值（元）', value: (r) => (r.value_fen / 100).toFixed(2) },
              { header: '状态', value: (r) => r.status_text },
              { header: '备注', value: (r) => r.note },
            ]}
          />
        }
      />
      <StatusTabs label="兑换状态" tabs={TABS} value={status} onChange={setStatus} />
      <DataTable<Row>
        label="积分兑换"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        empty="没有这一状态的兑换"
        columns={[
          {
            id: 'created',
            header: '时间',
            cell: (r) => when(r.created),
            className: 'whitespace-nowrap text-slate-500',
          },
          {
            id: 'customer',
            header: '客户',
            cell: (r) => (
              <>
                <span className="block">{r.customer.name || r.customer.phone}</span>
                <span className="text-xs text-slate-500">
                  {r.customer.phone} {r.customer.company}
                </span>
              </>
            ),
          },
          {
            id: 'item',
            header: '商品',
            cell: (r) => (
              <>
                <span className="block">
                  {r.name}
                  {r.count > 1 && ` ×${r.count}`}
                </span>
                <span className="text-xs text-slate-500">
                  {r.kind_text} · {yuan(r.value_fen)}
                </span>
              </>
            ),
          },
          {
            id: 'points',
            header: '积分',
            cell: (r) => <strong className="tabular-nums">{r.points.toLocaleString('zh-CN')}</strong>,
          },
          {
            id: 'note',
            header: '备注',
            className: 'min-w-40',
            cell: (r) => (
              <>
                <span className="block">{r.note || '—'}</span>
                {r.staff_note && <span className="block text-xs text-accent-700">发放：{r.staff_note}</span>}
                {r.reason && <span className="block text-xs text-red-600">驳回：{r.reason}</span>}
              </>
            ),
          },
          {
            id: 'status',
            header: '状态',
            cell: (r) => (
              <Badge tone={r.status === 'pending' ? 'brand' : r.status === 'rejected' ? 'slate' : 'accent'}>
                {r.status_text}
              </Badge>
            ),
          },
          {
            id: 'actions',
            header: '操作',
            cell: (r) =>
              manager && r.status === 'pending' ? (
                <span className="flex gap-1.5 whitespace-nowrap">
                  <button
                    type="button"
                    className={button.primary}
                    onClick={() => (setText(''), setTarget({ row: r, fulfil: true }))}
                  >
                    发放
                  </button>
                  <button
                    type="button"
                    className={button.danger}
                    onClick={() => (setText(''), setTarget({ row: r, fulfil: false }))}
                  >
                    驳回
                  </button>
                </span>
              ) : null,
          },
        ]}
      />
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
      <FormModal
        open={target !== null}
        title={target?.fulfil ? '确认发放' : '驳回兑换'}
        submitText={target?.fulfil ? '确认发放' : '驳回并退回积分'}
        danger={!target?.fulfil}
        onClose={() => setTarget(null)}
        onSubmit={() =>
          staffAction(
            target!.fulfil ? '/api/admin/points/exchange/fulfil' : '/api/admin/points/exchange/reject',
            target!.fulfil ? { rid: target!.row.rid, note: text } : { rid: target!.row.rid, reason: text },
            target!.fulfil ? '已发放' : '已驳回，积分已退回',
            list.reload,
          )
        }
      >
        {target && (
          <p className="text-sm">
            {target.row.customer.name || target.row.customer.phone} 以{' '}
            <strong>{target.row.points.toLocaleString('zh-CN')}</strong> 积分兑换「{target.row.name}」
            {target.row.count > 1 && ` ×${target.row.count}`}。
          </p>
        )}
        <Field
          label={target?.fulfil ? '发放说明（客户可见，选填）' : '驳回原因（客户可见）'}
          hint={target?.fulfil ? '如：卡密已短信发送至注册手机' : undefined}
        >
          <input
            className={input}
            name={target?.fulfil ? 'note' : 'reason'}
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={200}
          />
        </Field>
      </FormModal>
    </div>
  );
}
