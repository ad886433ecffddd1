import { useState } from 'react';
import { Pager, Spinner } from '../ui/kit.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import { INVOICE_TYPE_TEXT, PRESTORE_STATUS_TEXT } from '../../lib/shared/money/money.ts';
import VoucherDialog from './VoucherDialog.tsx';
import Dialog from '../ui/Dialog.tsx';
import OnlinePay from '../payments/OnlinePay.tsx';
import { moneyChanged } from './use-asset.ts';
import { PAY_CHANNEL_TEXT, type PayChannelName } from '../../lib/shared/payments.ts';
import { BankCard } from './PrestoreForm.tsx';
import { useConfirm } from '../member/Confirm.tsx';
import type { Prestore, PrestoreContext } from './types.ts';
import { moneyApi } from '../../lib/shared/money/api.ts';

const FILTERS = [
  { value: '', label: '全部' },
  ...Object.entries(PRESTORE_STATUS_TEXT).map(([value, label]) => ({ value, label })),
];

const TONE: Record<Prestore['status'], string> = {
  unpaid: 'bg-hot-50 text-hot-600 ring-hot-100',
  reviewing: 'bg-brand-50 text-brand-700 ring-brand-100',
  credited: 'bg-accent-50 text-accent-700 ring-accent-100',
  rejected: 'bg-red-50 text-red-600 ring-red-100',
  cancelled: 'bg-slate-50 text-slate-500 ring-slate-200',
  refunded: 'bg-slate-50 text-slate-500 ring-slate-200',
};

/**
 * 预存记录: the customer's applications with their state; 上传凭证 (待付款, 已驳回) sends the
 * transfer voucher for review, 取消 withdraws an unpaid one.
 */
export default function PrestoreRecords({ context }: { context: PrestoreContext | null }) {
  const [status, setStatus] = useState('');
  const list = usePagedList(moneyApi.prestoreList, {
    size: 10,
    filter: status ? { status } : {},
  });
  const [voucherFor, setVoucherFor] = useState<Prestore | null>(null);
  const [payFor, setPayFor] = useState<Prestore | null>(null);
  const [channel, setChannel] = useState<PayChannelName>('wechatpay');
  const { data } = list;
  const [confirmDialog, ask] = useConfirm();

  async function cancel(p: Prestore) {
    const sure = await ask({
      title: '取消预存申请',
      text: `确定取消这笔 ${formatFen(p.amount_fen)} 的预存申请吗？`,
      confirm: '取消申请',
      dismiss: '再想想',
      danger: true,
    });
    if (!sure) return;
    if (await api.call(moneyApi.prestoreCancel, { rid: p.rid })) {
      toast.success('已取消!');
      list.reload();
    }
  }

  async function askRefund(p: Prestore) {
    const confirmed = await ask({
      title: '申请退款',
      text: `申请退回这笔 ${formatFen(p.amount_fen)} 的预存吗？仅退还尚未使用的现金余额，随该笔预存赠送的赠送金将按比例扣回。`,
      confirm: '申请退款',
    });
    if (!confirmed) return;
    if (await api.call(moneyApi.prestoreRefund, { rid: p.rid })) {
      toast.success('退款申请已提交，财务将尽快处理!');
      list.reload();
    }
  }

  return (
    <div className="grid gap-4">
      {confirmDialog}
      {context && data?.list.some((p) => p.status === 'unpaid') && <BankCard bank={context.bank} />}
      <div role="group" aria-label="按状态筛选" className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            aria-pressed={status === f.value}
            onClick={() => setStatus(f.value)}
            className={`rounded-full px-3 py-1 text-sm ring-1 ${
              status === f.value
                ? 'bg-brand-600 text-white ring-brand-600'
                : 'text-slate-600 ring-slate-200 hover:text-brand-700'
            }`}
          >
            {f.label}
          </button>
        ))}
      </div>
      {!data ? (
        <p className="flex items-center justify-center gap-2 py-10 text-sm text-slate-400">
          <Spinner /> 加载中…
        </p>
      ) : data.list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-200 px-6 py-10 text-center text-sm text-slate-500">
          暂无预存记录
        </p>
      ) : (
        <ul aria-label="预存记录" className="grid gap-3">
          {data.list.map((p) => (
            <li key={p.rid} data-prestore={p.status} className="rounded-xl border border-slate-200 p-4">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <strong className="text-lg text-slate-900 tabular-nums">{formatFen(p.amount_fen)}</strong>
                {p.bonus_fen > 0 && (
                  <span className="text-sm text-accent-700">
                    赠送 {formatFen(p.bonus_fen)}（{p.bonus_percent}%）
                  </span>
                )}
                {p.bonus_kind === 2 && (
                  <span className="text-sm text-slate-500">礼品卡 {p.bonus_percent}%</span>
                )}
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${TONE[p.status]}`}>
                  {p.status_text}
                </span>
                <span className="w-full text-xs text-slate-400 sm:ml-auto sm:w-auto">
                  申请于 {shanghaiMinute(p.created)}
                </span>
              </div>
              <p className="mt-1.5 text-sm text-slate-500">
                付款单位 {p.payer}
                {p.invoice_type !== 0 &&
                  ` · ${INVOICE_TYPE_TEXT[p.invoice_type as keyof typeof INVOICE_TYPE_TEXT] ?? ''}：${p.invoice_title}`}
                {p.voucher && ` · 流水号 ${p.voucher.serial}`}
                {p.status === 'refunded' && ` · 已退 ${formatFen(p.refund_fen)}`}
              </p>
              {p.status === 'rejected' && p.reject_reason && (
                <p role="note" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-600">
                  驳回原因：{p.reject_reason}
                </p>
              )}
              {p.status === 'credited' && (
                <div className="mt-3 flex flex-wrap items-center justify-end gap-2 border-t border-slate-100 pt-3">
                  {/* The invoice asked for on the top-up form, applied for on the invoice page. */}
                  <a href={`/member/invoiceLs?prestore=${encodeURIComponent(p.rid)}`} className="btn-ghost">
                    申请开票
                  </a>
                  {p.refund_requested ? (
                    <span className="text-sm text-slate-500">已申请退款，待财务处理</span>
                  ) : (
                    <button type="button" className="btn-ghost" onClick={() => void askRefund(p)}>
                      申请退款
                    </button>
                  )}
                </div>
              )}
              {(p.status === 'unpaid' || p.status === 'rejected') && (
                <div className="mt-3 flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-3">
                  {p.status === 'unpaid' && (
                    <button type="button" className="btn-ghost" onClick={() => void cancel(p)}>
                      取消申请
                    </button>
                  )}
                  {Boolean(context?.online_channels.length) && (
                    <button type="button" className="btn-ghost" onClick={() => setPayFor(p)}>
                      在线支付
                    </button>
                  )}
                  <button type="button" className="btn-primary" onClick={() => setVoucherFor(p)}>
                    {p.status === 'rejected' ? '重新上传凭证' : '上传转账凭证'}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager page={list.page} pages={list.pages} label="预存记录分页" onPage={list.setPage} />
      <Dialog open={payFor !== null} onClose={() => setPayFor(null)} title="在线支付预存" width={420}>
        {payFor && context && (
          <div className="grid gap-4">
            <div role="radiogroup" aria-label="支付方式" className="grid grid-cols-2 gap-2">
              {context.online_channels.map((c) => (
                <label
                  key={c}
                  className={`cursor-pointer rounded-lg border px-3 py-2 text-center text-sm ${
                    channel === c
                      ? 'border-brand-500 bg-brand-50 text-brand-700'
                      : 'border-slate-300 text-slate-700'
                  }`}
                >
                  <input
                    type="radio"
                    name="topup_channel"
                    value={c}
                    checked={channel === c}
                    onChange={() => setChannel(c)}
                    className="mr-1.5 accent-brand-600"
                  />
                  {PAY_CHANNEL_TEXT[c]}
                </label>
              ))}
            </div>
            <OnlinePay
              key={`${payFor.rid}-${channel}`}
              purpose="topup"
              rid={payFor.rid}
              channel={channel}
              onPaid={() => {
                toast.success('支付成功，预存已入账!');
                setPayFor(null);
                moneyChanged();
                list.reload();
              }}
            />
          </div>
        )}
      </Dialog>
      <VoucherDialog
        application={voucherFor}
        onClose={() => setVoucherFor(null)}
        onSent={() => {
          setVoucherFor(null);
          list.reload();
        }}
      />
    </div>
  );
}
