import { useState } from 'react';
import type { z } from 'zod';
import { staffAction, type Me } from '../session.ts';
import { confirmCall } from '../confirm.tsx';
import { Badge, button, Field, filterInput, FormModal, input, StatusTabs, when } from '../ui.tsx';
import { useList } from '../lists.ts';
import { type Column, csvOnly, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import type { StaffWithdrawalSchema } from '../../lib/shared/promotion/responses.ts';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { promotionAdminApi } from '../../lib/shared/promotion/api.ts';

type Withdrawal = z.output<typeof StaffWithdrawalSchema>;

const WITHDRAW_TABS = [
  { value: 'pending', label: '待打款' },
  { value: 'paid', label: '已打款' },
  { value: 'rejected', label: '已驳回' },
  { value: 'cancelled', label: '已取消' },
  { value: '', label: '全部' },
];

/** 提现打款: withdrawals to pay; finance pay (two people above the limit) or reject them. */
export default function Withdrawals({ me }: { me: Me }) {
  const [status, setStatus] = useState('pending');
  const [keyword, setKeyword] = useState('');
  const filter = { ...(status ? { status } : {}), keyword };
  const list = useList(promotionAdminApi.withdrawList, filter);
  const payout = me.permissions.includes('promotion.payout');
  const [paying, setPaying] = useState<Withdrawal | null>(null);
  const [rejecting, setRejecting] = useState<Withdrawal | null>(null);
  const pendingCount = (list.data as { pending_count?: number } | null)?.pending_count;
  const columns: Column<Withdrawal>[] = [
    csvOnly('申请时间', (r) => when(r.created_at)),
    {
      id: 'who',
      header: '推广员',
      sort: (r) => r.promoter.real_name,
      cell: (r) => (
        <>
          <span className="block font-medium">{r.promoter.real_name}</span>
          <span className="text-xs text-slate-500">{r.promoter.phone}</span>
        </>
      ),
      csv: [
        { header: '推广员', value: (r) => r.promoter.real_name },
        { header: '手机', value: (r) => r.promoter.phone },
      ],
    },
    {
      id: 'amount',
      header: '金额 / 手续费 / 应打款',
      sort: (r) => r.amount_fen,
      cell: (r) => (
        <span className="tabular-nums">
          {formatFen(r.amount_fen)}
          <span className="block text-xs text-slate-500">
            {formatFen(r.fee_fen)} · <strong className="text-slate-800">{formatFen(r.payout_fen)}</strong>
          </span>
        </span>
      ),
      csv: [
        { header: '提现金额（元）', value: (r) => fenToYuan(r.amount_fen) },
        { header: '手续费（元）', value: (r) => fenToYuan(r.fee_fen) },
        { header: '应打款（元）', value: (r) => fenToYuan(r.payout_fen) },
      ],
    },
    {
      id: 'account',
      header: '收款账户',
      cell: (r) => (
        <>
          <span className="block">
            {r.channel_text} · {r.account_name}
          </span>
          <span className="text-xs break-all text-slate-500">
            {r.account_no}
            {r.bank_name && ` · ${r.bank_name}`}
          </span>
        </>
      ),
      csv: [
        { header: '收款方式', value: (r) => r.channel_text },
        { header: '户名', value: (r) => r.account_name },
        { header: '收款账号', value: (r) => r.account_no },
        { header: '开户行', value: (r) => r.bank_name },
      ],
    },
    {
      id: 'created',
      header: '申请时间',
      sort: (r) => r.created_at,
      cell: (r) => when(r.created_at),
      className: 'whitespace-nowrap',
    },
    {
      id: 'status',
      header: '状态',
      cell: (r) => (
        <>
          <Badge tone={r.status === 'paid' ? 'accent' : r.status === 'pending' ? 'hot' : 'slate'}>
            {r.status_text}
          </Badge>
          {r.status === 'pending' && r.needs_two && (
            <span className="block text-xs text-slate-500">
              {r.first_approved_at ? '已初审·待另一位同事打款' : '金额较大，需两人审批'}
            </span>
          )}
          {r.payout_ref && <span className="block text-xs text-slate-500">流水 {r.payout_ref}</span>}
          {r.reject_reason && <span className="block text-xs text-red-600">{r.reject_reason}</span>}
        </>
      ),
      csv: [
        { header: '状态', value: (r) => r.status_text },
        { header: '打款流水号', value: (r) => r.payout_ref },
      ],
    },
    csvOnly('处理时间', (r) => when(r.decided_at)),
    csvOnly('驳回原因', (r) => r.reject_reason),
    csvOnly('备注', (r) => r.note),
    {
      id: 'actions',
      header: '操作',
      cell: (r) =>
        payout && r.status === 'pending' ? (
          <span className="flex gap-1.5 whitespace-nowrap">
            {r.needs_two && !r.first_approved_at ? (
              <button
                type="button"
                className={button.primary}
                onClick={() =>
                  confirmCall(
                    {
                      title: '初审同意提现',
                      message: (
                        <p>
                          同意 {r.promoter.real_name}（{r.promoter.phone}）提现 {formatFen(r.amount_fen)}
                          （手续费 {formatFen(r.fee_fen)}，实付 <strong>{formatFen(r.payout_fen)}</strong>
                          ）。同意后须由另一位同事打款并标记。
                        </p>
                      ),
                      confirmText: '确认同意',
                    },
                    promotionAdminApi.withdrawApprove,
                    { rid: r.rid },
                    '已初审，请另一位同事打款',
                    list.reload,
                  )
                }
              >
                初审同意
              </button>
            ) : (
              <button type="button" className={button.primary} onClick={() => setPaying(r)}>
                标记已打款
              </button>
            )}
            <button type="button" className={button.danger} onClick={() => setRejecting(r)}>
              驳回
            </button>
          </span>
        ) : null,
    },
  ];
  return (
    <>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <StatusTabs
          label="提现状态"
          tabs={WITHDRAW_TABS.map((t) => (t.value === 'pending' ? { ...t, count: pendingCount } : t))}
          value={status}
          onChange={setStatus}
        />
        <input
          className={`${filterInput} ml-auto`}
          placeholder="手机号、姓名或编号"
          aria-label="搜索提现"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
        />
        <ExportCsv<Withdrawal>
          list={promotionAdminApi.withdrawList}
          filter={filter}
          name="推广提现"
          columns={columns}
        />
      </div>
      <DataTable<Withdrawal>
        label="提现申请"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        empty="没有这一状态的提现申请"
        columns={columns}
      />
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
      {paying && <PayModal row={paying} onClose={() => setPaying(null)} onDone={list.reload} />}
      {rejecting && <RejectModal row={rejecting} onClose={() => setRejecting(null)} onDone={list.reload} />}
    </>
  );
}
/** A decision's modal on one withdrawal; the list reloads when it is made. */
type DecisionProps = { row: Withdrawal; onClose: () => void; onDone: () => Promise<void> };

/** 标记已打款: the transfer to make, then its reference and a note. */
function PayModal({ row, onClose, onDone }: DecisionProps) {
  const [ref, setRef] = useState('');
  const [note, setNote] = useState('');
  return (
    <FormModal
      open
      title="标记已打款"
      submitText="确认已打款"
      onClose={onClose}
      onSubmit={() =>
        staffAction(
          promotionAdminApi.withdrawPay,
          { rid: row.rid, payout_ref: ref, note },
          '已标记打款',
          onDone,
        )
      }
    >
      <p className="rounded-md bg-slate-50 px-3 py-2 text-sm">
        请先向 {row.channel_text} {row.account_name}（{row.account_no}
        {row.bank_name && `，${row.bank_name}`}）转账 <strong>{formatFen(row.payout_fen)}</strong>
        ，再填写转账流水号。
      </p>
      <Field label="打款流水号">
        <input
          className={input}
          name="payout_ref"
          maxLength={64}
          value={ref}
          onChange={(e) => setRef(e.target.value)}
        />
      </Field>
      <Field label="备注">
        <input
          className={input}
          name="note"
          maxLength={200}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </Field>
    </FormModal>
  );
}

/** 驳回提现: the amount goes back to the promoter's balance; the reason is shown to them. */
function RejectModal({ row, onClose, onDone }: DecisionProps) {
  const [reason, setReason] = useState('');
  return (
    <FormModal
      open
      title="驳回提现"
      submitText="驳回并退回金额"
      danger
      onClose={onClose}
      onSubmit={() =>
        staffAction(promotionAdminApi.withdrawReject, { rid: row.rid, reason }, '已驳回，金额已退回', onDone)
      }
    >
      <Field label="驳回原因" hint="金额退回推广员的可提现余额，原因对客户可见">
        <input
          className={input}
          name="reason"
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
    </FormModal>
  );
}
