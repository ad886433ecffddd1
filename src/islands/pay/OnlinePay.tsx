import { useCallback, useEffect, useRef, useState } from 'react';
import QRCode from 'qrcode';
import type { z } from 'zod';
import { Spinner } from '../ui/kit.tsx';
import { api } from '../../lib/client/api.ts';
import { fenToYuan } from '../../lib/shared/money.ts';
import { PAY_CHANNEL_TEXT, type PaymentSchema, type PayChannelName } from '../../lib/shared/payments.ts';

export type Payment = z.output<typeof PaymentSchema>;

const POLL_MS = 2_000;

/**
 * 微信支付 / 支付宝 for an order or a top-up (decision 0025): the trade the server makes for what
 * is owed, its QR code with a countdown, and the result found by polling — no reload. When the
 * trade expires or is closed, 刷新二维码 makes a new one.
 */
export default function OnlinePay({
  purpose,
  rid,
  channel,
  couponRid,
  onPaid,
}: {
  purpose: 'order' | 'topup' | 'repay';
  rid: string;
  channel: PayChannelName;
  /** An order's coupon: the trade asks for what is left after it. */
  couponRid?: string;
  onPaid: (payment: Payment) => void;
}) {
  const [payment, setPayment] = useState<Payment | null>(null);
  const [qr, setQr] = useState('');
  const [error, setError] = useState('');
  const [left, setLeft] = useState(0);
  const paidRef = useRef(onPaid);
  paidRef.current = onPaid;

  const start = useCallback(async () => {
    setError('');
    setPayment(null);
    try {
      const p = await api.post<Payment>(
        '/api/auth/payment/create',
        { purpose, rid, channel, coupon_rid: couponRid || undefined },
        { throws: true },
      );
      if (!p) return;
      setPayment(p);
      setQr(await QRCode.toDataURL(p.code_url, { margin: 1, width: 200 }));
    } catch (e) {
      setError(e instanceof Error ? e.message : '生成付款码失败，请稍后重试');
    }
  }, [purpose, rid, channel, couponRid]);

  useEffect(() => {
    void start();
  }, [start]);

  // Poll while pending; count down to the expiry.
  useEffect(() => {
    if (!payment || payment.status !== 'pending') return;
    const tick = () => setLeft(Math.max(0, Math.floor((Date.parse(payment.expires_at) - Date.now()) / 1000)));
    tick();
    const clock = setInterval(tick, 1000);
    const poll = setInterval(async () => {
      const p = await api.post<Payment>(
        '/api/auth/payment/status',
        { trade_no: payment.trade_no },
        { silent: true },
      );
      if (!p || p.status === 'pending') return;
      setPayment(p);
      if (p.status === 'succeeded') paidRef.current(p);
    }, POLL_MS);
    return () => {
      clearInterval(clock);
      clearInterval(poll);
    };
  }, [payment]);

  const name = PAY_CHANNEL_TEXT[channel];
  if (error)
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-600">
        {error}
      </p>
    );
  if (!payment)
    return (
      <p className="flex items-center justify-center gap-2 py-8 text-sm text-slate-400">
        <Spinner /> 正在生成{name}付款码…
      </p>
    );
  // The dev simulator's QR code opens a page on this site (a phone cannot reach a development
  // machine): the link opens it here, on this very origin.
  const target = new URL(payment.code_url, window.location.href);
  const simulated = target.pathname === '/dev/pay';
  return (
    <div className="grid justify-items-center gap-2 text-center" data-online-pay={payment.status}>
      {payment.status === 'pending' ? (
        <>
          <p className="text-sm text-slate-600">
            请使用{name}扫码支付{' '}
            <strong className="text-hot-600 tabular-nums">¥{fenToYuan(payment.amount_fen)}</strong>
          </p>
          {qr && (
            <img
              src={qr}
              alt={`${name}付款码`}
              width={180}
              height={180}
              className="rounded border border-slate-200"
            />
          )}
          <p className="text-xs text-slate-500" aria-live="polite">
            {Math.floor(left / 60)} 分 {String(left % 60).padStart(2, '0')} 秒内有效，支付完成后本窗口自动更新
          </p>
          {simulated && (
            <a
              href={`${target.pathname}${target.search}`}
              target="_blank"
              rel="noreferrer"
              className="text-xs text-brand-700 underline"
            >
              开发环境：打开模拟支付页面
            </a>
          )}
        </>
      ) : payment.status === 'succeeded' ? (
        <p role="status" className="py-6 text-base font-semibold text-accent-700">
          支付成功
        </p>
      ) : (
        <>
          <p role="alert" className="py-2 text-sm text-slate-600">
            付款码已失效{payment.status === 'failed' ? '（支付失败）' : ''}。
          </p>
          <button type="button" className="btn-ghost" onClick={() => void start()}>
            刷新二维码
          </button>
        </>
      )}
    </div>
  );
}
