import { useRef, useState } from 'react';

import Dialog from '../ui/Dialog.tsx';
import { inputClass, Spinner } from '../ui/kit.tsx';

import { api } from '../../lib/client/api.ts';

import { toast } from '../../lib/client/toast.ts';

import { newRequestKey } from '../../lib/client/request-key.ts';

import { fenToYuan, yuanToFen, formatFen } from '../../lib/shared/money.ts';

import { moneyChanged, type Asset } from './use-asset.ts';

import OnlinePay from '../payments/OnlinePay.tsx';
import { PAY_CHANNEL_TEXT, type PayChannelName } from '../../lib/shared/payments.ts';

import { shanghaiDate } from '../../lib/shared/time.ts';
import { moneyApi } from '../../lib/shared/money/api.ts';

/**
 * 欠款: what the credit line owes, when it falls due, how many days it is late (a late debt
 * blocks credit payments), and 还款 from cash.
 */
export default function CreditDebt({ asset }: { asset: Asset }) {
  const [open, setOpen] = useState(false);
  const { credit } = asset;
  const late = credit.overdue_fen > 0;
  return (
    <section
      aria-labelledby="debt-title"
      data-testid="credit-debt"
      className={`card p-4 md:p-6 ${late ? 'ring-1 ring-hot-100' : ''}`}
    >
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 id="debt-title" className="text-base font-semibold text-slate-900">
            信用欠款
            {late && (
              <span className="ml-2 rounded-full bg-hot-50 px-2 py-0.5 align-middle text-xs font-medium text-hot-600 ring-1 ring-hot-100">
                已逾期 {credit.overdue_days} 天
              </span>
            )}
          </h2>
          <p className="mt-1 text-2xl font-bold text-hot-600 tabular-nums" data-testid="credit-owed">
            {formatFen(credit.used_fen)}
          </p>
          <p className="mt-1 text-xs text-slate-500">
            额度 {formatFen(credit.limit_fen)} · 可用 {formatFen(credit.available_fen)} · 账期{' '}
            {credit.due_days} 天
            {credit.next_due && ` · 最早一笔 ${shanghaiDate(new Date(credit.next_due))} 到期`}
          </p>
          {late && (
            <p role="alert" className="mt-2 text-sm text-hot-600">
              逾期金额 {formatFen(credit.overdue_fen)}，还清逾期款项前暂停信用支付。
            </p>
          )}
        </div>
        <button type="button" className="btn-primary" onClick={() => setOpen(true)}>
          还款
        </button>
      </div>
      <RepayDialog open={open} onClose={() => setOpen(false)} asset={asset} />
    </section>
  );
}

function RepayDialog({ open, onClose, asset }: { open: boolean; onClose: () => void; asset: Asset }) {
  const owed = asset.credit.used_fen;
  const [amount, setAmount] = useState(fenToYuan(Math.min(owed, asset.cash_fen) || owed));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [way, setWay] = useState<'cash' | PayChannelName>('cash');
  const key = useRef(newRequestKey());

  async function repay() {
    const fen = yuanToFen(amount);
    if (fen === null || fen <= 0) return setError('请输入正确的还款金额');
    if (fen > owed) return setError(`还款金额不能超过待还金额 ${fenToYuan(owed)} 元`);
    if (fen > asset.cash_fen) return setError('可用现金余额不足，请先预存');
    setBusy(true);
    setError('');
    try {
      await api.call(
        moneyApi.creditOperate,
        { action: 'repay', amount_fen: fen, idempotency_key: key.current },
        { throws: true },
      );
      toast.success('还款成功!');
      key.current = newRequestKey();
      moneyChanged();
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : '还款失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="信用还款"
      width={440}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>
            取消
          </button>
          {way === 'cash' && (
            <button type="button" className="btn-primary" disabled={busy} onClick={() => void repay()}>
              {busy && <Spinner />}确认还款
            </button>
          )}
        </>
      }
    >
      <div className="grid gap-3 text-sm">
        <p className="flex justify-between">
          <span className="text-slate-500">待还金额</span>
          <strong className="tabular-nums">{formatFen(owed)}</strong>
        </p>
        {asset.online_channels.length > 0 && (
          <div role="radiogroup" aria-label="还款方式" className="grid grid-cols-3 gap-2">
            {(['cash', ...asset.online_channels] as const).map((w) => (
              <label
                key={w}
                className={`cursor-pointer rounded-lg border px-2 py-2 text-center ${
                  way === w
                    ? 'border-brand-500 bg-brand-50 text-brand-700'
                    : 'border-slate-300 text-slate-700'
                }`}
              >
                <input
                  type="radio"
                  name="repay_way"
                  value={w}
                  checked={way === w}
                  onChange={() => setWay(w)}
                  className="mr-1 accent-brand-600"
                />
                {w === 'cash' ? '现金余额' : PAY_CHANNEL_TEXT[w]}
              </label>
            ))}
          </div>
        )}
        {way !== 'cash' ? (
          <OnlinePay
            key={way}
            purpose="repay"
            rid={asset.account_rid}
            channel={way}
            onPaid={() => {
              toast.success('还款成功!');
              moneyChanged();
              onClose();
            }}
          />
        ) : (
          <>
            <p className="flex justify-between">
              <span className="text-slate-500">可用现金</span>
              <span className="tabular-nums">{formatFen(asset.cash_fen)}</span>
            </p>
            <label className="grid gap-1.5">
              <span className="font-medium text-slate-700">还款金额（元）</span>
              <input
                className={inputClass}
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                name="repay_amount"
              />
            </label>
            <p className="text-xs text-slate-400">还款只能使用现金余额或在线支付，赠送金不能用于还款。</p>
            {error && (
              <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-600">
                {error}
              </p>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}
