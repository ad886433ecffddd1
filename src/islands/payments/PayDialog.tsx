import { useCallback, useEffect, useRef, useState } from 'react';
import Dialog from '../ui/Dialog.tsx';
import { Spinner } from '../ui/kit.tsx';
import { api, isFailure } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { $webSettings } from '../../lib/client/stores.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { groupRequestChanged, ORDER_PAID_EVENT, type PayEventDetail } from '../../lib/client/pay-events.ts';
import { newRequestKey } from '../../lib/client/request-key.ts';
import type { z } from 'zod';
import type { ReadyToPaySchema } from '../../lib/shared/orders/responses.ts';
import {
  PAY_CHANNEL_TEXT,
  PAY_FLOW_HINT,
  payFlowFor,
  type PayChannelName,
} from '../../lib/shared/payments.ts';
import OnlinePay from './OnlinePay.tsx';
import { groupsApi } from '../../lib/shared/groups/api.ts';
import { ordersApi } from '../../lib/shared/orders/api.ts';

/** web/order/ready2pay: what the order owes now and where each way of paying would take it from. */
export type ReadyToPay = z.output<typeof ReadyToPaySchema>;
type Method = 'balance' | 'credit' | 'group' | PayChannelName;
type MyGroup = { rid: string; name: string; my_status: string; balance_fen: number };
const isOnline = (m: Method): m is PayChannelName => m === 'wechatpay' || m === 'alipay';

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; info: ReadyToPay; error?: string };

/**
 * Paying an order: the amount owed and, for each way of paying (ready2pay), where the money would
 * come from — the balance (赠送金 first, then cash) or the credit line — then 确认支付
 * (web/order/pay with this opening's idempotency key and the chosen way). When neither can pay,
 * it says what is missing and links to 预存充值, with no pay button.
 */
export default function PayDialog({ rid, onClose }: { rid: string | null; onClose: () => void }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [paying, setPaying] = useState(false);
  const [method, setMethod] = useState<Method>('balance');
  const [groups, setGroups] = useState<MyGroup[]>([]);
  const [groupRid, setGroupRid] = useState('');
  const [label, setLabel] = useState('');
  /** The group this order already waits on (a request to its wallet), if any. */
  const [waitingOn, setWaitingOn] = useState<string | null>(null);
  const key = useRef('');

  /** couponRid: undefined lets the server suggest the best coupon; '' pays without one. */
  const load = useCallback(async (orderRid: string, couponRid?: string) => {
    setState((s) => (s.kind === 'ready' && couponRid !== undefined ? s : { kind: 'loading' }));
    try {
      const info = await api.call(
        ordersApi.readyToPay,
        { rid: orderRid, coupon_rid: couponRid },
        { throws: true },
      );
      setState(info ? { kind: 'ready', info } : { kind: 'failed', message: '订单不存在' });
      // The balance when it can pay, else the credit line when it can, else the first online
      // channel; a changed coupon keeps the way the customer chose.
      if (couponRid === undefined)
        setMethod(
          !info || info.split.balance
            ? 'balance'
            : info.split.credit
              ? 'credit'
              : (info.online_channels[0] ?? 'balance'),
        );
      // Nothing left to pay after the coupon: no code to scan.
      else if (info?.pay_fen === 0) setMethod((m) => (isOnline(m) ? 'balance' : m));
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof Error ? error.message : '加载失败，请稍后重试' });
    }
  }, []);

  useEffect(() => {
    if (!rid) return;
    key.current = newRequestKey();
    setPaying(false);
    void load(rid);
    setWaitingOn(null);
    void api
      .call(groupsApi.waiting, {}, { silent: true })
      .then((r) => setWaitingOn(r?.list.find((w) => w.order_rid === rid)?.group_name ?? null));
    // The research groups this customer may pay from (decision 0033).
    void api.call(groupsApi.mine, {}, { silent: true }).then((r) => {
      const active = (r?.list ?? []).filter((g) => g.my_status === 'active');
      setGroups(active);
      setGroupRid(active[0]?.rid ?? '');
    });
  }, [rid, load]);

  async function payFromGroup(info: ReadyToPay) {
    if (paying || !groupRid) return;
    setPaying(true);
    try {
      const res = await api.call(
        groupsApi.pay,
        { rid: groupRid, order_rid: info.rid, label, idempotency_key: key.current },
        { throws: true },
      );
      if (res?.status === 'paid') {
        toast.success('课题组支付成功!');
        paid(info.rid);
      } else {
        toast.info(res?.message ?? '已提交组长审批');
        groupRequestChanged();
      }
      onClose();
    } catch (error) {
      setState({
        kind: 'ready',
        info,
        error: error instanceof Error ? error.message : '支付失败，请稍后重试',
      });
      setPaying(false);
    }
  }

  const paid = (orderRid: string) =>
    window.dispatchEvent(new CustomEvent<PayEventDetail>(ORDER_PAID_EVENT, { detail: { rid: orderRid } }));

  async function pay(info: ReadyToPay) {
    if (paying) return;
    setPaying(true);
    try {
      // Online and group payments have their own panels; this button pays from the wallet.
      const wallet = method as 'balance' | 'credit';
      await api.call(
        ordersApi.pay,
        { rid: info.rid, idempotency_key: key.current, method: wallet, coupon_rid: info.coupon_rid ?? '' },
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
  const online = isOnline(method);
  const byGroup = method === 'group';
  const split = info && !isOnline(method) && !byGroup ? info.split[method] : null;
  const short = info ? Math.max(0, info.pay_fen - info.balance_fen) : 0;
  const canPay = info !== null && info.payable && info.amount_fen > 0 && split !== null && !online;
  // A coupon that covers everything leaves nothing to scan a code for.
  const channels = info && info.pay_fen > 0 ? info.online_channels : [];
  const hasCredit = info !== null && info.credit_limit_fen > 0;
  const phone = $webSettings.get()?.localInfo?.phone;

  return (
    <Dialog
      open={rid !== null}
      onClose={onClose}
      title="支付订单"
      width={460}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>
            {canPay ? '取消' : '关闭'}
          </button>
          {byGroup && info?.payable && groupRid && (
            <button
              type="button"
              className="btn-primary"
              disabled={paying}
              onClick={() => void payFromGroup(info)}
            >
              {paying && <Spinner />}
              课题组支付
            </button>
          )}
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
          {waitingOn && (
            <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-700">
              该订单已申请由「{waitingOn}」支付，正在等待组长审批。现在用其他方式支付，该申请将自动关闭。
            </p>
          )}
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
                {formatFen(info.pay_fen)}
              </dd>
            </div>
            {info.coupons.length > 0 && info.payable && (
              <CouponPicker
                info={info}
                disabled={paying}
                onChoose={(couponRid) => void load(info.rid, couponRid)}
              />
            )}
            <div className="flex items-center justify-between gap-3">
              <dt className="text-slate-500">账户余额</dt>
              <dd className="text-right text-slate-900 tabular-nums">
                <span className="font-medium" data-pay-balance>
                  {formatFen(info.balance_fen)}
                </span>
                {info.bonus_fen > 0 && (
                  <span className="block text-xs text-slate-500">
                    现金 {formatFen(info.cash_fen)} + 赠送金 {formatFen(info.bonus_fen)}
                  </span>
                )}
              </dd>
            </div>
          </dl>

          {info.payable && info.amount_fen > 0 && (hasCredit || channels.length > 0 || groups.length > 0) && (
            <div role="radiogroup" aria-label="支付方式" className="grid grid-cols-2 gap-2">
              {(
                [
                  ['balance', '余额支付', `可用 ${formatFen(info.balance_fen)}`],
                  ...(hasCredit
                    ? [['credit', '信用支付', `可用 ${formatFen(info.credit_available_fen)}`] as const]
                    : []),
                  ...channels.map(
                    (c) =>
                      [
                        c,
                        PAY_CHANNEL_TEXT[c],
                        PAY_FLOW_HINT[payFlowFor(navigator.userAgent, c, navigator.maxTouchPoints > 1).flow],
                      ] as const,
                  ),
                  ...(groups.length > 0 && info.coupon_rid === null
                    ? [['group', '课题组支付', '课题组账户'] as const]
                    : []),
                ] as const
              ).map(([value, label, hint]) => (
                <label
                  key={value}
                  className={`cursor-pointer rounded-lg border px-3 py-2 text-sm ${
                    method === value
                      ? 'border-brand-500 bg-brand-50 text-brand-700'
                      : 'border-slate-300 text-slate-700'
                  }`}
                >
                  <input
                    type="radio"
                    name="pay_method"
                    value={value}
                    checked={method === value}
                    onChange={() => setMethod(value)}
                    className="mr-1.5 accent-brand-600"
                  />
                  {label}
                  <span className="block pl-5 text-xs text-slate-500">{hint}</span>
                </label>
              ))}
            </div>
          )}

          {info.payable && info.amount_fen > 0 && split && (
            <dl className="grid gap-2 rounded-lg bg-slate-50 px-4 py-3 text-sm" data-pay-split>
              {split.bonus_fen > 0 && (
                <SplitRow label="赠送金抵扣" fen={split.bonus_fen} testId="split-bonus" />
              )}
              {split.cash_fen > 0 && (
                <SplitRow label="现金余额支付" fen={split.cash_fen} testId="split-cash" />
              )}
              {split.credit_fen > 0 && (
                <SplitRow label="信用额度支付" fen={split.credit_fen} testId="split-credit" />
              )}
              <div className="flex items-center justify-between gap-3 border-t border-slate-200 pt-2 text-xs text-slate-500">
                <dt>支付后</dt>
                <dd className="tabular-nums">
                  {method === 'credit'
                    ? `可用信用额度 ${formatFen(info.credit_available_fen - split.credit_fen)}`
                    : `现金 ${formatFen(info.cash_fen - split.cash_fen)} · 赠送金 ${formatFen(info.bonus_fen - split.bonus_fen)}`}
                </dd>
              </div>
            </dl>
          )}

          {byGroup && info.payable && (
            <div className="grid gap-2 rounded-lg bg-slate-50 px-4 py-3 text-sm" data-pay-group>
              <label className="grid gap-1">
                <span className="text-slate-500">课题组</span>
                <select
                  className="rounded-md border border-slate-300 bg-white px-2 py-1.5"
                  value={groupRid}
                  onChange={(e) => setGroupRid(e.target.value)}
                >
                  {groups.map((g) => (
                    <option key={g.rid} value={g.rid}>
                      {g.name}（余额 {formatFen(g.balance_fen)}）
                    </option>
                  ))}
                </select>
              </label>
              <label className="grid gap-1">
                <span className="text-slate-500">项目或经费（选填）</span>
                <input
                  className="rounded-md border border-slate-300 bg-white px-2 py-1.5"
                  maxLength={50}
                  value={label}
                  onChange={(e) => setLabel(e.target.value)}
                />
              </label>
              <p className="text-xs text-slate-500">
                在组长设置的限额内直接支付；超出限额将提交组长或助理审批。
              </p>
            </div>
          )}

          {info.payable && info.amount_fen > 0 && online ? (
            <OnlinePay
              key={`${method}:${info.coupon_rid ?? ''}`}
              purpose="order"
              rid={info.rid}
              channel={method}
              couponRid={info.coupon_rid ?? ''}
              onPaid={() => {
                toast.success('支付成功!');
                paid(info.rid);
                onClose();
              }}
            />
          ) : info.blocked ? (
            <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-800">
              {info.blocked}
            </p>
          ) : !info.payable ? (
            <p role="status" className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600">
              该订单当前为「{info.status_text}」，无需支付。
            </p>
          ) : byGroup ? null : !split ? (
            <div
              role="alert"
              className="rounded-lg border border-hot-100 bg-hot-50 px-4 py-3 text-sm leading-relaxed"
            >
              {method === 'credit' ? (
                <p className="font-semibold text-hot-600">
                  {info.credit_overdue_fen > 0
                    ? `信用欠款已逾期（${formatFen(info.credit_overdue_fen)}），请先还款后再使用信用支付`
                    : `可用信用额度不足（可用 ${formatFen(info.credit_available_fen)}）`}
                </p>
              ) : (
                <>
                  <p className="font-semibold text-hot-600">余额不足，还差 {formatFen(short)}</p>
                  <p className="mt-1 text-slate-600">
                    请先
                    <a
                      href="/member/prestore"
                      className="mx-1 font-medium text-brand-700 underline underline-offset-2"
                    >
                      预存充值
                    </a>
                    ，财务核对到账后即可在此支付{phone ? `；如有疑问请致电 ${phone}` : ''}。
                  </p>
                </>
              )}
            </div>
          ) : (
            <p className="text-xs text-slate-400">
              {method === 'credit'
                ? '信用支付的款项请在账期内用现金余额还款。'
                : '赠送金优先抵扣，不足部分从现金余额扣除；取消订单时原路退回。'}
            </p>
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

function SplitRow({ label, fen, testId }: { label: string; fen: number; testId: string }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900 tabular-nums" data-testid={testId}>
        {formatFen(fen)}
      </dd>
    </div>
  );
}

/**
 * 优惠券: the best coupon comes chosen; the customer may pick another usable one or none. Coupons
 * that do not apply are listed, disabled, with the reason.
 */
function CouponPicker({
  info,
  disabled,
  onChoose,
}: {
  info: ReadyToPay;
  disabled: boolean;
  onChoose: (couponRid: string) => void;
}) {
  const usable = info.coupons.filter((c) => c.discount_fen > 0);
  // A row of the summary list: the label as dt, the choice and the saving as dd.
  return (
    <div className="grid gap-1.5 rounded-lg bg-hot-50/60 px-3 py-2.5">
      <div className="flex items-center justify-between gap-3">
        <dt className="shrink-0 text-slate-500">
          <label htmlFor="pay-coupon">优惠券</label>
        </dt>
        <dd className="min-w-0 flex-1 sm:max-w-64">
          <select
            id="pay-coupon"
            className="w-full truncate rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
            value={info.coupon_rid ?? ''}
            disabled={disabled}
            onChange={(e) => onChoose(e.target.value)}
          >
            <option value="">{usable.length ? '不使用优惠券' : '无可用优惠券'}</option>
            {info.coupons.map((c) => (
              <option key={c.rid} value={c.rid} disabled={c.discount_fen === 0}>
                {c.discount_fen > 0
                  ? `${c.name}${c.name.includes(c.rule_text) ? '' : `（${c.rule_text}）`} 省${formatFen(c.discount_fen)}`
                  : `${c.name}：${c.reason}`}
              </option>
            ))}
          </select>
        </dd>
      </div>
      {info.discount_fen > 0 && (
        <dd className="text-right text-xs text-slate-500" data-pay-discount>
          订单金额 {formatFen(info.amount_fen)}，优惠券已省{' '}
          <span className="font-semibold text-hot-600">{formatFen(info.discount_fen)}</span>
        </dd>
      )}
    </div>
  );
}
