// The parts of the booking island (DeviceBooking): the calendar's heading with the week switch,
// the picked range with its price, the phone bar that keeps it in view, and the booked result.
import { useEffect, useRef } from 'react';
import { durationText, estimateFen, monthDay, WEEKDAY, type Picked } from './selection.ts';
import type { BookableDevice } from './types.ts';
import type { BookedRange } from './use-device-booking.ts';
import { openPay } from '../../lib/client/pay-events.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { SCENE_DATE_WARNING } from '../../lib/shared/member/pickup-dates.ts';

/** 选择时段 with how picking works, and the previous/next week buttons around the week shown. */
export function WeekHeader({
  device,
  weekLabel,
  bounds,
  loading,
  onShift,
}: {
  device: BookableDevice;
  weekLabel: string;
  bounds: { prev: boolean; next: boolean };
  loading: boolean;
  /** Moves the week shown by this many days. */
  onShift: (days: number) => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h2 id="booking-calendar" className="text-lg font-bold text-slate-900">
          选择时段
        </h2>
        <p className="mt-0.5 text-xs text-slate-500">
          每格 {durationText(device.min_minutes)}；点击可约时段开始，再点相邻时段（或按住 Shift
          点击）延长，同一天连续多个时段合并为一次预约。
        </p>
      </div>
      <div className="flex items-center gap-2" role="group" aria-label="切换周">
        <button
          type="button"
          className="btn-ghost px-3"
          disabled={!bounds.prev || loading}
          onClick={() => onShift(-7)}
        >
          上一周
        </button>
        <span
          className="min-w-[7.5rem] text-center text-sm font-medium text-slate-700 tabular-nums"
          aria-live="polite"
        >
          {weekLabel}
        </span>
        <button
          type="button"
          className="btn-ghost px-3"
          disabled={!bounds.next || loading}
          onClick={() => onShift(7)}
        >
          下一周
        </button>
      </div>
    </div>
  );
}

/** The picked range: day, time, length and the estimated price; or a hint to pick one. */
export function PickSummary({ device, pick }: { device: BookableDevice; pick: Picked | null }) {
  return pick ? (
    <dl className="mt-3 grid gap-2 rounded-xl bg-brand-50/70 p-3 text-sm" aria-label="已选时段">
      <div className="flex justify-between gap-3">
        <dt className="text-slate-500">日期</dt>
        <dd className="font-medium text-slate-900">
          {pick.date} {WEEKDAY[pick.week]}
        </dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt className="text-slate-500">时间</dt>
        <dd className="font-medium text-slate-900 tabular-nums">
          {pick.startTime}–{pick.endTime}
        </dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt className="text-slate-500">时长</dt>
        <dd className="text-slate-900">
          {durationText(pick.minutes)}（{pick.slots} 个时段）
        </dd>
      </div>
      <div className="flex items-baseline justify-between gap-3 border-t border-brand-100 pt-2">
        <dt className="text-slate-500">预计费用</dt>
        <dd className="text-xl font-bold text-hot-600">{formatFen(estimateFen(device, pick))}</dd>
      </div>
    </dl>
  ) : (
    <p className="mt-3 rounded-xl border border-dashed border-slate-200 px-4 py-6 text-center text-sm text-slate-500">
      请在日历中选择可预约的时段
    </p>
  );
}

/** Phones: the form is below the calendar; a bar keeps the choice and the way to it in view. */
export function PhoneBar({ device, pick, onGo }: { device: BookableDevice; pick: Picked; onGo: () => void }) {
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-2.5 shadow-[0_-4px_16px_rgb(15_23_42/0.08)] backdrop-blur lg:hidden">
      <div className="mx-auto flex max-w-xl items-center gap-3">
        <p className="min-w-0 flex-1 text-sm">
          <span className="block truncate font-medium text-slate-900 tabular-nums">
            已选 {monthDay(pick.date)} {WEEKDAY[pick.week]} {pick.startTime}–{pick.endTime}
          </span>
          <span className="font-semibold text-hot-600">{formatFen(estimateFen(device, pick))}</span>
        </p>
        <button type="button" className="btn-primary" onClick={onGo}>
          填写预约
        </button>
      </div>
    </div>
  );
}

/** The reservation just made: its order, time, amount and status, and where to go next. */
export function Success({ booked, onAgain }: { booked: BookedRange; onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" aria-live="polite">
      <div className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-accent-50 text-lg font-bold text-accent-600"
        >
          ✓
        </span>
        <h2 ref={heading} tabIndex={-1} className="text-lg font-bold text-slate-900 outline-none">
          预约成功
        </h2>
      </div>
      <dl className="mt-3 grid gap-2 text-sm" aria-label="预约结果">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-500">订单号</dt>
          <dd className="font-medium text-slate-900 tabular-nums">{booked.order_no}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-500">时间</dt>
          <dd className="text-right text-slate-900 tabular-nums">
            {booked.date} {WEEKDAY[booked.week]} {booked.time}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-500">金额</dt>
          <dd className="font-semibold text-hot-600">{formatFen(booked.amount_fen)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-500">状态</dt>
          <dd className="text-slate-900">
            {booked.status_text}
            {booked.order_status_text && (
              <span className="text-slate-500"> · 订单{booked.order_status_text}</span>
            )}
          </dd>
        </div>
      </dl>
      <p className="mt-3 rounded-lg bg-hot-50 px-3 py-2 text-xs leading-relaxed text-hot-600">
        {SCENE_DATE_WARNING}
      </p>
      {booked.order_status === 'unpaid' && (
        <button type="button" className="btn-accent mt-4 w-full" onClick={() => openPay(booked.order_rid)}>
          立即支付
        </button>
      )}
      <div className="mt-4 grid grid-cols-2 gap-2">
        <a href="/member/reservation" className="btn-primary">
          我的预约
        </a>
        <a href={`/member/order?rid=${encodeURIComponent(booked.order_rid)}`} className="btn-ghost">
          查看订单
        </a>
      </div>
      <button
        type="button"
        className="mt-2 w-full text-sm text-slate-500 hover:text-brand-700"
        onClick={onAgain}
      >
        继续预约其他时段
      </button>
    </div>
  );
}
