import { useState } from 'react';
import { useSearch } from 'wouter';
import { type Me, staffAction } from '../session.ts';
import { ReviewQueue } from '../ReviewQueue.tsx';
import { Badge, button, Field, FormModal, input, ViewModal, when } from '../ui.tsx';
import type { RowOf } from '../lists.ts';
import type { Column } from '../table.tsx';
import { useStaffFile } from '../files.ts';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { moneyAdminApi } from '../../lib/shared/money/api.ts';

type Row = RowOf<typeof moneyAdminApi.prestoreList>;

const TABS = [
  { value: 'reviewing', label: '待审核' },
  { value: 'refund_requested', label: '退款申请' },
  { value: 'credited', label: '已入账' },
  { value: 'rejected', label: '已驳回' },
  { value: 'unpaid', label: '待付款' },
  { value: 'refunded', label: '已退款' },
  { value: '', label: '全部' },
];

const columns = (showVoucher: (row: Row) => void): Column<Row>[] => [
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
      { header: '手机号', value: (r) => r.customer.phone },
      { header: '单位', value: (r) => r.customer.company },
    ],
  },
  {
    id: 'amount',
    header: '金额',
    cell: (r) => (
      <>
        <span className="block font-semibold tabular-nums">{formatFen(r.amount_fen)}</span>
        {r.bonus_fen > 0 && (
          <span className="text-xs text-accent-700">
            赠 {formatFen(r.bonus_fen)}（{r.bonus_percent}%）
          </span>
        )}
        {r.bonus_kind === 2 && <span className="text-xs text-slate-500">礼品卡 {r.bonus_percent}%</span>}
      </>
    ),
    csv: [
      { header: '预存金额（元）', value: (r) => fenToYuan(r.amount_fen) },
      { header: '赠送（元）', value: (r) => fenToYuan(r.bonus_fen) },
    ],
    sort: (r) => r.amount_fen,
  },
  {
    id: 'voucher',
    header: '转账凭证',
    cell: (r) =>
      r.voucher ? (
        <>
          <span className="block">
            {r.voucher.payer_name} · {r.voucher.bank}
          </span>
          <span className="text-xs text-slate-500">
            流水号 {r.voucher.serial} · {r.voucher.paid_on} · {formatFen(r.voucher.amount_fen)}
          </span>
          <button type="button" className={`${button.link} ml-1`} onClick={() => showVoucher(r)}>
            查看凭证
          </button>
        </>
      ) : (
        <span className="text-slate-400">未上传</span>
      ),
    csv: [
      { header: '付款单位', value: (r) => r.payer },
      { header: '流水号', value: (r) => r.voucher?.serial ?? '' },
    ],
  },
  {
    id: 'status',
    header: '状态',
    cell: (r) => (
      <>
        <Badge
          tone={
            r.status === 'reviewing'
              ? 'brand'
              : r.status === 'credited'
                ? 'accent'
                : r.status === 'rejected'
                  ? 'red'
                  : 'slate'
          }
        >
          {r.status_text}
        </Badge>
        {r.first_approved && (
          <span className="ml-1">
            <Badge tone="hot">已初审·待复核</Badge>
          </span>
        )}
        {r.refund_requested && r.status === 'credited' && (
          <span className="ml-1">
            <Badge tone="hot">申请退款</Badge>
          </span>
        )}
        {r.reject_reason && <span className="block text-xs text-red-600">{r.reject_reason}</span>}
      </>
    ),
    csv: (r) => r.status_text,
  },
];

/** 预存审核: top-ups with their vouchers; finance credits, rejects (with a reason) or refunds. */
export default function PrestoreReview({ me }: { me: Me }) {
  const initial = new URLSearchParams(useSearch()).get('status') ?? 'reviewing';
  const [other, setOther] = useState<{ kind: 'refund' | 'voucher'; row: Row } | null>(null);
  const [reason, setReason] = useState('');
  return (
    <ReviewQueue<Row, { awaiting_second: boolean }>
      me={me}
      title="预存审核"
      lead="核对银行到账后入账：现金与赠送金一次入账；驳回需写明原因；退款仅退未使用的现金。"
      list={moneyAdminApi.prestoreList}
      label="预存申请"
      statusLabel="预存状态"
      tabs={TABS}
      initialStatus={initial}
      empty="没有这一状态的预存申请"
      columns={columns((row) => setOther({ kind: 'voucher', row }))}
      decider="money.approve"
      waiting={(r) => r.status === 'reviewing'}
      approve={{
        button: (r) => (r.first_approved ? '复核入账' : '入账'),
        title: (r) => (r.first_approved ? '复核入账' : '确认入账'),
        submitText: (r) => (r.first_approved ? '复核并入账' : '确认入账'),
        path: moneyAdminApi.prestoreApprove,
        // A large top-up's first approval credits nothing: the answer says which it was.
        done: (res) => (res.awaiting_second ? '已初审，需另一位同事复核后入账' : '已入账'),
        form: (r) => (
          <p className="text-sm leading-relaxed">
            已核对 <strong>{r.voucher?.payer_name}</strong> 的转账（流水号 {r.voucher?.serial}）到账{' '}
            <strong>{formatFen(r.amount_fen)}</strong>。入账后客户现金余额增加 {formatFen(r.amount_fen)}
            {r.bonus_fen > 0 && `，赠送金增加 ${formatFen(r.bonus_fen)}`}。
          </p>
        ),
      }}
      reject={{
        button: '驳回',
        title: '驳回预存申请',
        submitText: '驳回',
        path: moneyAdminApi.prestoreReject,
        done: '已驳回',
        reasonLabel: '驳回原因（客户可见）',
      }}
      otherActions={(r) =>
        r.status === 'credited' ? (
          <button
            type="button"
            className={button.ghost}
            onClick={() => (setReason(''), setOther({ kind: 'refund', row: r }))}
          >
            退款
          </button>
        ) : null
      }
    >
      {(reload) => (
        <>
          <FormModal
            open={other?.kind === 'refund'}
            title="预存退款"
            submitText="确认退款"
            danger
            onClose={() => setOther(null)}
            onSubmit={() =>
              staffAction(moneyAdminApi.prestoreRefund, { rid: other!.row.rid, reason }, '已退款', reload)
            }
          >
            <p className="text-sm text-slate-600">
              仅退还该客户尚未使用的现金（最多 {other ? formatFen(other.row.amount_fen) : ''}
              ），赠送金按比例扣回。请在线下完成银行转账后再确认。
            </p>
            <Field label="退款原因">
              <input
                className={input}
                name="reason"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={200}
              />
            </Field>
          </FormModal>
          <VoucherModal row={other?.kind === 'voucher' ? other.row : null} onClose={() => setOther(null)} />
        </>
      )}
    </ReviewQueue>
  );
}

function VoucherModal({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const url = useStaffFile(row?.voucher?.file_rid ?? null);
  return (
    <ViewModal open={row !== null} title="转账凭证" onClose={onClose}>
      {row && (
        <>
          <p className="text-sm text-slate-600">
            {row.voucher?.payer_name} · {row.voucher?.bank} · 流水号 {row.voucher?.serial} ·{' '}
            {row.voucher?.paid_on}
          </p>
          {url ? (
            <img src={url} alt="转账凭证" className="max-h-[50vh] w-full rounded border object-contain" />
          ) : (
            <p className="text-sm text-slate-400">加载中…</p>
          )}
        </>
      )}
    </ViewModal>
  );
}
