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
import type { TransferPageSchema } from '../../lib/shared/money/responses.ts';

type Row = z.output<typeof TransferPageSchema>['list'][number];
const TABS = [
  { value: 'reviewing', label: '待审核' },
  { value: 'done', label: '已完成' },
  { value: 'rejected', label: '已驳回' },
  { value: 'cancelled', label: '已取消' },
  { value: '', label: '全部' },
];

/** 转账审核: transfers above the review amount wait here; approving moves the cash. */
export default function TransferReview({ me }: { me: Me }) {
  const [status, setStatus] = useState('reviewing');
  const filter = status ? { status } : {};
  const list = useList<Row>('/api/admin/transfer/list', filter);
  const [target, setTarget] = useState<{ row: Row; approve: boolean } | null>(null);
  const [reason, setReason] = useState('');
  const approver = me.permissions.includes('money.approve');
  const party = (name: string, phone: string, account: string) => (
    <>
      <span className="block">{name || phone}</span>
      <span className="font-mono text-xs text-slate-500">{account}</span>
    </>
  );
  return (
    <div>
      <PageHeader
        title="转账审核"
        lead="客户之间的现金转账；超过审核金额的需财务确认后到账。"
        actions={
          <ExportCsv<Row>
            path="/api/admin/transfer/list"
            filter={filter}
            name="转账记录"
            columns={[
              { header: '时间', value: (r) => when(r.created) },
              { header: '转出', value: (r) => `${r.from_name} ${r.from_account}` },
              { header: '转入', value: (r) => `${r.to_name} ${r.to_account}` },
              { header: '金额（元）', value: (r) => (r.amount_fen / 100).toFixed(2) },
              { header: '备注', value: (r) => r.note },
              { header: '状态', value: (r) => r.status_text },
            ]}
          />
        }
      />
      <StatusTabs label="转账状态" tabs={TABS} value={status} onChange={setStatus} />
      <DataTable<Row>
        label="转账"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        empty="没有这一状态的转账"
        columns={[
          {
            id: 'created',
            header: '时间',
            cell: (r) => when(r.created),
            className: 'whitespace-nowrap text-slate-500',
          },
          { id: 'from', header: '转出', cell: (r) => party(r.from_name, r.from_phone, r.from_account) },
          { id: 'to', header: '转入', cell: (r) => party(r.to_name, r.to_phone, r.to_account) },
          {
            id: 'amount',
            header: '金额',
            cell: (r) => <strong className="tabular-nums">{yuan(r.amount_fen)}</strong>,
          },
          { id: 'note', header: '备注', cell: (r) => r.note || '—' },
          {
            id: 'status',
            header: '状态',
            cell: (r) => (
              <>
                <Badge tone={r.status === 'reviewing' ? 'brand' : r.status === 'done' ? 'accent' : 'slate'}>
                  {r.status_text}
                </Badge>
                {r.reason && <span className="block text-xs text-red-600">{r.reason}</span>}
              </>
            ),
          },
          {
            id: 'actions',
            header: '操作',
            cell: (r) =>
              approver && r.status === 'reviewing' ? (
                <span className="flex gap-1.5 whitespace-nowrap">
                  <button
                    type="button"
                    className={button.primary}
                    onClick={() => setTarget({ row: r, approve: true })}
                  >
                    通过
                  </button>
                  <button
                    type="button"
                    className={button.danger}
                    onClick={() => (setReason(''), setTarget({ row: r, approve: false }))}
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
        title={target?.approve ? '确认转账' : '驳回转账'}
        submitText={target?.approve ? '确认转账' : '驳回'}
        danger={!target?.approve}
        onClose={() => setTarget(null)}
        onSubmit={() =>
          staffAction(
            target!.approve ? '/api/admin/transfer/approve' : '/api/admin/transfer/reject',
            target!.approve ? { rid: target!.row.rid } : { rid: target!.row.rid, reason },
            target!.approve ? '已转账' : '已驳回',
            list.reload,
          )
        }
      >
        {target?.approve ? (
          <p className="text-sm">
            从 {target.row.from_name || target.row.from_phone} 转{' '}
            <strong>{yuan(target.row.amount_fen)}</strong> 给 {target.row.to_name || target.row.to_phone}
            ，确认后立即到账。
          </p>
        ) : (
          <Field label="驳回原因（客户可见）">
            <input
              className={input}
              name="reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={200}
            />
          </Field>
        )}
      </FormModal>
    </div>
  );
}
