import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { reservationHelpers } from '../support/reservations.ts';
import { reservationSlots, reservations } from '#server/reservations/tables.ts';
import { movements } from '../support/money.ts';
import { addDays } from '#shared/slots.ts';
import { SLOT_TAKEN } from '#shared/reservations/reservation-rules.ts';

const t = await setupApi();
const r = reservationHelpers(t);

describe('booking an instrument', () => {
  it('books, lists, shows the slots as taken to everyone, cancels and frees them at once', async () => {
    const monday = r.nextMonday();
    const wed = addDays(monday, 2);
    const d = await r.device();
    const me = await r.customer('institution');

    const added = await r.book(me.h, d.rid, wed, '09:30', '11:30', { remark: '需要液氮' });
    expect(added.body).toMatchObject({
      code: 1,
      msg: '预约成功',
      data: {
        status: 'pending',
        status_text: '待确认',
        order_status: 'awaiting_session',
        order_status_text: '待上机',
        amount_fen: 60000,
        start: `${wed}T09:30:00+08:00`,
        end: `${wed}T11:30:00+08:00`,
        scene_date: wed,
      },
    });
    const { rid, order_rid } = added.body.data;

    // The member list and the order list both show it.
    const upcoming = await r.list(me.h);
    expect(upcoming.total).toBe(1);
    expect(upcoming.scene_date).toBe(wed);
    expect(upcoming.list[0]).toMatchObject({
      rid,
      order_rid,
      device: { rid: d.rid, name: d.name, model: expect.any(String), location: '测试楼 101' },
      status: 'pending',
      amount_fen: 60000,
      remark: '需要液氮',
      cancellable: true,
      cancel_deadline: `${addDays(wed, -1)}T09:30:00+08:00`,
      temp_devices: [],
    });
    const orders = await t.post<{ list: { rid: string; type_id: number; status_text: string }[] }>(
      '/api/auth/order/list4person',
      { page: 1, size: 10 },
      me.h,
    );
    expect(orders.body.data.list).toEqual([
      expect.objectContaining({ rid: order_rid, type_id: 2, status_text: '待上机' }),
    ]);
    const detail = await t.post<{
      items: { name: string; parameters: Record<string, string>; line_fen: number }[];
    }>('/api/auth/order/detail', { rid: order_rid }, me.h);
    expect(detail.body.data.items[0]).toMatchObject({
      name: `${d.name} 上机预约`,
      line_fen: 60000,
      parameters: { 时段: `${wed} 09:30–11:30`, 时长: '2小时' },
    });
    const equipment = await t.post<{ list: { rid: string }[] }>(
      '/api/auth/order/relateEquipment',
      { rid: order_rid },
      me.h,
    );
    expect(equipment.body.data.list.map((e) => e.rid)).toEqual([d.rid]);

    // Anyone's calendar shows the two rows as taken, and nothing about who took them.
    const w = await r.week(d.rid, wed);
    expect(r.slotStatus(w, '08:30')).toBe('free');
    expect(r.slotStatus(w, '09:30')).toBe('taken');
    expect(r.slotStatus(w, '10:30')).toBe('taken');
    expect(r.slotStatus(w, '11:30')).toBe('free');
    expect(JSON.stringify(w)).not.toContain(me.phone);
    expect(w).toMatchObject({
      open: '08:30',
      close: '18:30',
      cancel_hours: 24,
      price_fen: 30000,
      price_unit: 'hour',
    });

    // Someone else cannot take an overlapping time.
    const other = await r.customer('institution');
    expect((await r.book(other.h, d.rid, wed, '10:30', '11:30')).body).toMatchObject({
      code: 0,
      msg: SLOT_TAKEN,
    });

    const cancelled = await t.post('/api/auth/reservation/cancel', { rid }, me.h);
    expect(cancelled.body).toMatchObject({
      code: 1,
      msg: '预约已取消',
      data: { status: 'cancelled', status_text: '已取消', order_status: 'cancelled' },
    });
    expect(r.slotStatus(await r.week(d.rid, wed), '09:30')).toBe('free');
    expect((await r.list(me.h)).total).toBe(0);
    expect((await r.list(me.h, 'cancelled')).list[0]).toMatchObject({
      rid,
      status: 'cancelled',
      cancellable: false,
    });
    expect((await r.list(me.h)).scene_date).toBeNull();
    // The other customer gets the time now.
    expect((await r.book(other.h, d.rid, wed, '10:30', '11:30')).body.code).toBe(1);
    // Cancelling twice is refused.
    expect((await t.post('/api/auth/reservation/cancel', { rid }, me.h)).body).toMatchObject({
      code: 0,
      msg: '预约已取消',
    });
  });

  it('refuses bookings outside the rules with a clear message each', async () => {
    const monday = r.nextMonday();
    const d = await r.device();
    const me = await r.customer();
    const wed = addDays(monday, 2);
    const cases: [string, string, string, string][] = [
      [wed, '07:30', '08:30', '所选时段在营业时间外（营业时间 周一至周六 08:30–18:30）'],
      [wed, '18:30', '19:30', '所选时段在营业时间外（营业时间 周一至周六 08:30–18:30）'],
      [addDays(monday, 6), '09:30', '10:30', '所选时段在营业时间外（营业时间 周一至周六 08:30–18:30）'],
      [wed, '09:30', '10:00', '最短预约60分钟'],
      [wed, '09:00', '10:00', '所选时段不正确，请按日历中的时段选择'],
      [wed, '09:30', '11:00', '所选时段不正确，请按日历中的时段选择'],
      [wed, '10:30', '09:30', '[结束时间]须晚于开始时间'],
      [addDays(monday, 1), '09:30', '10:30', '需提前24小时预约'],
      [addDays(monday, -7), '09:30', '10:30', '所选时段已过，请重新选择'],
      [addDays(monday, 7 * 30), '09:30', '10:30', '超出可预约范围（最多可预约6个月内的时段）'],
    ];
    for (const [date, from, to, msg] of cases) {
      const res = await r.book(me.h, d.rid, date, from, to);
      expect(res.body, `${date} ${from}-${to}`).toMatchObject({ code: 0, msg });
    }
    const overnight = await t.post(
      '/api/auth/reservation/add',
      { device_rid: d.rid, start: `${wed}T17:30:00+08:00`, end: `${addDays(wed, 1)}T09:30:00+08:00` },
      me.h,
    );
    expect(overnight.body).toMatchObject({ code: 0, msg: '预约时段须在同一天内' });
    // The same instant written in UTC is the same slot.
    const utc = await t.post(
      '/api/auth/reservation/add',
      { device_rid: d.rid, start: `${wed}T04:30:00Z`, end: `${wed}T05:30:00.000Z` },
      me.h,
    );
    expect(utc.body).toMatchObject({
      code: 1,
      data: { start: `${wed}T12:30:00+08:00`, end: `${wed}T13:30:00+08:00` },
    });
  });
});

describe('whose reservation it is', () => {
  it("user B can neither see nor cancel A's reservation, nor attach it to their temp device", async () => {
    const monday = r.nextMonday();
    const d = await r.device();
    const a = await r.customer();
    const b = await r.customer();
    const mine = await r.booked(a.h, d.rid, addDays(monday, 3), '10:30', '12:30');
    expect((await r.list(b.h)).total).toBe(0);
    expect((await r.list(b.h, 'past')).total).toBe(0);
    expect((await t.post('/api/auth/reservation/cancel', { rid: mine.rid }, b.h)).body).toMatchObject({
      code: 0,
      msg: '预约不存在',
    });
    expect((await t.post('/api/auth/order/cancel', { rid: mine.order_rid }, b.h)).body).toMatchObject({
      code: 0,
      msg: '订单不存在',
    });
    expect((await t.post('/api/auth/order/relateEquipment', { rid: mine.order_rid }, b.h)).body.code).toBe(0);
    const temp = await t.post<{ rid: string }>(
      '/api/auth/tempDevice/add',
      { name: '自带探头', description: '5 mm 探头' },
      b.h,
    );
    expect(
      (
        await t.post(
          '/api/auth/tempDevice/addForReservation',
          { rid: temp.body.data.rid, reservation_rid: mine.rid },
          b.h,
        )
      ).body,
    ).toMatchObject({ code: 0, msg: '预约不存在' });
    // A's reservation is untouched.
    expect((await r.list(a.h)).list[0]).toMatchObject({ rid: mine.rid, status: 'pending' });
    // Without a token: 401.
    expect((await t.post('/api/auth/reservation/list4person', {})).status).toBe(401);
  });
});

describe('the cancellation deadline', () => {
  it('lets the customer cancel until 24 hours before, then refuses through both paths', async () => {
    const monday = r.nextMonday();
    const d = await r.device({ lead_hours: 0 });
    const me = await r.customer();
    const soon = await r.booked(me.h, d.rid, addDays(monday, 1), '08:30', '09:30');
    const later = await r.booked(me.h, d.rid, addDays(monday, 2), '08:30', '09:30');
    const list = (await r.list(me.h)).list;
    expect(list.map((i) => [i.rid, i.cancellable])).toEqual([
      [soon.rid, false],
      [later.rid, true],
    ]);
    const msg = '已超过取消期限（开始前24小时），请联系业务经理';
    expect((await t.post('/api/auth/reservation/cancel', { rid: soon.rid }, me.h)).body).toMatchObject({
      code: 0,
      msg,
    });
    expect((await t.post('/api/auth/order/cancel', { rid: soon.order_rid }, me.h)).body).toMatchObject({
      code: 0,
      msg,
    });
    // Still held.
    expect(r.slotStatus(await r.week(d.rid, addDays(monday, 1)), '08:30')).toBe('taken');
    // Cancelling the order of the later one cancels the reservation too and frees its time.
    expect((await t.post('/api/auth/order/cancel', { rid: later.order_rid }, me.h)).body).toMatchObject({
      code: 1,
    });
    expect((await r.list(me.h, 'cancelled')).list.map((i) => i.rid)).toEqual([later.rid]);
    expect(r.slotStatus(await r.week(d.rid, addDays(monday, 2)), '08:30')).toBe('free');
  });
});

describe('money', () => {
  it('an enterprise customer pays first; cancelling refunds to the balance', async () => {
    const monday = r.nextMonday();
    const d = await r.device({ price_unit: 'session', price_fen: 88800, min_minutes: 120 });
    const me = await r.customer('enterprise');
    const res = await r.booked(me.h, d.rid, addDays(monday, 2), '12:30', '16:30');
    expect(res).toMatchObject({ order_status: 'unpaid', order_status_text: '待付款', amount_fen: 88800 });
    await r.credit(me.rid, 100000);
    const paid = await t.post('/api/auth/web/order/pay', { rid: res.order_rid }, me.h);
    expect(paid.body).toMatchObject({ code: 1, data: { status: 'awaiting_session', balance_fen: 11200 } });
    const cancel = await t.post('/api/auth/reservation/cancel', { rid: res.rid }, me.h);
    expect(cancel.body).toMatchObject({ code: 1, data: { order_status: 'cancelled' } });
    const entries = await movements(t.services, me.id);
    expect(entries.map((e) => [e.kind, e.cash])).toEqual([
      ['adjust', 100000],
      ['payment', -88800],
      ['refund', 88800],
    ]);
    const balance = await t.post<{ balance_fen: number }>('/api/auth/asset/init', {}, me.h);
    expect(balance.body.data.balance_fen).toBe(100000);
  });

  it('charges by the hour for the minutes booked', async () => {
    const monday = r.nextMonday();
    const d = await r.device({ price_fen: 12345, min_minutes: 30 });
    const me = await r.customer();
    const res = await r.booked(me.h, d.rid, addDays(monday, 2), '09:00', '10:30');
    expect(res.amount_fen).toBe(Math.round(12345 * 1.5));
    const [row] = await t.services.db.select().from(reservations).where(eq(reservations.rid, res.rid));
    const cells = await t.services.db
      .select()
      .from(reservationSlots)
      .where(eq(reservationSlots.reservationId, row.id));
    expect(cells).toHaveLength(3);
  });
});

describe('holidays and maintenance', () => {
  it('blocks show on the calendar and refuse bookings until staff remove them', async () => {
    const monday = r.nextMonday();
    const d = await r.device();
    const other = await r.device();
    const me = await r.customer();
    const thu = addDays(monday, 3);
    const fri = addDays(monday, 4);
    const holiday = await r.admin<{ rid: string }>('block/add', {
      kind: 'holiday',
      start: `${thu}T00:00:00+08:00`,
      end: `${fri}T00:00:00+08:00`,
      reason: '校庆',
    });
    expect(holiday.body).toMatchObject({
      code: 1,
      data: { kind: 'holiday', kind_text: '节假日', device: null },
    });
    const upkeep = await r.admin<{ rid: string }>('block/add', {
      kind: 'maintenance',
      device_rid: d.rid,
      start: `${fri}T09:30:00+08:00`,
      end: `${fri}T11:30:00+08:00`,
      reason: '更换灯丝',
    });
    expect(upkeep.body).toMatchObject({ code: 1, data: { device: { rid: d.rid } } });

    const w = await r.week(d.rid, thu);
    expect(w.days[0]).toMatchObject({ date: thu, closed: true, note: '校庆' });
    expect(w.days[0].slots.every((s) => s.status === 'blocked' && s.note === '节假日：校庆')).toBe(true);
    expect(w.days[1]).toMatchObject({ closed: false, note: '' });
    expect(r.slotStatus(w, '09:30', 1)).toBe('blocked');
    expect(w.days[1].slots.find((s) => s.start.includes('T10:30'))!.note).toBe('维护：更换灯丝');
    expect(r.slotStatus(w, '11:30', 1)).toBe('free');
    // The other instrument has the holiday but not the maintenance.
    expect(r.slotStatus(await r.week(other.rid, fri), '09:30')).toBe('free');

    expect((await r.book(me.h, d.rid, thu, '09:30', '10:30')).body).toMatchObject({
      code: 0,
      msg: '所选日期为节假日（校庆），不可预约',
    });
    expect((await r.book(me.h, d.rid, fri, '10:30', '12:30')).body).toMatchObject({
      code: 0,
      msg: '所选时段仪器维护（更换灯丝），不可预约',
    });
    expect((await r.book(me.h, other.rid, fri, '10:30', '12:30')).body.code).toBe(1);

    const blocks = await r.admin<{ list: { rid: string }[]; total: number }>('block/list', {
      page: 1,
      size: 10,
    });
    expect(blocks.body.data.list.map((b) => b.rid)).toEqual(
      expect.arrayContaining([holiday.body.data.rid, upkeep.body.data.rid]),
    );
    expect((await r.admin('block/delete', { rid: upkeep.body.data.rid })).body.code).toBe(1);
    expect((await r.admin('block/delete', { rid: upkeep.body.data.rid })).body).toMatchObject({
      code: 0,
      msg: '封锁记录不存在',
    });
    expect((await r.book(me.h, d.rid, fri, '10:30', '12:30')).body.code).toBe(1);
  });
});

describe('the scene date', () => {
  it('refuses a sample pickup on or after the day of the session', async () => {
    r.nextMonday();
    const pickup = await r.pickup();
    const d = await r.device({ lead_hours: 0 });
    const me = await r.customer();
    await r.booked(me.h, d.rid, pickup.date, '17:30', '18:30');
    expect((await r.list(me.h)).scene_date).toBe(pickup.date);
    const it1 = await r.demoItem(1);
    const res = await t.post(
      '/api/auth/order/add',
      { items: [{ item_rid: it1.rid, parameters: it1.parameters }], delivery: pickup },
      me.h,
    );
    expect(res.body).toMatchObject({ code: 0, msg: '[取样日期]须早于现场测试日期' });
    // Someone without a reservation may order the same pickup.
    const other = await r.customer();
    const fine = await t.post(
      '/api/auth/order/add',
      { items: [{ item_rid: it1.rid, parameters: it1.parameters }], delivery: pickup },
      other.h,
    );
    expect(fine.body.code).toBe(1);
  });
});

describe('hostile input', () => {
  it('answers code 0 with a message, never a server error', async () => {
    r.nextMonday();
    const me = await r.customer();
    const d = await r.device();
    const bodies: unknown[] = [
      '',
      'null',
      '[]',
      '"x"',
      '{bad json',
      {},
      { device_rid: null, start: null, end: null },
      { device_rid: d.rid, start: 'tomorrow', end: 'later' },
      { device_rid: d.rid, start: '2026-13-45T99:99:00+08:00', end: '2026-13-45T99:99:00+08:00' },
      { device_rid: d.rid, start: 1, end: 2 },
      { device_rid: { $ne: 1 }, start: [], end: {} },
      {
        device_rid: 'x'.repeat(10_000),
        start: '2026-01-01T00:00:00+08:00',
        end: '2026-01-01T01:00:00+08:00',
      },
      { device_rid: d.rid, start: '+275760-09-13T00:00:00Z', end: '+275760-09-13T01:00:00Z' },
      {
        device_rid: d.rid,
        start: '2026-01-01T00:00:00+08:00',
        end: '2026-01-01T01:00:00+08:00',
        temp_device_rids: 'x',
      },
      {
        device_rid: d.rid,
        start: '2026-01-01T00:00:00+08:00',
        end: '2026-01-01T01:00:00+08:00',
        temp_device_rids: ['nope'],
      },
      { rid: "' OR 1=1 --", scope: 'everything', page: -1, size: 1e9, action: 'approve', name: '\u0000' },
    ];
    const paths = [
      'reservation/add',
      'reservation/cancel',
      'reservation/list4person',
      'tempDevice/list',
      'tempDevice/add',
      'tempDevice/addForReservation',
      'tempDevice/operate',
    ];
    for (const path of paths) {
      for (const body of bodies) {
        const res = await t.post(`/api/auth/${path}`, body, me.h);
        expect(res.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(500);
        if (res.body.code === 0) expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
      }
    }
    for (const body of bodies) {
      const res = await t.post('/api/open/device/query4timeExtra', body);
      expect(res.status).toBeLessThan(500);
    }
  });
});
