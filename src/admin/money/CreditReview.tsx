import { useState } from 'react';
import type { Me } from '../session.ts';
import { ReviewQueue } from '../ReviewQueue.tsx';
import { Badge, Field, input, when } from '../ui.tsx';
import type { RowOf } from '../lists.ts';
import type { Column } from '../table.tsx';
import { DEFAULT_CREDIT_DUE_DAYS } from '../../lib/shared/money/money.ts';
import { fenToYuan, yuanToFen, formatFen } from '../../lib/shared/money.ts';
import { moneyAdminApi } from '../../lib/shared/money/api.ts';

type Row = RowOf<typeof moneyAdminApi.creditList>;
const TABS = [
  { value: 'reviewing', label: '待审核' },
  { value: 'approved', label: '已开通' },
  { value: 'rejected', label: '已驳回' },
  { value: '', label: '全部' },
];

const COLUMNS: Column<Row>[] = [
  {
    id: 'created',
    header: '申请时间',
    cell: (r) => when(r.created),
    csv: (r) => when(r.created),
    sort: (r) => r.created,
    date: (r) => r.created,
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
    csv: [
      { header: '客户', value: (r) => r.customer.name },
      { header: '手机', value: (r) => r.customer.phone },
      { header: '单位', value: (r) => r.customer.company },
    ],
  },
  {
    id: 'requested',
    header: '申请额度',
    cell: (r) => formatFen(r.requested_fen),
    csv: [{ header: '申请额度（元）', value: (r) => fenToYuan(r.requested_fen) }],
    sort: (r) => r.requested_fen,
  },
  { id: 'reason', header: '说明', cell: (r) => r.reason || '—', csv: (r) => r.reason },
  {
    id: 'status',
    header: '状态',
    cell: (r) => (
      <>
        <Badge tone={r.status === 'reviewing' ? 'brand' : r.status === 'approved' ? 'accent' : 'slate'}>
          {r.status_text}
        </Badge>
        {r.status === 'approved' && (
          <span className="block text-xs text-slate-500">
            {formatFen(r.limit_fen)} · {r.due_days} 天
          </span>
        )}
        {r.reject_reason && <span className="block text-xs text-red-600">{r.reject_reason}</span>}
      </>
    ),
    csv: [
      { header: '状态', value: (r) => r.status_text },
      {
        header: '核定额度（元）',
        value: (r) => (r.status === 'approved' ? fenToYuan(r.limit_fen) : ''),
      },
      { header: '账期（天）', value: (r) => (r.status === 'approved' ? r.due_days : '') },
      { header: '驳回原因', value: (r) => r.reject_reason },
    ],
  },
  { id: 'decided', header: '审核时间', csv: (r) => when(r.decided) },
];

/** 信用额度: applications for a credit line; finance sets the limit and the term, or says no. */
export default function CreditReview({ me }: { me: Me }) {
  const [limit, setLimit] = useState('');
  const [days, setDays] = useState(String(DEFAULT_CREDIT_DUE_DAYS));
  return (
    <ReviewQueue<Row>
      me={me}
      title="信用额度"
      lead="客户申请先检测后付款的信用额度；额度与账期由财务核定。"
      list={moneyAdminApi.creditList}
      label="信用申请"
      statusLabel="申请状态"
      tabs={TABS}
      initialStatus="reviewing"
      empty="没有这一状态的信用申请"
      columns={COLUMNS}
      decider="money.approve"
      waiting={(r) => r.status === 'reviewing'}
      approve={{
        button: '开通',
        title: '开通信用额度',
        submitText: '开通',
        path: moneyAdminApi.creditApprove,
        // An unreadable amount is sent as -1 so the server's message explains it.
        body: () => ({ limit_fen: yuanToFen(limit) ?? -1, due_days: Number(days) }),
        done: '已开通',
        onOpen: (r) => setLimit(fenToYuan(r.requested_fen)),
        form: () => (
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
        ),
      }}
      reject={{
        button: '驳回',
        title: '驳回信用申请',
        submitText: '驳回',
        path: moneyAdminApi.creditReject,
        done: '已驳回',
        reasonLabel: '驳回原因（客户可见）',
      }}
    />
  );
}
