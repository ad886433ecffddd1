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
import type { StaffCreditPageSchema } from '../../lib/shared/money/responses.ts';
import { DEFAULT_CREDIT_DUE_DAYS } from '../../lib/shared/money/money.ts';
import { yuanToFen } from '../../lib/shared/money.ts';

type Row = z.output<typeof StaffCreditPageSchema>['list'][number];
const TABS = [
  { value: 'reviewing', label: '待审核' },
  { value: 'approved', label: '已开通' },
  { value: 'rejected', label: '已驳回' },
  { value: '', label: '全部' },
];

/** 信用额度: applications for a credit line; finance sets the limit and the term, or says no. */
export default function CreditReview({ me }: { me: Me }) {
  const [status, setStatus] = useState('reviewing');
  const filter = status ? { status } : {};
  const list = useList<Row>('/api/admin/credit/list', filter);
  const [target, setTarget] = useState<{ row: Row; approve: boolean } | null>(null);
  const [limit, setLimit] = useState('');
  const [days, setDays] = useState(String(DEFAULT_CREDIT_DUE_DAYS));
  const [reason, setReason] = useState('');
  const approver = me.permissions.includes('money.approve');
  return (
    <div>
      <PageHeader
        title="信用额度"
        lead="客户申请先检测后付款的信用额度；额度与账期由财务核定。"
        actions={
          <ExportCsv<Row>
            path="/api/admin/credit/list"
            filter={filter}
            name="信用申请"
            columns={[
              { header: '申请时间', value: (r) => when(r.created) },
              { header: '客户', value: (r) => r.customer.name },
              { header: '手机', value: (r) => r.customer.phone },
              { header: '单位', value: (r) => r.customer.company },
              { header: '申请额度（元）', value: (r) => (r.requested_fen / 100).toFixed(2) },
              { header: '说明', value: (r) => r.reason },
              { header: '状态', value: (r) => r.status_text },
              {
                header: '核定额度（元）',
                value: (r) => (r.status === 'approved' ? (r.limit_fen / 100).toFixed(2) : ''),
              },
              { header: '账期（天）', value: (r) => (r.status === 'approved' ? r.due_days : '') },
              { header: '驳回原因', value: (r) => r.reject_reason },
              { header: '审核时间', value: (r) => when(r.decided) },
            ]}
          />
        }
      />
      <StatusTabs label="申请状态" tabs={TABS} value={status} onChange={setStatus} />
      <DataTable<Row>
        label="信用申请"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        empty="没有这一状态的信用申请"
        columns={[
          {
            id: 'created',
            header: '申请时间',
            cell: (r) => when(r.created),
            className: 'whitespace-nowrap text-slate-500',
          },
          {
            id: 'customer',
            header: '客户',
            cell: (r) => (
              <>
                <span className="block font-medium">{r.customer.name || '—'}</span>
                <span className="text-xs text-slate-500">
                  {r.customer.phone} {r.customer.company}
                </span>
              </>
            ),
          },
          { id: 'requested', header: '申请额度', cell: (r) => yuan(r.requested_fen) },
          { id: 'reason', header: '说明', cell: (r) => r.reason || '—' },
          {
            id: 'status',
            header: '状态',
            cell: (r) => (
              <>
                <Badge
                  tone={r.status === 'reviewing' ? 'brand' : r.status === 'approved' ? 'accent' : 'slate'}
                >
                  {r.status_text}
                </Badge>
                {r.status === 'approved' && (
                  <span className="block text-xs text-slate-500">
                    {yuan(r.limit_fen)} · {r.due_days} 天
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
              approver && r.status === 'reviewing' ? (
                <span className="flex gap-1.5 whitespace-nowrap">
                  <button
                    type="button"
                    className={button.primary}
                    onClick={() => (
                      setLimit((r.requested_fen / 100).toFixed(2)),
                      setTarget({ row: r, approve: true })
                    )}
                  >
                    开通
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
        title={target?.approve ? '开通信用额度' : '驳回信用申请'}
        submitText={target?.approve ? '开通' : '驳回'}
        danger={!target?.approve}
        onClose={() => setTarget(null)}
        onSubmit={async () => {
          const row = target!.row;
          const body = target!.approve
            ? { rid: row.rid, limit_fen: yuanToFen(limit) ?? -1, due_days: Number(days) }
            : { rid: row.rid, reason };
          return staffAction(
            target!.approve ? '/api/admin/credit/approve' : '/api/admin/credit/reject',
            body,
            target!.approve ? '已开通' : '已驳回',
            list.reload,
          );
        }}
      >
        {target?.approve ? (
          <div className="grid grid-cols-2 gap-3">
            <Field label="信用额度（元）">
              <input
                className={input}
                name="limit"
                inputMode="decimal"
                value={limit}
                onChange={(e) => setLimit(e.target.value)}
              />
            </Field>
            <Field label="账期（天）">
              <input
                className={input}
                name="due_days"
                inputMode="numeric"
                value={days}
                onChange={(e) => setDays(e.target.value)}
              />
            </Field>
          </div>
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
