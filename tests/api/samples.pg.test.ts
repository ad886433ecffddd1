// Custody events under concurrency, on PostgreSQL (PGlite runs one query at a time and would prove
// nothing): events on one sample take its row lock, so two at once serialize: the second sees
// the first's status and is checked against it.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { sampleEvents, samples } from '#server/samples/tables.ts';
import type { OrderDetail } from '#shared/orders/order.ts';

const t = await setupApi();
const o = orderHelpers(t);

async function oneSample() {
  const me = await o.customer();
  const it = await o.demoItem(1);
  const placed = await t.post<{ list: { rid: string }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it.rid, parameters: it.parameters }], delivery: { type: 0 } },
    me.h,
  );
  const d = await t.post<OrderDetail>('/api/auth/order/detail', { rid: placed.body.data.list[0].rid }, me.h);
  return d.body.data.samples[0].rid;
}

const eventsOf = async (rid: string) => {
  const [s] = await t.services.db.select().from(samples).where(eq(samples.rid, rid));
  const rows = await t.services.db
    .select()
    .from(sampleEvents)
    .where(eq(sampleEvents.sampleId, s.id))
    .orderBy(sampleEvents.id);
  return { status: s.status, trail: rows.map((e) => [e.kind, e.fromStatus, e.toStatus]) };
};

describe('two custody events on one sample at once', () => {
  it('records one receipt when eight staff receive the same sample together', async () => {
    const rid = await oneSample();
    const h = await o.staff();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.post('/api/admin/sample/event', { rid, kind: 'received' }, h)),
    );
    expect(results.map((r) => r.body.code).sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(results.find((r) => r.body.code === 0)!.body.msg).toBe('样品当前为「已签收」，不能实验室签收');
    expect(await eventsOf(rid)).toEqual({
      status: 'received',
      trail: [
        ['created', null, 'awaiting_post'],
        ['received', 'awaiting_post', 'received'],
      ],
    });
  });

  it('chains different events in the order they took the lock, each from the last one’s status', async () => {
    const rid = await oneSample();
    const h = await o.staff();
    expect((await t.post('/api/admin/sample/event', { rid, kind: 'received' }, h)).body.code).toBe(1);
    const room = await t.post<{ code: string }>(
      '/api/admin/sample/location/create',
      { kind: 'room', name: `A-${rid}` },
      h,
    );
    // Taken for testing and stored at the same moment: both are legal from 已签收; whichever
    // runs second starts from the first's status and is checked against it.
    const results = await Promise.all([
      t.post('/api/admin/sample/event', { rid, kind: 'taken', technician: '李工', instrument: 'XRD' }, h),
      t.post('/api/admin/sample/event', { rid, kind: 'stored', location: room.body.data.code }, h),
    ]);
    const { status, trail } = await eventsOf(rid);
    // Every recorded event starts where the one before it ended: no lost update.
    for (let i = 1; i < trail.length; i++) expect(trail[i][1]).toBe(trail[i - 1][2]);
    expect(trail.at(-1)![2]).toBe(status);
    expect(trail).toHaveLength(2 + results.filter((r) => r.body.code === 1).length);
  });
});
