// Scan to receive under concurrency, on PostgreSQL (PGlite runs one query at a time and would
// prove nothing): two staff scanning the same sample at once record ONE receipt; the other scan
// is told it was received already. The check runs under the sample's row lock (decision 0072).
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { users } from '#server/accounts/tables.ts';
import { createSession } from '#server/accounts/tokens.ts';
import { sampleEvents, samples } from '#server/samples/tables.ts';
import { orders } from '#server/orders/tables.ts';

const t = await setupApi();
const o = orderHelpers(t);

async function orderOf(count: number) {
  const me = await o.customer();
  const it = await o.demoItem(1);
  const placed = await t.post<{ list: { order_no: string }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it.rid, parameters: it.parameters, count }], delivery: { type: 0 } },
    me.h,
  );
  const no = placed.body.data.list[0].order_no;
  return Array.from({ length: count }, (_, i) => `${no}-${String(i + 1).padStart(2, '0')}`);
}

async function technician() {
  const u = await o.a.user();
  expect((await o.admin('staff/save', { phone: u.phone, role: 'technician' })).body.code).toBe(1);
  const [row] = await t.services.db.select({ id: users.id }).from(users).where(eq(users.phone, u.phone));
  const { token } = await createSession(t.services, row.id, { ip: 'unknown', userAgent: '' }, 'staff');
  return o.a.bearer(token);
}

const orderRid = async (id: number) =>
  (await t.services.db.select({ rid: orders.rid }).from(orders).where(eq(orders.id, id)))[0].rid;

const kindsOf = async (no: string) =>
  (
    await t.services.db
      .select({ kind: sampleEvents.kind })
      .from(sampleEvents)
      .innerJoin(samples, eq(samples.id, sampleEvents.sampleId))
      .where(eq(samples.sampleNo, no))
      .orderBy(sampleEvents.id)
  ).map((e) => e.kind);

describe('two staff scanning the same sample at once', () => {
  it('records one receipt; every other scan is a duplicate that changes nothing', async () => {
    const nos = await orderOf(3);
    const heads = [await o.staff(), await technician()];
    for (const no of nos) {
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => t.post('/api/admin/sample/scan', { code: no }, heads[i % 2])),
      );
      expect(results.map((r) => r.body.code).sort(), no).toEqual([0, 0, 0, 0, 0, 1]);
      for (const r of results.filter((x) => x.body.code === 0))
        expect(r.body).toMatchObject({
          data: { error: 'DUPLICATE' },
          msg: expect.stringContaining('无需重复扫描'),
        });
      expect(await kindsOf(no)).toEqual(['created', 'received']);
    }
  });

  it('a scan and the receipt closing at once: each sample ends received or missing, never both', async () => {
    for (let round = 0; round < 4; round++) {
      const nos = await orderOf(2);
      const [{ orderId }] = await t.services.db
        .select({ orderId: samples.orderId })
        .from(samples)
        .where(eq(samples.sampleNo, nos[0]));
      expect((await o.admin('sample/scan', { code: nos[0] })).body.code).toBe(1);
      const { rid } = (await o.admin<{ rid: string }>('sample/receipt', { rid: await orderRid(orderId) }))
        .body.data;
      const [scan, close] = await Promise.all([
        t.post('/api/admin/sample/scan', { code: nos[1] }, await technician()),
        o.admin('order/receive', { rid, note: '', samples: 'scanned' }),
      ]);
      expect(close.body, JSON.stringify(close.body)).toMatchObject({ code: 1 });
      expect(scan.body.code, JSON.stringify(scan.body)).toBe(1);
      const kinds = await kindsOf(nos[1]);
      // Scanned first: received only. Closed first: missing, then found again by the scan.
      expect([
        ['created', 'received'],
        ['created', 'abnormal', 'received'],
      ]).toContainEqual(kinds);
    }
  });
});
