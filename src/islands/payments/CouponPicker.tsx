import { formatFen } from '../../lib/shared/money.ts';
import type { ReadyToPay } from './use-pay-order.ts';

/**
 * 优惠券: the best coupon comes chosen; the customer may pick another usable one or none. Coupons
 * that do not apply are listed, disabled, with the reason.
 */
export default function CouponPicker({
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
