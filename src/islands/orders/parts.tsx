// Pieces the order list, the search results and the detail share: the status badge, the amount,
// the row actions (details, cancel, pay) and the pay events of the pay dialog.
import type { ReactNode } from 'react';
import { openPay, ORDER_PAID_EVENT } from '../../lib/client/pay-events.ts';
import type { OrderStatus } from '../../lib/shared/orders/order-status.ts';
import type { OrderSummary } from '../../lib/shared/orders/order.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { canCancel, canPay, needsQuote } from '../../lib/shared/orders/order-view.ts';

export { openPay };

/** Runs `reload` whenever the pay dialog reports a payment. */
export function onOrderPaid(reload: (rid: string) => void): () => void {
  const listener = (e: Event) => reload(String((e as CustomEvent<{ rid?: string }>).detail?.rid ?? ''));
  window.addEventListener(ORDER_PAID_EVENT, listener);
  return () => window.removeEventListener(ORDER_PAID_EVENT, listener);
}

export const detailHref = (rid: string) => `/member/order?rid=${encodeURIComponent(rid)}`;

const STATUS_STYLE: Partial<Record<OrderStatus, string>> = {
  quoting: 'bg-amber-50 text-amber-700 ring-amber-200',
  unpaid: 'bg-hot-50 text-hot-600 ring-hot-100',
  awaiting_sample: 'bg-brand-50 text-brand-700 ring-brand-100',
  awaiting_pickup: 'bg-brand-50 text-brand-700 ring-brand-100',
  received: 'bg-sky-50 text-sky-700 ring-sky-200',
  testing: 'bg-sky-50 text-sky-700 ring-sky-200',
  delivered: 'bg-accent-50 text-accent-700 ring-accent-100',
  unsettled: 'bg-hot-50 text-hot-600 ring-hot-100',
  completed: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  cancelled: 'bg-slate-100 text-slate-500 ring-slate-200',
};

export function StatusBadge({ status, text }: { status: OrderStatus; text: string }) {
  return (
    <span
      data-status={status}
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${STATUS_STYLE[status] ?? 'bg-brand-50 text-brand-700 ring-brand-100'}`}
    >
      {text}
    </span>
  );
}

/** The order's amount in yuan, or 待报价 before staff have quoted. */
export function Amount({ order, className = '' }: { order: OrderSummary; className?: string }) {
  if (needsQuote(order)) return <span className={`text-amber-700 ${className}`}>待报价</span>;
  return (
    <span className={`font-semibold text-hot-600 tabular-nums ${className}`}>
      {formatFen(order.amount_fen)}
    </span>
  );
}

export const linkButton =
  'inline-flex h-8 items-center rounded-md px-2.5 text-sm font-medium transition-colors disabled:opacity-50';

/** 详情, 取消 (only when the state machine lets the customer cancel) and 去支付 (when payable). */
export function RowActions({
  order,
  busy,
  onCancel,
  children,
}: {
  order: OrderSummary;
  busy: boolean;
  onCancel?: (o: OrderSummary) => void;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-1.5">
      {children}
      {onCancel && canCancel(order) && (
        <button
          type="button"
          disabled={busy}
          onClick={() => onCancel(order)}
          className={`${linkButton} text-red-600 hover:bg-red-50`}
        >
          取消订单
        </button>
      )}
      <a
        href={detailHref(order.rid)}
        className={`${linkButton} border border-slate-200 text-slate-700 hover:border-brand-300 hover:text-brand-700`}
        aria-label={`订单 ${order.order_no} 详情`}
      >
        详情
      </a>
      {canPay(order) && (
        <button
          type="button"
          disabled={busy}
          onClick={() => openPay(order.rid)}
          className={`${linkButton} bg-hot-600 text-white hover:bg-hot-500`}
        >
          去支付
        </button>
      )}
    </div>
  );
}
