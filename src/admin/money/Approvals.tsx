import type { Me } from '../session.ts';
import { ReviewQueue, secondApprovalWho } from '../ReviewQueue.tsx';
import { Badge, when } from '../ui.tsx';
import type { Column } from '../table.tsx';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import type { MoneyApproval } from '../../lib/shared/money/responses.ts';
import { moneyAdminApi } from '../../lib/shared/money/api.ts';

const TABS = [
  { value: 'pending', label: '待复核' },
  { value: 'approved', label: '已入账' },
  { value: 'rejected', label: '已驳回' },
  { value: '', label: '全部' },
];
const STATUS_TEXT = { pending: '待复核', approved: '已入账', rejected: '已驳回' } as const;
const whom = (r: MoneyApproval) => r.customer.name || r.customer.phone;

const COLUMNS: Column<MoneyApproval>[] = [
  {
    id: 'created',
    header: '提交时间',
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
        <span className="block">{whom(r)}</span>
        <span className="text-xs text-slate-500">{r.customer.company || r.customer.phone}</span>
      </>
    ),
    csv: (r) => `${r.customer.name} ${r.customer.phone}`,
  },
  {
    id: 'amount',
    header: '金额',
    cell: (r) => <strong className="tabular-nums">{formatFen(r.amount_fen)}</strong>,
    csv: [{ header: '金额（元）', value: (r) => fenToYuan(r.amount_fen) }],
    sort: (r) => r.amount_fen,
  },
  { id: 'note', header: '说明', cell: (r) => r.note || '—', csv: (r) => r.note },
  secondApprovalWho(),
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
    csv: [
      { header: '状态', value: (r) => STATUS_TEXT[r.status] },
      { header: '驳回原因', value: (r) => r.reason },
    ],
  },
];

/** 入账复核: large manual credits wait for a second staff member; approving moves the money. */
export default function Approvals({ me }: { me: Me }) {
  return (
    <ReviewQueue<MoneyApproval>
      me={me}
      title="入账复核"
      lead="达到复核金额的人工入账，需由提交人以外的另一位同事批准后才入账；驳回不动资金。"
      list={moneyAdminApi.approvalList}
      label="入账复核"
      statusLabel="复核状态"
      tabs={TABS}
      initialStatus="pending"
      empty="没有这一状态的入账"
      columns={COLUMNS}
      decider="money.adjust"
      waiting={(r) => r.status === 'pending'}
      approve={{
        button: '批准',
        ariaLabel: (r) => `批准 ${whom(r)} ${formatFen(r.amount_fen)}`,
        title: '批准入账',
        submitText: '批准入账',
        path: moneyAdminApi.approvalApprove,
        done: '已批准入账',
        form: (r) => (
          <p className="text-sm">
            给 {whom(r)} 入账 <strong>{formatFen(r.amount_fen)}</strong>（{r.requested_by} 提交：
            {r.note || '无说明'}）。请核对到账凭证，确认后立即入账。
          </p>
        ),
      }}
      reject={{
        button: '驳回',
        ariaLabel: (r) => `驳回 ${whom(r)} ${formatFen(r.amount_fen)}`,
        title: '驳回入账',
        submitText: '驳回',
        path: moneyAdminApi.approvalReject,
        done: '已驳回',
      }}
    />
  );
}
