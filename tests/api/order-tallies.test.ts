// The order lists' totals come from derived.order_tallies, which a trigger on orders keeps
// (decision 0066): after placing, quoting, paying, billing and cancelling, the tallies equal a
// count of the orders, and a list answers the same total whether it sums tallies or counts rows.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { rowsOf } from '#server/platform/db/client.ts';

const t = await setupApi();
const o = orderHelpers(t);

type Placed = { list: { rid: string; status: string; amount_fen: number }[] };
type Listed = { list: unknown[]; total: number; owed_fen: number };

async function place(me: Customer, count = 1) {
  const it = await o.demoItem(1);
  const res = await t.post<Placed>(
    '/api/auth/order/add',
    { items: [{ item_rid: it.rid, count, parameters: it.parameters }], delivery: { type: 0 } },
    me.h,
  );
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  return res.body.data.list[0];
}

/** Tallies beside a count of the orders, per customer and status (empty tallies left out). */
async function tallyAndCount() {
  const read = async (text: string) =>
    rowsOf<Record<string, unknown>>(await t.services.db.execute(sql.raw(text)))
      .map((r) => `${r.user_id}/${r.status}: ${r.orders} owe ${r.owed_fen}`)
      .sort();
  return {
    tallied: await read(
      `select user_id, status, orders, owed_fen::int from derived.order_tallies where orders <> 0`,
    ),
    counted: await read(
      `select user_id, status, count(*)::int as orders, sum(greatest(amount_fen - paid_fen, 0))::int as owed_fen
         from orders group by user_id, status`,
    ),
  };
}

describe('order tallies', () => {
  it('follow every move of an order, and give the totals a count would', async () => {
    const institution = await o.customer('institution');
    const enterprise = await o.customer('enterprise');
    const a = await place(institution, 1);
    const b = await place(institution, 2);
    await place(institution, 3);
    const cancelled = await place(institution, 1);
    const quoted = await place(enterprise, 1);
    const paid = await place(enterprise, 2);

    expect((await t.post('/api/auth/order/cancel', { rid: cancelled.rid }, institution.h)).body.code).toBe(1);
    await o.move('order/quote', { rid: quoted.rid, quoted_fen: 12_345 });
    await o.move('order/quote', { rid: paid.rid, quoted_fen: 500 });
    await o.credit(enterprise.rid, 500);
    const pay = await t.post(
      '/api/auth/web/order/pay',
      { rid: paid.rid, idempotency_key: 'tally-1' },
      enterprise.h,
    );
    expect(pay.body, JSON.stringify(pay.body)).toMatchObject({ code: 1 });
    for (const rid of [a.rid, b.rid]) {
      await o.move('order/receive', { rid });
      await o.move('order/start', { rid });
      await o.release(rid);
      expect(await o.move('order/bill', { rid })).toBe('unsettled');
    }

    const { tallied, counted } = await tallyAndCount();
    expect(tallied).toEqual(counted);

    // Summed from the tallies (no filter but status) and counted (a keyword looks inside orders).
    const list = (body: Record<string, unknown>) =>
      t.post<Listed>('/api/auth/order/list4person', { page: 1, size: 1, ...body }, institution.h);
    const byTally = (await list({})).body.data;
    const byCount = (await list({ keyword: (await o.demoItem(1)).name })).body.data;
    expect(byTally).toMatchObject({ total: 4, owed_fen: a.amount_fen + b.amount_fen });
    expect(byCount.total).toBe(byTally.total);
    const unsettled = (await list({ statuses: ['unpaid', 'unsettled'] })).body.data;
    expect(unsettled).toMatchObject({ total: 2, owed_fen: a.amount_fen + b.amount_fen });
    const staff = await o.admin<Listed>('order/list', { page: 1, size: 1, status: 'quoting' });
    expect(staff.body.data.total).toBe(0);
    const awaiting = await o.admin<Listed>('order/list', { page: 1, size: 1, status: 'unpaid' });
    expect(awaiting.body.data).toMatchObject({ total: 1, owed_fen: 12_345 });

    // The dashboard's orders per status are the tallies' sums: what a count gives.
    const perStatus = rowsOf<{ status: string; n: number }>(
      await t.services.db.execute(sql`select status, count(*)::int as n from orders group by status`),
    );
    const board = (await o.admin<{ orders: Record<string, number> }>('dashboard', {})).body.data.orders;
    for (const { status, n } of perStatus) expect([status, board[status]]).toEqual([status, n]);
    expect(Object.values(board).reduce((a, n) => a + n, 0)).toBe(perStatus.reduce((a, r) => a + r.n, 0));
  });
});
