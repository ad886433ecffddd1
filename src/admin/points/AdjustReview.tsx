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
import type { PointsAdjustRequest } from '../../lib/shared/points/responses.ts';

const TABS = [
  { value: 'pending', label: '待复核' },
  { value: 'approved', label: '已生效' },
  { value: 'rejected', label: '已驳回' },
  { value: '', label: '全部' },
];
const STATUS_TEXT = { pending: '待复核', approved: '已生效', rejected: '已驳回' } as const;
const signed = (n: number) => `${n > 0 ? '+' : ''}${n.toLocaleString('zh-CN')}`;
const whom = (r: PointsAdjustRequest) => r.customer.name || r.customer.phone;

/** 积分复核: large points adjustments wait for a second staff member (decision 0048). */
export default function AdjustReview({ me }: { me: Me }) {
  const [status, setStatus] = useState('pending');
  const filter = status ? { status } : {};
  const list = useList<PointsAdjustRequest>('/api/admin/points/adjust/list', filter);
  const [target, setTarget] = useState<{ row: PointsAdjustRequest; approve: boolean } | null>(null);
  const [reason, setReason] = useState('');
  const decider = me.permissions.includes('points.adjust');
  return (
    <div>
      <PageHeader
        title="积分复核"
        lead="按兑换价值达到复核金额的积分调整，需由提交人以外的另一位同事批准后才生效；驳回不动积分。"
        actions={
          <ExportCsv<PointsAdjustRequest>
            path="/api/admin/points/adjust/list"
            filter={filter}
            name="积分复核"
            columns={[
              { header: '提交时间', value: (r) => when(r.created) },
              { header: '客户', value: (r) => `${r.customer.name} ${r.customer.phone}` },
              { header: '调整积分', value: (r) => r.points },
              { header: '兑换价值（元）', value: (r) => (r.value_fen / 100).toFixed(2) },
              { header: '原因', value: (r) => r.reason },
              { header: '提交人', value: (r) => r.requested_by },
              { header: '复核人', value: (r) => r.decided_by ?? '' },
              { header: '状态', value: (r) => STATUS_TEXT[r.status] },
              { header: '驳回原因', value: (r) => r.reject_reason },
            ]}
          />
        }
      />
      <StatusTabs label="复核状态" tabs={TABS} value={status} onChange={setStatus} />
      <DataTable<PointsAdjustRequest>
        label="积分复核"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        empty="没有这一状态的积分调整"
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
                <span className="block">{whom(r)}</span>
                <span className="text-xs text-slate-500">{r.customer.company || r.customer.phone}</span>
              </>
            ),
          },
          {
            id: 'points',
            header: '调整积分',
            cell: (r) => (
              <>
                <strong className="block tabular-nums">{signed(r.points)}</strong>
                <span className="text-xs whitespace-nowrap text-slate-500">约 {yuan(r.value_fen)}</span>
              </>
            ),
          },
          { id: 'reason', header: '原因', cell: (r) => r.reason },
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
                {r.reject_reason && <span className="block text-xs text-red-600">{r.reject_reason}</span>}
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
                    aria-label={`批准 ${whom(r)} ${signed(r.points)} 积分`}
                    onClick={() => setTarget({ row: r, approve: true })}
                  >
                    批准
                  </button>
                  <button
                    type="button"
                    className={button.danger}
                    aria-label={`驳回 ${whom(r)} ${signed(r.points)} 积分`}
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
        title={target?.approve ? '批准积分调整' : '驳回积分调整'}
        submitText={target?.approve ? '批准' : '驳回'}
        danger={!target?.approve}
        onClose={() => setTarget(null)}
        onSubmit={() =>
          staffAction(
            target!.approve ? '/api/admin/points/adjust/approve' : '/api/admin/points/adjust/reject',
            target!.approve ? { rid: target!.row.rid } : { rid: target!.row.rid, reason },
            target!.approve ? '已批准，积分已调整' : '已驳回',
            list.reload,
          )
        }
      >
        {target?.approve ? (
          <p className="text-sm">
            给 {whom(target.row)} 调整 <strong>{signed(target.row.points)}</strong> 积分（约{' '}
            {yuan(target.row.value_fen)}，{target.row.requested_by} 提交：{target.row.reason}
            ）。确认后立即生效，客户可在积分明细中看到原因。
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
