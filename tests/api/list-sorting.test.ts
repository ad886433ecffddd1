// Decision 0095: the paged console lists that were left (reservations and blocks, sample disposals, the
// dashboard's overdue and due lists) sort on the server by each column they show, and refuse a
// column they do not have.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { reservationHelpers } from '../support/reservations.ts';
import { addDays } from '#shared/slots.ts';
import { BLOCK_SORTS, RESERVATION_SORTS } from '#shared/reservations/reservation.ts';
import { DISPOSAL_SORTS } from '#shared/samples/disposal.ts';
import { PROMISE_SORTS } from '#shared/orders/operations.ts';
import { DUE_SORTS } from '#shared/worklist/requests.ts';

const t = await setupApi();
const r = reservationHelpers(t);

type Page = { list: { device: { name: string }; amount_fen: number }[]; total: number };

describe('sorting the remaining lists on the server', () => {
  it('reservations by instrument, amount and time, each way', async () => {
    const day = addDays(r.nextMonday(), 2);
    const dear = await r.device({ lead_hours: 0, price_fen: 30_000 });
    const cheap = await r.device({ lead_hours: 0, price_fen: 10_000, name: 'A-排序仪器' });
    const me = await r.customer();
    await r.booked(me.h, dear.rid, day, '08:30', '09:30');
    await r.booked(me.h, cheap.rid, day, '13:30', '15:30');
    const names = async (sort: string, dir: string) => {
      const res = await r.admin<Page>('reservation/list', { date: day, sort, dir });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1, data: { total: 2 } });
      return res.body.data.list.map((b) => b.device.name);
    };
    expect(await names('device', 'asc')).toEqual([cheap.name, dear.name]);
    expect(await names('device', 'desc')).toEqual([dear.name, cheap.name]);
    // ¥300 for an hour of the dear one, ¥200 for two of the cheap one.
    expect(await names('amount', 'asc')).toEqual([cheap.name, dear.name]);
    expect(await names('time', 'asc')).toEqual([dear.name, cheap.name]);
    // By default the latest start first, as before.
    const plain = await r.admin<Page>('reservation/list', { date: day });
    expect(plain.body.data.list.map((b) => b.device.name)).toEqual([cheap.name, dear.name]);

    // Blocks by reason and by time, each way.
    for (const [reason, at] of [
      ['B-保养', '18:00'],
      ['A-校准', '19:00'],
    ])
      expect(
        (
          await r.admin('block/add', {
            kind: 'maintenance',
            device_rid: dear.rid,
            start: `${addDays(day, 1)}T${at}:00+08:00`,
            end: `${addDays(day, 1)}T${at.replace(':00', ':30')}:00+08:00`,
            reason,
          })
        ).body,
      ).toMatchObject({ code: 1 });
    const reasons = async (sort: string, dir: string) =>
      (await r.admin<{ list: { reason: string }[] }>('block/list', { sort, dir })).body.data.list.map(
        (b) => b.reason,
      );
    expect(await reasons('reason', 'asc')).toEqual(['A-校准', 'B-保养']);
    expect(await reasons('reason', 'desc')).toEqual(['B-保养', 'A-校准']);
    expect(await reasons('time', 'asc')).toEqual(['B-保养', 'A-校准']);
  });

  it('every column of each list sorts both ways; an unknown column is refused in words', async () => {
    const lists: [string, readonly string[], Record<string, unknown>][] = [
      ['reservation/list', RESERVATION_SORTS, {}],
      ['block/list', BLOCK_SORTS, {}],
      ['sample/disposals', DISPOSAL_SORTS, { view: 'done' }],
      ['promise/list', PROMISE_SORTS, { kind: 'disposal' }],
      ['worklist/due', DUE_SORTS, { kind: 'breached' }],
    ];
    for (const [path, sorts, filter] of lists) {
      for (const sort of sorts)
        for (const dir of ['asc', 'desc']) {
          const res = await r.admin(path, { ...filter, sort, dir });
          expect(res.body, `${path} ${sort} ${dir}`).toMatchObject({ code: 1 });
        }
      expect((await r.admin(path, { ...filter, sort: 'nope' })).body).toMatchObject({
        code: 0,
        msg: '[排序]不正确',
      });
      expect((await r.admin(path, { ...filter, sort: sorts[0], dir: 'up' })).body).toMatchObject({
        code: 0,
        msg: '[排序方向]不正确',
      });
    }
  });
});
