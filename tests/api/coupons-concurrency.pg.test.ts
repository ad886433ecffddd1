// Coupons under concurrency, on PostgreSQL (PGlite runs one query at a time and would prove
// nothing): one coupon sent with payments of two orders at once pays one of them; a campaign
// budget is never exceeded by customers claiming at the same moment.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { expectLedgerSound, wallet } from '../support/money.ts';
import { coupons, couponTemplates } from '#server/coupons/tables.ts';

const t = await setupApi();
const o = orderHelpers(t);

async function template(overrides: Record<string, unknown>) {
  const res = await o.admin<{ rid: string }>('coupon/template/add', {
    name: '并发券',
    scope: 'all',
    kind: 'amount',
    value_fen: 1000,
    threshold_fen: 0,
    validity: 'days',
    valid_days: 30,
    claimable: true,
    ...overrides,
  });
  expect(res.body.code).toBe(1);
  return res.body.data.rid;
}

describe('coupons at the same moment', () => {
  it('one coupon with two payments at once pays exactly one order', async () => {
    const c = await o.customer('enterprise');
    const tpl = await template({ per_user_limit: 1 });
    const coupon = await t.post<{ rid: string }>('/api/auth/discount4user/add', { template_rid: tpl }, c.h);
    await o.credit(c.rid, 100_000);
    const orders = await Promise.all([o.quotedOrder(c, 20_000), o.quotedOrder(c, 20_000)]);
    const results = await Promise.all(
      orders.map((rid) =>
        t.post(
          '/api/auth/web/order/pay',
          { rid, coupon_rid: coupon.body.data.rid, idempotency_key: `k${rid}` },
          c.h,
        ),
      ),
    );
    expect(results.map((r) => r.body.code).sort()).toEqual([0, 1]);
    expect(results.find((r) => r.body.code === 0)!.body.msg).toBe('优惠券已使用');
    // One order was paid 190.00 with the coupon; the other was refused and took nothing.
    expect(await wallet(t.services, c.id)).toMatchObject({ cash: 81_000 });
    const used = await t.services.db.select().from(coupons).where(eq(coupons.rid, coupon.body.data.rid));
    expect(used[0]).toMatchObject({ state: 'used', discountFen: 1000 });
    await expectLedgerSound(t.services);
  });

  it('never gives more coupons than the campaign budget, however many claim at once', async () => {
    const tpl = await template({ budget_count: 5, per_user_limit: 1 });
    const customers = await Promise.all(Array.from({ length: 12 }, () => o.customer()));
    const results = await Promise.all(
      customers.map((c) => t.post('/api/auth/discount4user/add', { template_rid: tpl }, c.h)),
    );
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(5);
    expect(new Set(results.filter((r) => r.body.code === 0).map((r) => r.body.msg))).toEqual(
      new Set(['优惠券已领完']),
    );
    const [row] = await t.services.db.select().from(couponTemplates).where(eq(couponTemplates.rid, tpl));
    expect(row.issuedCount).toBe(5);
    const held = await t.services.db.select().from(coupons).where(eq(coupons.templateId, row.id));
    expect(held).toHaveLength(5);
  });

  it('one customer claiming the same coupon many times at once gets only the limit', async () => {
    const tpl = await template({ per_user_limit: 2 });
    const c = await o.customer();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.post('/api/auth/discount4user/add', { template_rid: tpl }, c.h)),
    );
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(2);
  });
});
