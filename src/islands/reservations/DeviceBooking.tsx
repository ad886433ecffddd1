import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import WeekCalendar, { Legend } from './WeekCalendar.tsx';
import TempDevicePicker from './TempDevicePicker.tsx';
import {
  clickSlot,
  durationText,
  estimateFen,
  keepSelection,
  hasFreeSlot,
  mondayOf,
  monthDay,
  picked,
  weekBounds,
  WEEKDAY,
  type CalendarDay,
  type Selection,
} from './selection.ts';
import type { BookableDevice, Booked } from './types.ts';
import { Spinner, textareaClass } from '../ui/kit.tsx';
import { openPay } from '../../lib/client/pay-events.ts';
import { api, ApiError, isFailure } from '../../lib/client/api.ts';
import { OPEN_LOGIN_EVENT } from '../../lib/client/session.ts';
import { $scene, $token } from '../../lib/client/stores.ts';
import { toast } from '../../lib/client/toast.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { SCENE_DATE_WARNING } from '../../lib/shared/member/pickup-dates.ts';
import { addDays } from '../../lib/shared/slots.ts';
import { shanghaiDate } from '../../lib/shared/time.ts';
import { reservationsApi } from '../../lib/shared/reservations/api.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';

type Week = OutputOf<typeof reservationsApi.deviceWeek>;

const REMARK_MAX = 200;

/**
 * The booking part of /device/{rid}: a week of slots (query4timeExtra), the picked range with
 * its price, a remark and the customer's own equipment, then reservation/add. The page around it
 * is public and cached; everything about the user happens here, in the browser.
 */
export default function DeviceBooking({ device }: { device: BookableDevice }) {
  const token = useStore($token, { ssr: () => null });
  const [monday, setMonday] = useState<string | null>(null);
  const [week, setWeek] = useState<Week | null>(null);
  const [loading, setLoading] = useState(true);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [remark, setRemark] = useState('');
  const [tempIds, setTempIds] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<{ message: string; incomplete: boolean } | null>(null);
  const [booked, setBooked] = useState<(Booked & { date: string; week: number; time: string }) | null>(null);
  const remarkId = useId();
  const request = useRef(0);
  const summaryRef = useRef<HTMLElement>(null);
  const [summaryInView, setSummaryInView] = useState(false);

  useEffect(() => {
    const el = summaryRef.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setSummaryInView(Boolean(entry?.isIntersecting)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const load = useCallback(
    async (date: string) => {
      const ticket = ++request.current;
      setLoading(true);
      const data = await api.call(reservationsApi.deviceWeek, { rid: device.rid, date });
      if (ticket !== request.current) return null;
      setLoading(false);
      if (!data) return null;
      setWeek(data);
      setSelection((s) => keepSelection(s, data.days));
      return data;
    },
    [device.rid],
  );

  // The week is the browser's (today in Shanghai), never the cached page's.
  useEffect(() => setMonday(mondayOf(shanghaiDate(new Date()))), []);
  useEffect(() => {
    if (monday) void load(monday);
  }, [monday, load]);

  const days = week?.days ?? [];
  const pick = picked(selection, days);
  const bounds = monday ? weekBounds(monday, new Date()) : { prev: false, next: false };

  function onPick(day: CalendarDay, index: number, shift: boolean) {
    setProblem(null);
    setSelection((s) => clickSlot(s, day, index, shift));
  }

  async function book() {
    if (!pick || pending) return;
    if (!$token.get()) {
      window.dispatchEvent(new CustomEvent(OPEN_LOGIN_EVENT, { detail: { panel: 'log' } }));
      return;
    }
    setPending(true);
    setProblem(null);
    try {
      const res = await api.call(
        reservationsApi.add,
        {
          device_rid: device.rid,
          start: pick.start,
          end: pick.end,
          remark: remark.trim() || undefined,
          temp_device_rids: tempIds.length ? tempIds : undefined,
        },
        { throws: true },
      );
      if (res) {
        setBooked({ ...res, date: pick.date, week: pick.week, time: `${pick.startTime}–${pick.endTime}` });
        // The pickup form refuses dates on or after the on-site date (spec section 5).
        $scene.set({ ...($scene.get() ?? {}), date: res.scene_date ?? pick.date });
        setSelection(null);
        setRemark('');
        setTempIds([]);
        toast.success('预约成功');
      }
    } catch (error) {
      const message = error instanceof ApiError ? error.message : '预约失败，请稍后重试';
      setProblem({ message, incomplete: isFailure(error, 'INCOMPLETE_BASIC_INFO') });
      toast.error(message);
    } finally {
      setPending(false);
    }
    // Taken meanwhile or just booked: either way the calendar must show the slots as they are now.
    if (monday) await load(monday);
  }

  const weekLabel = monday ? `${monthDay(monday)} – ${monthDay(addDays(monday, 6))}` : '';

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px] lg:items-start">
      <section className="card min-w-0 p-4 md:p-6" aria-labelledby="booking-calendar">
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
              onClick={() => monday && setMonday(addDays(monday, -7))}
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
              onClick={() => monday && setMonday(addDays(monday, 7))}
            >
              下一周
            </button>
          </div>
        </div>
        <div className="my-3">
          <Legend />
        </div>
        {week && !loading && !hasFreeSlot(days) && bounds.next && (
          <p className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-hot-50 px-3 py-2 text-sm text-hot-700">
            本周已没有可预约的时段。
            <button
              type="button"
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
              onClick={() => monday && setMonday(addDays(monday, 7))}
            >
              查看下周时段
            </button>
          </p>
        )}
        {week ? (
          <WeekCalendar days={days} selection={selection} loading={loading} onPick={onPick} />
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
          <Success booked={booked} onAgain={() => setBooked(null)} />
        ) : (
          <>
            <h2 id="booking-summary" className="text-lg font-bold text-slate-900">
              预约信息
            </h2>
            {pick ? (
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
            )}
            {pick && (
              <button
                type="button"
                className="mt-2 text-sm text-slate-500 hover:text-brand-700"
                onClick={() => setSelection(null)}
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
                value={remark}
                maxLength={REMARK_MAX}
                onChange={(e) => setRemark(e.target.value)}
                placeholder="样品情况、测试需求等（选填）"
                className={textareaClass}
              />
            </div>

            {token && <TempDevicePicker value={tempIds} onChange={setTempIds} />}

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
              disabled={!pick || pending}
              onClick={() => void book()}
            >
              {pending && <Spinner />}
              立即预约
            </button>
            <p className="mt-2 text-xs leading-relaxed text-slate-400">
              需提前 {device.lead_hours} 小时预约，开始前 {device.cancel_hours}{' '}
              小时可在“我的预约”中取消；提交后生成订单，费用以订单金额为准。
            </p>
          </>
        )}
      </aside>

      {/* Phones: the form is below the calendar; a bar keeps the choice and the way to it in view. */}
      {pick && !booked && !summaryInView && (
        <div className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-2.5 shadow-[0_-4px_16px_rgb(15_23_42/0.08)] backdrop-blur lg:hidden">
          <div className="mx-auto flex max-w-xl items-center gap-3">
            <p className="min-w-0 flex-1 text-sm">
              <span className="block truncate font-medium text-slate-900 tabular-nums">
                已选 {monthDay(pick.date)} {WEEKDAY[pick.week]} {pick.startTime}–{pick.endTime}
              </span>
              <span className="font-semibold text-hot-600">{formatFen(estimateFen(device, pick))}</span>
            </p>
            <button
              type="button"
              className="btn-primary"
              onClick={() => summaryRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
            >
              填写预约
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

function Success({
  booked,
  onAgain,
}: {
  booked: Booked & { date: string; week: number; time: string };
  onAgain: () => void;
}) {
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
