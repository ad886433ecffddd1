// An order's due date on its console page (decision 0079): fixed at receipt from the promise on
// the working calendar; staff who process orders may move it with a reason (timeline, audit log).
import { useState } from 'react';
import { staffAction, type Me } from '../session.ts';
import { button, Field, FormModal, input } from '../ui.tsx';
import { orderDueApi } from '../../lib/shared/orders/due-api.ts';
import { chineseDate } from '../../lib/shared/time.ts';

type Order = {
  rid: string;
  due_date: string | null;
  status: string;
  items: { turnaround_days: number | null }[];
};

export function DueDate({ order, me, onDone }: { order: Order; me: Me; onDone: () => unknown }) {
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(order.due_date ?? '');
  const [reason, setReason] = useState('');
  const movable = Boolean(order.due_date) && me.permissions.includes('orders.process');
  const promised = order.items.some((l) => l.turnaround_days);
  return (
    <>
      {order.due_date ? (
        <span className="font-medium text-brand-700 tabular-nums" aria-label="交付日期">
          {chineseDate(order.due_date)}
        </span>
      ) : (
        <span className="text-slate-500">{promised ? '收样后确定' : '未承诺'}</span>
      )}
      {movable && (
        <button type="button" className={`${button.link} ml-1`} onClick={() => setOpen(true)}>
          调整
        </button>
      )}
      {open && (
        <FormModal
          open
          title="调整交付日期"
          submitText="保存"
          onClose={() => setOpen(false)}
          onSubmit={() =>
            staffAction(
              orderDueApi.move,
              { rid: order.rid, due_date: date, reason },
              '已调整交付日期',
              () => {
                setOpen(false);
                return onDone();
              },
            )
          }
        >
          <p className="text-sm text-slate-600">
            原交付日期：{order.due_date ? chineseDate(order.due_date) : '—'}
            。调整会记入订单时间线（客户可见）和操作日志。
          </p>
          <Field label="新的交付日期">
            <input
              className={input}
              type="date"
              name="due_date"
              value={date}
              onChange={(e) => setDate(e.target.value)}
            />
          </Field>
          <Field label="调整原因">
            <input
              className={input}
              name="reason"
              maxLength={200}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
        </FormModal>
      )}
    </>
  );
}
