import { useEffect, useId, useState, type FormEvent } from 'react';
import Dialog from '../ui/Dialog.tsx';
import SampleDeliveryForm, { emptyDelivery, type DeliveryValue } from './SampleDeliveryForm.tsx';
import { Spinner } from '../ui/kit.tsx';
import { reloadUser } from '../ui/session-user.ts';
import { ApiError, api } from '../../lib/client/api.ts';
import { $user, isLoggedIn, type Address } from '../../lib/client/stores.ts';
import { alertFail, toast } from '../../lib/client/toast.ts';
import { samplingRequestSchema } from '../../lib/shared/member/sampling.ts';
import { memberApi } from '../../lib/shared/member/api.ts';

const HOME_SAMPLING_WIDTH = 700;
const MSG_SAMPLING_DONE = '提交成功!';
/** Fired after a pickup was booked, so an open /member/sample list reloads. */
const SAMPLING_ADDED_EVENT = 'portal:sampling-added';

/** The address that a reload brought and the earlier list did not have (else the newest). */
function newestAddress(before: readonly Address[], after: readonly Address[]): Address | undefined {
  const known = new Set(before.map((a) => a.address_rid));
  const fresh = after.filter((a) => !known.has(a.address_rid));
  const pool = fresh.length ? fresh : after;
  const created = (a: Address) => String((a as { created?: unknown }).created ?? '');
  return [...pool].sort((a, b) => created(b).localeCompare(created(a)))[0];
}

/**
 * 'ApiError（NOT_FOUND）：地址不存在': the alert with the error's name, code and message that the
 * spec asks for when the submit throws (the server's machine code, else the HTTP status or kind).
 */
const describe = (e: unknown) =>
  e instanceof ApiError
    ? `${e.name}（${e.code ?? (e.status || e.kind)}）：${e.message}`
    : e instanceof Error
      ? `${e.name}：${e.message}`
      : String(e);

/**
 * 上门取样 from the header (spec section 2, 700 px). A typed-in address is saved to the address
 * book first and the pickup refers to it (sendAddress), as the spec's flow says.
 */
export default function HomeSamplingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [value, setValue] = useState<DeliveryValue>(() => emptyDelivery(1));
  const [pending, setPending] = useState(false);
  const formId = useId();

  useEffect(() => {
    if (open) {
      setValue(emptyDelivery(1));
      void reloadUser();
    }
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!isLoggedIn()) {
      onClose();
      window.dispatchEvent(new CustomEvent('portal:open-login', { detail: { panel: 'log' } }));
      return;
    }
    const request = {
      type: 1,
      name: value.name,
      phone: value.phone,
      date: value.date,
      time: value.time,
      province: value.province,
      city: value.city,
      area: value.area,
      address: value.address,
      address_code: value.address_code,
      sendAddress: value.address_rid,
      message: value.message,
    };
    const parsed = samplingRequestSchema.safeParse(request);
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? '请检查填写的信息');
      return;
    }
    setPending(true);
    try {
      let sendAddress = request.sendAddress;
      if (!sendAddress) {
        const before = $user.get()?.addresses ?? [];
        const { newAddress } = parsed.data;
        await api.call(memberApi.addressAdd, newAddress ?? undefined, { throws: true });
        const after = (await reloadUser())?.addresses ?? [];
        sendAddress = newestAddress(before, after)?.address_rid ?? '';
        if (!sendAddress) throw new Error('新地址保存后未能读取，请重试');
        setValue((v) => ({ ...v, address_rid: sendAddress }));
      }
      await api.call(memberApi.samplingAdd, { ...request, sendAddress }, { throws: true });
      toast.success(MSG_SAMPLING_DONE);
      window.dispatchEvent(new CustomEvent(SAMPLING_ADDED_EVENT));
      if (!request.sendAddress) await reloadUser();
      onClose();
    } catch (error) {
      void alertFail(describe(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="预约上门取样"
      width={HOME_SAMPLING_WIDTH}
      footer={
        <>
          <a href="/member/sample" className="btn mr-auto px-0 text-slate-500 hover:text-brand-700">
            我的取样记录
          </a>
          <button type="button" className="btn-ghost" onClick={onClose}>
            取消
          </button>
          <button type="submit" form={formId} className="btn-primary min-w-24" disabled={pending}>
            {pending && <Spinner />}
            提交预约
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit}>
        <SampleDeliveryForm value={value} onChange={setValue} showType={false} />
      </form>
    </Dialog>
  );
}
