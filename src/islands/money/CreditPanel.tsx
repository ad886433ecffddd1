import { useState, type FormEvent } from 'react';
import { Spinner, TextField } from '../ui/kit.tsx';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { fenToYuan, yuanToFen, formatFen } from '../../lib/shared/money.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import { DEFAULT_CREDIT_DUE_DAYS, DEFAULT_CREDIT_LIMIT_FEN } from '../../lib/shared/money/money.ts';
import CreditDebt from './CreditDebt.tsx';
import { moneyChanged, type Asset } from './use-asset.ts';
import { moneyApi } from '../../lib/shared/money/api.ts';
import type { InputOf } from '../../lib/shared/api/endpoint.ts';

/**
 * 信用额度: apply for a line (staff set the limit and the term), see it, withdraw an application
 * under review, and owe and repay (CreditDebt) once it is open.
 */
export default function CreditPanel({ asset }: { asset: Asset | null }) {
  const [amount, setAmount] = useState(fenToYuan(DEFAULT_CREDIT_LIMIT_FEN));
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (!asset)
    return (
      <p className="flex items-center justify-center gap-2 py-10 text-sm text-slate-400">
        <Spinner /> 加载中…
      </p>
    );
  const { credit } = asset;
  const application = credit.application;
  const reviewing = application?.status === 'reviewing';

  async function operate(body: InputOf<typeof moneyApi.creditOperate>, done: string) {
    setBusy(true);
    const ok = await api.call(moneyApi.creditOperate, body);
    setBusy(false);
    if (!ok) return;
    toast.success(done);
    moneyChanged();
  }

  function apply(e: FormEvent) {
    e.preventDefault();
    const fen = yuanToFen(amount);
    if (fen === null || fen <= 0) return setError('请输入正确的申请额度');
    setError('');
    void operate({ action: 'apply', amount_fen: fen, reason }, '信用申请已提交，请等待审核!');
  }

  return (
    <div className="grid gap-4">
      {credit.limit_fen > 0 && (
        <dl
          className="grid grid-cols-2 gap-px overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-100 sm:grid-cols-4"
          aria-label="信用额度"
        >
          {[
            ['信用额度', formatFen(credit.limit_fen)],
            ['已用额度', formatFen(credit.used_fen)],
            ['可用额度', credit.suspended ? '已暂停' : formatFen(credit.available_fen)],
            ['账期', `${credit.due_days} 天`],
          ].map(([k, v]) => (
            <div key={k} className="bg-white px-4 py-3">
              <dt className="text-xs text-slate-500">{k}</dt>
              <dd className="mt-0.5 text-lg font-semibold text-slate-900 tabular-nums">{v}</dd>
            </div>
          ))}
        </dl>
      )}
      {credit.suspended && (
        <p
          role="status"
          data-credit-suspended
          className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-600"
        >
          信用额度已暂停使用{credit.suspend_reason ? `：${credit.suspend_reason}` : ''}
          。暂停期间不能用信用支付，已用额度仍可照常还款。
        </p>
      )}
      {credit.used_fen > 0 && <CreditDebt asset={asset} />}

      {application && (
        <p
          role="status"
          data-credit-status={application.status}
          className={`rounded-lg px-4 py-3 text-sm ${application.status === 'rejected' ? 'bg-red-50 text-red-600' : 'bg-slate-50 text-slate-600'}`}
        >
          最近一次申请（{shanghaiMinute(application.created)}）：额度 {formatFen(application.requested_fen)}，
          {application.status_text}
          {application.status === 'approved' &&
            `，核定额度 ${formatFen(application.limit_fen)}，账期 ${application.due_days} 天`}
          {application.status === 'rejected' &&
            application.reject_reason &&
            `，原因：${application.reject_reason}`}
          {reviewing && (
            <button
              type="button"
              className="ml-2 font-medium text-brand-700 underline underline-offset-2"
              disabled={busy}
              onClick={() => void operate({ action: 'cancel' }, '已撤回信用申请!')}
            >
              撤回申请
            </button>
          )}
        </p>
      )}

      {!reviewing && (
        <form onSubmit={apply} className="grid max-w-xl gap-4" noValidate aria-label="申请信用额度">
          <p className="text-sm leading-relaxed text-slate-600">
            {credit.limit_fen > 0
              ? '如需调整额度，可重新提交申请。'
              : `开通后可先检测、后付款：订单可用信用额度支付，在账期内（一般 ${DEFAULT_CREDIT_DUE_DAYS} 天）用现金余额还款；逾期未还将暂停信用支付。`}
          </p>
          <TextField
            label="申请额度"
            name="credit_amount"
            required
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            hint="单位：元，最终额度以审核结果为准"
          />
          <TextField
            label="申请说明"
            name="reason"
            maxLength={300}
            placeholder="如：课题组月结、单位报销周期等"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          {error && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-600 sm:ml-[8.25rem]">
              {error}
            </p>
          )}
          <div className="sm:ml-[8.25rem]">
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy && <Spinner />}提交申请
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
