import { useEffect, useState } from 'react';
import { useConfirm } from './Confirm.tsx';
import ShipmentList from './ShipmentList.tsx';
import { Pager, Spinner } from '../ui/kit.tsx';
import { memberOnly } from '../ui/member-gate.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { api } from '../../lib/client/api.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import { toast } from '../../lib/client/toast.ts';
import { regionLabel } from '../../lib/shared/member/region.ts';
import { SAMPLING_STATUS_TEXT, type SamplingStatus } from '../../lib/shared/member/sampling.ts';
import type { Pickup } from '../../lib/shared/member/responses.ts';
import { memberApi } from '../../lib/shared/member/api.ts';

/** Same name as the home sampling dialog's event; that module is not loaded here. */
const SAMPLING_ADDED_EVENT = 'portal:sampling-added';

const STATUS_STYLE: Record<SamplingStatus, string> = {
  pending: 'bg-hot-50 text-hot-600 ring-hot-100',
  picked: 'bg-brand-50 text-brand-700 ring-brand-100',
  received: 'bg-accent-50 text-accent-700 ring-accent-100',
  cancelled: 'bg-slate-100 text-slate-500 ring-slate-200',
};

/**
 * /member/sample: the user's pickups, newest first, with their status (a pending one can be
 * cancelled), and below them the samples they post themselves (self-delivery orders).
 */
function SampleList() {
  const { page, setPage, data, pages, reload } = usePagedList(memberApi.samplings, {});
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmDialog, ask] = useConfirm();

  // A pickup booked in the home sampling dialog appears at the top of the first page.
  useEffect(() => {
    const added = () => reload({ first: true });
    window.addEventListener(SAMPLING_ADDED_EVENT, added);
    return () => window.removeEventListener(SAMPLING_ADDED_EVENT, added);
  }, [reload]);

  async function cancel(p: Pickup) {
    const ok = await ask({
      title: '取消取样预约',
      text: `确定取消 ${p.date} ${p.time} 的上门取样吗？`,
      confirm: '确认取消',
      dismiss: '再想想',
      danger: true,
    });
    if (!ok) return;
    setBusy(p.rid);
    const done = await api.call(memberApi.samplingCancel, { rid: p.rid });
    if (done !== undefined) {
      toast.success('操作成功!');
      reload();
    }
    setBusy(null);
  }

  return (
    <div className="grid gap-4">
      <div className="card p-4 md:p-6">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-500">
            共 <strong className="text-slate-800">{data?.total ?? 0}</strong> 条上门取样预约
          </p>
          <button
            type="button"
            className="btn-accent"
            onClick={() => window.dispatchEvent(new CustomEvent('portal:open-home-sampling'))}
          >
            预约上门取样
          </button>
        </div>
        {!data ? (
          <p className="flex items-center justify-center gap-2 py-12 text-sm text-slate-400">
            <Spinner /> 加载中…
          </p>
        ) : data.list.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-200 px-6 py-12 text-center">
            <p className="text-slate-600">还没有上门取样预约</p>
            <p className="mt-1 text-sm text-slate-400">上海、苏州部分区县可预约免费上门取样</p>
          </div>
        ) : (
          <ul className="grid gap-3" aria-label="取样记录">
            {data.list.map((p) => (
              <li key={p.rid} data-pickup={p.rid} className="rounded-xl border border-slate-200 p-4">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="text-base font-semibold text-slate-900 tabular-nums">
                    {p.date} <span className="text-slate-500">{p.time}</span>
                  </span>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${STATUS_STYLE[p.status]}`}
                  >
                    {p.status_text || SAMPLING_STATUS_TEXT[p.status]}
                  </span>
                  <span className="ml-auto text-xs text-slate-400">提交于 {shanghaiMinute(p.created)}</span>
                </div>
                <p className="mt-2 text-sm text-slate-600">
                  {p.name} {p.phone} · {regionLabel(p)} {p.address}
                </p>
                {p.message && <p className="mt-1 text-sm text-slate-500">备注：{p.message}</p>}
                {p.status === 'pending' && (
                  <div className="mt-3 flex justify-end border-t border-slate-100 pt-3">
                    <button
                      type="button"
                      disabled={busy !== null}
                      onClick={() => void cancel(p)}
                      className="rounded-md px-2 py-1 text-sm text-red-600 hover:bg-red-50 disabled:opacity-50"
                    >
                      取消预约
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} pages={pages} onPage={setPage} />
        {confirmDialog}
      </div>
      <ShipmentList />
    </div>
  );
}

export default memberOnly(SampleList);
