import { useEffect, useRef, useState, type FormEvent } from 'react';
import Dialog from '../ui/Dialog.tsx';
import { Spinner, TextField } from '../ui/kit.tsx';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { newRequestKey } from '../../lib/client/request-key.ts';
import { pointsChanged, pts, type PointsOverview } from './types.ts';
import { pointsApi } from '../../lib/shared/points/api.ts';

/**
 * 转赠积分: the recipient (their registered mobile or account number), how many, a note; then a
 * confirmation step before anything is sent. One key per opening, so a double click sends once.
 */
export default function TransferDialog({
  open,
  onClose,
  overview,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  overview: PointsOverview | null;
  onDone: () => void;
}) {
  const [to, setTo] = useState('');
  const [points, setPoints] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState<number | null>(null);
  /** Whom the number belongs to (masked), shown before the irreversible gift. */
  const [payee, setPayee] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useRef(newRequestKey());

  useEffect(() => {
    if (!open) return;
    setTo('');
    setPoints('');
    setNote('');
    setError('');
    setConfirming(null);
    key.current = newRequestKey();
  }, [open]);

  const balance = overview?.balance ?? 0;
  const left = overview?.transfer_left_today ?? 0;

  async function check(e: FormEvent) {
    e.preventDefault();
    const n = Number(points.trim());
    if (!to.trim()) return setError('请填写对方的注册手机号或账户号');
    if (!/^\d+$/.test(points.trim()) || n <= 0) return setError('请输入正确的转赠积分（正整数）');
    if (n > balance) return setError(`可用积分不足（现有 ${pts(balance)}）`);
    if (n > left) return setError(`超过每日转赠上限，今日还可转赠 ${pts(left)} 积分`);
    // The receiver is looked up before the confirm step: an unknown number is refused here.
    setBusy(true);
    try {
      const found = await api.call(pointsApi.payee, { to_account: to.trim() }, { throws: true });
      setError('');
      setPayee(found?.payee ?? '');
      setConfirming(n);
    } catch (err) {
      setError(err instanceof Error ? err.message : '对方账户核对失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  }

  async function send(n: number) {
    setBusy(true);
    try {
      const res = await api.call(
        pointsApi.transfer,
        { to_account: to.trim(), points: n, note, idempotency_key: key.current },
        { throws: true },
      );
      toast.success(`已向 ${res?.to ?? to} 转赠 ${pts(n)} 积分!`);
      pointsChanged();
      onDone();
      onClose();
    } catch (e) {
      setConfirming(null);
      setError(e instanceof Error ? e.message : '转赠失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={confirming === null ? '转赠积分' : '确认转赠'}
      width={480}
      footer={
        confirming === null ? (
          <>
            <button type="button" className="btn-ghost" onClick={onClose}>
              取消
            </button>
            <button type="submit" form="points-transfer-form" className="btn-primary" disabled={busy}>
              {busy && <Spinner />}
              下一步
            </button>
          </>
        ) : (
          <>
            <button type="button" className="btn-ghost" onClick={() => setConfirming(null)} disabled={busy}>
              返回修改
            </button>
            <button
              type="button"
              className="btn-primary"
              disabled={busy}
              onClick={() => void send(confirming)}
            >
              {busy && <Spinner />}确认转赠
            </button>
          </>
        )
      }
    >
      {confirming === null ? (
        <form id="points-transfer-form" onSubmit={(e) => void check(e)} className="grid gap-4" noValidate>
          <TextField
            label="对方账户"
            name="to_account"
            required
            maxLength={64}
            placeholder="注册手机号或账户号"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
          <TextField
            label="转赠积分"
            name="points"
            required
            inputMode="numeric"
            value={points}
            onChange={(e) => setPoints(e.target.value)}
            hint={`可用 ${pts(balance)} 积分；今日还可转赠 ${pts(left)} 积分（每日上限 ${pts(overview?.transfer_daily_limit ?? 0)}）`}
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
        </form>
      ) : (
        <div className="grid gap-3 text-sm text-slate-700">
          <dl className="grid grid-cols-[5rem_minmax(0,1fr)] gap-y-2 rounded-lg bg-slate-50 p-3">
            <dt className="text-slate-500">收款人</dt>
            <dd className="font-medium" data-testid="transfer-payee">
              {payee}
            </dd>
            <dt className="text-slate-500">对方账户</dt>
            <dd className="font-medium break-all" data-testid="transfer-to">
              {to.trim()}
            </dd>
            <dt className="text-slate-500">转赠积分</dt>
            <dd className="font-semibold text-hot-600 tabular-nums">{pts(confirming)}</dd>
            <dt className="text-slate-500">转赠后剩余</dt>
            <dd className="tabular-nums">{pts(balance - confirming)}</dd>
            {note && (
              <>
                <dt className="text-slate-500">备注</dt>
                <dd className="break-all">{note}</dd>
              </>
            )}
          </dl>
          <p className="text-xs text-slate-500">积分转赠后立即到账，不可撤回；对方收到的积分保留原有效期。</p>
          {error && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-600">
              {error}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
