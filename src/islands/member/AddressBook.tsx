import { useEffect, useState } from 'react';
import AddressDialog, { MSG_SAVED } from './AddressDialog.tsx';
import { useConfirm } from './Confirm.tsx';
import { Spinner } from '../ui/kit.tsx';
import { memberOnly } from '../ui/member-gate.tsx';
import { reloadUser, sortAddresses, useSessionUser } from '../ui/session-user.ts';
import { api } from '../../lib/client/api.ts';
import type { Address } from '../../lib/client/stores.ts';
import { toast } from '../../lib/client/toast.ts';
import { regionLabel } from '../../lib/shared/member/region.ts';
import { memberApi } from '../../lib/shared/member/api.ts';

/** /member/address: the saved addresses, default first; add, edit, delete, set default. */
function AddressBook() {
  const { user } = useSessionUser();
  const [loaded, setLoaded] = useState(false);
  const [dialog, setDialog] = useState<{ editing: Address | null } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmDialog, ask] = useConfirm();

  useEffect(() => {
    void reloadUser().finally(() => setLoaded(true));
  }, []);

  const list = sortAddresses(user?.addresses ?? []);

  async function run(
    address: Address,
    call: typeof memberApi.addressDelete | typeof memberApi.addressDefault,
  ) {
    setBusy(address.address_rid);
    const done = await api.call(call, { address_rid: address.address_rid });
    if (done !== undefined) {
      toast.success(MSG_SAVED);
      await reloadUser();
    }
    setBusy(null);
  }

  async function remove(address: Address) {
    const ok = await ask({
      title: '删除地址',
      text: `确定删除 ${address.name} 的地址「${regionLabel(address)} ${address.address}」吗？删除后不可恢复。`,
      confirm: '删除',
      danger: true,
    });
    if (ok) await run(address, memberApi.addressDelete);
  }

  return (
    <div className="card p-4 md:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-500">
          共 <strong className="text-slate-800">{list.length}</strong> 个地址，默认地址用于寄送报告与上门取样
        </p>
        <button type="button" className="btn-primary" onClick={() => setDialog({ editing: null })}>
          <span aria-hidden="true" className="text-base leading-none">
            +
          </span>
          新增地址
        </button>
      </div>

      {!loaded && list.length === 0 ? (
        <p className="flex items-center justify-center gap-2 py-12 text-sm text-slate-400">
          <Spinner /> 加载中…
        </p>
      ) : list.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-200 px-6 py-12 text-center">
          <p className="text-slate-600">还没有保存的地址</p>
          <p className="mt-1 text-sm text-slate-400">添加一个地址，下单和预约上门取样时可直接选用</p>
        </div>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-label="地址列表">
          {list.map((a) => (
            <li
              key={a.address_rid}
              data-address={a.address_rid}
              className={`flex flex-col rounded-xl border p-4 transition-colors ${
                a.default === 1
                  ? 'border-brand-300 bg-brand-50/40'
                  : 'border-slate-200 hover:border-slate-300'
              }`}
            >
              <div className="flex items-center gap-2">
                <span className="font-semibold text-slate-900">{a.name}</span>
                <span className="text-sm text-slate-500">{a.phone}</span>
                {a.default === 1 && (
                  <span className="ml-auto rounded-full bg-brand-700 px-2 py-0.5 text-xs font-medium text-white">
                    默认
                  </span>
                )}
              </div>
              <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">
                {regionLabel(a)} {a.address}
              </p>
              <div className="mt-3 flex items-center gap-1 border-t border-slate-100 pt-3 text-sm">
                {a.default !== 1 && (
                  <button
                    type="button"
                    disabled={busy !== null}
                    onClick={() => void run(a, memberApi.addressDefault)}
                    className="mr-auto rounded-md px-2 py-1 text-slate-500 hover:bg-slate-100 hover:text-brand-700 disabled:opacity-50"
                    aria-label={`将 ${a.name} 的地址设为默认`}
                  >
                    设为默认
                  </button>
                )}
                <button
                  type="button"
                  onClick={() => setDialog({ editing: a })}
                  className={`rounded-md px-2 py-1 text-brand-700 hover:bg-brand-50 ${a.default === 1 ? 'ml-auto' : ''}`}
                  aria-label={`编辑 ${a.name} 的地址`}
                >
                  编辑
                </button>
                <button
                  type="button"
                  disabled={busy !== null}
                  onClick={() => void remove(a)}
                  className="rounded-md px-2 py-1 text-red-600 hover:bg-red-50 disabled:opacity-50"
                  aria-label={`删除 ${a.name} 的地址`}
                >
                  删除
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <AddressDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
        onSaved={async () => {
          await reloadUser();
        }}
      />
      {confirmDialog}
    </div>
  );
}

export default memberOnly(AddressBook);
