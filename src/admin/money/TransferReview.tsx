import type { Me } from '../session.ts';
import { ReviewQueue } from '../ReviewQueue.tsx';
import { Badge, when } from '../ui.tsx';
import type { RowOf } from '../lists.ts';
import type { Column } from '../table.tsx';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { moneyAdminApi } from '../../lib/shared/money/api.ts';

type Row = RowOf<typeof moneyAdminApi.transferList>;
const TABS = [
  { value: 'reviewing', label: '待审核' },
  { value: 'done', label: '已完成' },
  { value: 'rejected', label: '已驳回' },
  { value: 'cancelled', label: '已取消' },
  { value: '', label: '全部' },
];

const party = (name: string, phone: string, account: string) => (
  <>
    <span className="block">{name || phone}</span>
    <span className="font-mono text-xs text-slate-500">{account}</span>
  </>
);

const COLUMNS: Column<Row>[] = [
  {
    id: 'created',
    header: '时间',
    cell: (r) => when(r.created),
    csv: (r) => when(r.created),
    sort: (r) => r.created,
    date: (r) => r.created,
    className: 'whitespace-nowrap text-slate-500',
  },
  {
    id: 'from',
    header: '转出',
    cell: (r) => party(r.from_name, r.from_phone, r.from_account),
    csv: (r) => `${r.from_name} ${r.from_account}`,
  },
  {
    id: 'to',
    header: '转入',
    cell: (r) => party(r.to_name, r.to_phone, r.to_account),
    csv: (r) => `${r.to_name} ${r.to_account}`,
  },
  {
    id: 'amount',
    header: '金额',
    cell: (r) => <strong className="tabular-nums">{formatFen(r.amount_fen)}</strong>,
    csv: [{ header: '金额（元）', value: (r) => fenToYuan(r.amount_fen) }],
    sort: (r) => r.amount_fen,
  },
  { id: 'note', header: '备注', cell: (r) => r.note || '—', csv: (r) => r.note },
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
    csv: (r) => r.status_text,
  },
];

/** 转账审核: transfers above the review amount wait here; approving moves the cash. */
export default function TransferReview({ me }: { me: Me }) {
  return (
    <ReviewQueue<Row>
      me={me}
      title="转账审核"
      lead="客户之间的现金转账；超过审核金额的需财务确认后到账。"
      list={moneyAdminApi.transferList}
      label="转账"
      csvName="转账记录"
      statusLabel="转账状态"
      tabs={TABS}
      initialStatus="reviewing"
      empty="没有这一状态的转账"
      columns={COLUMNS}
      decider="money.approve"
      waiting={(r) => r.status === 'reviewing'}
      approve={{
        button: '通过',
        title: '确认转账',
        submitText: '确认转账',
        path: moneyAdminApi.transferApprove,
        done: '已转账',
        form: (r) => (
          <p className="text-sm">
            从 {r.from_name || r.from_phone} 转 <strong>{formatFen(r.amount_fen)}</strong> 给{' '}
            {r.to_name || r.to_phone}，确认后立即到账。
          </p>
        ),
      }}
      reject={{
        button: '驳回',
        title: '驳回转账',
        submitText: '驳回',
        path: moneyAdminApi.transferReject,
        done: '已驳回',
        reasonLabel: '驳回原因（客户可见）',
      }}
    />
  );
}
