import { monthDay, slotClock, WEEKDAY } from './selection.ts';
import type { Reservation } from './types.ts';
import { openPay } from '../../lib/client/pay-events.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { shanghaiDate, shanghaiMinute, shanghaiWeekday } from '../../lib/shared/time.ts';

const STATUS_STYLE: Record<string, string> = {
  pending: 'bg-hot-50 text-hot-600 ring-hot-100',
  confirmed: 'bg-brand-50 text-brand-700 ring-brand-100',
  done: 'bg-accent-50 text-accent-700 ring-accent-100',
  no_show: 'bg-red-50 text-red-600 ring-red-100',
  cancelled: 'bg-slate-100 text-slate-500 ring-slate-200',
  rejected: 'bg-slate-100 text-slate-500 ring-slate-200',
};

/** The Shanghai date and clock range of a reservation: '2026-11-24 周二 08:30–10:30'. */
export function when(r: Reservation): string {
  const date = shanghaiDate(new Date(r.start));
  const week = shanghaiWeekday(r.start);
  return `${date} ${WEEKDAY[week]} ${slotClock(r.start)}–${slotClock(r.end)}`;
}

/**
 * One booking in /member/reservation (ReservationList): the instrument, status, price, time and
 * order; an upcoming one also says until when it can be cancelled, with pay and cancel buttons.
 */
export default function ReservationCard({
  r,
  upcoming,
  busy,
  onCancel,
}: {
  r: Reservation;
  upcoming: boolean;
  /** A cancellation is under way (this one or another). */
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <li key={r.rid} data-reservation={r.rid} className="rounded-xl border border-slate-200 p-4">
      <div className="flex gap-3">
        <img
          src={r.device.img}
          width="80"
          height="60"
          alt=""
          className="aspect-[4/3] w-16 shrink-0 self-start rounded-lg bg-slate-100 object-cover sm:w-20"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <a href={`/device/${r.device.rid}`} className="font-semibold text-slate-900 hover:text-brand-700">
              {r.device.name}
            </a>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${STATUS_STYLE[r.status] ?? STATUS_STYLE.pending}`}
            >
              {r.status_text}
            </span>
            <span className="ml-auto text-base font-semibold text-hot-600">{formatFen(r.amount_fen)}</span>
          </div>
          <p className="text-xs text-slate-500">
            {r.device.model} · {r.device.location}
          </p>
          <p className="mt-1.5 text-sm font-medium text-slate-800 tabular-nums">{when(r)}</p>
          <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-500">
            <span>
              订单号{' '}
              <a
                href={`/member/order?rid=${encodeURIComponent(r.order_rid)}`}
                className="text-brand-600 tabular-nums hover:underline"
              >
                {r.order_no}
              </a>
            </span>
            {r.order_status_text && <span>订单状态：{r.order_status_text}</span>}
          </p>
          {r.temp_devices.length > 0 && (
            <p className="mt-1 text-xs text-slate-500">
              自带设备：
              {r.temp_devices
                .map((t) => `${t.name}${t.status_text ? `（${t.status_text}）` : ''}`)
                .join('、')}
            </p>
          )}
          {r.remark && <p className="mt-1 text-xs text-slate-500">备注：{r.remark}</p>}
          {r.cancel_reason && <p className="mt-1 text-xs text-red-600">原因：{r.cancel_reason}</p>}
        </div>
      </div>
      {upcoming && (
        <div className="mt-3 flex flex-wrap items-center justify-end gap-3 border-t border-slate-100 pt-3">
          <span className="mr-auto text-xs text-slate-500">
            {r.cancellable
              ? `可在 ${shanghaiMinute(r.cancel_deadline)} 前取消`
              : `已过取消期限（${shanghaiMinute(r.cancel_deadline)}），如需变更请联系业务经理`}
          </span>
          {r.order_status === 'unpaid' && (
            <button
              type="button"
              className="btn-accent px-3 py-1 text-sm"
              onClick={() => openPay(r.order_rid)}
            >
              去支付
            </button>
          )}
          {r.cancellable && (
            <button
              type="button"
              disabled={busy}
              onClick={onCancel}
              className="rounded-md px-2 py-1 text-sm text-red-600 hover:bg-red-50 disabled:opacity-50"
              aria-label={`取消预约 ${r.device.name} ${monthDay(shanghaiDate(new Date(r.start)))} ${slotClock(r.start)}`}
            >
              取消预约
            </button>
          )}
        </div>
      )}
    </li>
  );
}
