// Revenue report (issue 35, decision 0092): over a fixture range with payments (cash, 赠送金 and a
// coupon), a credit payment, points exchanged for 赠送金, 补差价, 退差价 and a cancellation's
// refund — made through the real pay, price and cancel paths — every figure of every grouping
// equals the ledger's order movements to the fen, and a movement outside the range is not counted.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { expectLedgerSound, wallet } from '../support/money.ts';
import { moneyAccounts, moneyPostings, moneyTransfers } from '#server/money/tables.ts';
import { users } from '#server/accounts/tables.ts';
import { shanghaiDate } from '#shared/time.ts';
import { addDays, shanghaiMidnight } from '#shared/slots.ts';
import {
  REVENUE_FIGURES,
  REVENUE_GROUPINGS,
  type Revenue,
  type RevenueGrouping,
} from '#shared/analytics/revenue.ts';

const t = await setupApi();
const o = orderHelpers(t);
const DAY = 86_400_000;

let from = '';
let to = '';
let promoter: Customer;
/** The items of the two-line order, with their prices. */
let twoLines: { rid: string; fen: number }[] = [];
const known = {
  coupon: 5_000,
  pricePaid: 6_000,
  priceRefunded: 5_000,
  refunded: 0,
  credit: 40_000,
  bonus: 0,
};

/** A ¥50 coupon claimed by the customer. */
async function coupon(c: Customer) {
  const template = await o.admin<{ rid: string }>('coupon/template/add', {
    name: '营收测试券',
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

const pay = async (c: Customer, body: Record<string, unknown>) => {
  const res = await t.post('/api/auth/web/order/pay', body, c.h);
  expect(res.body, res.body.msg).toMatchObject({ code: 1 });
};

/** A prepaid order quoted at `fen`, paid from the balance, tested and delivered. */
async function delivered(c: Customer, fen: number) {
  const rid = await o.quotedOrder(c, fen);
  await pay(c, { rid });
  await o.move('order/receive', { rid });
  await o.move('order/start', { rid });
  await o.release(rid);
  return rid;
}

beforeAll(async () => {
  // Before the range: a paid order the report must leave out.
  const early = await o.customer('enterprise');
  await o.credit(early.rid, 20_000);
  await pay(early, { rid: await o.quotedOrder(early, 20_000) });
  o.a.advance(2 * DAY);
  from = shanghaiDate(t.services.now());

  // An institution's customer, invited by a promoter: a billed order paid by coupon, 赠送金 and cash.
  promoter = await o.customer('institution');
  const a = await o.customer('institution');
  await t.services.db.update(users).set({ inviterId: promoter.id }).where(eq(users.id, a.id));
  await o.topUp(a, 100_000);
  known.bonus = (await wallet(t.services, a.id)).bonus;
  // Points exchanged for ¥20 of 赠送金, spent on the same order.
  await o.admin('points/adjust', {
    user_rid: a.rid,
    points: 2_000,
    reason: '活动奖励',
    idempotency_key: 'pa',
  });
  const items = (
    await t.post<{ list: { rid: string; name: string }[] }>('/api/auth/integration/list4exchange', {}, a.h)
  ).body.data.list;
  const fee = items.find((i) => i.name === '测试费 20 元')!;
  const ex = await t.post(
    '/api/auth/integration/applyExchange',
    { item_rid: fee.rid, idempotency_key: 'ex' },
    a.h,
  );
  expect(ex.body, ex.body.msg).toMatchObject({ code: 1 });
  known.bonus += 2_000;
  const billed = await o.billedOrder(a);
  await o.credit(a.rid, billed.amount_fen);
  await pay(a, { rid: billed.rid, coupon_rid: await coupon(a), idempotency_key: 'pay-a' });

  // An enterprise: 补差价 on one order, 退差价 on another, a third paid then cancelled.
  const b = await o.customer('enterprise');
  await o.credit(b.rid, 200_000);
  const up = await delivered(b, 30_000);
  expect((await o.admin('order/finalPrice', { rid: up, final_fen: 36_000 })).body.code).toBe(1);
  await pay(b, { rid: up, idempotency_key: 'diff-b' });
  const down = await delivered(b, 30_000);
  expect((await o.admin('order/finalPrice', { rid: down, final_fen: 25_000 })).body.code).toBe(1);
  const gone = await o.quotedOrder(b, 12_345);
  await pay(b, { rid: gone });
  expect((await o.admin('order/cancel', { rid: gone, reason: '客户撤回' })).body.code).toBe(1);
  known.refunded = 12_345;

  // A credit line's payment.
  const c = await o.customer('enterprise');
  await t.post(
    '/api/auth/creditApply/operate',
    { action: 'apply', amount_fen: 100_000, reason: '课题经费' },
    c.h,
  );
  const apps = await o.admin<{ list: { rid: string; customer: { rid: string } }[] }>('credit/list', {
    status: 'reviewing',
  });
  const app = apps.body.data.list.find((x) => x.customer.rid === c.rid)!.rid;
  expect((await o.admin('credit/approve', { rid: app, limit_fen: 100_000, due_days: 60 })).body.code).toBe(1);
  await pay(c, { rid: await o.quotedOrder(c, known.credit), method: 'credit' });

  // An order of two lines (items no other order has), paid in full: split by line amount.
  const e = await o.customer('enterprise');
  const lines = [await o.demoItem(1, false, 1), await o.demoItem(1, false, 2)];
  const placed = await t.post<{ list: { rid: string }[] }>(
    '/api/auth/order/add',
    { items: lines.map((i) => ({ item_rid: i.rid, parameters: i.parameters })), delivery: { type: 0 } },
    e.h,
  );
  expect(placed.body.data.list).toHaveLength(1);
  const both = placed.body.data.list[0].rid;
  const quoted = lines[0].price + lines[1].price;
  await o.move('order/quote', { rid: both, quoted_fen: quoted });
  await o.credit(e.rid, quoted);
  await pay(e, { rid: both });
  twoLines = lines.map((i) => ({ rid: i.rid, fen: i.price }));

  // A research group's payment: a student's order paid from the group's wallet.
  const pi = await o.customer('enterprise');
  const cluster = <T>(c: Customer, path: string, body: unknown) =>
    t.post<T>(`/api/auth/cluster/${path}`, body, c.h);
  const group = (
    await cluster<{ rid: string }>(pi, 'add', {
      name: '营收课题组',
      institution: '某大学',
      pi_name: '周教授',
    })
  ).body.data.rid;
  await o.credit(pi.rid, 30_000);
  expect(
    (await cluster(pi, 'deposit', { rid: group, amount_fen: 30_000, idempotency_key: 'gd' })).body.code,
  ).toBe(1);
  const code = (await cluster<{ join_code: string }>(pi, 'detail', { rid: group })).body.data.join_code;
  const student = await o.customer('enterprise');
  expect((await cluster(student, 'apply', { code })).body.code).toBe(1);
  await cluster(pi, 'limit', {
    rid: group,
    user_rid: student.rid,
    per_order_limit_fen: null,
    monthly_limit_fen: null,
  });
  const paidByGroup = await o.quotedOrder(student, 30_000);
  expect(
    (await cluster<{ status: string }>(student, 'pay', { rid: group, order_rid: paidByGroup })).body.data
      .status,
  ).toBe('paid');
  to = shanghaiDate(t.services.now());
  await expectLedgerSound(t.services);
}, 120_000);

const report = async (group: RevenueGrouping, range = { from, to }) => {
  const res = await o.admin<Revenue>('analytics/revenue', { ...range, group });
  expect(res.body, res.body.msg).toMatchObject({ code: 1 });
  return res.body.data;
};

/** The ledger's own sums over the range's order movements, straight from the postings. */
async function ledger() {
  const start = new Date(shanghaiMidnight(from)!);
  const end = new Date(shanghaiMidnight(addDays(to, 1))!);
  const part = (filter: ReturnType<typeof sql>) =>
    sql<string>`coalesce(sum(${moneyPostings.amountFen}) filter (where ${filter}), 0)`.mapWith(Number);
  const customer = sql`${moneyAccounts.ownerKind} <> 'system'`;
  const revenue = sql`${moneyAccounts.systemCode} = 'revenue'`;
  const [r] = await t.services.db
    .select({
      payment: part(sql`${revenue} and ${moneyTransfers.kind} = 'payment'`),
      pricePayment: part(sql`${revenue} and ${moneyTransfers.kind} = 'price_payment'`),
      priceRefund: part(sql`${revenue} and ${moneyTransfers.kind} = 'price_refund'`),
      refund: part(sql`${revenue} and ${moneyTransfers.kind} = 'refund'`),
      revenue: part(revenue),
      cash: part(sql`${customer} and ${moneyPostings.sub} = 'cash'`),
      bonus: part(sql`${customer} and ${moneyPostings.sub} = 'bonus'`),
      credit: part(sql`${customer} and ${moneyPostings.sub} = 'credit'`),
      coupon: part(sql`${moneyAccounts.systemCode} = 'coupon_expense'`),
      orders: sql<number>`count(distinct ${moneyTransfers.orderId})::int`,
    })
    .from(moneyPostings)
    .innerJoin(moneyTransfers, eq(moneyTransfers.id, moneyPostings.transferId))
    .innerJoin(moneyAccounts, eq(moneyAccounts.id, moneyPostings.accountId))
    .where(
      and(
        inArray(moneyTransfers.kind, ['payment', 'price_payment', 'price_refund', 'refund']),
        gte(moneyTransfers.at, start),
        lt(moneyTransfers.at, end),
      ),
    );
  return r;
}

describe('revenue report', () => {
  it('totals equal the ledger to the fen, and the hand-known parts', async () => {
    const l = await ledger();
    const { total, points_bonus_fen } = await report('month');
    expect(total).toEqual({
      key: '*',
      label: '合计',
      orders: l.orders,
      paid_fen: l.payment,
      price_paid_fen: l.pricePayment,
      price_refunded_fen: -l.priceRefund,
      refunded_fen: -l.refund,
      net_fen: l.revenue,
      cash_fen: -l.cash,
      bonus_fen: -l.bonus,
      coupon_fen: -l.coupon,
      credit_fen: -l.credit,
    });
    // What the fixture made, by hand: seven orders (the early one is outside the range).
    expect(total.orders).toBe(7);
    expect(total).toMatchObject({
      coupon_fen: known.coupon,
      price_paid_fen: known.pricePaid,
      price_refunded_fen: known.priceRefunded,
      refunded_fen: known.refunded,
      credit_fen: known.credit,
      bonus_fen: known.bonus,
    });
    expect(total.paid_fen + total.price_paid_fen - total.price_refunded_fen - total.refunded_fen).toBe(
      total.net_fen,
    );
    expect(total.cash_fen + total.bonus_fen + total.coupon_fen + total.credit_fen).toBe(total.net_fen);
    expect(points_bonus_fen).toBe(2_000);
  });

  it('every grouping splits the same total to the fen', async () => {
    const { total } = await report('month');
    for (const group of REVENUE_GROUPINGS) {
      const r = await report(group);
      expect(r.total).toEqual(total);
      for (const f of REVENUE_FIGURES)
        expect(
          r.rows.reduce((n, row) => n + row[f], 0),
          `${group} ${f}`,
        ).toBe(total[f]);
    }
  });

  it('groups by customer type, promoter and organisation as recorded', async () => {
    const kinds = await report('customer_kind');
    expect(kinds.rows.map((r) => [r.label, r.orders]).sort()).toEqual([
      ['企业', 6],
      ['高校及科研院所', 1],
    ]);
    const promoters = await report('promoter');
    const mine = promoters.rows.find((r) => r.key === String(promoter.id))!;
    expect(mine).toMatchObject({ orders: 1, coupon_fen: 5_000, bonus_fen: known.bonus });
  });

  it("counts a research group's payment in the group's row, every other under 个人支付", async () => {
    const groups = await report('group');
    expect(groups.rows.map((r) => [r.label, r.orders])).toEqual([
      ['个人支付', 6],
      ['营收课题组', 1],
    ]);
    expect(groups.rows[1]).toMatchObject({ paid_fen: 30_000, net_fen: 30_000, cash_fen: 30_000 });
  });

  it('splits an order of two lines over its items by line amount, counting it in each', async () => {
    const items = await report('item');
    for (const line of twoLines)
      expect(items.rows.find((r) => r.key === line.rid)).toMatchObject({
        orders: 1,
        paid_fen: line.fen,
        net_fen: line.fen,
        cash_fen: line.fen,
      });
    const instruments = await report('instrument');
    expect(instruments.rows.reduce((n, r) => n + r.orders, 0)).toBeGreaterThanOrEqual(7);
  });

  it('leaves out movements outside the range and refuses bad input in Chinese', async () => {
    const before = await report('month', { from: addDays(from, -3), to: addDays(from, -1) });
    expect(before.total.orders).toBe(1);
    expect(before.total.net_fen).toBe(20_000);
    const bad = await o.admin('analytics/revenue', { from: to, to: addDays(from, -1), group: 'month' });
    expect(bad.body.code).toBe(0);
    const wrong = await o.admin('analytics/revenue', { from, to, group: 'nope' });
    expect(wrong.body).toMatchObject({ code: 0, msg: '[分组]不正确' });
  });
});
