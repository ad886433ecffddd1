// Wide screens' view of the orders found by /member/oquery (OrderQuery); narrow ones get the
// order cards of /member/order.
import { Amount, detailHref, openPay, StatusBadge } from './parts.tsx';
import { canPay } from '../../lib/shared/orders/order-view.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import type { OrderSummary } from '../../lib/shared/orders/order.ts';
import { dueText } from '../../lib/shared/calendar/promise.ts';

/** One row per order: number, items, created time, amount, status, and pay / details. */
export default function OrderTable({ orders }: { orders: readonly OrderSummary[] }) {
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-xs text-slate-500">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              订单号
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              检测项目
            </th>
            <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
              下单时间
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              金额
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              状态
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              操作
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {orders.map((o) => (
            <tr key={o.rid} data-order={o.rid} className="hover:bg-slate-50/70">
              <td className="px-3 py-3 font-medium whitespace-nowrap text-slate-900 tabular-nums">
                {o.order_no}
              </td>
              <td className="max-w-64 px-3 py-3 text-slate-700">
                <span className="line-clamp-2">{o.item_names.join('、') || '定制检测需求'}</span>
              </td>
              <td className="px-3 py-3 whitespace-nowrap text-slate-500 tabular-nums">
                {shanghaiMinute(o.created)}
              </td>
              <td className="px-3 py-3 text-right whitespace-nowrap">
                <Amount order={o} />
              </td>
              <td className="px-3 py-3">
                <StatusBadge status={o.status} text={o.status_text} />
                {dueText(o) && (
                  <span className="mt-1 block text-xs whitespace-nowrap text-brand-700">{dueText(o)}</span>
                )}
              </td>
              <td className="space-x-3 px-3 py-3 text-right whitespace-nowrap">
                {canPay(o) && (
                  <button
                    type="button"
                    onClick={() => openPay(o.rid)}
                    className="font-medium text-hot-600 hover:underline"
                  >
                    去支付
                  </button>
                )}
                <a
                  href={detailHref(o.rid)}
                  className="font-medium whitespace-nowrap text-brand-700 hover:underline"
                  aria-label={`订单 ${o.order_no} 详情`}
                >
                  详情
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
