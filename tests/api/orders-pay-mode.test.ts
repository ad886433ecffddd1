import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';

const t = await setupApi();
const o = orderHelpers(t);

type Placed = { list: { rid: string; status: string; amount_fen: number }[] };

// The spec (section 1) grants pay-after-test to institution customers only (decision 0052).
describe('who pays after the test', () => {
  it('makes an individual (user type 1) pay first: 待付款, then sampling once paid', async () => {
    const me = await o.customer('individual');
    const it = await o.demoItem(1);
    const placed = await t.post<Placed>(
      '/api/auth/order/add',
      { items: [{ item_rid: it.rid, parameters: it.parameters }], delivery: { type: 0 } },
      me.h,
    );
    expect(placed.body, JSON.stringify(placed.body)).toMatchObject({ code: 1 });
    const [order] = placed.body.data.list;
    expect(order.status).toBe('unpaid');
    // Staff cannot take the sample in before the payment.
    expect((await o.admin('order/receive', { rid: order.rid })).body).toMatchObject({
      code: 0,
      msg: '当前订单状态不允许此操作',
    });
    await o.credit(me.rid, order.amount_fen);
    const paid = await t.post<{ status: string }>(
      '/api/auth/web/order/pay',
      { rid: order.rid, idempotency_key: `pay-${order.rid}` },
      me.h,
    );
    expect(paid.body, JSON.stringify(paid.body)).toMatchObject({
      code: 1,
      data: { status: 'awaiting_sample' },
    });
  });

  it('still lets a teacher (an institution customer) send the sample first and pay after', async () => {
    const me = await o.customer('institution');
    const it = await o.demoItem(1);
    const placed = await t.post<Placed>(
      '/api/auth/order/add',
      { items: [{ item_rid: it.rid, parameters: it.parameters }], delivery: { type: 0 } },
      me.h,
    );
    expect(placed.body.data.list[0].status).toBe('awaiting_sample');
  });
});
