import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import ReservationCard, { when } from './ReservationCard.tsx';
import TempDeviceList from './TempDeviceList.tsx';
import type { Reservation, ReservationScope } from './types.ts';
import { useConfirm } from '../member/Confirm.tsx';
import { Pager, Spinner } from '../ui/kit.tsx';
import { memberOnly } from '../ui/member-gate.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { ORDER_PAID_EVENT } from '../../lib/client/pay-events.ts';
import { api } from '../../lib/client/api.ts';
import { $scene } from '../../lib/client/stores.ts';
import { toast } from '../../lib/client/toast.ts';
import { reservationsApi } from '../../lib/shared/reservations/api.ts';

const PAGE_SIZE = 10;
const TABS: { scope: ReservationScope; label: string; empty: string }[] = [
  { scope: 'upcoming', label: '即将开始', empty: '暂无待上机的预约' },
  { scope: 'past', label: '已结束', empty: '暂无已结束的预约' },
  { scope: 'cancelled', label: '已取消', empty: '暂无已取消的预约' },
];

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
                <ReservationCard
                  key={r.rid}
                  r={r}
                  upcoming={scope === 'upcoming'}
                  busy={busy !== null}
                  onCancel={() => void cancel(r)}
                />
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
