import type { ReactNode } from 'react';
import { Amount, linkButton, RowActions, StatusBadge } from './parts.tsx';
import { RepeatButton } from '../plan/Repeat.tsx';
import type { OrderSummary } from '../../lib/shared/orders/order.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import { projectTypeNames } from '../../lib/shared/catalogue/catalogue.ts';
import { LAB_SAMPLE_TYPE_ID } from '../../lib/shared/orders/order-status.ts';
import { dueText } from '../../lib/shared/calendar/promise.ts';

const typeName = (id: number) => projectTypeNames[id as keyof typeof projectTypeNames] ?? '检测服务';

/** One order in a list: number, time, status, items, amount and what can be done with it. */
export default function OrderCard({
  order: o,
  busy,
  onCancel,
  extra,
}: {
  order: OrderSummary;
  busy: boolean;
  onCancel?: (o: OrderSummary) => void;
  extra?: ReactNode;
}) {
  return (
    <li
      data-order={o.rid}
      aria-label={`订单 ${o.order_no}`}
      className="overflow-hidden rounded-xl border border-slate-200 bg-white"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-slate-100 bg-slate-50/80 px-4 py-2.5 text-sm">
        <span className="text-slate-500">
          订单号 <span className="font-semibold text-slate-900 tabular-nums">{o.order_no}</span>
        </span>
        <span className="text-xs text-slate-400 tabular-nums">下单时间 {shanghaiMinute(o.created)}</span>
        <span className="ml-auto">
          <StatusBadge status={o.status} text={o.status_text} />
        </span>
      </div>
      <div className="grid gap-3 px-4 py-3.5 md:grid-cols-[minmax(0,1fr)_8rem_auto] md:items-center md:gap-5">
        <div className="min-w-0">
          <p className="line-clamp-2 text-sm font-medium text-slate-800" title={o.item_names.join('、')}>
            {o.item_names.join('、') || '定制检测需求'}
          </p>
          <p className="mt-1 text-xs text-slate-500">
            {[
              typeName(o.type_id),
              o.item_names.length > 0 && `${o.item_names.length} 个项目`,
              o.type_id === LAB_SAMPLE_TYPE_ID && (o.delivery_type === 1 ? '上门取样' : '自行寄样'),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {dueText(o) && <p className="mt-1 text-xs font-medium text-brand-700">{dueText(o)}</p>}
          {extra}
        </div>
        <div className="flex items-baseline justify-between md:block md:text-right">
          <span className="text-xs text-slate-400 md:block">订单金额</span>
          <Amount order={o} className="text-base" />
        </div>
        <div className="border-t border-slate-100 pt-3 md:border-0 md:pt-0">
          <RowActions order={o} busy={busy} onCancel={onCancel}>
            {o.item_names.length > 0 && (
              <RepeatButton
                rid={o.rid}
                orderNo={o.order_no}
                className={`${linkButton} border border-brand-200 text-brand-700 hover:bg-brand-50`}
              />
            )}
          </RowActions>
        </div>
      </div>
    </li>
  );
}
