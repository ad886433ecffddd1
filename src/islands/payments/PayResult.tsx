import { useEffect, useState } from 'react';
import { Loading, Spinner } from '../ui/kit.tsx';
import { memberOnly } from '../ui/member-gate.tsx';
import { api } from '../../lib/client/api.ts';
import { fenToYuan } from '../../lib/shared/money.ts';
import { PAY_CHANNEL_TEXT } from '../../lib/shared/payments.ts';
import type { Payment } from './OnlinePay.tsx';
import { paymentsApi } from '../../lib/shared/payments/api.ts';

const POLL_MS = 2_000;

const OUTCOME_TEXT: Record<NonNullable<Payment['outcome']>, string> = {
  paid: '订单已支付',
  credited: '预存已入账',
  repaid: '信用欠款已还款',
  kept: '款项已存入账户余额',
};

/** Where a customer goes next, by what the trade paid. */
function nextLinks(p: Payment): { href: string; label: string }[] {
  if (p.purpose === 'order')
    return [
      { href: `/member/order?rid=${encodeURIComponent(p.ref_rid)}`, label: '查看订单' },
      { href: '/member/order', label: '我的订单' },
    ];
  return [{ href: '/member/prestore', label: '返回预存' }];
}

/**
 * /member/pay-result?trade=…: where a phone comes back from the provider's page (WeChat Pay H5's
 * redirect_url, Alipay's return_url and quit_url; decision 0056). What the browser is told on the
 * way back proves nothing: the page asks payment/status until the verified notice has settled it.
 */
function PayResult() {
  const [payment, setPayment] = useState<Payment | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    // Alipay adds its own out_trade_no to return_url.
    const tradeNo = q.get('trade') ?? q.get('out_trade_no') ?? '';
    if (!tradeNo) {
      setError('缺少支付单号，请从订单或预存页面重新查看。');
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const look = async () => {
      try {
        const p = await api.call(paymentsApi.status, { trade_no: tradeNo }, { throws: true });
        if (stopped || !p) return;
        setPayment(p);
        if (p.status === 'pending') timer = setTimeout(() => void look(), POLL_MS);
      } catch (e) {
        if (!stopped) setError(e instanceof Error ? e.message : '查询失败，请稍后重试');
      }
    };
    void look();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);

  if (error)
    return (
      <div className="card px-6 py-12 text-center">
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
        <a href="/member/order" className="btn-ghost mt-4">
          我的订单
        </a>
      </div>
    );
  if (!payment) return <Loading label="正在查询支付结果…" />;
  const amount = `¥${fenToYuan(payment.amount_fen)}`;
  return (
    <div
      className="card grid justify-items-center gap-3 px-6 py-10 text-center"
      data-pay-result={payment.status}
    >
      {payment.status === 'succeeded' ? (
        <>
          <p role="status" className="text-xl font-bold text-accent-700">
            支付成功
          </p>
          <p className="text-sm text-slate-600">
            {PAY_CHANNEL_TEXT[payment.channel]}已付 <strong className="tabular-nums">{amount}</strong>
            {payment.outcome && `，${OUTCOME_TEXT[payment.outcome]}`}
          </p>
        </>
      ) : payment.status === 'pending' ? (
        <>
          <p role="status" className="flex items-center gap-2 text-base font-semibold text-slate-700">
            <Spinner /> 正在确认支付结果…
          </p>
          <p className="max-w-sm text-sm leading-relaxed text-slate-500">
            应付 <span className="tabular-nums">{amount}</span>
            。如已付款，结果通常几秒内到达；如未付款，可返回后重新发起支付。
          </p>
        </>
      ) : (
        <>
          <p role="alert" className="text-lg font-semibold text-slate-700">
            支付未完成
          </p>
          <p className="max-w-sm text-sm text-slate-500">
            {payment.status === 'closed' ? '该支付单已关闭' : '支付失败'}，请返回后重新发起支付。
          </p>
        </>
      )}
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        {nextLinks(payment).map((l, i) => (
          <a key={l.href} href={l.href} className={i === 0 ? 'btn-primary' : 'btn-ghost'}>
            {l.label}
          </a>
        ))}
      </div>
    </div>
  );
}

export default memberOnly(PayResult);
