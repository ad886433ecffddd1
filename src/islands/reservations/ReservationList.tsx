import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

import TempDeviceList from './TempDeviceList.tsx';
import { monthDay, slotClock, WEEKDAY } from './selection.ts';

import type { Reservation, ReservationScope } from './types.ts';
import { useConfirm } from '../member/Confirm.tsx';

import { Pager, Spinner } from '../ui/kit.tsx';

import { memberOnly } from '../ui/member-gate.tsx';

import { usePagedList } from '../ui/use-paged-list.ts';

import { ORDER_PAID_EVENT, openPay } from '../../lib/client/pay-events.ts';

import { api } from '../../lib/client/api.ts';

import { $scene } from '../../lib/client/stores.ts';

import { toast } from '../../lib/client/toast.ts';

import { formatFen } from '../../lib/shared/money.ts';

import { shanghaiDate, shanghaiMinute } from '../../lib/shared/time.ts';
import { shanghaiWeekday } from '../../lib/shared/time.ts';
import { reservationsApi } from '../../lib/shared/reservations/api.ts';

const PAGE_SIZE = 10;
const TABS: { scope: ReservationScope; label: string; empty: string }[] = [
  { scope: 'upcoming', label: '即将开始', empty: '暂无待上机的预约' },
  { scope: 'past', label: '已结束', empty: '暂无已结束的预约' },
  { scope: 'cancelled', label: '已取消', empty: '暂无已取消的预约' },
];

const STATUS_STYLE: Record<string, string> = {
  pending: 'bg-hot-50 text-hot-600 ring-hot-100',
  confirmed: 'bg-brand-50 text-brand-700 ring-brand-100',
  done: 'bg-accent-50 text-accent-700 ring-accent-100',
  no_show: 'bg-red-50 text-red-600 ring-red-100',
  cancelled: 'bg-slate-100 text-slate-500 ring-slate-200',
  rejected: 'bg-slate-100 text-slate-500 ring-slate-200',
};

/** The Shanghai date and clock range of a reservation: '2026-11-24 周二 08:30–10:30'. */
function when(r: Reservation): string {
  const date = shanghaiDate(new Date(r.start));
  const week = shanghaiWeekday(r.start);
  return `${date} ${WEEKDAY[week]} ${slotClock(r.start)}–${slotClock(r.end)}`;
}

/**
 * /member/reservation: the user's instrument bookings in three tabs (upcoming, past, cancelled),
 * each cancellable until its deadline, and below them the equipment they registered.
 */
function ReservationList() {
  const [scope, setScope] = useState<ReservationScope>('upcoming');
  const { page, setPage, data, pages, reload } = usePagedList(reservationsApi.list, {
    size: PAGE_SIZE,
    filter: { scope },
  });
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmDialog, ask] = useConfirm();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  // The pickup form's limit follows the earliest upcoming reservation (or none any more).
  const sceneDate = data?.scene_date;
  useEffect(() => {
    if (sceneDate === undefined) return;
    const scene = $scene.get() ?? {};
    $scene.set(sceneDate ? { ...scene, date: sceneDate } : { ...scene, date: undefined });
  }, [sceneDate]);

  // A payment made in the pay dialog changes the order's status shown here.
  useEffect(() => {
    const onPaid = () => reload();
    window.addEventListener(ORDER_PAID_EVENT, onPaid);
    return () => window.removeEventListener(ORDER_PAID_EVENT, onPaid);
  }, [reload]);

  function choose(i: number) {
    const tab = TABS[(i + TABS.length) % TABS.length]!;
    setScope(tab.scope);
    tabRefs.current[TABS.indexOf(tab)]?.focus();
  }
  function onKey(event: KeyboardEvent) {
    const i = TABS.findIndex((t) => t.scope === scope);
    if (event.key === 'ArrowRight') choose(i + 1);
    else if (event.key === 'ArrowLeft') choose(i - 1);
  }

  async function cancel(r: Reservation) {
    const ok = await ask({
      title: '取消预约',
      text: `确定取消 ${r.device.name} ${when(r)} 的预约吗？取消后该时段将释放给其他用户，已支付的费用将退回。`,
      confirm: '确认取消',
      dismiss: '再想想',
      danger: true,
    });
    if (!ok) return;
    setBusy(r.rid);
    const done = await api.call(reservationsApi.cancel, { rid: r.rid });
    setBusy(null);
    if (done !== undefined) {
      toast.success('预约已取消');
      reload();
    }
  }

  const current = TABS.find((t) => t.scope === scope)!;

  return (
    <div className="grid gap-4">
      <div className="card p-4 md:p-6">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <div
            role="tablist"
            aria-label="预约状态"
            className="grid grid-cols-3 rounded-lg bg-slate-100 p-1 max-sm:w-full sm:min-w-[22rem]"
            onKeyDown={onKey}
          >
            {TABS.map((t, i) => (
              <button
                key={t.scope}
                ref={(el) => {
                  tabRefs.current[i] = el;
                }}
                type="button"
                role="tab"
                id={`resv-tab-${t.scope}`}
                aria-selected={scope === t.scope}
                aria-controls="resv-tabpanel"
                tabIndex={scope === t.scope ? 0 : -1}
                onClick={() => choose(i)}
                className="h-9 rounded-md px-3 text-sm font-medium text-slate-600 transition-colors hover:text-brand-700 aria-selected:bg-white aria-selected:text-brand-700 aria-selected:shadow-sm"
              >
                {t.label}
              </button>
            ))}
          </div>
          <a href="/device" className="btn-accent">
            预约仪器
          </a>
        </div>

        <div role="tabpanel" id="resv-tabpanel" aria-labelledby={`resv-tab-${scope}`}>
          {!data ? (
            <p className="flex items-center justify-center gap-2 py-12 text-sm text-slate-400">
              <Spinner /> 加载中…
            </p>
          ) : data.list.length === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-200 px-6 py-12 text-center">
              <p className="text-slate-600">{current.empty}</p>
              <p className="mt-1 text-sm text-slate-400">
                在{' '}
                <a href="/device" className="text-brand-600 hover:underline">
                  仪器预约
                </a>{' '}
                中选择仪器和时段即可在线预约
              </p>
            </div>
          ) : (
            <ul className="grid gap-3" aria-label={`${current.label}的预约`}>
              {data.list.map((r) => (
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
                        <a
                          href={`/device/${r.device.rid}`}
                          className="font-semibold text-slate-900 hover:text-brand-700"
                        >
                          {r.device.name}
                        </a>
                        <span
                          className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${STATUS_STYLE[r.status] ?? STATUS_STYLE.pending}`}
                        >
                          {r.status_text}
                        </span>
                        <span className="ml-auto text-base font-semibold text-hot-600">
                          {formatFen(r.amount_fen)}
                        </span>
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
                      {r.cancel_reason && (
                        <p className="mt-1 text-xs text-red-600">原因：{r.cancel_reason}</p>
                      )}
                    </div>
                  </div>
                  {scope === 'upcoming' && (
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
                          disabled={busy !== null}
                          onClick={() => void cancel(r)}
                          className="rounded-md px-2 py-1 text-sm text-red-600 hover:bg-red-50 disabled:opacity-50"
                          aria-label={`取消预约 ${r.device.name} ${monthDay(shanghaiDate(new Date(r.start)))} ${slotClock(r.start)}`}
                        >
                          取消预约
                        </button>
                      )}
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
          <Pager page={page} pages={pages} onPage={setPage} />
        </div>
        {confirmDialog}
      </div>
      <TempDeviceList />
    </div>
  );
}

export default memberOnly(ReservationList);
