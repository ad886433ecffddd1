import { useEffect, useId, useState, type FormEvent } from 'react';
import Dialog from '../ui/Dialog.tsx';
import RegionPicker from '../region/RegionPicker.tsx';
import { ContactFields, Row, Spinner, inputClass } from '../ui/kit.tsx';
import { api } from '../../lib/client/api.ts';
import type { Address } from '../../lib/client/stores.ts';
import { toast } from '../../lib/client/toast.ts';
import { addressEditSchema, addressSchema } from '../../lib/shared/member/address.ts';
import type { Region } from '../../lib/shared/member/region.ts';
import { memberApi } from '../../lib/shared/member/api.ts';

export const MSG_SAVED = '操作成功!';

type Form = { name: string; phone: string; region: Region | null; address: string };

const fromAddress = (a: Address | null): Form =>
  a
    ? {
        name: a.name,
        phone: a.phone,
        region: { province: a.province, city: a.city, area: a.area, address_code: a.address_code },
        address: a.address,
      }
    : { name: '', phone: '', region: null, address: '' };

/** Add (editing = null) or edit one saved address; onSaved runs after the server accepted it. */
export default function AddressDialog({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: Address | null;
  onClose: () => void;
  onSaved: () => Promise<void> | void;
}) {
  const [form, setForm] = useState<Form>(() => fromAddress(editing));
  const [pending, setPending] = useState(false);
  const id = useId();

  useEffect(() => {
    if (open) setForm(fromAddress(editing));
  }, [open, editing]);

  const text = (key: 'name' | 'phone' | 'address') => ({
    value: form[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const { region, ...rest } = form;
    const body = { ...rest, ...(region ?? {}), ...(editing ? { address_rid: editing.address_rid } : {}) };
    const parsed = (editing ? addressEditSchema : addressSchema).safeParse(body);
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? '请检查填写的信息');
      return;
    }
    setPending(true);
    const done = await api.call(editing ? memberApi.addressEdit : memberApi.addressAdd, parsed.data);
    if (done !== undefined) {
      toast.success(MSG_SAVED);
      await onSaved();
      onClose();
    }
    setPending(false);
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={editing ? '编辑地址' : '新增地址'}
      width={640}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>
            取消
          </button>
          <button type="submit" form={`${id}-form`} className="btn-primary min-w-24" disabled={pending}>
            {pending && <Spinner />}
            保存
          </button>
        </>
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={submit} className="grid gap-4">
        <ContactFields name={text('name')} phone={text('phone')} />
        <Row label="所在地区" htmlFor={`${id}-region`} required>
          <RegionPicker
            id={`${id}-region`}
            value={form.region}
            onChange={(region) => setForm((f) => ({ ...f, region }))}
          />
        </Row>
        <Row label="详细地址" htmlFor={`${id}-address`} required>
          <input
            id={`${id}-address`}
            name="address"
            className={inputClass}
            maxLength={200}
            placeholder="街道、门牌号、楼层房间号"
            autoComplete="street-address"
            {...text('address')}
          />
        </Row>
      </form>
    </Dialog>
  );
}
