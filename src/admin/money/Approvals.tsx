import { useState } from 'react';
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
import type { MoneyApproval } from '../../lib/shared/money/responses.ts';

const TABS = [
  { value: 'pending', label: '待复核' },
  { value: 'approved', label: '已入账' },
  { value: 'rejected', label: '已驳回' },
  { value: '', label: '全部' },
];
const STATUS_TEXT = { pending: '待复核', approved: '已入账', rejected: '已驳回' } as const;

/** 入账复核: large manual credits wait for a second staff member; approving moves the money. */
export default function Approvals({ me }: { me: Me }) {
  const [status, setStatus] = useState('pending');
  const filter = status ? { status } : {};
  const list = useList<MoneyApproval>('/api/admin/money/approval/list', filter);
  const [target, setTarget] = useState<{ row: MoneyApproval; approve: boolean } | null>(null);
  const [reason, setReason] = useState('');
  const decider = me.permissions.includes('money.adjust');
  return (
    <div>
      <PageHeader
        title="入账复核"
        lead="达到复核金额的人工入账，需由提交人以外的另一位同事批准后才入账；驳回不动资金。"
        actions={
          <ExportCsv<MoneyApproval>
            path="/api/admin/money/approval/list"
            filter={filter}
            name="入账复核"
            columns={[
              { header: '提交时间', value: (r) => when(r.created) },
              { header: '客户', value: (r) => `${r.customer.name} ${r.customer.phone}` },
              { header: '金额（元）', value: (r) => (r.amount_fen / 100).toFixed(2) },
              { header: '说明', value: (r) => r.note },
              { header: '提交人', value: (r) => r.requested_by },
              { header: '复核人', value: (r) => r.decided_by ?? '' },
              { header: '状态', value: (r) => STATUS_TEXT[r.status] },
              { header: '驳回原因', value: (r) => r.reason },
            ]}
          />
        }
      />
      <StatusTabs label="复核状态" tabs={TABS} value={status} onChange={setStatus} />
      <DataTable<MoneyApproval>
        label="入账复核"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        empty="没有这一状态的入账"
        columns={[
          {
            id: 'created',
            header: '提交时间',
            cell: (r) => when(r.created),
            className: 'whitespace-nowrap text-slate-500',
          },
          {
            id: 'customer',
            header: '客户',
            cell: (r) => (
              <>
                <span className="block">{r.customer.name || r.customer.phone}</span>
                <span className="text-xs text-slate-500">{r.customer.company || r.customer.phone}</span>
              </>
            ),
          },
          {
            id: 'amount',
            header: '金额',
            cell: (r) => <strong className="tabular-nums">{yuan(r.amount_fen)}</strong>,
          },
          { id: 'note', header: '说明', cell: (r) => r.note || '—' },
          {
            id: 'who',
            header: '提交 / 复核',
            cell: (r) => (
              <>
                <span className="block">{r.requested_by}</span>
                <span className="text-xs text-slate-500">{r.decided_by ?? '—'}</span>
              </>
            ),
          },
          {
            id: 'status',
            header: '状态',
            cell: (r) => (
              <>
                <Badge tone={r.status === 'pending' ? 'brand' : r.status === 'approved' ? 'accent' : 'slate'}>
                  {STATUS_TEXT[r.status]}
                </Badge>
                {r.reason && <span className="block text-xs text-red-600">{r.reason}</span>}
              </>
            ),
          },
          {
            id: 'actions',
            header: '操作',
            cell: (r) =>
              decider && r.status === 'pending' ? (
                <span className="flex gap-1.5 whitespace-nowrap">
                  <button
                    type="button"
                    className={button.primary}
                    aria-label={`批准 ${r.customer.name || r.customer.phone} ${yuan(r.amount_fen)}`}
                    onClick={() => setTarget({ row: r, approve: true })}
                  >
                    批准
                  </button>
                  <button
                    type="button"
                    className={button.danger}
                    aria-label={`驳回 ${r.customer.name || r.customer.phone} ${yuan(r.amount_fen)}`}
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
        title={target?.approve ? '批准入账' : '驳回入账'}
        submitText={target?.approve ? '批准入账' : '驳回'}
        danger={!target?.approve}
        onClose={() => setTarget(null)}
        onSubmit={() =>
          staffAction(
            target!.approve ? '/api/admin/money/approval/approve' : '/api/admin/money/approval/reject',
            target!.approve ? { rid: target!.row.rid } : { rid: target!.row.rid, reason },
            target!.approve ? '已批准入账' : '已驳回',
            list.reload,
          )
        }
      >
        {target?.approve ? (
          <p className="text-sm">
            给 {target.row.customer.name || target.row.customer.phone} 入账{' '}
            <strong>{yuan(target.row.amount_fen)}</strong>（{target.row.requested_by} 提交：
            {target.row.note || '无说明'}）。请核对到账凭证，确认后立即入账。
          </p>
        ) : (
          <Field label="驳回原因">
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
