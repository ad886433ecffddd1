import { useEffect, useRef } from 'react';
import type { OrderDetail } from '../../lib/shared/orders/order.ts';
import { takesSample } from '../../lib/shared/orders/order-status.ts';

type Step = { label: string; statuses: readonly string[] };

/**
 * The steps this order goes through, as the customer sees them: a quote only when it needed one,
 * payment before sampling for prepaid orders, a bill after the data for pay-after ones.
 */
function stepsOf(
  o: Pick<OrderDetail, 'pay_mode' | 'delivery_type' | 'timeline' | 'status' | 'type_id'>,
): Step[] {
  const quoted = o.status === 'quoting' || o.timeline.some((e) => e.action === 'quote' || e.to === 'quoting');
  const steps: Step[] = [{ label: '提交订单', statuses: [] }];
  if (quoted) steps.push({ label: '报价', statuses: ['quoting'] });
  if (o.pay_mode === 'before') steps.push({ label: '付款', statuses: ['unpaid'] });
  if (o.type_id === 2) {
    // A reserved instrument session (decision 0012): no sample to send, a session to attend.
    steps.push({ label: '待上机', statuses: ['awaiting_session'] });
  } else {
    // Data analysis has data files, not a sample (decision 0074).
    const sample = takesSample(o.type_id);
    steps.push({
      label: !sample ? '上传数据' : o.delivery_type === 1 ? '上门取样' : '寄送样品',
      statuses: ['awaiting_sample', 'awaiting_pickup'],
    });
    steps.push({ label: sample ? '已收样' : '已收数据', statuses: ['received'] });
    steps.push({ label: '检测中', statuses: ['testing'] });
    steps.push({ label: '已出数据', statuses: ['delivered'] });
  }
  if (o.pay_mode === 'after') steps.push({ label: '结算', statuses: ['unsettled'] });
  steps.push({ label: '已完成', statuses: ['completed'] });
  return steps;
}

/** A horizontal (wide) or vertical-free compact (narrow) row of the order's steps. */
export default function Progress({ order }: { order: OrderDetail }) {
  const list = useRef<HTMLOListElement>(null);
  const steps = stepsOf(order);
  let current = steps.findIndex((s) => s.statuses.includes(order.status));
  if (current < 0) current = 0;
  const done = order.status === 'completed';
  // On a narrow screen the row scrolls: bring the current step into view.
  useEffect(() => {
    const ol = list.current;
    const li = ol?.children[current] as HTMLElement | undefined;
    if (ol && li && ol.scrollWidth > ol.clientWidth)
      ol.scrollLeft = li.offsetLeft - ol.offsetLeft - (ol.clientWidth - li.offsetWidth) / 2;
  }, [current]);
  if (order.status === 'cancelled') return null;
  return (
    <ol ref={list} aria-label="订单进度" className="mt-5 flex items-start overflow-x-auto pb-1">
      {steps.map((s, i) => {
        const state = done || i < current ? 'done' : i === current ? 'current' : 'todo';
        return (
          <li
            key={s.label}
            aria-current={state === 'current' ? 'step' : undefined}
            className="relative flex min-w-14 flex-1 flex-col items-center text-center sm:min-w-16"
          >
            {i > 0 && (
              <span
                aria-hidden="true"
                className={`absolute top-3 right-1/2 h-0.5 w-full -translate-y-1/2 ${
                  state === 'todo' ? 'bg-slate-200' : 'bg-brand-500'
                }`}
              />
            )}
            <span
              aria-hidden="true"
              className={`relative z-10 flex size-6 items-center justify-center rounded-full text-xs font-semibold ${
                state === 'done'
                  ? 'bg-brand-600 text-white'
                  : state === 'current'
                    ? 'bg-white text-brand-700 ring-2 ring-brand-600'
                    : 'bg-slate-100 text-slate-400'
              }`}
            >
              {state === 'done' ? '✓' : i + 1}
            </span>
            <span
              className={`mt-1.5 px-1 text-xs whitespace-nowrap ${
                state === 'todo'
                  ? 'text-slate-400'
                  : state === 'current'
                    ? 'font-semibold text-brand-700'
                    : 'text-slate-600'
              }`}
            >
              {s.label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
