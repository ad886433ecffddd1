import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import Section, { Empty } from './Section.tsx';
import { Spinner, TextField } from '../ui/kit.tsx';
import { sortAddresses } from '../ui/session-user.ts';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { $user } from '../../lib/client/stores.ts';
import { regionLabel } from '../../lib/shared/member/region.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import { recycleAddSchema, type OrderDetail } from '../../lib/shared/orders/order.ts';
import { RECYCLE_STATUS_TEXT } from '../../lib/shared/orders/order-view.ts';
import { ordersApi } from '../../lib/shared/orders/api.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';
import { valid } from './Forms.tsx';

type Recycle = OutputOf<typeof ordersApi.recycleList>['list'][number];

/** A return request for samples marked 检测后回收, prefilled from the default address. */
export function SampleReturn({ order }: { order: OrderDetail }) {
  const user = useStore($user, { ssr: () => null });
  const [requests, setRequests] = useState<Recycle[] | null>(null);
  const [form, setForm] = useState({ name: '', phone: '', address: '', message: '' });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);

  async function load() {
    const res = await api.call(ordersApi.recycleList, {
      order_rid: order.rid,
      size: 10,
    });
    if (res) setRequests(res.list);
  }
  useEffect(() => {
    void load();
  }, [order.rid]);

  // The default address fills the form until the user types in it.
  useEffect(() => {
    if (touched) return;
    const a = sortAddresses(user?.addresses ?? [])[0];
    if (a)
      setForm((f) => ({
        ...f,
        name: a.name,
        phone: a.phone,
        address: `${regionLabel(a)} ${a.address}`.trim(),
      }));
  }, [user, touched]);

  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => {
    setTouched(true);
    setForm((f) => ({ ...f, [k]: e.target.value }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = { rid: order.rid, ...form };
    if (!valid(recycleAddSchema, body)) return;
    setBusy(true);
    const res = await api.call(ordersApi.recycleAdd, body);
    setBusy(false);
    if (res === undefined) return;
    toast.success('回收申请已提交');
    await load();
  }

  return (
    <Section title="样品回收">
      {!requests ? (
        <Spinner />
      ) : requests.length > 0 ? (
        <ul aria-label="回收申请" className="grid gap-2 text-sm">
          {requests.map((r) => (
            <li key={r.rid} className="rounded-lg bg-slate-50 px-3 py-2.5">
              <p className="flex items-center justify-between gap-2">
                <span className="font-medium text-slate-800">回收申请</span>
                <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                  {RECYCLE_STATUS_TEXT[r.status] ?? r.status}
                </span>
              </p>
              <p className="mt-1 text-slate-600">
                {r.name} <span className="tabular-nums">{r.phone}</span>
              </p>
              <p className="text-slate-600">{r.address}</p>
              {r.message && <p className="text-slate-500">备注：{r.message}</p>}
              <p className="mt-1 text-xs text-slate-400">提交于 {shanghaiMinute(r.created)}</p>
            </li>
          ))}
        </ul>
      ) : order.status === 'cancelled' ? (
        <Empty>订单已取消</Empty>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="grid gap-3" aria-label="样品回收申请">
          <p className="text-xs text-slate-500">检测完成后5个工作日内寄回，全额付款后48小时内发出。</p>
          <TextField label="收件人" value={form.name} onChange={set('name')} maxLength={32} required />
          <TextField
            label="手机"
            type="tel"
            inputMode="numeric"
            value={form.phone}
            onChange={set('phone')}
            maxLength={11}
            required
          />
          <TextField
            label="寄回地址"
            value={form.address}
            onChange={set('address')}
            maxLength={200}
            required
          />
          <TextField label="备注" value={form.message} onChange={set('message')} maxLength={200} />
          <div className="flex justify-end">
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy && <Spinner />} 申请寄回
            </button>
          </div>
        </form>
      )}
    </Section>
  );
}
