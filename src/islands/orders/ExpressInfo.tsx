import { useId, useState, type FormEvent } from 'react';
import { Spinner, inputClass } from '../ui/kit.tsx';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import { expressSchema, type OrderDetail } from '../../lib/shared/orders/order.ts';
import { ordersApi } from '../../lib/shared/orders/api.ts';
import { valid } from './Forms.tsx';

/** A self-delivered sample's courier can be given while the lab waits for it. */
const expressOpen = (order: OrderDetail) => order.delivery.type === 0 && order.status === 'awaiting_sample';

/** Whether an order has courier details to show or to ask for. */
export const hasExpressInfo = (order: OrderDetail) => order.express !== null || expressOpen(order);

/** Couriers customers use most; another can be typed. */
const COURIERS = [
  '顺丰速运',
  '京东快递',
  '中国邮政 EMS',
  '圆通速递',
  '中通快递',
  '申通快递',
  '韵达快递',
  '德邦快递',
];

/**
 * 快递信息 of a self-delivered sample: the courier and tracking number the customer sent it with,
 * shown to the lab and on the timeline; editable until the lab receives the sample.
 */
export function ExpressInfo({ order, onSaved }: { order: OrderDetail; onSaved: () => void }) {
  const id = useId();
  const saved = order.express;
  const open = expressOpen(order);
  const [editing, setEditing] = useState(false);
  const [company, setCompany] = useState(saved?.company ?? COURIERS[0]);
  const [no, setNo] = useState(saved?.no ?? '');
  const [busy, setBusy] = useState(false);
  if (!open && !saved) return null;
  if (saved && !editing)
    return (
      <div data-express className="text-sm">
        <span className="text-slate-800">
          {saved.company} <span className="font-medium tabular-nums">{saved.no}</span>
        </span>
        <span className="ml-2 text-xs text-slate-400">提交于 {shanghaiMinute(saved.at)}</span>
        {open && (
          <button
            type="button"
            className="ml-2 rounded-md px-2 py-0.5 text-sm text-brand-700 hover:bg-brand-50"
            onClick={() => setEditing(true)}
          >
            修改
          </button>
        )}
      </div>
    );
  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = { rid: order.rid, company: company.trim(), no: no.trim() };
    if (!valid(expressSchema, body)) return;
    setBusy(true);
    const res = await api.call(ordersApi.updateExpress, body);
    setBusy(false);
    if (res === undefined) return;
    toast.success('快递信息已提交');
    setEditing(false);
    onSaved();
  }
  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-label="填写快递信息"
      className="grid gap-2 sm:grid-cols-[10rem_minmax(0,1fr)_auto]"
    >
      <label htmlFor={`${id}-company`} className="sr-only">
        快递公司
      </label>
      <input
        id={`${id}-company`}
        list={`${id}-couriers`}
        className={inputClass}
        value={company}
        maxLength={32}
        onChange={(e) => setCompany(e.target.value)}
      />
      <datalist id={`${id}-couriers`}>
        {COURIERS.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <label htmlFor={`${id}-no`} className="sr-only">
        快递单号
      </label>
      <input
        id={`${id}-no`}
        className={inputClass}
        value={no}
        maxLength={40}
        placeholder="快递单号"
        inputMode="text"
        autoComplete="off"
        onChange={(e) => setNo(e.target.value)}
      />
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy && <Spinner />} 提交
      </button>
    </form>
  );
}
