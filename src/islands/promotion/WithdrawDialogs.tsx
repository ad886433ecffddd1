// 申请提现 and correcting the payout account of a refused withdrawal.
import { useEffect, useRef, useState } from 'react';
import { Choices, inputClass, Spinner, TextField, Row } from '../ui/kit.tsx';
import Dialog from '../ui/Dialog.tsx';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { newRequestKey } from '../../lib/client/request-key.ts';
import { fenToYuan, yuanToFen, formatFen } from '../../lib/shared/money.ts';
import {
  PAYOUT_CHANNEL_TEXT,
  PAYOUT_CHANNELS,
  withdrawAddSchema,
  withdrawUpdateSchema,
  type PayoutChannel,
} from '../../lib/shared/promotion/promotion.ts';
import { promotionApi } from '../../lib/shared/promotion/api.ts';
import type { Mine, Withdrawal } from './types.ts';

type AccountDraft = { channel: PayoutChannel; account_name: string; account_no: string; bank_name: string };

/** The payout account fields, shared by a new withdrawal and a correction. */
function AccountFields({ draft, set }: { draft: AccountDraft; set: (d: AccountDraft) => void }) {
  return (
    <>
      <Choices
        label="收款方式"
        name="payout_channel"
        value={draft.channel}
        options={PAYOUT_CHANNELS.map((c) => ({ value: c, label: PAYOUT_CHANNEL_TEXT[c] }))}
        onChange={(channel) => set({ ...draft, channel })}
        required
      />
      <TextField
        label="收款人姓名"
        required
        name="account_name"
        maxLength={20}
        value={draft.account_name}
        onChange={(e) => set({ ...draft, account_name: e.target.value })}
      />
      <TextField
        label={draft.channel === 'bank' ? '银行卡号' : draft.channel === 'alipay' ? '支付宝账号' : '微信号'}
        required
        name="account_no"
        maxLength={40}
        inputMode={draft.channel === 'bank' ? 'numeric' : undefined}
        value={draft.account_no}
        onChange={(e) => set({ ...draft, account_no: e.target.value })}
      />
      {draft.channel === 'bank' && (
        <TextField
          label="开户银行"
          required
          name="bank_name"
          maxLength={60}
          placeholder="如：中国工商银行上海闵行支行"
          value={draft.bank_name}
          onChange={(e) => set({ ...draft, bank_name: e.target.value })}
        />
      )}
    </>
  );
}

const EMPTY_ACCOUNT: AccountDraft = { channel: 'alipay', account_name: '', account_no: '', bank_name: '' };

export function WithdrawDialog({
  open,
  mine,
  onClose,
  onDone,
}: {
  open: boolean;
  mine: Mine;
  onClose: () => void;
  onDone: () => void;
}) {
  const [amount, setAmount] = useState('');
  const [draft, setDraft] = useState<AccountDraft>(EMPTY_ACCOUNT);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useRef(newRequestKey());
  useEffect(() => {
    if (open) setError('');
  }, [open]);

  async function submit() {
    const fen = yuanToFen(amount);
    if (fen === null || fen <= 0) return setError('请输入正确的提现金额');
    if (fen < mine.withdraw_min_fen)
      return setError(`单笔提现金额不能低于${fenToYuan(mine.withdraw_min_fen)}元`);
    if (fen > mine.withdrawable_fen) return setError('可提现金额不足');
    const checked = withdrawAddSchema.safeParse({ ...draft, amount_fen: fen, idempotency_key: key.current });
    if (!checked.success) return setError(checked.error.issues[0].message);
    setBusy(true);
    setError('');
    try {
      await api.call(promotionApi.withdrawAdd, checked.data, { throws: true });
      toast.success('提现申请已提交，请等待打款');
      key.current = newRequestKey();
      setAmount('');
      onDone();
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : '提交失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="申请提现"
      width={560}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>
            取消
          </button>
          <button type="button" className="btn-primary" disabled={busy} onClick={() => void submit()}>
            {busy && <Spinner />}提交申请
          </button>
        </>
      }
    >
      <div className="grid gap-3">
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">
          可提现 <strong className="text-slate-900 tabular-nums">{formatFen(mine.withdrawable_fen)}</strong>
          ，本月还可提现 {formatFen(mine.month_left_fen)}；单笔不低于 {formatFen(mine.withdraw_min_fen)}
          {mine.fee_percent_text !== '0%' && `，手续费 ${mine.fee_percent_text}`}。
        </p>
        <Row label="提现金额（元）" htmlFor="withdraw-amount" required>
          <div className="flex gap-2">
            <input
              id="withdraw-amount"
              name="amount"
              className={`${inputClass} min-w-0 flex-1`}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
            <button
              type="button"
              className="btn-ghost shrink-0"
              onClick={() => setAmount(fenToYuan(Math.min(mine.withdrawable_fen, mine.month_left_fen)))}
            >
              全部
            </button>
          </div>
        </Row>
        <AccountFields draft={draft} set={setDraft} />
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-600">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}

export function EditAccountDialog({
  w,
  onClose,
  onDone,
}: {
  w: Withdrawal | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState<AccountDraft>(EMPTY_ACCOUNT);
  const [error, setError] = useState('');
  useEffect(() => {
    if (w) {
      setDraft({
        channel: w.channel,
        account_name: w.account_name,
        account_no: w.account_no,
        bank_name: w.bank_name,
      });
      setError('');
    }
  }, [w]);
  async function save() {
    if (!w) return;
    const checked = withdrawUpdateSchema.safeParse({ ...draft, rid: w.rid });
    if (!checked.success) return setError(checked.error.issues[0].message);
    try {
      await api.call(promotionApi.withdrawUpdate, checked.data, { throws: true });
      toast.success('收款账户已更新');
      onDone();
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : '保存失败');
    }
  }
  return (
    <Dialog
      open={w !== null}
      onClose={onClose}
      title="修改收款账户"
      width={560}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>
            取消
          </button>
          <button type="button" className="btn-primary" onClick={() => void save()}>
            保存
          </button>
        </>
      }
    >
      <div className="grid gap-3">
        <AccountFields draft={draft} set={setDraft} />
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-600">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
