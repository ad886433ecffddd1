import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { startEstimateText } from '../../lib/shared/worklist/estimate.ts';
import { Link } from 'wouter';
import type { z } from 'zod';
import { consoleApi, staffStep, type Me } from '../session.ts';
import { Badge, button, PageHeader, when } from '../ui.tsx';
import {
  LAB_SAMPLE_TYPE_ID,
  RESERVATION_TYPE_ID,
  nextStatus,
  orderActionText,
  type OrderAction,
} from '../../lib/shared/orders/order-status.ts';
import type { StaffOrderDetailSchema } from '../../lib/shared/orders/responses.ts';
import { actorText, eventText } from '../../lib/shared/orders/order-view.ts';
import type { Permission } from '../../lib/shared/staff/permissions.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { DISPOSAL_RECYCLE } from '../../lib/shared/plan/plan-rules.ts';
import QuoteBuilder from './QuoteBuilder.tsx';
import { ReceiptDialog, ReceiptList } from './Receipt.tsx';
import { OrderFiles } from './OrderFiles.tsx';
import { Remarks } from './Remarks.tsx';
import { StepDialog } from './StepDialog.tsx';
import { OrderSamples } from './OrderSamples.tsx';
import { OrderReports } from '../reports/OrderReports.tsx';
import { DueDate } from './DueDate.tsx';
import { ordersAdminApi } from '../../lib/shared/orders/admin-api.ts';
import { OrderResults } from '../results/OrderResults.tsx';
import { RecordHistory } from '../staff/History.tsx';
import { CustomerSection } from './OrderCustomer.tsx';
import { Deliveries } from './Deliveries.tsx';

type Detail = z.output<typeof StaffOrderDetailSchema>;

/** The staff steps, the permission each needs, and whether it asks for a note, a price or a reason. */
const STEPS: { action: OrderAction; permission: Permission }[] = [
  { action: 'quote', permission: 'orders.quote' },
  { action: 'receive', permission: 'orders.process' },
  { action: 'start', permission: 'orders.process' },
  { action: 'deliver', permission: 'orders.process' },
  { action: 'reject', permission: 'orders.process' },
  { action: 'bill', permission: 'orders.bill' },
  { action: 'complete', permission: 'orders.bill' },
  { action: 'settle', permission: 'orders.bill' },
  { action: 'cancel', permission: 'orders.cancel' },
];

/** One order for staff: lines, customer, delivery, files, timeline, and the steps this role may take. */
export default function OrderDetail({ rid, me }: { rid: string; me: Me }) {
  const [order, setOrder] = useState<Detail | null>(null);
  // A state-machine step, or the final price of a prepaid order (补差价 / 退差价).
  const [step, setStep] = useState<OrderAction | 'finalPrice' | null>(null);

  const load = useCallback(async () => {
    const d = await consoleApi.call(ordersAdminApi.detail, { rid });
    if (d) setOrder(d);
  }, [rid]);
  useEffect(() => {
    void load();
  }, [load]);
  if (!order) return <p className="text-sm text-slate-400">加载中…</p>;

  const facts = {
    status: order.status,
    pay_mode: order.pay_mode,
    delivery_type: order.delivery_type,
    type_id: order.type_id,
  };
  const steps = STEPS.filter(
    (s) =>
      me.permissions.includes(s.permission) &&
      nextStatus(facts, s.action, 'staff').ok &&
      // A new quote only for an order that had one (the server refuses the others too).
      (s.action !== 'quote' || order.status === 'quoting' || order.quoted_fen !== null) &&
      // Releasing the report delivers; by hand only when one was released before testing was marked.
      (s.action !== 'deliver' || order.report_released),
  );
  const requote = order.status !== 'quoting';
  const canPrice =
    me.permissions.includes('orders.bill') &&
    order.pay_mode === 'before' &&
    order.status === 'delivered' &&
    order.paid_fen > 0;
  const { called, received, canCall } = callState(order, me);
  const stepText = (s: OrderAction | 'finalPrice') =>
    s === 'finalPrice'
      ? '设置最终价格'
      : s === 'quote' && requote
        ? '重新报价'
        : orderActionText(s, order.type_id);
  /** Steps with a dialog of their own; the others share the note dialog below. */
  const ownDialog = step === 'quote' || step === 'receive' || step === 'reject';

  return (
    // One column that may shrink below a wide table (the table scrolls instead).
    <div className="grid grid-cols-1 gap-4">
      <Link href="/orders" className="text-sm text-brand-700 hover:underline">
        ← 返回订单列表
      </Link>
      <PageHeader
        title={`订单 ${order.order_no}`}
        lead={`${order.customer.name || order.customer.phone} · ${order.customer.company || '—'} · ${order.customer.phone}`}
        actions={
          <span className="flex flex-wrap gap-2" aria-label="可执行的操作">
            {steps.map((s) => (
              <button
                key={s.action}
                type="button"
                className={
                  s.action === 'cancel' || s.action === 'reject'
                    ? button.danger
                    : s.action === 'quote' && requote
                      ? button.ghost
                      : button.primary
                }
                onClick={() => setStep(s.action)}
              >
                {stepText(s.action)}
              </button>
            ))}
            {canCall && (
              <button
                type="button"
                className={button.ghost}
                onClick={() => staffStep(ordersAdminApi.called, { rid: order.rid }, '已记录致电', load)}
              >
                已致电
              </button>
            )}
            {canPrice && (
              <button type="button" className={button.ghost} onClick={() => setStep('finalPrice')}>
                设置最终价格
              </button>
            )}
          </span>
        }
      />
      <CustomerSection order={order} me={me} />
      <section className="grid gap-3 rounded-lg bg-white p-4 md:grid-cols-4" aria-label="订单概要">
        <Fact label="状态">
          <Badge tone="brand">{order.status_text}</Badge>
        </Fact>
        <Fact label="金额">{formatFen(order.amount_fen)}</Fact>
        <Fact label="已付">{formatFen(order.paid_fen)}</Fact>
        <Fact label="付款方式">{order.pay_mode === 'before' ? '先付款后检测' : '检测后结算'}</Fact>
        <Fact label="送样方式">
          {order.type_id !== LAB_SAMPLE_TYPE_ID
            ? '无需寄样'
            : order.delivery_type === 1
              ? '上门取样'
              : '自行寄样'}
        </Fact>
        <Fact label="快递">{order.express ? `${order.express.company} ${order.express.no}` : '—'}</Fact>
        <Fact label="下单时间">{when(order.created)}</Fact>
        <Fact label="交付日期">
          <DueDate order={order} me={me} onDone={load} />
        </Fact>
        <Fact label="备注">{order.remark || '—'}</Fact>
        <Fact label="业务经理致电">
          {called
            ? `${when(called.at)}${called.by ? ` ${called.by}` : ''}`
            : received
              ? '未记录'
              : '收样后致电'}
        </Fact>
      </section>
      {order.demand && <DemandSection demand={order.demand} />}
      <DeliverySection order={order} />
      <section className="rounded-lg bg-white p-4" aria-labelledby="lines">
        <h2 id="lines" className="mb-2 text-sm font-semibold">
          检测项目
        </h2>
        <table className="w-full text-sm">
          <tbody className="divide-y divide-slate-100">
            {order.items.map((l, i) => (
              <tr key={`${l.item_rid}-${i}`}>
                <td className="py-2">
                  {l.name}
                  <span className="block text-xs text-slate-500">
                    {Object.entries(l.parameters)
                      .map(([k, v]) => `${k}：${v}`)
                      .join('；')}
                  </span>
                  {l.turnaround_days && (
                    <span className="block text-xs text-brand-700">承诺 {l.turnaround_days} 个工作日</span>
                  )}
                </td>
                <td className="py-2 text-right tabular-nums">
                  {formatFen(l.price_fen)} × {l.sample_count}
                </td>
                <td className="py-2 text-right font-medium tabular-nums">{formatFen(l.line_fen)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <OrderSamples
        order={order}
        customer={order.customer}
        samples={order.samples}
        me={me}
        onDone={load}
        onSite={order.type_id === RESERVATION_TYPE_ID}
      />
      <OrderResults orderRid={order.rid} me={me} />
      {order.quote && <QuoteSection order={order} quote={order.quote} />}
      {(order.receipts.length > 0 || ['awaiting_sample', 'awaiting_pickup'].includes(order.status)) && (
        <section className="rounded-lg bg-white p-4" aria-labelledby="receipts">
          <h2 id="receipts" className="mb-2 text-sm font-semibold">
            收样记录
          </h2>
          <ReceiptList receipts={order.receipts} />
        </section>
      )}
      <OrderReports order={order} me={me} onReleased={load} />
      <OrderFiles order={order} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 lg:items-start">
        <section className="rounded-lg bg-white p-4" aria-labelledby="timeline">
          <h2 id="timeline" className="mb-2 text-sm font-semibold">
            订单时间线
          </h2>
          <ol className="grid gap-2 text-sm" aria-label="订单时间线">
            {order.timeline.map((e, i) => (
              <li key={i} className="flex flex-wrap gap-x-3">
                <span className="w-36 shrink-0 text-slate-500">{when(e.at)}</span>
                <span className="font-medium">{eventText(e.action, order.type_id)}</span>
                <span className="text-slate-500">
                  {actorText(e.actor)}
                  {e.by && ` ${e.by}`}
                </span>
                {e.note && <span className="text-slate-600">{e.note}</span>}
              </li>
            ))}
          </ol>
        </section>

        <Remarks order={order} onDone={load} />
      </div>
      <Deliveries rid={order.rid} version={order} />
      <RecordHistory kind="order" rid={order.rid} version={order} />

      {step === 'quote' && <QuoteBuilder order={order} open onClose={() => setStep(null)} onDone={load} />}
      {(step === 'receive' || step === 'reject') && (
        <ReceiptDialog order={order} mode={step} onClose={() => setStep(null)} onDone={load} />
      )}
      {step && !ownDialog && (
        <StepDialog
          order={order}
          step={step}
          title={stepText(step)}
          onClose={() => setStep(null)}
          onDone={load}
        />
      )}
    </div>
  );
}

/** 报价: the quote's lines, discount and total; an expired quote the customer can no longer pay is flagged. */
function QuoteSection({ order, quote }: { order: Detail; quote: NonNullable<Detail['quote']> }) {
  return (
    <section className="rounded-lg bg-white p-4" aria-labelledby="quote">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h2 id="quote" className="text-sm font-semibold">
          报价
        </h2>
        <span className="text-xs text-slate-500">
          有效期至 {quote.valid_until} · {when(quote.quoted_at)} 报价
        </span>
        {quote.expired && <Badge tone="red">已过期</Badge>}
      </div>
      {quote.expired && order.status === 'unpaid' && (
        <p className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
          报价已过期，客户无法付款；请与客户确认后重新报价。
        </p>
      )}
      {quote.lines.length > 0 && (
        <table className="w-full text-sm" aria-label="报价明细">
          <tbody className="divide-y divide-slate-100">
            {quote.lines.map((l, i) => (
              <tr key={i}>
                <td className="py-1.5">
                  {l.name}
                  {l.description && <span className="block text-xs text-slate-500">{l.description}</span>}
                </td>
                <td className="py-1.5 text-right tabular-nums">
                  {formatFen(l.unit_price_fen)} × {l.quantity}
                </td>
                <td className="py-1.5 text-right tabular-nums">{formatFen(l.amount_fen)}</td>
              </tr>
            ))}
            {quote.discount && (
              <tr>
                <td className="py-1.5" colSpan={2}>
                  {quote.discount.name}
                </td>
                <td className="py-1.5 text-right tabular-nums">-{formatFen(quote.discount.amount_fen)}</td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      <p className="mt-2 text-right text-sm">
        报价合计 <strong className="text-base text-hot-600 tabular-nums">{formatFen(quote.total_fen)}</strong>
      </p>
      {quote.start_estimate_days && (
        <p className="mt-1 text-sm text-emerald-700">
          {startEstimateText(quote.start_estimate_days)}（报价时估算）
        </p>
      )}
      {quote.note && <p className="mt-1 text-sm text-slate-600">说明：{quote.note}</p>}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <p className="text-xs text-slate-500">{label}</p>
      <div className="mt-0.5 text-sm">{children}</div>
    </div>
  );
}

/** 需求内容: what a quote request asked for, so the quote is made from it (issue 33). */
function DemandSection({ demand: d }: { demand: NonNullable<Detail['demand']> }) {
  return (
    <section className="grid gap-3 rounded-lg bg-white p-4" aria-labelledby="demand">
      <h2 id="demand" className="text-sm font-semibold">
        需求内容
      </h2>
      <p className="text-sm whitespace-pre-wrap">{d.description}</p>
      <div className="grid gap-3 sm:grid-cols-3">
        <Fact label="样品数量">{d.sample_count ?? '—'}</Fact>
        <Fact label="样品说明">{d.sample_note || '—'}</Fact>
        <Fact label="联系人">
          {d.contact_name || '—'}
          {d.contact_phone && <span className="tabular-nums"> {d.contact_phone}</span>}
        </Fact>
      </div>
    </section>
  );
}

/** 送样与寄回: the pickup (address, date, slot, contact, note) and where samples go back. */
function DeliverySection({ order }: { order: Detail }) {
  const d = order.delivery;
  const pickup = order.type_id === LAB_SAMPLE_TYPE_ID && d.type === 1;
  const sendsBack = order.items.some((l) => l.disposal === DISPOSAL_RECYCLE);
  const back = order.return_address;
  if (!pickup && !sendsBack && !back) return null;
  const address = [d.province, d.city === d.province ? '' : d.city, d.area, d.address]
    .filter(Boolean)
    .join('');
  return (
    <section className="grid gap-3 rounded-lg bg-white p-4" aria-labelledby="delivery">
      <h2 id="delivery" className="text-sm font-semibold">
        送样与寄回
      </h2>
      {pickup && (
        <div className="grid gap-3 sm:grid-cols-2 md:grid-cols-4" role="group" aria-label="上门取样">
          <Fact label="取样地址">{address || '—'}</Fact>
          <Fact label="取样时间">
            {d.date ?? '—'} {d.time}
          </Fact>
          <Fact label="取样联系人">
            {d.name || '—'}
            {d.phone && <span className="tabular-nums"> {d.phone}</span>}
          </Fact>
          <Fact label="取样留言">{d.message || '—'}</Fact>
        </div>
      )}
      {(sendsBack || back) && (
        <div className="grid gap-3 sm:grid-cols-2 md:grid-cols-4" role="group" aria-label="寄回地址">
          {back ? (
            <>
              <Fact label="寄回地址">{back.address}</Fact>
              <Fact label="收件人">
                {back.name} <span className="tabular-nums">{back.phone}</span>
              </Fact>
              <Fact label="寄回留言">{back.message || '—'}</Fact>
              <Fact label="寄回申请">
                {RETURN_STATUS_TEXT[back.status]} · {when(back.created)}
              </Fact>
            </>
          ) : (
            <Fact label="寄回地址">客户选择检测后寄回，尚未填写寄回地址</Fact>
          )}
        </div>
      )}
    </section>
  );
}

const RETURN_STATUS_TEXT = { pending: '待寄回', sent: '已寄出', cancelled: '已取消' } as const;

/** 已致电: the manager's call after the latest receipt, recorded once per receipt (decision 0032). */
function callState(order: Detail, me: Me) {
  const lastReceipt = order.timeline.findLastIndex((e) => e.action === 'receive');
  const received = lastReceipt >= 0;
  return {
    called: order.timeline.findLast((e) => e.action === 'called'),
    received,
    canCall:
      me.permissions.includes('orders.quote') &&
      order.status !== 'cancelled' &&
      received &&
      !order.timeline.slice(lastReceipt).some((e) => e.action === 'called'),
  };
}
