// Itemised quotes (issue 18, decision 0039): lines, a discount, a total that is the order's
// quoted amount, a validity after which the customer cannot accept (pay) it, and a new quote.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { pdfText } from '../support/pdf.ts';
import { notifications } from '../support/jobs.ts';
import { orders } from '#server/orders/tables.ts';
import { users } from '#server/accounts/tables.ts';
import { createSession } from '#server/accounts/tokens.ts';
import { addDays, shanghaiMidnight } from '#shared/slots.ts';
import { shanghaiDate } from '#shared/time.ts';
import { formatFen } from '#shared/money.ts';
import type { OrderDetail, OrderSummary } from '#shared/orders/order.ts';
import {
  DISCOUNT_TOO_BIG,
  QUOTE_EMPTY,
  QUOTE_EXPIRED,
  QUOTE_NOT_POSITIVE,
  QUOTE_TOTAL_MISMATCH,
  REQUOTE_NOT_QUOTED,
  VALID_UNTIL_PAST,
  VALID_UNTIL_TOO_FAR,
} from '#shared/orders/quote.ts';

const t = await setupApi();
const o = orderHelpers(t);

/** An order of the first demo 送样检测 item, self-delivered: enterprise orders start in 待报价. */
async function placed(c: Customer): Promise<string> {
  const it = await o.demoItem(1);
  const res = await t.post<{ list: { rid: string; status: string }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it.rid, parameters: it.parameters }], delivery: { type: 0 } },
    c.h,
  );
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return res.body.data.list[0].rid;
}

const detail = async (c: Customer, rid: string) =>
  (await t.post<OrderDetail>('/api/auth/order/detail', { rid }, c.h)).body.data;

const LINES = [
  { name: 'XRD 物相分析', description: '含 Rietveld 精修', quantity: 3, unit_price_fen: 25_000 },
  { name: '制样费', quantity: 1, unit_price_fen: 30_000 },
];

/** A session for the customer made now (after the test clock moved past their first one). */
async function freshSession(c: Customer): Promise<Customer> {
  const { token } = await createSession(t.services, c.id, { ip: 'unknown', userAgent: '' });
  return { ...c, token, h: o.a.bearer(token) };
}

/** Moves the test clock to one minute past the next Shanghai midnight. */
function toTomorrow() {
  const tomorrow = addDays(shanghaiDate(t.services.now()), 1);
  o.a.advance(shanghaiMidnight(tomorrow)! + 60_000 - t.services.now());
}

describe('order/quote with lines', () => {
  it('prices each line, takes off the discount, and charges the total; the customer sees it all', async () => {
    const me = await o.customer('enterprise');
    const rid = await placed(me);
    const today = shanghaiDate(t.services.now());
    const res = await o.admin<{ status: string }>('order/quote', {
      rid,
      lines: LINES,
      discount_name: '老客户优惠',
      discount_fen: 5_000,
      note: '加急 3 个工作日出数据',
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1, data: { status: 'unpaid' } });

    const d = await detail(me, rid);
    expect(d).toMatchObject({
      amount_fen: 100_000,
      quoted_fen: 100_000,
      quote_valid_until: addDays(today, 30),
    });
    expect(d.quote).toEqual({
      lines: [
        { ...LINES[0], amount_fen: 75_000 },
        { ...LINES[1], description: '', amount_fen: 30_000 },
      ],
      subtotal_fen: 105_000,
      discount: { name: '老客户优惠', amount_fen: 5_000 },
      total_fen: 100_000,
      valid_until: addDays(today, 30),
      expired: false,
      note: '加急 3 个工作日出数据',
      quoted_at: expect.any(String),
      // Not given: the longest line's promise (the demo item's 3-5 个工作日).
      turnaround_days: 5,
      // A sample-preparation item names no instrument: no start estimate (decision 0097).
      start_estimate_days: null,
    });
    expect(d.timeline.at(-1)).toMatchObject({
      action: 'quote',
      note: `报价 1000.00 元，有效期至 ${addDays(today, 30)}。加急 3 个工作日出数据`,
    });
    const list = await t.post<{ list: OrderSummary[] }>('/api/auth/order/list4person', {}, me.h);
    expect(list.body.data.list[0]).toMatchObject({ rid, quote_valid_until: addDays(today, 30) });
    // The customer hears of it with the total.
    const [sms] = await notifications(t.services, { orderId: await orderId(rid), channel: 'sms' });
    expect(sms).toMatchObject({ template: 'quoted', vars: { amount_fen: '100000' } });

    // The agreement's price table is the quote.
    const pdf = await t.api.request(`/api/auth/order/protocol/${rid}`, { headers: me.h });
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).replace(/\s+/g, '');
    for (const part of [
      '报价明细',
      'XRD物相分析（含Rietveld精修）',
      '制样费',
      '老客户优惠',
      `-${formatFen(5_000)}`,
    ])
      expect(text, part).toContain(part);
    expect(text).toContain(`费用合计：${formatFen(100_000)}（乙方报价）`);
    expect(text).toContain('报价有效期至');
  });

  it('keeps the single amount of earlier callers (quoted_fen alone), and checks it against lines', async () => {
    const me = await o.customer('enterprise');
    const rid = await placed(me);
    expect((await o.admin('order/quote', { rid, lines: LINES, quoted_fen: 99_999 })).body).toMatchObject({
      code: 0,
      msg: QUOTE_TOTAL_MISMATCH,
    });
    expect(await o.move('order/quote', { rid, lines: LINES, quoted_fen: 105_000 })).toBe('unpaid');
    const other = await placed(me);
    expect(await o.move('order/quote', { rid: other, quoted_fen: 12_345 })).toBe('unpaid');
    expect((await detail(me, other)).quote).toMatchObject({
      lines: [],
      subtotal_fen: 12_345,
      discount: null,
      total_fen: 12_345,
    });
  });

  it.each([
    [{}, QUOTE_EMPTY],
    [{ lines: [] }, QUOTE_EMPTY],
    [{ lines: [{ name: ' ', quantity: 1, unit_price_fen: 100 }] }, '第1行：[项目名称]不能为空'],
    [{ lines: [LINES[0], { name: '制样费', unit_price_fen: 100 }] }, '第2行：[数量]不能为空'],
    [{ lines: [{ ...LINES[0], quantity: 0 }] }, '第1行：[数量]应为1-9999的整数'],
    [{ lines: [{ ...LINES[0], quantity: 1.5 }] }, '第1行：[数量]应为1-9999的整数'],
    [{ lines: [{ ...LINES[0], unit_price_fen: -1 }] }, '第1行：[单价]应为0或正数（单位：分）'],
    [{ lines: [{ ...LINES[0], unit_price_fen: 'abc' }] }, '第1行：[单价]格式不正确'],
    [{ lines: Array.from({ length: 21 }, () => LINES[1]) }, '[报价明细]最多20行'],
    [{ lines: LINES, discount_fen: 105_001 }, DISCOUNT_TOO_BIG],
    [{ lines: LINES, discount_fen: 105_000 }, QUOTE_NOT_POSITIVE],
    [{ lines: [{ ...LINES[1], unit_price_fen: 0 }] }, QUOTE_NOT_POSITIVE],
    [{ quoted_fen: 100, discount_fen: 10 }, '[优惠金额]只能用于报价明细'],
    [{ lines: LINES, valid_until: '2026-02-30' }, '[有效期]格式不正确'],
    [{ lines: LINES, valid_until: '2020-01-01' }, VALID_UNTIL_PAST],
    [{ lines: LINES, valid_until: '2099-01-01' }, VALID_UNTIL_TOO_FAR],
  ])('refuses %j with %s, writing nothing', async (body, message) => {
    const me = await o.customer('enterprise');
    const rid = await placed(me);
    expect((await o.admin('order/quote', { rid, ...body })).body).toMatchObject({ code: 0, msg: message });
    expect(await detail(me, rid)).toMatchObject({ status: 'quoting', quoted_fen: null, quote: null });
  });
});

describe('the quote’s validity', () => {
  it('lets the customer pay until the last day; after it refuses, until staff quote again', async () => {
    let me = await o.customer('enterprise');
    const rid = await placed(me);
    const today = shanghaiDate(t.services.now());
    expect(await o.move('order/quote', { rid, lines: LINES, valid_until: today })).toBe('unpaid');
    await o.credit(me.rid, 300_000);
    const ready = await t.post<{ payable: boolean; blocked: string | null }>(
      '/api/auth/web/order/ready2pay',
      { rid },
      me.h,
    );
    expect(ready.body.data).toMatchObject({ payable: true, blocked: null });

    toTomorrow();
    me = await freshSession(me);
    const late = await t.post<{ payable: boolean; blocked: string | null }>(
      '/api/auth/web/order/ready2pay',
      { rid },
      me.h,
    );
    expect(late.body.data).toMatchObject({ payable: false, blocked: QUOTE_EXPIRED });
    expect((await detail(me, rid)).quote).toMatchObject({ valid_until: today, expired: true });
    expect((await t.post('/api/auth/web/order/pay', { rid }, me.h)).body).toMatchObject({
      code: 0,
      msg: QUOTE_EXPIRED,
      data: { error: 'REFUSED' },
    });
    // Nor online (the trade is never opened).
    expect(
      (await t.post('/api/auth/payment/create', { purpose: 'order', rid, channel: 'alipay' }, me.h)).body,
    ).toMatchObject({ code: 0, msg: QUOTE_EXPIRED });
    expect((await detail(me, rid)).status).toBe('unpaid');

    // Staff quote again: a new amount and validity, the old one on the timeline.
    expect(
      await o.move('order/quote', { rid, lines: [{ ...LINES[0], quantity: 2 }], note: '客户减少一个样品' }),
    ).toBe('unpaid');
    const d = await detail(me, rid);
    expect(d).toMatchObject({ amount_fen: 50_000, quoted_fen: 50_000 });
    expect(d.quote).toMatchObject({
      expired: false,
      valid_until: addDays(shanghaiDate(t.services.now()), 30),
    });
    expect(d.timeline.at(-1)?.note).toContain('重新报价 500.00 元（原 1050.00 元）');
    const paid = await t.post<{ status: string }>('/api/auth/web/order/pay', { rid }, me.h);
    expect(paid.body, JSON.stringify(paid.body)).toMatchObject({
      code: 1,
      data: { status: 'awaiting_sample' },
    });
    // Once paid, the quote stands: no new one.
    expect((await o.admin('order/quote', { rid, quoted_fen: 1_000 })).body).toMatchObject({
      code: 0,
      msg: '当前订单状态不允许此操作',
    });
  });

  it('lets staff quote a pay-after order again until its samples arrive, never an order never quoted', async () => {
    const me = await o.customer('institution');
    const quoteOnly = await o.demoItem(1, true);
    const res = await t.post<{ list: { rid: string; status: string }[] }>(
      '/api/auth/order/add',
      { items: [{ item_rid: quoteOnly.rid, parameters: quoteOnly.parameters }], delivery: { type: 0 } },
      me.h,
    );
    const rid = res.body.data.list[0].rid;
    expect(await o.move('order/quote', { rid, lines: LINES })).toBe('awaiting_sample');
    expect(await o.move('order/quote', { rid, quoted_fen: 90_000 })).toBe('awaiting_sample');
    expect((await detail(me, rid)).amount_fen).toBe(90_000);
    expect(await o.move('order/receive', { rid })).toBe('received');
    expect((await o.admin('order/quote', { rid, quoted_fen: 80_000 })).body.msg).toBe(
      '当前订单状态不允许此操作',
    );

    // A catalogue-priced order that never needed a quote does not get one on the side.
    const it = await o.demoItem(1);
    const priced = await t.post<{ list: { rid: string; status: string }[] }>(
      '/api/auth/order/add',
      { items: [{ item_rid: it.rid, parameters: it.parameters }], delivery: { type: 0 } },
      me.h,
    );
    expect(priced.body.data.list[0].status).toBe('awaiting_sample');
    expect(
      (await o.admin('order/quote', { rid: priced.body.data.list[0].rid, quoted_fen: 1 })).body,
    ).toMatchObject({
      code: 0,
      msg: REQUOTE_NOT_QUOTED,
    });
  });

  it('is for managers: a technician may not quote', async () => {
    const me = await o.customer('enterprise');
    const rid = await placed(me);
    const tech = await o.a.user();
    expect((await o.admin('staff/save', { phone: tech.phone, role: 'technician' })).body.code).toBe(1);
    const [row] = await t.services.db.select({ id: users.id }).from(users).where(eq(users.phone, tech.phone));
    const { token } = await createSession(t.services, row.id, { ip: 'unknown', userAgent: '' }, 'staff');
    const res = await t.post('/api/admin/order/quote', { rid, lines: LINES }, o.a.bearer(token));
    expect(res.status).toBe(403);
  });
});

async function orderId(rid: string) {
  const [row] = await t.services.db.select({ id: orders.id }).from(orders).where(eq(orders.rid, rid));
  return row.id;
}
