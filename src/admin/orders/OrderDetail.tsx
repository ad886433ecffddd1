import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { z } from 'zod';
import { consoleApi, type Me, notice, staffAction } from '../session.ts';
import { Badge, button, Field, FormModal, input, PageHeader, when } from '../ui.tsx';
import { fetchStaffFile } from '../files.ts';
import { nextStatus, ORDER_ACTION_TEXT, type OrderAction } from '../../lib/shared/orders/order-status.ts';
import type { StaffOrderDetailSchema } from '../../lib/shared/orders/responses.ts';
import { actorText, eventText, FILE_KIND_TEXT } from '../../lib/shared/orders/order-view.ts';
import type { Permission } from '../../lib/shared/staff/permissions.ts';
import { yuanToFen, fenToYuan, formatFen } from '../../lib/shared/money.ts';
import QuoteBuilder from './QuoteBuilder.tsx';
import { ReceiptDialog, ReceiptList } from './Receipt.tsx';
import { ordersAdminApi } from '../../lib/shared/orders/api.ts';

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
  const [note, setNote] = useState('');
  const [price, setPrice] = useState('');
  const [uploading, setUploading] = useState(false);
  const [remark, setRemark] = useState('');
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
      (s.action !== 'quote' || order.status === 'quoting' || order.quoted_fen !== null),
  );
  const requote = order.status !== 'quoting';
  const canPrice =
    me.permissions.includes('orders.bill') &&
    order.pay_mode === 'before' &&
    order.status === 'delivered' &&
    order.paid_fen > 0;
  const stepText = (s: OrderAction | 'finalPrice') =>
    s === 'finalPrice' ? '设置最终价格' : s === 'quote' && requote ? '重新报价' : ORDER_ACTION_TEXT[s];
  /** Steps with a dialog of their own; the others share the note dialog below. */
  const ownDialog = step === 'quote' || step === 'receive' || step === 'reject';
  const expiredQuote = order.quote?.expired && order.status === 'unpaid';
  const reports = order.files.filter((f) => f.kind === 'report');
  const canUpload =
    me.permissions.includes('orders.process') &&
    ['testing', 'delivered', 'unsettled', 'completed'].includes(order.status);

  async function run(): Promise<string | null> {
    const action = step!;
    const body: Record<string, unknown> = { rid };
    if (action === 'finalPrice') {
      const fen = yuanToFen(price);
      if (fen === null || fen <= 0) return '请输入正确的最终价格';
      return staffAction(ordersAdminApi.finalPrice, { rid, final_fen: fen, note }, '最终价格已设置', load);
    }
    if (action === 'cancel') {
      if (!note.trim()) return '请填写取消原因';
      body.reason = note;
    } else body.note = note;
    // Customers' own steps (pay, finish) never reach the console's step dialog.
    const endpoint = ordersAdminApi[action as Exclude<OrderAction, 'pay' | 'finish'>];
    return staffAction(endpoint, body, `${ORDER_ACTION_TEXT[action]}成功`, load);
  }

  async function upload(file: File) {
    setUploading(true);
    const form = new FormData();
    form.set('rid', rid);
    form.set('file', file);
    const res = await consoleApi.upload(ordersAdminApi.report, form);
    setUploading(false);
    if (res) {
      notice('ok', '报告已上传');
      void load();
    }
  }

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
                onClick={() => {
                  setNote('');
                  setStep(s.action);
                }}
              >
                {stepText(s.action)}
              </button>
            ))}
            {canPrice && (
              <button
                type="button"
                className={button.ghost}
                onClick={() => {
                  setNote('');
                  setPrice(fenToYuan(order.amount_fen));
                  setStep('finalPrice');
                }}
              >
                设置最终价格
              </button>
            )}
          </span>
        }
      />
      <section className="grid gap-3 rounded-lg bg-white p-4 md:grid-cols-4" aria-label="订单概要">
        <Fact label="状态">
          <Badge tone="brand">{order.status_text}</Badge>
        </Fact>
        <Fact label="金额">{formatFen(order.amount_fen)}</Fact>
        <Fact label="已付">{formatFen(order.paid_fen)}</Fact>
        <Fact label="付款方式">{order.pay_mode === 'before' ? '先付款后检测' : '检测后结算'}</Fact>
        <Fact label="送样方式">{order.delivery_type === 1 ? '上门取样' : '自行寄样'}</Fact>
        <Fact label="快递">{order.express ? `${order.express.company} ${order.express.no}` : '—'}</Fact>
        <Fact label="下单时间">{when(order.created)}</Fact>
        <Fact label="备注">{order.remark || '—'}</Fact>
      </section>
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
      {order.quote && (
        <section className="rounded-lg bg-white p-4" aria-labelledby="quote">
          <div className="mb-2 flex flex-wrap items-center gap-2">
            <h2 id="quote" className="text-sm font-semibold">
              报价
            </h2>
            <span className="text-xs text-slate-500">
              有效期至 {order.quote.valid_until} · {when(order.quote.quoted_at)} 报价
            </span>
            {order.quote.expired && <Badge tone="red">已过期</Badge>}
          </div>
          {expiredQuote && (
            <p className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
              报价已过期，客户无法付款；请与客户确认后重新报价。
            </p>
          )}
          {order.quote.lines.length > 0 && (
            <table className="w-full text-sm" aria-label="报价明细">
              <tbody className="divide-y divide-slate-100">
                {order.quote.lines.map((l, i) => (
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
                {order.quote.discount && (
                  <tr>
                    <td className="py-1.5" colSpan={2}>
                      {order.quote.discount.name}
                    </td>
                    <td className="py-1.5 text-right tabular-nums">
                      -{formatFen(order.quote.discount.amount_fen)}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          )}
          <p className="mt-2 text-right text-sm">
            报价合计{' '}
            <strong className="text-base text-hot-600 tabular-nums">
              {formatFen(order.quote.total_fen)}
            </strong>
          </p>
          {order.quote.note && <p className="mt-1 text-sm text-slate-600">说明：{order.quote.note}</p>}
        </section>
      )}
      {(order.receipts.length > 0 || ['awaiting_sample', 'awaiting_pickup'].includes(order.status)) && (
        <section className="rounded-lg bg-white p-4" aria-labelledby="receipts">
          <h2 id="receipts" className="mb-2 text-sm font-semibold">
            收样记录
          </h2>
          <ReceiptList receipts={order.receipts} />
        </section>
      )}
      <section className="rounded-lg bg-white p-4" aria-labelledby="files">
        <div className="mb-2 flex items-center gap-3">
          <h2 id="files" className="text-sm font-semibold">
            文件与报告
          </h2>
          {canUpload && (
            <label className={`${button.ghost} ml-auto cursor-pointer`}>
              {uploading ? '上传中…' : '上传检测报告'}
              <input
                type="file"
                className="sr-only"
                aria-label="上传检测报告"
                onChange={(e) => {
                  const f = e.target.files?.[0];
                  if (f) void upload(f);
                  e.target.value = '';
                }}
              />
            </label>
          )}
        </div>
        {order.files.length === 0 ? (
          <p className="text-sm text-slate-400">暂无文件</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {order.files.map((f) => (
              <li key={f.rid} data-file={f.kind}>
                <Badge>{FILE_KIND_TEXT[f.kind] ?? f.kind}</Badge>{' '}
                <button type="button" className={button.link} onClick={() => void download(f.rid, f.name)}>
                  {f.name}
                </button>
                <span className="text-xs text-slate-400"> {when(f.created)}</span>
              </li>
            ))}
          </ul>
        )}
        {order.status === 'testing' && reports.length === 0 && (
          <p className="mt-2 text-xs text-hot-600">出具数据前请先上传检测报告。</p>
        )}
      </section>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 lg:items-start">
        <section className="rounded-lg bg-white p-4" aria-labelledby="timeline">
          <h2 id="timeline" className="mb-2 text-sm font-semibold">
            订单时间线
          </h2>
          <ol className="grid gap-2 text-sm" aria-label="订单时间线">
            {order.timeline.map((e, i) => (
              <li key={i} className="flex flex-wrap gap-x-3">
                <span className="w-36 shrink-0 text-slate-500">{when(e.at)}</span>
                <span className="font-medium">{eventText(e.action)}</span>
                <span className="text-slate-500">
                  {actorText(e.actor)}
                  {e.by && ` ${e.by}`}
                </span>
                {e.note && <span className="text-slate-600">{e.note}</span>}
              </li>
            ))}
          </ol>
        </section>

        <section className="rounded-lg bg-white p-4" aria-labelledby="remarks">
          <h2 id="remarks" className="mb-2 text-sm font-semibold">
            内部备注 <span className="font-normal text-slate-500">（仅员工可见）</span>
          </h2>
          {order.remarks.length > 0 ? (
            <ol className="mb-3 grid gap-2 text-sm" aria-label="内部备注">
              {order.remarks.map((r, i) => (
                <li key={i} className="rounded-md bg-slate-50 px-3 py-2">
                  <span className="text-xs text-slate-500">
                    {when(r.at)} · {r.author}
                  </span>
                  <p className="mt-0.5 whitespace-pre-wrap text-slate-800">{r.text}</p>
                </li>
              ))}
            </ol>
          ) : (
            <p className="mb-3 text-sm text-slate-400">还没有备注</p>
          )}
          <form
            className="flex flex-col gap-2 sm:flex-row sm:items-start"
            onSubmit={async (e) => {
              e.preventDefault();
              const error = await staffAction(
                ordersAdminApi.remark,
                { rid, text: remark },
                '备注已添加',
                load,
              );
              if (error) notice('error', error);
              else setRemark('');
            }}
          >
            <label htmlFor="remark-text" className="sr-only">
              新备注
            </label>
            <textarea
              id="remark-text"
              className={`${input} min-h-16`}
              maxLength={1000}
              placeholder="如：已电话确认样品需避光保存"
              value={remark}
              onChange={(e) => setRemark(e.target.value)}
            />
            <button type="submit" className={button.ghost} disabled={!remark.trim()}>
              添加备注
            </button>
          </form>
        </section>
      </div>

      {step === 'quote' && <QuoteBuilder order={order} open onClose={() => setStep(null)} onDone={load} />}
      {(step === 'receive' || step === 'reject') && (
        <ReceiptDialog order={order} mode={step} onClose={() => setStep(null)} onDone={load} />
      )}
      <FormModal
        open={step !== null && !ownDialog}
        title={step ? stepText(step) : ''}
        submitText={step ? stepText(step) : '确定'}
        danger={step === 'cancel'}
        onClose={() => setStep(null)}
        onSubmit={run}
      >
        {step === 'finalPrice' && (
          <Field
            label="最终价格（元）"
            hint={`已付 ${formatFen(order.paid_fen)}：高于已付部分由客户补差价，低于已付部分即时退回原支付来源`}
          >
            <input
              className={input}
              name="final"
              inputMode="decimal"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
            />
          </Field>
        )}
        <Field label={step === 'cancel' ? '取消原因（客户可见）' : '说明（可选）'}>
          <input
            className={input}
            name="note"
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </Field>
        {step === 'cancel' && order.paid_fen > 0 && (
          <p className="text-sm text-slate-600">已付 {formatFen(order.paid_fen)} 将原路退回客户账户。</p>
        )}
      </FormModal>
    </div>
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

async function download(rid: string, name: string) {
  const blob = await fetchStaffFile(rid);
  if (!blob) return notice('error', '文件下载失败');
  const url = URL.createObjectURL(blob);
  Object.assign(document.createElement('a'), { href: url, download: name }).click();
  URL.revokeObjectURL(url);
}
