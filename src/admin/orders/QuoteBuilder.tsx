// The quote builder (decision 0039): lines with item, description, quantity and unit price (each
// amount computed), an optional discount, the total, the last day the customer may accept, and a
// note to the customer. Checked with the server's schema before it is sent.
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { consoleApi, staffAction } from '../session.ts';
import { Field, FormModal, input } from '../ui.tsx';
import { fenToYuan, yuanToFen, formatFen } from '../../lib/shared/money.ts';
import { addDays } from '../../lib/shared/slots.ts';
import { shanghaiDate } from '../../lib/shared/time.ts';
import { priceQuote, quoteSchema } from '../../lib/shared/orders/quote.ts';
import { orderPromiseDays, turnaroundText } from '../../lib/shared/calendar/promise.ts';
import type { StaffOrderDetailSchema } from '../../lib/shared/orders/responses.ts';
import { ordersAdminApi } from '../../lib/shared/orders/admin-api.ts';
import QuoteLines, { startingRows, type Row } from './QuoteLines.tsx';
import { worklistAdminApi } from '../../lib/shared/worklist/api.ts';
import { startEstimateNote, type StartEstimates } from '../../lib/shared/worklist/estimate.ts';

type Detail = z.output<typeof StaffOrderDetailSchema>;

/** Typed yuan as fen for the running total; what cannot be read counts as nothing. */
const fenOf = (text: string) => yuanToFen(text) ?? 0;
const quantityOf = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? Number(text) : 0);

export default function QuoteBuilder({
  order,
  open,
  onClose,
  onDone,
}: {
  order: Detail;
  open: boolean;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const today = shanghaiDate(Date.now());
  const [rows, setRows] = useState<Row[]>(() => startingRows(order));
  const [discountName, setDiscountName] = useState(order.quote?.discount?.name ?? '');
  const [discount, setDiscount] = useState(
    order.quote?.discount ? fenToYuan(order.quote.discount.amount_fen) : '',
  );
  const [validUntil, setValidUntil] = useState(() => addDays(today, order.quote_valid_days));
  const [note, setNote] = useState('');
  // The promise the quote makes (decision 0079): the last quote's, else the longest of the lines'.
  const promised = orderPromiseDays(
    order.quote?.turnaround_days,
    order.items.map((l) => l.turnaround_days),
  );
  const [days, setDays] = useState(promised ? String(promised) : '');
  const again = order.status !== 'quoting';
  // 预计 N 个工作日内开始测试 from the instruments' queues now; the quote keeps it when sent (0097).
  const [estimates, setEstimates] = useState<StartEstimates['list'] | null>(null);
  const itemRids = [...new Set(order.items.map((l) => l.item_rid))];
  const itemKey = itemRids.join(',');
  useEffect(() => {
    if (!open || !itemKey) return;
    let current = true;
    void consoleApi
      .call(worklistAdminApi.estimate, { item_rids: itemKey.split(',') }, { silent: true })
      .then((d) => current && d && setEstimates(d.list));
    return () => {
      current = false;
    };
  }, [open, itemKey]);

  const priced = priceQuote(
    rows.map((r) => ({
      name: r.name,
      description: r.description,
      quantity: quantityOf(r.quantity),
      unit_price_fen: fenOf(r.price),
    })),
    fenOf(discount),
  );

  async function submit(): Promise<string | null> {
    // Unreadable yuan are sent as they are, so the schema names the row and the field.
    const price = (text: string) => (text.trim() === '' ? '' : (yuanToFen(text) ?? text));
    const body = {
      rid: order.rid,
      lines: rows.map((r) => ({
        name: r.name,
        description: r.description,
        quantity: r.quantity,
        unit_price_fen: price(r.price),
      })),
      discount_name: discount.trim() ? discountName : '',
      discount_fen: discount.trim() ? price(discount) : undefined,
      valid_until: validUntil,
      note,
      turnaround_days: days.trim(),
    };
    const checked = quoteSchema.safeParse(body);
    if (!checked.success) return checked.error.issues[0]?.message ?? '报价内容有误';
    return staffAction(ordersAdminApi.quote, body, again ? '已重新报价' : '报价成功', onDone);
  }

  return (
    <FormModal
      open={open}
      wide
      title={again ? '重新报价' : '报价'}
      submitText={again ? '重新报价' : '提交报价'}
      onClose={onClose}
      onSubmit={submit}
    >
      <QuoteLines rows={rows} setRows={setRows} amounts={priced.lines.map((l) => l.amount_fen)} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="优惠说明（可选）">
          <input
            className={input}
            maxLength={50}
            placeholder="如：老客户优惠"
            value={discountName}
            onChange={(e) => setDiscountName(e.target.value)}
          />
        </Field>
        <Field label="优惠金额（元）">
          <input
            className={input}
            inputMode="decimal"
            value={discount}
            onChange={(e) => setDiscount(e.target.value)}
          />
        </Field>
      </div>
      <dl
        className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm"
        aria-label="报价合计"
      >
        <dt className="text-slate-500">明细合计</dt>
        <dd className="text-right tabular-nums">{formatFen(priced.subtotal_fen)}</dd>
        {fenOf(discount) > 0 && (
          <>
            <dt className="text-slate-500">{discountName.trim() || '优惠'}</dt>
            <dd className="text-right tabular-nums">-{formatFen(fenOf(discount))}</dd>
          </>
        )}
        <dt className="font-medium">报价合计</dt>
        <dd className="text-right text-base font-semibold text-hot-600 tabular-nums" data-quote-total>
          {formatFen(priced.total_fen)}
        </dd>
      </dl>
      <p className="text-xs text-slate-500">
        项目参考价合计 {formatFen(order.items.reduce((n, l) => n + l.line_fen, 0))}
        {again && order.quote && `；当前报价 ${formatFen(order.quote.total_fen)}`}
      </p>
      <Field label="有效期至" hint={`默认 ${order.quote_valid_days} 天；过期后客户不能付款，需重新报价`}>
        <input
          className={input}
          type="date"
          min={today}
          value={validUntil}
          onChange={(e) => setValidUntil(e.target.value)}
        />
      </Field>
      <Field
        label="承诺周期（工作日）"
        hint={
          days.trim()
            ? `报价单显示：${turnaroundText(Number(days))}（收样时按工作日历确定交付日期）；加急时改为加急工作日，并在明细中加一行加急费`
            : '留空：不承诺周期'
        }
      >
        <input
          className={input}
          name="turnaround_days"
          inputMode="numeric"
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
      </Field>
      {estimates && (
        <section className="rounded-md bg-emerald-50 px-3 py-2 text-sm" aria-label="预计开始测试">
          <h3 className="font-medium text-emerald-800">预计开始测试（报价单将显示最长的一项）</h3>
          <ul className="mt-1 grid gap-0.5">
            {estimates.map(({ item_rid, estimate }) => (
              <li key={item_rid} className="text-slate-700">
                {order.items.find((l) => l.item_rid === item_rid)?.name}：
                {estimate ? (
                  <>
                    <span className="font-medium">{estimate.text}</span>
                    <span className="text-xs text-slate-500">
                      （{estimate.device_name}，每周 {estimate.weekly_capacity} 个；
                      {startEstimateNote(estimate)}）
                    </span>
                  </>
                ) : (
                  <span className="text-slate-500">仪器未设定产能，不作估计</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <Field label="给客户的说明（可选）">
        <textarea
          className={`${input} min-h-16 py-1.5`}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </Field>
    </FormModal>
  );
}
