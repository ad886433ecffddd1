// Settling from a statement under concurrency, on PostgreSQL (PGlite runs one query at a time and
// would prove nothing): the same settlement sent twice at once charges each order once; two
// settlements of the same orders under different keys (two tabs) still charge once; the monthly
// job run by two processes at once issues one statement per customer.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { expectLedgerSound, movements, wallet } from '../support/money.ts';
import { statements } from '#server/statements/tables.ts';
import { issueMonth } from '#server/statements/index.ts';
import { createSession } from '#server/accounts/tokens.ts';
import { addMonth, monthBounds } from '#shared/statements/statements.ts';
import { shanghaiMonth } from '#shared/time.ts';

const t = await setupApi();
const o = orderHelpers(t);
const s = t.services;

async function billed(me: Customer) {
  const it = await o.demoItem(1);
  const res = await t.post<{ list: { rid: string; amount_fen: number }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it.rid, parameters: it.parameters }], delivery: { type: 0 } },
    me.h,
  );
  const order = res.body.data.list[0];
  await o.move('order/receive', { rid: order.rid });
  await o.move('order/start', { rid: order.rid });
  await o.release(order.rid);
  await o.move('order/bill', { rid: order.rid });
  return order;
}

type Settled = {
  code: number;
  data: { paid: { rid: string; paid_fen: number; repeated: boolean }[]; failed: unknown[] };
};

describe('settlement at the same moment', () => {
  it('the same request sent twice at once pays each order once', async () => {
    const me = await o.customer('institution');
    const orders = [await billed(me), await billed(me), await billed(me)];
    const total = orders.reduce((n, x) => n + x.amount_fen, 0);
    await o.credit(me.rid, total);
    const body = { rids: orders.map((x) => x.rid), idempotency_key: 'twice-at-once' };
    const answers = await Promise.all(
      Array.from({ length: 2 }, () => t.post('/api/auth/assign/settlementOperatePlus', body, me.h)),
    );
    for (const a of answers) {
      const b = a.body as Settled;
      expect(b.code, JSON.stringify(b)).toBe(1);
      expect(b.data.paid).toHaveLength(3);
      expect(b.data.failed).toEqual([]);
    }
    expect(await movements(s, me.id, 'payment')).toHaveLength(3);
    expect((await wallet(s, me.id)).cash).toBe(0);
    await expectLedgerSound(s);
  });

  it('two tabs settling the same orders under different keys still charge once', async () => {
    const me = await o.customer('institution');
    const orders = [await billed(me), await billed(me)];
    const total = orders.reduce((n, x) => n + x.amount_fen, 0);
    await o.credit(me.rid, total * 2);
    const answers = await Promise.all(
      ['tab-a', 'tab-b', 'tab-c'].map((key) =>
        t.post(
          '/api/auth/assign/settlementOperatePlus',
          { rids: orders.map((x) => x.rid), idempotency_key: key },
          me.h,
        ),
      ),
    );
    const paid = answers.flatMap((a) =>
      (a.body as Settled).code === 1 ? (a.body as Settled).data.paid : [],
    );
    expect(paid.filter((p) => !p.repeated)).toHaveLength(2);
    expect(await movements(s, me.id, 'payment')).toHaveLength(2);
    expect((await wallet(s, me.id)).cash).toBe(total);
    await expectLedgerSound(s);
  });

  it('the monthly job run by several processes at once issues one statement each', async () => {
    const me = await o.customer('institution');
    await billed(me);
    const month = shanghaiMonth(s.now());
    o.a.advance(monthBounds(addMonth(month, 1)).start + 3600_000 - s.now());
    await createSession(s, me.id, { ip: 'unknown', userAgent: '' });
    await Promise.all(Array.from({ length: 4 }, () => issueMonth(s, month)));
    const rows = await s.db.select().from(statements).where(eq(statements.userId, me.id));
    expect(rows).toHaveLength(1);
  });
});
