import { useEffect, useState, type FormEvent } from 'react';
import Dialog from '../ui/Dialog.tsx';
import { Row, Spinner, TextField, textareaClass } from '../ui/kit.tsx';
import type { TempDevice } from './types.ts';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { reservationsApi } from '../../lib/shared/reservations/api.ts';

const EMPTY = { name: '', model: '', description: '' };

/**
 * Registers equipment the customer brings (or an instrument not in the list): tempDevice/add.
 * Staff review it; it can be attached to a reservation while pending or approved.
 */
export default function TempDeviceForm({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (device: TempDevice) => void;
}) {
  const [form, setForm] = useState(EMPTY);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (open) setForm(EMPTY);
  }, [open]);

  const bind = (key: keyof typeof EMPTY) => ({
    value: form[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setForm((f) => ({ ...f, [key]: e.target.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const body = { name: form.name.trim(), model: form.model.trim(), description: form.description.trim() };
    if (!body.name) return toast.error('[设备名称]不能为空');
    if (!body.description) return toast.error('[设备说明]不能为空');
    setPending(true);
    const added = await api.call(reservationsApi.tempDeviceAdd, body);
    setPending(false);
    if (added) {
      toast.success('提交成功，等待审核');
      onAdded(added);
      onClose();
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="登记自带设备"
      width={560}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>
            取消
          </button>
          <button type="submit" form="temp-device-form" className="btn-primary" disabled={pending}>
            {pending && <Spinner />}
            提交审核
          </button>
        </>
      }
    >
      <form id="temp-device-form" onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
        <p className="text-sm text-slate-500">
          需要带自己的设备或附件上机，或所需仪器不在列表中时，请先登记，工作人员审核后即可关联到预约。
        </p>
        <TextField label="设备名称" required maxLength={50} placeholder="如 原位拉伸台" {...bind('name')} />
        <TextField label="型号" maxLength={50} placeholder="选填" {...bind('model')} />
        <Row label="设备说明" htmlFor="temp-device-description" required>
          <textarea
            id="temp-device-description"
            maxLength={500}
            placeholder="设备用途、尺寸与供电要求等"
            className={textareaClass}
            {...bind('description')}
          />
        </Row>
      </form>
    </Dialog>
  );
}
