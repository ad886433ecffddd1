import { useRef, useState, type FormEvent } from 'react';
import Dialog from '../ui/Dialog.tsx';
import { Pager, Spinner, TextField } from '../ui/kit.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { newRequestKey } from '../../lib/client/request-key.ts';
import { fenToYuan, yuanToFen, formatFen } from '../../lib/shared/money.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import { moneyChanged, type Asset } from './use-asset.ts';
import type { Transfer } from './types.ts';
import { moneyApi } from '../../lib/shared/money/api.ts';

/**
 * 转账: cash (never 赠送金) to another customer's account, by their mobile number or account
 * number; above the review amount (TRANSFER_REVIEW_YUAN) finance approves it first. Below, both sides' transfers, newest first.
 */
export default function Transfers({ asset, reviewFen }: { asset: Asset | null; reviewFen: number | null }) {
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState<number | null>(null);
  /** Whom the number belongs to (masked), shown in the confirmation before anything moves. */
  const [payee, setPayee] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useRef(newRequestKey());
  const list = usePagedList(moneyApi.transferList, { size: 10 });

  async function check(e: FormEvent) {
    e.preventDefault();
    const fen = yuanToFen(amount);
    if (!to.trim()) return setError('请填写收款人的手机号或账户号');
    if (fen === null || fen <= 0) return setError('请输入正确的转账金额');
    if (asset && fen > asset.cash_fen)
      return setError(`可用现金余额不足（现有 ${formatFen(asset.cash_fen)}）`);
    // Who is paid is checked before the confirm step: an unknown number is refused here.
    setBusy(true);
    try {
      const found = await api.call(moneyApi.transferPayee, { to_account: to.trim() }, { throws: true });
      setError('');
      setPayee(found?.payee ?? '');
      setConfirming(fen);
    } catch (err) {
      setError(err instanceof Error ? err.message : '收款账户核对失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  }

  async function send(fen: number) {
    setBusy(true);
    try {
      const t = await api.call(
        moneyApi.transferAdd,
        { to_account: to.trim(), amount_fen: fen, note, idempotency_key: key.current },
        { throws: true },
      );
      toast.success(t?.status === 'done' ? '转账成功!' : '转账申请已提交，等待审核!');
      key.current = newRequestKey();
      setTo('');
      setAmount('');
      setNote('');
      moneyChanged();
      list.reload({ first: true });
    } catch (e) {
      setError(e instanceof Error ? e.message : '转账失败，请稍后重试');
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  }

  async function cancel(t: Transfer) {
    if (await api.call(moneyApi.transferCancel, { rid: t.rid })) {
      toast.success('已取消!');
      list.reload();
    }
  }

  return (
    <div className="grid gap-6">
      <form onSubmit={(e) => void check(e)} className="grid max-w-xl gap-4" noValidate aria-label="转账">
        <TextField
          label="收款账户"
          name="to_account"
          required
          maxLength={64}
          placeholder="对方注册手机号或账户号"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
        <TextField
          label="转账金额"
          name="transfer_amount"
          required
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          hint={`可转现金 ${asset ? formatFen(asset.cash_fen) : '—'}；赠送金不可转账；单笔超过 ${reviewFen === null ? '—' : formatFen(reviewFen)} 需财务审核`}
        />
        <TextField
          label="备注"
          name="note"
          maxLength={200}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-600 sm:ml-[8.25rem]">
            {error}
          </p>
        )}
        <div className="sm:ml-[8.25rem]">
          <button type="submit" className="btn-primary" disabled={busy && confirming === null}>
            {busy && confirming === null && <Spinner />}
            转账
          </button>
        </div>
      </form>

      <section aria-labelledby="transfers-title">
        <h3 id="transfers-title" className="mb-2 text-sm font-semibold text-slate-900">
          转账记录
        </h3>
        {!list.data ? (
          <p className="flex items-center justify-center gap-2 py-8 text-sm text-slate-400">
            <Spinner /> 加载中…
          </p>
        ) : list.data.list.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-200 px-6 py-8 text-center text-sm text-slate-500">
            暂无转账记录
          </p>
        ) : (
          <ul aria-label="转账记录" className="divide-y divide-slate-100">
            {list.data.list.map((t) => (
              <li
                key={t.rid}
                data-transfer={t.direction}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3 text-sm"
              >
                <span
                  className={`rounded px-1.5 py-0.5 text-xs font-medium ${t.direction === 'in' ? 'bg-accent-50 text-accent-700' : 'bg-slate-100 text-slate-600'}`}
                >
                  {t.direction === 'in' ? '转入' : '转出'}
                </span>
                <span className="min-w-0 flex-1 truncate text-slate-700">
                  {t.direction === 'in'
                    ? `来自 ${t.from_name || t.from_phone}`
                    : `转给 ${t.to_name || t.to_phone}`}
                  {t.note && <span className="text-slate-400"> · {t.note}</span>}
                </span>
                <strong
                  className={`tabular-nums ${t.direction === 'in' ? 'text-accent-700' : 'text-slate-900'}`}
                >
                  {t.direction === 'in' ? '+' : '-'}
                  {fenToYuan(t.amount_fen)}
                </strong>
                <span className="text-xs text-slate-500">{t.status_text}</span>
                {t.status === 'reviewing' && t.direction === 'out' && (
                  <button
                    type="button"
                    className="rounded px-2 py-0.5 text-xs text-brand-700 hover:bg-brand-50"
                    onClick={() => void cancel(t)}
                  >
                    取消
                  </button>
                )}
                <span className="basis-full text-xs text-slate-400">
                  {shanghaiMinute(t.created)}
                  {t.status === 'rejected' && t.reason && ` · 驳回原因：${t.reason}`}
                </span>
              </li>
            ))}
          </ul>
        )}
        <Pager page={list.page} pages={list.pages} label="转账记录分页" onPage={list.setPage} />
      </section>

      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="确认转账"
        width={420}
        footer={
          <>
            <button type="button" className="btn-ghost" onClick={() => setConfirming(null)}>
              取消
            </button>
            <button
              type="button"
              className="btn-primary"
              disabled={busy}
              onClick={() => confirming && void send(confirming)}
            >
              {busy && <Spinner />}确认转账
            </button>
          </>
        }
      >
        {confirming !== null && (
          <p className="text-sm leading-relaxed text-slate-700">
            向 <strong data-testid="transfer-payee">{payee}</strong>
            <span className="text-slate-500">（{to.trim()}）</span>转账{' '}
            <strong className="text-hot-600 tabular-nums">{formatFen(confirming)}</strong>
            （现金余额）。
            {reviewFen !== null && confirming > reviewFen
              ? '该笔金额需财务审核后到账。'
              : '确认后立即到账，不可撤回。'}
          </p>
        )}
      </Dialog>
    </div>
  );
}
