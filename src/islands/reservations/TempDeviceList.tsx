import { useState } from 'react';
import TempDeviceForm from './TempDeviceForm.tsx';
import type { TempDevice } from './types.ts';
import { useConfirm } from '../member/Confirm.tsx';
import { Pager, Spinner } from '../ui/kit.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import { reservationsApi } from '../../lib/shared/reservations/api.ts';

const STATUS_STYLE: Record<string, string> = {
  pending: 'bg-hot-50 text-hot-600 ring-hot-100',
  approved: 'bg-accent-50 text-accent-700 ring-accent-100',
  rejected: 'bg-slate-100 text-slate-500 ring-slate-200',
};

/** The equipment the user registered (tempDevice), its review status and the staff's note. */
export default function TempDeviceList() {
  const { page, setPage, data, pages, reload } = usePagedList(reservationsApi.tempDeviceList);
  const [adding, setAdding] = useState(false);
  const [confirmDialog, ask] = useConfirm();

  async function remove(d: TempDevice) {
    const ok = await ask({
      title: '删除设备',
      text: `确定删除登记的设备“${d.name}”吗？`,
      confirm: '删除',
      danger: true,
    });
    if (!ok) return;
    const done = await api.call(reservationsApi.tempDeviceDelete, { rid: d.rid, action: 'delete' });
    if (done !== undefined) {
      toast.success('操作成功!');
      reload();
    }
  }

  return (
    <section className="card p-4 md:p-6" aria-labelledby="temp-devices-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="temp-devices-title" className="text-base font-bold text-slate-900">
            自带设备
          </h2>
          <p className="text-xs text-slate-500">
            上机时需使用自己的设备或附件，请先登记并等待审核，可在预约时关联。
          </p>
        </div>
        <button type="button" className="btn-ghost" onClick={() => setAdding(true)}>
          登记设备
        </button>
      </div>
      {!data ? (
        <p className="flex items-center justify-center gap-2 py-8 text-sm text-slate-400">
          <Spinner /> 加载中…
        </p>
      ) : data.list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-200 px-6 py-8 text-center text-sm text-slate-500">
          还没有登记设备
        </p>
      ) : (
        <ul className="grid gap-2" aria-label="登记的设备">
          {data.list.map((d) => (
            <li
              key={d.rid}
              data-temp-device={d.rid}
              className="rounded-lg border border-slate-200 px-4 py-3 text-sm"
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-medium text-slate-900">{d.name}</span>
                {d.model && <span className="text-slate-500">{d.model}</span>}
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${STATUS_STYLE[d.status] ?? STATUS_STYLE.pending}`}
                >
                  {d.status_text}
                </span>
                <span className="ml-auto text-xs text-slate-400">{shanghaiMinute(d.created)}</span>
              </div>
              {d.description && <p className="mt-1 text-slate-500">{d.description}</p>}
              {d.note && (
                <p className={`mt-1 text-xs ${d.status === 'rejected' ? 'text-red-600' : 'text-slate-500'}`}>
                  审核意见：{d.note}
                </p>
              )}
              {d.reservation_rid && <p className="mt-1 text-xs text-slate-400">已关联预约</p>}
              {d.status === 'pending' && (
                <div className="mt-2 flex justify-end">
                  <button
                    type="button"
                    className="rounded-md px-2 py-1 text-xs text-red-600 hover:bg-red-50"
                    onClick={() => void remove(d)}
                  >
                    删除
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} onPage={setPage} label="设备分页" />
      <TempDeviceForm
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={() => reload({ first: true })}
      />
      {confirmDialog}
    </section>
  );
}
