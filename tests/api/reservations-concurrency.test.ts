import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { reservationHelpers } from '../support/reservations.ts';
import { device } from '#server/catalogue/tables.ts';
import { orders } from '#server/orders/tables.ts';
import { reservationSlots, reservations } from '#server/reservations/tables.ts';
import { addDays } from '#shared/slots.ts';
import {
  MAX_UPCOMING_RESERVATIONS,
  SLOT_TAKEN,
  TOO_MANY_RESERVATIONS,
} from '#shared/reservations/reservation-rules.ts';

const t = await setupApi();
const r = reservationHelpers(t);

async function rowsFor(deviceRid: string) {
  const [d] = await t.services.db.select().from(device).where(eq(device.rid, deviceRid));
  const held = await t.services.db.select().from(reservations).where(eq(reservations.deviceId, d.id));
  const orderRows =
    held.length === 0
      ? []
      : await t.services.db
          .select()
          .from(orders)
          .where(
            inArray(
              orders.id,
              held.map((h) => h.orderId),
            ),
          );
  const cells = await t.services.db
    .select()
    .from(reservationSlots)
    .where(eq(reservationSlots.deviceId, d.id));
  return { held, orderRows, cells };
}

describe('two people booking the same time at the same moment', () => {
  it('twenty concurrent bookings of one slot: exactly one reservation and one order', async () => {
    const monday = r.nextMonday();
    const d = await r.device();
    const people = await Promise.all(Array.from({ length: 4 }, () => r.customer('institution')));
    const thu = addDays(monday, 3);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => r.book(people[i % people.length].h, d.rid, thu, '13:30', '14:30')),
    );
    expect(results.every((x) => x.status === 200)).toBe(true);
    expect(results.filter((x) => x.body.code === 1)).toHaveLength(1);
    expect(results.filter((x) => x.body.code === 0).map((x) => x.body.msg)).toEqual(
      Array(19).fill(SLOT_TAKEN),
    );
    const { held, orderRows, cells } = await rowsFor(d.rid);
    expect(held).toHaveLength(1);
    expect(orderRows).toHaveLength(1);
    expect(cells).toHaveLength(2);
    // No order of a losing request survived its rolled-back transaction.
    const all = await t.services.db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.typeId, 2),
          inArray(
            orders.userId,
            people.map((p) => p.id),
          ),
        ),
      );
    expect(all).toHaveLength(1);
  });

  it('overlapping multi-slot bookings never both succeed', async () => {
    const monday = r.nextMonday();
    const d = await r.device();
    const a = await r.customer('institution');
    const b = await r.customer('institution');
    // Per day: A 09:30–11:30 and B 10:30–12:30 overlap in 10:30–11:30; C 14:30–16:30 and
    // D 15:30–16:30 overlap in 15:30–16:30. Everything is sent at once.
    const days = [2, 3, 4, 5].map((n) => addDays(monday, n));
    const calls = days.flatMap((day) => [
      r.book(a.h, d.rid, day, '09:30', '11:30'),
      r.book(b.h, d.rid, day, '10:30', '12:30'),
      r.book(b.h, d.rid, day, '14:30', '16:30'),
      r.book(a.h, d.rid, day, '15:30', '16:30'),
    ]);
    const results = await Promise.all(calls);
    for (let i = 0; i < results.length; i += 2) {
      const pair = [results[i], results[i + 1]];
      expect(
        pair.filter((x) => x.body.code === 1),
        JSON.stringify(pair.map((x) => x.body.msg)),
      ).toHaveLength(1);
      expect(pair.find((x) => x.body.code === 0)!.body.msg).toBe(SLOT_TAKEN);
    }
    const { held, cells } = await rowsFor(d.rid);
    expect(held).toHaveLength(days.length * 2);
    // Cells never overlap: each (device, start) is held once, by the reservation that won it.
    expect(new Set(cells.map((c) => +c.slotStart)).size).toBe(cells.length);
    const week = await r.week(d.rid, days[0]);
    for (const day of week.days.slice(0, days.length)) {
      const taken = day.slots.filter((s) => s.status === 'taken').map((s) => s.start.slice(11, 16));
      expect([3, 4], JSON.stringify(taken)).toContain(taken.length);
    }
  });

  it('a cancelled and re-booked time under concurrency still ends with one holder', async () => {
    const monday = r.nextMonday();
    const d = await r.device();
    const first = await r.customer('institution');
    const fri = addDays(monday, 4);
    const mine = await r.booked(first.h, d.rid, fri, '08:30', '09:30');
    const others = await Promise.all(Array.from({ length: 3 }, () => r.customer('institution')));
    const [cancel, ...tries] = await Promise.all([
      t.post('/api/auth/reservation/cancel', { rid: mine.rid }, first.h),
      ...others.flatMap((p) => [
        r.book(p.h, d.rid, fri, '08:30', '09:30'),
        r.book(p.h, d.rid, fri, '08:30', '09:30'),
      ]),
    ]);
    expect(cancel.body.code).toBe(1);
    const won = tries.filter((x) => x.body.code === 1).length;
    expect(won).toBeLessThanOrEqual(1);
    const { held } = await rowsFor(d.rid);
    expect(held.filter((h) => h.status === 'pending')).toHaveLength(won);
  });

  it('one account holds at most ten upcoming reservations, even when asking in parallel', async () => {
    const monday = r.nextMonday();
    const d = await r.device();
    const me = await r.customer('institution');
    const rows = ['08:30', '09:30', '10:30', '11:30', '12:30', '13:30', '14:30', '15:30'];
    const wanted = [2, 3].flatMap((n) => rows.map((from) => [addDays(monday, n), from] as const));
    const results = await Promise.all(
      wanted.map(([day, from]) =>
        r.book(me.h, d.rid, day, from, `${String(Number(from.slice(0, 2)) + 1).padStart(2, '0')}:30`),
      ),
    );
    expect(results.filter((x) => x.body.code === 1)).toHaveLength(MAX_UPCOMING_RESERVATIONS);
    expect(new Set(results.filter((x) => x.body.code === 0).map((x) => x.body.msg))).toEqual(
      new Set([TOO_MANY_RESERVATIONS]),
    );
    // Cancelling one makes room for one more.
    const first = results.find((x) => x.body.code === 1)!.body.data as { rid: string };
    expect((await t.post('/api/auth/reservation/cancel', { rid: first.rid }, me.h)).body.code).toBe(1);
    expect((await r.book(me.h, d.rid, addDays(monday, 4), '08:30', '09:30')).body.code).toBe(1);
  });
});
