import { useCallback, useEffect, useRef, useState } from 'react';
import Dialog from '../ui/Dialog.tsx';
import { Spinner } from '../ui/kit.tsx';
import { api, isFailure } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { $webSettings } from '../../lib/client/stores.ts';
import { fenToYuan } from '../../lib/shared/money.ts';
import { ORDER_PAID_EVENT, type PayEventDetail } from '../../lib/client/pay-events.ts';

/** web/order/ready2pay: what the order owes now and the balance it would be paid from. */
export type ReadyToPay = {
  rid: string;
  order_no: string;
  status: string;
  status_text: string;
  amount_fen: number;
  balance_fen: number;
  payable: boolean;
};

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; info: ReadyToPay; error?: string };

/** A key per opening of the dialog: a double click or a retry after a lost answer charges once. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; plain http on a LAN address still has getRandomValues.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

const yuan = (fen: number) => `¥${fenToYuan(fen)}`;

/**
 * Paying an order from the balance: the amount owed and the balance (ready2pay), then 确认支付
 * (web/order/pay with this opening's idempotency key). Not enough balance: says so, and how to
 * top up for now, with no pay button.
 */
export default function PayDialog({ rid, onClose }: { rid: string | null; onClose: () => void }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [paying, setPaying] = useState(false);
  const key = useRef('');

  const load = useCallback(async (orderRid: string) => {
    setState({ kind: 'loading' });
    try {
      const info = await api.post<ReadyToPay>(
        '/api/auth/web/order/ready2pay',
        { rid: orderRid },
        { throws: true },
      );
      setState(info ? { kind: 'ready', info } : { kind: 'failed', message: '订单不存在' });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof Error ? error.message : '加载失败，请稍后重试' });
    }
  }, []);

  useEffect(() => {
    if (!rid) return;
    key.current = newKey();
    setPaying(false);
    void load(rid);
  }, [rid, load]);

  const paid = (orderRid: string) =>
    window.dispatchEvent(new CustomEvent<PayEventDetail>(ORDER_PAID_EVENT, { detail: { rid: orderRid } }));

  async function pay(info: ReadyToPay) {
    if (paying) return;
    setPaying(true);
    try {
      await api.post(
        '/api/auth/web/order/pay',
        { rid: info.rid, idempotency_key: key.current },
        { throws: true },
      );
      toast.success('操作成功!');
      paid(info.rid);
      onClose();
    } catch (error) {
      const message = error instanceof Error ? error.message : '支付失败，请稍后重试';
      if (isFailure(error, 'ALREADY_PAID')) {
        // Paid meanwhile (another tab): the lists must follow, and there is nothing left to do.
        toast.info(message);
        paid(info.rid);
        onClose();
        return;
      }
      setState({ kind: 'ready', info, error: message });
      setPaying(false);
    }
  }

  const info = state.kind === 'ready' ? state.info : null;
  const short = info ? Math.max(0, info.amount_fen - info.balance_fen) : 0;
  const canPay = info !== null && info.payable && info.amount_fen > 0 && short === 0;
  const phone = $webSettings.get()?.localInfo?.phone;

  return (
    <Dialog
      open={rid !== null}
      onClose={onClose}
      title="余额支付"
      width={460}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>
            {canPay ? '取消' : '关闭'}
          </button>
          {canPay && (
            <button type="button" className="btn-primary" disabled={paying} onClick={() => void pay(info)}>
              {paying && <Spinner />}
              {paying ? '支付中…' : '确认支付'}
            </button>
          )}
        </>
      }
    >
      {state.kind === 'loading' && (
        <p className="flex items-center justify-center gap-2 py-10 text-sm text-slate-400">
          <Spinner /> 加载中…
        </p>
      )}
      {state.kind === 'failed' && (
        <p role="alert" className="py-8 text-center text-sm text-red-600">
          {state.message}
        </p>
      )}
      {info && (
        <div className="grid gap-4" data-pay-summary>
          <dl className="grid gap-3 text-sm">
            <div className="flex items-center justify-between gap-3">
              <dt className="text-slate-500">订单号</dt>
              <dd className="font-medium text-slate-900 tabular-nums">{info.order_no}</dd>
            </div>
            <div className="flex items-center justify-between gap-3">
              <dt className="text-slate-500">订单状态</dt>
              <dd className="text-slate-700">{info.status_text}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-3 border-t border-slate-100 pt-3">
              <dt className="text-slate-500">应付金额</dt>
              <dd className="text-2xl font-bold text-hot-600 tabular-nums" data-pay-amount>
                {yuan(info.amount_fen)}
              </dd>
            </div>
            <div className="flex items-center justify-between gap-3">
              <dt className="text-slate-500">账户余额</dt>
              <dd className="font-medium text-slate-900 tabular-nums" data-pay-balance>
                {yuan(info.balance_fen)}
              </dd>
            </div>
            {canPay && (
              <div className="flex items-center justify-between gap-3">
                <dt className="text-slate-500">支付后余额</dt>
                <dd className="text-slate-700 tabular-nums">{yuan(info.balance_fen - info.amount_fen)}</dd>
              </div>
            )}
          </dl>

          {!info.payable ? (
            <p role="status" className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600">
              该订单当前为「{info.status_text}」，无需支付。
            </p>
          ) : short > 0 ? (
            <div
              role="alert"
              className="rounded-lg border border-hot-100 bg-hot-50 px-4 py-3 text-sm leading-relaxed"
            >
              <p className="font-semibold text-hot-600">余额不足，还差 {yuan(short)}</p>
              <p className="mt-1 text-slate-600">
                在线预存即将开放，目前请联系您的业务经理办理预存{phone ? `（客服电话 ${phone}）` : ''}
                ，到账后即可在此支付。
              </p>
            </div>
          ) : (
            <p className="text-xs text-slate-400">确认后将从账户余额中扣除应付金额，订单随即更新。</p>
          )}

          {state.kind === 'ready' && state.error && (
            <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-600">
              {state.error}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
