import type { Me } from '../session.ts';
import { ReviewQueue, secondApprovalWho } from '../ReviewQueue.tsx';
import { Badge, when } from '../ui.tsx';
import type { Column } from '../table.tsx';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import type { PointsAdjustRequest } from '../../lib/shared/points/responses.ts';
import { pointsAdminApi } from '../../lib/shared/points/api.ts';

const TABS = [
  { value: 'pending', label: '待复核' },
  { value: 'approved', label: '已生效' },
  { value: 'rejected', label: '已驳回' },
  { value: '', label: '全部' },
];
const STATUS_TEXT = { pending: '待复核', approved: '已生效', rejected: '已驳回' } as const;
const signed = (n: number) => `${n > 0 ? '+' : ''}${n.toLocaleString('zh-CN')}`;
const whom = (r: PointsAdjustRequest) => r.customer.name || r.customer.phone;

const COLUMNS: Column<PointsAdjustRequest>[] = [
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
    id: 'points',
    header: '调整积分',
    cell: (r) => (
      <>
        <strong className="block tabular-nums">{signed(r.points)}</strong>
        <span className="text-xs whitespace-nowrap text-slate-500">约 {formatFen(r.value_fen)}</span>
      </>
    ),
    csv: [
      { header: '调整积分', value: (r) => r.points },
      { header: '兑换价值（元）', value: (r) => fenToYuan(r.value_fen) },
    ],
    sort: (r) => r.points,
  },
  { id: 'reason', header: '原因', cell: (r) => r.reason, csv: (r) => r.reason },
  secondApprovalWho(),
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
    csv: [
      { header: '状态', value: (r) => STATUS_TEXT[r.status] },
      { header: '驳回原因', value: (r) => r.reject_reason },
    ],
  },
];

/** 积分复核: large points adjustments wait for a second staff member (decision 0048). */
export default function AdjustReview({ me }: { me: Me }) {
  return (
    <ReviewQueue<PointsAdjustRequest>
      me={me}
      title="积分复核"
      lead="按兑换价值达到复核金额的积分调整，需由提交人以外的另一位同事批准后才生效；驳回不动积分。"
      list={pointsAdminApi.adjustList}
      label="积分复核"
      statusLabel="复核状态"
      tabs={TABS}
      initialStatus="pending"
      empty="没有这一状态的积分调整"
      columns={COLUMNS}
      decider="points.adjust"
      waiting={(r) => r.status === 'pending'}
      approve={{
        button: '批准',
        ariaLabel: (r) => `批准 ${whom(r)} ${signed(r.points)} 积分`,
        title: '批准积分调整',
        submitText: '批准',
        path: pointsAdminApi.adjustApprove,
        done: '已批准，积分已调整',
        form: (r) => (
          <p className="text-sm">
            给 {whom(r)} 调整 <strong>{signed(r.points)}</strong> 积分（约 {formatFen(r.value_fen)}，
            {r.requested_by} 提交：{r.reason}）。确认后立即生效，客户可在积分明细中看到原因。
          </p>
        ),
      }}
      reject={{
        button: '驳回',
        ariaLabel: (r) => `驳回 ${whom(r)} ${signed(r.points)} 积分`,
        title: '驳回积分调整',
        submitText: '驳回',
        path: pointsAdminApi.adjustReject,
        done: '已驳回',
      }}
    />
  );
}
