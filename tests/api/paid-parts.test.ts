// Issue 28, item 25: every document about an order says what it cost, what coupons and 赠送金 paid
// and what the customer paid in cash or credit, summing to the fen — the statement (page and PDF)
// and the invoice's service list (检测服务清单), whose quantity column holds the count, not the unit.
import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { expectLedgerSound, wallet } from '../support/money.ts';
import { pdfText } from '../support/pdf.ts';
import { shanghaiMonth } from '#shared/time.ts';
import { fenToYuan } from '#shared/money.ts';
import type { z } from 'zod';
import type { StatementPageSchema } from '#shared/statements/responses.ts';

type Page = z.output<typeof StatementPageSchema>;

const t = await setupApi();
const o = orderHelpers(t);

/** A ¥50 coupon claimed by the customer. */
async function coupon(c: Customer) {
  const template = await o.admin<{ rid: string }>('coupon/template/add', {
    name: '对账测试券',
    scope: 'all',
    kind: 'amount',
    value_fen: 5_000,
    threshold_fen: 10_000,
    validity: 'days',
    valid_days: 30,
    per_user_limit: 1,
    claimable: true,
  });
  const claimed = await t.post<{ rid: string }>(
    '/api/auth/discount4user/add',
    { template_rid: template.body.data.rid },
    c.h,
  );
  expect(claimed.body.code).toBe(1);
  return claimed.body.data.rid;
}

/** An order billed after testing, paid with a ¥50 coupon, then the customer's 赠送金, then cash. */
async function paidWithDiscounts() {
  const c = await o.customer('institution');
  await o.topUp(c, 100_000);
  const { bonus } = await wallet(t.services, c.id);
  expect(bonus).toBeGreaterThan(0);
  const order = await o.billedOrder(c);
  await o.credit(c.rid, order.amount_fen);
  const paid = await t.post(
    '/api/auth/web/order/pay',
    { rid: order.rid, coupon_rid: await coupon(c), idempotency_key: 'pay-discounts' },
    c.h,
  );
  expect(paid.body, paid.body.msg).toMatchObject({ code: 1 });
  const cash = order.amount_fen - 5_000 - bonus;
  expect(cash).toBeGreaterThan(0);
  return { c, order, bonus, cash };
}

describe('discounts on documents', () => {
  it('a statement line and its figures say amount = coupon + 赠送金 + paid, and the PDF prints each', async () => {
    const { c, order, bonus, cash } = await paidWithDiscounts();
    const month = shanghaiMonth(t.services.now());
    const st = (await o.admin<{ rid: string }>('statement/issue', { phone: c.phone, month })).body.data;
    const page = (await t.post<Page>('/api/auth/assign/statement', { rid: st.rid }, c.h)).body.data;
    const line = page.detail!.lines.find((l) => l.kind === 'order')!;
    expect(line).toMatchObject({
      order_no: order.order_no,
      amount_fen: order.amount_fen,
      coupon_fen: 5_000,
      bonus_fen: bonus,
      paid_fen: cash,
      owed_fen: 0,
    });
    expect(line.coupon_fen + line.bonus_fen + line.paid_fen + line.owed_fen).toBe(line.amount_fen);
    // The month billed the order and paid it in full: coupon besides paid_fen, 赠送金 within it.
    expect(page.detail!.figures).toMatchObject({
      billed_fen: order.amount_fen,
      paid_fen: order.amount_fen - 5_000,
      coupon_fen: 5_000,
      bonus_fen: bonus,
    });

    const res = await t.api.request(`/api/auth/assign/statement/pdf/${st.rid}`, { headers: c.h });
    const text = (await pdfText(new Uint8Array(await res.arrayBuffer()))).replace(/\s+/g, '');
    expect(text).toContain('金额优惠券赠送金实付未付');
    // The order's row: amount, coupon, 赠送金, cash paid, nothing owed.
    const y = fenToYuan;
    expect(text).toContain(`${y(order.amount_fen)}${y(5_000)}${y(bonus)}${y(cash)}0.00`);
    expect(text).toContain(
      `本期支付订单${y(order.amount_fen)}元，其中优惠券抵扣50.00元、赠送金抵扣${y(bonus)}元、现金及信用支付${y(cash)}元`,
    );
    await expectLedgerSound(t.services);
  });

  it('the service list prints unit price, count, and the order amount less coupon and 赠送金 = invoiced', async () => {
    const { c, order, bonus, cash } = await paidWithDiscounts();
    const title = await t.post<{ rid: string }>(
      '/api/auth/invoice/add',
      { kind: 2, name: '张三', tax_no: '' },
      c.h,
    );
    const app = await t.post<{ rid: string; amount_fen: number }>(
      '/api/auth/invoiceApply/add',
      { type: 6, title_rid: title.body.data.rid, order_rids: [order.rid] },
      c.h,
    );
    expect(app.body, app.body.msg).toMatchObject({ code: 1, data: { amount_fen: cash } });
    await o.admin('invoice/approve', { rid: app.body.data.rid });
    const res = await t.api.request(`/api/auth/invoiceApply/zip/${app.body.data.rid}`, { headers: c.h });
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const list = (await pdfText(zip['检测服务清单.pdf'])).replace(/\s+/g, '');
    const y = fenToYuan;
    expect(list).toContain('检测项目单价数量金额（元）');
    // The quantity column holds the count alone; the unit goes with the unit price.
    const item = await o.demoItem(1);
    expect(list).toContain(`${item.name}${y(item.price)}元/样1${y(order.amount_fen)}`);
    expect(list).not.toContain(`${item.name}1元/样`);
    expect(list).toContain('订单号订单金额优惠券抵扣赠送金抵扣实付（开票金额）');
    expect(list).toContain(`${order.order_no}${y(order.amount_fen)}${y(5_000)}${y(bonus)}${y(cash)}`);
    expect(list).toContain(`合计${y(order.amount_fen)}${y(5_000)}${y(bonus)}${y(cash)}`);

    // The receipt says the same.
    const receipt = Object.keys(zip).find((n) => n.startsWith('收据-'))!;
    const text = (await pdfText(zip[receipt])).replace(/\s+/g, '');
    expect(text).toContain(
      `订单金额${y(order.amount_fen)}元，优惠券抵扣50.00元，赠送金抵扣${y(bonus)}元，实付${y(cash)}元`,
    );
  });
});
