import type { Me } from '../session.ts';
import { ReviewQueue, secondApprovalWho } from '../ReviewQueue.tsx';
import { Badge, when } from '../ui.tsx';
import type { Column } from '../table.tsx';
import type { CouponIssueRequest } from '../../lib/shared/coupons/responses.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { couponsAdminApi } from '../../lib/shared/coupons/api.ts';

const TABS = [
  { value: 'pending', label: '待复核' },
  { value: 'approved', label: '已发放' },
  { value: 'rejected', label: '已驳回' },
  { value: '', label: '全部' },
];
const STATUS_TEXT = { pending: '待复核', approved: '已发放', rejected: '已驳回' } as const;
/** A percentage coupon without a cap has no face value: it always needs a second person. */
const total = (r: CouponIssueRequest) => (r.total_fen === null ? '不封顶' : formatFen(r.total_fen));

const COLUMNS: Column<CouponIssueRequest>[] = [
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
    id: 'template',
    header: '优惠券',
    cell: (r) => (
      <>
        <span className="block">{r.template.name}</span>
        <span className="text-xs text-slate-500">{r.template.rule_text}</span>
      </>
    ),
    csv: (r) => `${r.template.name}（${r.template.rule_text}）`,
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
    csv: [
      { header: '人数', value: (r) => r.phones.length },
      { header: '合计面额', value: total },
      { header: '手机号', value: (r) => r.phones.join(' ') },
    ],
    sort: (r) => r.phones.length,
  },
  secondApprovalWho(),
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
    csv: [
      { header: '状态', value: (r) => STATUS_TEXT[r.status] },
      { header: '已发放（张）', value: (r) => r.given ?? '' },
      { header: '驳回原因', value: (r) => r.reject_reason },
    ],
  },
];

/** 发券复核: coupon issues whose face value reaches the threshold wait for another staff member. */
export default function IssueReview({ me }: { me: Me }) {
  return (
    <ReviewQueue<CouponIssueRequest, { given: number; refused: unknown[] }>
      me={me}
      title="发券复核"
      lead="单张面额或本次合计达到复核金额的发券（及不封顶的折扣券），需由提交人以外的另一位同事批准后才发放。"
      list={couponsAdminApi.issueList}
      label="发券复核"
      statusLabel="复核状态"
      tabs={TABS}
      initialStatus="pending"
      empty="没有这一状态的发券"
      columns={COLUMNS}
      decider="coupons.manage"
      waiting={(r) => r.status === 'pending'}
      approve={{
        button: '批准',
        ariaLabel: (r) => `批准发放 ${r.template.name}`,
        title: '批准发券',
        submitText: '批准发放',
        path: couponsAdminApi.issueApprove,
        done: (d) => `已发放 ${d.given} 张${d.refused.length ? `，${d.refused.length} 人未发放` : ''}`,
        form: (r) => (
          <div className="grid gap-2 text-sm">
            <p>
              向 {r.phones.length} 位客户各发放「{r.template.name}」（{r.template.rule_text}），合计面额{' '}
              <strong>{total(r)}</strong>，由 {r.requested_by} 提交。确认后立即发放。
            </p>
            <p className="max-h-24 overflow-auto rounded bg-slate-50 p-2 text-xs text-slate-600">
              {r.phones.join('、')}
            </p>
          </div>
        ),
      }}
      reject={{
        button: '驳回',
        ariaLabel: (r) => `驳回发放 ${r.template.name}`,
        title: '驳回发券',
        submitText: '驳回',
        path: couponsAdminApi.issueReject,
        done: '已驳回',
      }}
    />
  );
}
