import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';
import QRCode from 'qrcode';
import { Spinner } from '../ui/kit.tsx';
import { api } from '../../lib/client/api.ts';
import { fenToYuan } from '../../lib/shared/money.ts';
import { PAY_CHANNEL_TEXT, payFlowFor, type PayChannelName } from '../../lib/shared/payments.ts';
import { wechatJsapiPay } from './wechat-jsapi.ts';
import { paymentsApi } from '../../lib/shared/payments/api.ts';

export type Payment = OutputOf<typeof paymentsApi.create>;

const POLL_MS = 2_000;

/**
 * 微信支付 / 支付宝 for an order or a top-up (decision 0025): the trade the server makes for what
 * is owed and the result found by polling — no reload. On a computer, a QR code with a countdown;
 * on a phone the provider's own mobile flow (decision 0056): its page opened in this browser
 * (which comes back to /member/pay-result), or inside WeChat its JSAPI payment sheet. A phone may
 * still choose a QR code, to pay from another device. When the trade expires or is closed,
 * 刷新 makes a new one.
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
  const [sheet, setSheet] = useState<'' | 'opening' | 'cancel' | 'fail' | 'ok'>('');
  const [byQr, setByQr] = useState(false);
  const paidRef = useRef(onPaid);
  paidRef.current = onPaid;
  // Decided once per channel from this browser (mounted only after a click, so navigator exists).
  const detected = useMemo(
    () => payFlowFor(navigator.userAgent, channel, navigator.maxTouchPoints > 1),
    [channel],
  );
  const flow = byQr ? 'qr' : detected.flow;

  const start = useCallback(async () => {
    setError('');
    setPayment(null);
    setSheet('');
    try {
      const p = await api.call(
        paymentsApi.create,
        { purpose, rid, channel, flow, coupon_rid: couponRid || undefined },
        { throws: true },
      );
      if (!p) return;
      setPayment(p);
      if (p.flow === 'qr') setQr(await QRCode.toDataURL(p.code_url, { margin: 1, width: 200 }));
    } catch (e) {
      setError(e instanceof Error ? e.message : '生成付款码失败，请稍后重试');
    }
  }, [purpose, rid, channel, flow, couponRid]);

  // WeChat's answer is only a hint: the notice decides, and polling shows it.
  async function openSheet(p: Payment) {
    if (!p.jsapi) return;
    setSheet('opening');
    setSheet(await wechatJsapiPay(p.jsapi));
  }

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
      const p = await api.call(paymentsApi.status, { trade_no: payment.trade_no }, { silent: true });
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
        <Spinner /> 正在创建{name}支付单…
      </p>
    );
  const amount = <strong className="text-hot-600 tabular-nums">¥{fenToYuan(payment.amount_fen)}</strong>;
  const countdown = (
    <p className="text-xs text-slate-500" aria-live="polite">
      {Math.floor(left / 60)} 分 {String(left % 60).padStart(2, '0')} 秒内有效
      {payment.flow === 'qr' ? '，支付完成后本窗口自动更新' : ''}
    </p>
  );
  const note = payment.notice ?? (payment.flow === 'qr' ? detected.hint : undefined);
  return (
    <div className="grid justify-items-center gap-2 text-center" data-online-pay={payment.status}>
      {payment.status === 'pending' ? (
        <>
          {note && (
            <p
              role="status"
              className="rounded-lg bg-amber-50 px-3 py-2 text-left text-xs leading-relaxed text-amber-800"
            >
              {note}
            </p>
          )}
          {payment.flow === 'h5' && payment.pay_url ? (
            <>
              <p className="text-sm text-slate-600">应付 {amount}</p>
              {/* The provider's page hands over to its app, then comes back to /member/pay-result. */}
              <a href={payment.pay_url} className="btn-primary w-full justify-center sm:w-auto">
                前往{name}付款
              </a>
              <p className="text-xs leading-relaxed text-slate-500">
                将打开{name}完成付款，完成后自动返回本站。
              </p>
              {countdown}
            </>
          ) : payment.flow === 'jsapi' && payment.jsapi ? (
            <>
              <p className="text-sm text-slate-600">应付 {amount}</p>
              <button
                type="button"
                className="btn-primary w-full justify-center sm:w-auto"
                disabled={sheet === 'opening' || sheet === 'ok'}
                onClick={() => void openSheet(payment)}
              >
                {(sheet === 'opening' || sheet === 'ok') && <Spinner />}
                {sheet === 'ok' ? '正在确认支付结果…' : '微信支付'}
              </button>
              {sheet === 'cancel' && (
                <p role="status" className="text-xs text-slate-500">
                  已取消支付，可再次点击付款。
                </p>
              )}
              {sheet === 'fail' && (
                <p role="alert" className="text-xs text-red-600">
                  微信支付未能完成，请重试或改用扫码支付。
                </p>
              )}
              {countdown}
            </>
          ) : (
            <>
              <p className="text-sm text-slate-600">
                请使用{name}扫码支付 {amount}
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
              {countdown}
              {simulatorLink(payment.code_url)}
            </>
          )}
          {payment.flow !== 'qr' && (
            <button type="button" className="text-xs text-brand-700 underline" onClick={() => setByQr(true)}>
              在电脑或其他手机上扫码支付
            </button>
          )}
        </>
      ) : payment.status === 'succeeded' ? (
        <p role="status" className="py-6 text-base font-semibold text-accent-700">
          支付成功
        </p>
      ) : (
        <>
          <p role="alert" className="py-2 text-sm text-slate-600">
            {payment.flow === 'qr' ? '付款码' : '支付单'}已失效
            {payment.status === 'failed' ? '（支付失败）' : ''}。
          </p>
          <button type="button" className="btn-ghost" onClick={() => void start()}>
            {payment.flow === 'qr' ? '刷新二维码' : '重新发起支付'}
          </button>
        </>
      )}
    </div>
  );
}

/**
 * The dev simulator's QR code opens a page on this site (a phone cannot reach a development
 * machine): the link opens it here, on this very origin.
 */
function simulatorLink(codeUrl: string) {
  const target = new URL(codeUrl, window.location.href);
  if (target.pathname !== '/dev/pay') return null;
  return (
    <a
      href={`${target.pathname}${target.search}`}
      target="_blank"
      rel="noreferrer"
      className="text-xs text-brand-700 underline"
    >
      开发环境：打开模拟支付页面
    </a>
  );
}
