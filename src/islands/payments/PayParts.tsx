// The pay dialog's sections: the order's sums, the ways of paying, where the money comes from,
// the group fields, and what is said when it cannot or need not be paid.
import { $webSettings } from '../../lib/client/stores.ts';
import { formatFen } from '../../lib/shared/money.ts';
import {
  PAY_CHANNEL_TEXT,
  PAY_FLOW_HINT,
  payFlowFor,
  type PayChannelName,
} from '../../lib/shared/payments.ts';
import CouponPicker from './CouponPicker.tsx';
import type { Method, MyGroup, ReadyToPay } from './use-pay-order.ts';

type Split = NonNullable<ReadyToPay['split']['balance' | 'credit']>;

/** 订单号, status, the amount owed, the coupon, the balance. */
export function PaySummary({
  info,
  paying,
  onCoupon,
}: {
  info: ReadyToPay;
  paying: boolean;
  onCoupon: (couponRid: string) => void;
}) {
  return (
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
        <CouponPicker info={info} disabled={paying} onChoose={onCoupon} />
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
  );
}

/** 支付方式: the balance, the credit line, each online channel, a research group. */
export function MethodChoice({
  info,
  channels,
  hasCredit,
  hasGroups,
  method,
  setMethod,
}: {
  info: ReadyToPay;
  channels: PayChannelName[];
  hasCredit: boolean;
  hasGroups: boolean;
  method: Method;
  setMethod: (m: Method) => void;
}) {
  return (
    <div role="radiogroup" aria-label="支付方式" className="grid grid-cols-2 gap-2">
      {(
        [
          ['balance', '余额支付', `可用 ${formatFen(info.balance_fen)}`],
          ...(hasCredit
            ? [
                [
                  'credit',
                  '信用支付',
                  info.credit_suspended ? '已暂停' : `可用 ${formatFen(info.credit_available_fen)}`,
                ] as const,
              ]
            : []),
          ...channels.map(
            (c) =>
              [
                c,
                PAY_CHANNEL_TEXT[c],
                PAY_FLOW_HINT[payFlowFor(navigator.userAgent, c, navigator.maxTouchPoints > 1).flow],
              ] as const,
          ),
          ...(hasGroups && info.coupon_rid === null ? [['group', '课题组支付', '课题组账户'] as const] : []),
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
  );
}

/** Where the money would come from: 赠送金, cash, credit, and what is left after. */
export function SplitSummary({ info, split, method }: { info: ReadyToPay; split: Split; method: Method }) {
  return (
    <dl className="grid gap-2 rounded-lg bg-slate-50 px-4 py-3 text-sm" data-pay-split>
      {split.bonus_fen > 0 && <SplitRow label="赠送金抵扣" fen={split.bonus_fen} testId="split-bonus" />}
      {split.cash_fen > 0 && <SplitRow label="现金余额支付" fen={split.cash_fen} testId="split-cash" />}
      {split.credit_fen > 0 && <SplitRow label="信用额度支付" fen={split.credit_fen} testId="split-credit" />}
      <div className="flex items-center justify-between gap-3 border-t border-slate-200 pt-2 text-xs text-slate-500">
        <dt>支付后</dt>
        <dd className="tabular-nums">
          {method === 'credit'
            ? `可用信用额度 ${formatFen(info.credit_available_fen - split.credit_fen)}`
            : `现金 ${formatFen(info.cash_fen - split.cash_fen)} · 赠送金 ${formatFen(info.bonus_fen - split.bonus_fen)}`}
        </dd>
      </div>
    </dl>
  );
}

/** The research group to pay from, and the project label for its records. */
export function GroupFields({
  groups,
  groupRid,
  setGroupRid,
  label,
  setLabel,
}: {
  groups: MyGroup[];
  groupRid: string;
  setGroupRid: (rid: string) => void;
  label: string;
  setLabel: (label: string) => void;
}) {
  return (
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
      <p className="text-xs text-slate-500">在组长设置的限额内直接支付；超出限额将提交组长或助理审批。</p>
    </div>
  );
}

/** Below the choice: why it cannot be paid, what is missing, or how the chosen way pays. */
export function PayNotice({
  info,
  method,
  byGroup,
  split,
}: {
  info: ReadyToPay;
  method: Method;
  byGroup: boolean;
  split: Split | null;
}) {
  const short = Math.max(0, info.pay_fen - info.balance_fen);
  const phone = $webSettings.get()?.localInfo?.phone;
  return info.blocked ? (
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
          {info.credit_suspended
            ? `信用额度已暂停使用${info.credit_suspend_reason ? `（${info.credit_suspend_reason}）` : ''}，请使用余额支付或联系工作人员`
            : info.credit_overdue_fen > 0
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
