// Invoice applications at the same moment, on PostgreSQL (PGlite runs one query at a time): two
// applications for the same orders sent at once, and many over one customer's invoiceable amount,
// never invoice an order twice or more than was paid.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';

const t = await setupApi();
const o = orderHelpers(t);

describe('invoice applications at once', () => {
  it('two applications for the same orders: one succeeds', async () => {
    const c = await o.customer('enterprise');
    await o.credit(c.rid, 100_000);
    const orders = await Promise.all([o.quotedOrder(c, 20_000), o.quotedOrder(c, 30_000)]);
    for (const rid of orders)
      expect((await t.post('/api/auth/web/order/pay', { rid }, c.h)).body.code).toBe(1);
    const title = await t.post<{ rid: string }>('/api/auth/invoice/add', { kind: 2, name: '张三' }, c.h);
    const results = await Promise.all(
      [1, 5, 6, 1].map((type) =>
        t.post(
          '/api/auth/invoiceApply/add',
          { type, title_rid: title.body.data.rid, order_rids: orders },
          c.h,
        ),
      ),
    );
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(1);
    const history = await t.post<{ invoiced_fen: number }>('/api/auth/asset/invoiceHistory', {}, c.h);
    expect(history.body.data.invoiced_fen).toBe(50_000);
  });
});
