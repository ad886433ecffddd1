import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import WeekCalendar, { Legend } from './WeekCalendar.tsx';
import TempDevicePicker from './TempDevicePicker.tsx';
import { PhoneBar, PickSummary, Success, WeekHeader } from './BookingParts.tsx';
import { hasFreeSlot, monthDay } from './selection.ts';
import type { BookableDevice } from './types.ts';
import { useDeviceBooking } from './use-device-booking.ts';
import { Spinner, textareaClass } from '../ui/kit.tsx';
import { $token } from '../../lib/client/stores.ts';
import { addDays } from '../../lib/shared/slots.ts';

const REMARK_MAX = 200;

/**
 * The booking part of /device/{rid}: a week of slots (query4timeExtra), the picked range with
 * its price, a remark and the customer's own equipment, then reservation/add. The page around it
 * is public and cached; everything about the user happens here, in the browser.
 */
export default function DeviceBooking({ device }: { device: BookableDevice }) {
  const token = useStore($token, { ssr: () => null });
  const booking = useDeviceBooking(device);
  const { monday, setMonday, week, days, loading, bounds, pick, problem, booked } = booking;
  const remarkId = useId();
  const summaryRef = useRef<HTMLElement>(null);
  const [summaryInView, setSummaryInView] = useState(false);

  useEffect(() => {
    const el = summaryRef.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setSummaryInView(Boolean(entry?.isIntersecting)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const shiftWeek = (n: number) => monday && setMonday(addDays(monday, n));
  const weekLabel = monday ? `${monthDay(monday)} – ${monthDay(addDays(monday, 6))}` : '';

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px] lg:items-start">
      <section className="card min-w-0 p-4 md:p-6" aria-labelledby="booking-calendar">
        <WeekHeader
          device={device}
          weekLabel={weekLabel}
          bounds={bounds}
          loading={loading}
          onShift={shiftWeek}
        />
        <div className="my-3">
          <Legend />
        </div>
        {week && !loading && !hasFreeSlot(days) && bounds.next && (
          <p className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-hot-50 px-3 py-2 text-sm text-hot-700">
            本周已没有可预约的时段。
            <button
              type="button"
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
              onClick={() => shiftWeek(7)}
            >
              查看下周时段
            </button>
          </p>
        )}
        {week ? (
          <WeekCalendar days={days} selection={booking.selection} loading={loading} onPick={booking.onPick} />
        ) : (
          <p className="flex items-center justify-center gap-2 py-16 text-sm text-slate-400">
            <Spinner /> 加载时段…
          </p>
        )}
        {!bounds.next && monday && <p className="mt-2 text-xs text-slate-400">最多可预约 6 个月内的时段。</p>}
      </section>

      <aside
        ref={summaryRef}
        className="card scroll-mt-4 p-4 md:p-5 lg:sticky lg:top-4"
        aria-labelledby="booking-summary"
      >
        {booked ? (
          <Success booked={booked} onAgain={booking.bookAgain} />
        ) : (
          <>
            <h2 id="booking-summary" className="text-lg font-bold text-slate-900">
              预约信息
            </h2>
            <PickSummary device={device} pick={pick} />
            {pick && (
              <button
                type="button"
                className="mt-2 text-sm text-slate-500 hover:text-brand-700"
                onClick={booking.clearSelection}
              >
                清除选择
              </button>
            )}

            <div className="mt-4 grid gap-1.5">
              <label htmlFor={remarkId} className="text-sm font-medium text-slate-700">
                备注
              </label>
              <textarea
                id={remarkId}
                value={booking.remark}
                maxLength={REMARK_MAX}
                onChange={(e) => booking.setRemark(e.target.value)}
                placeholder="样品情况、测试需求等（选填）"
                className={textareaClass}
              />
            </div>

            {token && <TempDevicePicker value={booking.tempIds} onChange={booking.setTempIds} />}

            {problem && (
              <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
                {problem.message}
                {problem.incomplete && (
                  <a href="/member/information" className="ml-1 font-medium underline">
                    去完善
                  </a>
                )}
              </p>
            )}

            <button
              type="button"
              className="btn-primary mt-4 h-11 w-full text-base"
              disabled={!pick || booking.pending}
              onClick={() => void booking.book()}
            >
              {booking.pending && <Spinner />}
              立即预约
            </button>
            <p className="mt-2 text-xs leading-relaxed text-slate-400">
              需提前 {device.lead_hours} 小时预约，开始前 {device.cancel_hours}{' '}
              小时可在“我的预约”中取消；提交后生成订单，费用以订单金额为准。
            </p>
          </>
        )}
      </aside>

      {pick && !booked && !summaryInView && (
        <PhoneBar
          device={device}
          pick={pick}
          onGo={() => summaryRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
        />
      )}
    </div>
  );
}
