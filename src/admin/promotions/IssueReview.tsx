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
import type { CouponIssueRequest } from '../../lib/shared/coupons/responses.ts';

const TABS = [
  { value: 'pending', label: '待复核' },
  { value: 'approved', label: '已发放' },
  { value: 'rejected', label: '已驳回' },
  { value: '', label: '全部' },
];
const STATUS_TEXT = { pending: '待复核', approved: '已发放', rejected: '已驳回' } as const;
/** A percentage coupon without a cap has no face value: it always needs a second person. */
const total = (r: CouponIssueRequest) => (r.total_fen === null ? '不封顶' : yuan(r.total_fen));

/** 发券复核: coupon issues whose face value reaches the threshold wait for another staff member. */
export default function IssueReview({ me }: { me: Me }) {
  const [status, setStatus] = useState('pending');
  const filter = status ? { status } : {};
  const list = useList<CouponIssueRequest>('/api/admin/coupon/issue/list', filter);
  const [target, setTarget] = useState<{ row: CouponIssueRequest; approve: boolean } | null>(null);
  const [reason, setReason] = useState('');
  const decider = me.permissions.includes('coupons.manage');
  return (
    <div>
      <PageHeader
        title="发券复核"
        lead="单张面额或本次合计达到复核金额的发券（及不封顶的折扣券），需由提交人以外的另一位同事批准后才发放。"
        actions={
          <ExportCsv<CouponIssueRequest>
            path="/api/admin/coupon/issue/list"
            filter={filter}
            name="发券复核"
            columns={[
              { header: '提交时间', value: (r) => when(r.created) },
              { header: '优惠券', value: (r) => `${r.template.name}（${r.template.rule_text}）` },
              { header: '人数', value: (r) => r.phones.length },
              { header: '合计面额', value: total },
              { header: '手机号', value: (r) => r.phones.join(' ') },
              { header: '提交人', value: (r) => r.requested_by },
              { header: '复核人', value: (r) => r.decided_by ?? '' },
              { header: '状态', value: (r) => STATUS_TEXT[r.status] },
              { header: '已发放（张）', value: (r) => r.given ?? '' },
              { header: '驳回原因', value: (r) => r.reject_reason },
            ]}
          />
        }
      />
      <StatusTabs label="复核状态" tabs={TABS} value={status} onChange={setStatus} />
      <DataTable<CouponIssueRequest>
        label="发券复核"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        empty="没有这一状态的发券"
        columns={[
          {
            id: 'created',
            header: '提交时间',
            cell: (r) => when(r.created),
            className: 'whitespace-nowrap text-slate-500',
          },
          {
            id: 'template',
            header: '优惠券',
            cell: (r) => (
              <>
                <span className="block">{r.template.name}</span>
                <span className="text-xs text-slate-500">{r.template.rule_text}</span>
              </>
            ),
          },
          {
            id: 'total',
            header: '人数 / 合计面额',
            cell: (r) => (
              <>
                <span className="block">{r.phones.length} 人</span>
                <strong className="whitespace-nowrap tabular-nums">{total(r)}</strong>
              </>
            ),
          },
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
                {r.given !== null && (
                  <span className="block text-xs text-slate-500">
                    发放 {r.given} 张{r.refused.length > 0 && `，${r.refused.length} 人未发放`}
                  </span>
                )}
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
                    aria-label={`批准发放 ${r.template.name}`}
                    onClick={() => setTarget({ row: r, approve: true })}
                  >
                    批准
                  </button>
                  <button
                    type="button"
                    className={button.danger}
                    aria-label={`驳回发放 ${r.template.name}`}
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
        title={target?.approve ? '批准发券' : '驳回发券'}
        submitText={target?.approve ? '批准发放' : '驳回'}
        danger={!target?.approve}
        onClose={() => setTarget(null)}
        onSubmit={() =>
          staffAction<{ given: number; refused: unknown[] }>(
            target!.approve ? '/api/admin/coupon/issue/approve' : '/api/admin/coupon/issue/reject',
            target!.approve ? { rid: target!.row.rid } : { rid: target!.row.rid, reason },
            (d) =>
              target!.approve
                ? `已发放 ${d.given} 张${d.refused.length ? `，${d.refused.length} 人未发放` : ''}`
                : '已驳回',
            list.reload,
          )
        }
      >
        {target?.approve ? (
          <div className="grid gap-2 text-sm">
            <p>
              向 {target.row.phones.length} 位客户各发放「{target.row.template.name}」（
              {target.row.template.rule_text}），合计面额 <strong>{total(target.row)}</strong>，由{' '}
              {target.row.requested_by} 提交。确认后立即发放。
            </p>
            <p className="max-h-24 overflow-auto rounded bg-slate-50 p-2 text-xs text-slate-600">
              {target.row.phones.join('、')}
            </p>
          </div>
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
