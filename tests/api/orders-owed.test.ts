// What /member/unpaid and /member/unsettled read: order/list4person by status with `owed_fen`,
// the total still owed by the matching orders awaiting payment, beside ready2pay and pay.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import type { OrderSummary } from '#shared/orders/order.ts';

const t = await setupApi();
const o = orderHelpers(t);

type Placed = { list: { rid: string; status: string; amount_fen: number }[] };
type Listed = { list: OrderSummary[]; total: number; owed_fen: number };

async function place(me: Awaited<ReturnType<typeof o.customer>>, count: number) {
  const it = await o.demoItem(1);
  const res = await t.post<Placed>(
    '/api/auth/order/add',
    { items: [{ item_rid: it.rid, count, parameters: it.parameters }], delivery: { type: 0 } },
    me.h,
  );
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  return res.body.data.list[0];
}

/** Staff take an institution order through the test to 待结算. */
async function bill(rid: string) {
  await o.move('order/receive', { rid });
  await o.move('order/start', { rid });
  await o.release(rid);
  expect(await o.move('order/bill', { rid })).toBe('unsettled');
}

describe('list4person owed_fen', () => {
  it('sums what the 待结算 orders owe, and drops an order once it is paid', async () => {
    const me = await o.customer('institution');
    const first = await place(me, 1);
    const second = await place(me, 2);
    const open = await place(me, 3); // stays 待寄样: not owed yet
    await bill(first.rid);
    await bill(second.rid);

    let res = await t.post<Listed>(
      '/api/auth/order/list4person',
      { status: 'unsettled', page: 1, size: 1 },
      me.h,
    );
    expect(res.body.code).toBe(1);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.list).toHaveLength(1);
    expect(res.body.data.owed_fen).toBe(first.amount_fen + second.amount_fen);

    // The whole list counts only what can be paid now (not the order still awaiting its sample).
    res = await t.post<Listed>('/api/auth/order/list4person', {}, me.h);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.owed_fen).toBe(first.amount_fen + second.amount_fen);
    expect(res.body.data.list.find((l) => l.rid === open.rid)?.status).toBe('awaiting_sample');

    await o.credit(me.rid, first.amount_fen);
    const ready = await t.post<{ amount_fen: number; balance_fen: number; payable: boolean }>(
      '/api/auth/web/order/ready2pay',
      { rid: first.rid },
      me.h,
    );
    expect(ready.body.data).toMatchObject({
      amount_fen: first.amount_fen,
      balance_fen: first.amount_fen,
      payable: true,
    });
    const paid = await t.post('/api/auth/web/order/pay', { rid: first.rid, idempotency_key: 'dlg-1' }, me.h);
    expect(paid.body).toMatchObject({ code: 1, data: { status: 'completed', balance_fen: 0 } });

    res = await t.post<Listed>('/api/auth/order/list4person', { status: 'unsettled' }, me.h);
    expect(res.body.data.list.map((l) => l.rid)).toEqual([second.rid]);
    expect(res.body.data.owed_fen).toBe(second.amount_fen);

    // Not enough for the second: refused, nothing charged.
    const refused = await t.post(
      '/api/auth/web/order/pay',
      { rid: second.rid, idempotency_key: 'dlg-2' },
      me.h,
    );
    expect(refused.body).toMatchObject({ code: 0, msg: '余额不足，请先充值' });
    res = await t.post<Listed>('/api/auth/order/list4person', { status: 'unsettled' }, me.h);
    expect(res.body.data.owed_fen).toBe(second.amount_fen);
  });

  it('is 0 for someone who owes nothing, and another user never sees my total', async () => {
    const me = await o.customer('institution');
    const other = await o.customer('institution');
    const mine = await place(me, 1);
    await bill(mine.rid);
    const res = await t.post<Listed>('/api/auth/order/list4person', { status: 'unsettled' }, other.h);
    expect(res.body.data).toMatchObject({ list: [], total: 0, owed_fen: 0 });
  });
});
