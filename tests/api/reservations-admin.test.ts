// Instruments administered (issue 33, decision 0087): blocks, an instrument's own opening hours
// and cancellation deadline, authorisation, the time actually used and billing by it, booking
// for a customer.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { reservationHelpers } from '../support/reservations.ts';
import { orderItems, orders } from '#server/orders/tables.ts';
import { addDays } from '#shared/slots.ts';
import { NOT_AUTHORIZED } from '#shared/reservations/reservation-rules.ts';
import type { ReservationItem } from '#shared/reservations/reservation.ts';

const t = await setupApi();
const r = reservationHelpers(t);

const orderOf = async (rid: string) => {
  const [o] = await t.services.db.select().from(orders).where(eq(orders.rid, rid));
  return o;
};

describe('blocks', () => {
  it('a holiday closes every instrument, maintenance one; bookings inside are refused until deleted', async () => {
    const monday = r.nextMonday();
    const tue = addDays(monday, 1);
    const [a, b] = [await r.device({ lead_hours: 0 }), await r.device({ lead_hours: 0 })];
    const me = await r.customer();
    expect(
      (
        await r.admin('block/add', {
          kind: 'maintenance',
          start: r.iso(tue, '08:30'),
          end: r.iso(tue, '12:30'),
          reason: '校准',
        })
      ).body,
    ).toMatchObject({ code: 0, msg: '[仪器]不能为空（维护、故障等停机需指定仪器）' });
    const kept = await r.booked(me.h, a.rid, tue, '10:30', '11:30');
    const upkeep = await r.admin<{ rid: string; conflicts: number }>('block/add', {
      kind: 'maintenance',
      device_rid: a.rid,
      start: r.iso(tue, '08:30'),
      end: r.iso(tue, '12:30'),
      reason: '年度校准',
    });
    expect(upkeep.body).toMatchObject({ code: 1, data: { conflicts: 1 } });
    const holiday = await r.admin<{ rid: string }>('block/add', {
      kind: 'holiday',
      start: r.iso(addDays(monday, 2), '00:00'),
      end: r.iso(addDays(monday, 3), '00:00'),
      reason: '所庆',
    });
    expect(holiday.body.code).toBe(1);

    expect((await r.book(me.h, a.rid, tue, '08:30', '09:30')).body).toMatchObject({
      code: 0,
      msg: '所选时段仪器维护（年度校准），不可预约',
    });
    expect((await r.book(me.h, b.rid, tue, '08:30', '09:30')).body.code).toBe(1);
    expect((await r.book(me.h, b.rid, addDays(monday, 2), '08:30', '09:30')).body).toMatchObject({
      code: 0,
      msg: '所选日期为节假日（所庆），不可预约',
    });
    const w = await r.week(a.rid, tue);
    expect(r.slotStatus(w, '08:30')).toBe('blocked');
    expect(w.days[1]).toMatchObject({ closed: true, note: '所庆' });
    // A booking made before the block stays; staff see it.
    expect((await r.list(me.h)).list.map((i) => i.rid)).toContain(kept.rid);

    expect((await r.admin('block/delete', { rid: upkeep.body.data.rid })).body.code).toBe(1);
    expect((await r.book(me.h, a.rid, tue, '08:30', '09:30')).body.code).toBe(1);
    expect((await r.admin('block/delete', { rid: holiday.body.data.rid })).body.code).toBe(1);
  });
});

describe("an instrument's own hours and cancellation deadline", () => {
  it('slots, bookings and customer cancellation follow the instrument; the others keep the settings', async () => {
    const monday = r.nextMonday();
    const own = await r.device({ lead_hours: 0 });
    const lab = await r.device({ lead_hours: 0 });
    const bad = await r.admin('device/edit', { rid: own.rid, booking_rules: { open: '10:00' } });
    expect(bad.body).toMatchObject({ code: 0, msg: '[开放时间]须同时填写开始和结束时间' });
    const edited = await r.admin('device/edit', {
      rid: own.rid,
      booking_rules: { open: '10:00', close: '14:00', closed_weekdays: [0, 6], cancel_hours: 120 },
    });
    expect(edited.body).toMatchObject({
      code: 1,
      data: { booking_rules: { open: '10:00', close: '14:00', closed_weekdays: [0, 6], cancel_hours: 120 } },
    });

    const fri = addDays(monday, 4);
    const w = await r.week(own.rid, fri);
    expect(w).toMatchObject({ open: '10:00', close: '14:00', cancel_hours: 120 });
    expect(w.days[0].slots.map((s) => s.start.slice(11, 16))).toEqual(['10:00', '11:00', '12:00', '13:00']);
    expect(w.days[1].closed).toBe(true);
    expect((await r.week(lab.rid, fri)).cancel_hours).toBe(24);

    const me = await r.customer();
    expect((await r.book(me.h, own.rid, fri, '08:00', '09:00')).body).toMatchObject({
      code: 0,
      msg: '所选时段在营业时间外（营业时间 周一至周五 10:00–14:00）',
    });
    const near = await r.booked(me.h, own.rid, fri, '10:00', '11:00');
    const other = await r.booked(me.h, lab.rid, fri, '08:30', '09:30');
    // Friday 10:00 is 96 hours away: past this instrument's 120-hour deadline, not the lab's 24 hours.
    const mine = (await r.list(me.h)).list.find((i) => i.rid === near.rid)!;
    expect(mine.cancellable).toBe(false);
    expect(mine.cancel_deadline).toBe(r.iso(addDays(monday, -1), '10:00'));
    expect((await t.post('/api/auth/reservation/cancel', { rid: near.rid }, me.h)).body).toMatchObject({
      code: 0,
      msg: '已超过取消期限（开始前120小时），请联系业务经理',
    });
    expect((await t.post('/api/auth/reservation/cancel', { rid: other.rid }, me.h)).body.code).toBe(1);

    // Back to the settings: the instrument follows them again.
    expect((await r.admin('device/edit', { rid: own.rid, booking_rules: null })).body.code).toBe(1);
    expect((await r.week(own.rid, addDays(monday, 7))).open).toBe('08:30');
  });
});

describe('authorisation', () => {
  it('an instrument that requires it refuses untrained customers until staff authorise them', async () => {
    const monday = r.nextMonday();
    const d = await r.device({ lead_hours: 0, needs_authorization: true });
    const me = await r.customer();
    const wed = addDays(monday, 2);
    expect((await r.book(me.h, d.rid, wed, '08:30', '09:30')).body).toMatchObject({
      code: 0,
      msg: NOT_AUTHORIZED,
      data: { error: 'REFUSED' },
    });
    const granted = await r.admin('device/authorization/grant', {
      device_rid: d.rid,
      user_rid: me.rid,
      note: '2026-11 上机培训',
    });
    expect(granted.body).toMatchObject({ code: 1, msg: '已授权' });
    expect(
      (await r.admin('device/authorization/grant', { device_rid: d.rid, user_rid: me.rid })).body,
    ).toMatchObject({ code: 0, msg: '该客户已获得此仪器的授权' });
    const listed = await r.admin<{ list: { customer: { rid: string }; note: string }[]; total: number }>(
      'device/authorization/list',
      { device_rid: d.rid },
    );
    expect(listed.body.data).toMatchObject({
      total: 1,
      list: [{ customer: { rid: me.rid }, note: '2026-11 上机培训' }],
    });
    expect((await r.book(me.h, d.rid, wed, '08:30', '09:30')).body.code).toBe(1);

    expect(
      (await r.admin('device/authorization/revoke', { device_rid: d.rid, user_rid: me.rid })).body.code,
    ).toBe(1);
    expect((await r.book(me.h, d.rid, wed, '10:30', '11:30')).body.msg).toBe(NOT_AUTHORIZED);
    const denied = await t.post(
      '/api/admin/device/authorization/grant',
      { device_rid: d.rid, user_rid: me.rid },
      me.h,
    );
    expect(denied.status).toBe(403);
  });
});

describe('the time actually used', () => {
  it('done records it; billed by actual use, a pay-after order is billed for it', async () => {
    const monday = r.nextMonday();
    const d = await r.device({ lead_hours: 0, bill_by_actual: true });
    const me = await r.customer('institution');
    const res = await r.booked(me.h, d.rid, monday, '14:30', '16:30');
    expect(res.amount_fen).toBe(60000);
    expect((await r.admin('reservation/no_show', { rid: res.rid })).body.msg).toBe(
      '预约开始后才能标记完成或未到场',
    );
    r.goTo(monday, '16:00');
    const at = (hhmm: string) => r.iso(monday, hhmm);
    expect(
      (
        await r.admin('reservation/done', {
          rid: res.rid,
          actual_start: at('14:40'),
          actual_end: at('16:20'),
        })
      ).body,
    ).toMatchObject({ code: 0, msg: '[实际结束时间]不能晚于当前时间' });
    expect(
      (
        await r.admin('reservation/done', {
          rid: res.rid,
          actual_start: at('15:00'),
          actual_end: at('14:50'),
        })
      ).body,
    ).toMatchObject({ code: 0, msg: '[实际结束时间]须晚于实际开始时间' });
    const done = await r.admin<ReservationItem>('reservation/done', {
      rid: res.rid,
      actual_start: at('14:40'),
      actual_end: at('15:25'),
    });
    expect(done.body).toMatchObject({
      code: 1,
      data: {
        status: 'done',
        order_status: 'unsettled',
        amount_fen: 22500,
        actual_start: at('14:40'),
        actual_end: at('15:25'),
      },
    });
    const o = await orderOf(res.order_rid);
    expect(o).toMatchObject({ amountFen: 22500, paidFen: 0 });
    const [line] = await t.services.db.select().from(orderItems).where(eq(orderItems.orderId, o.id));
    expect(line.lineFen).toBe(22500);
    expect(line.parameters['实际用时']).toContain('45分钟');
  });

  it('a prepaid order gets back what it paid above the time used, once; other instruments bill as booked', async () => {
    const monday = r.nextMonday();
    const actual = await r.device({ lead_hours: 0, bill_by_actual: true });
    const booked = await r.device({ lead_hours: 0 });
    const ent = await r.customer('enterprise');
    await r.credit(ent.rid, 120000);
    const a = await r.booked(ent.h, actual.rid, monday, '14:30', '16:30');
    const b = await r.booked(ent.h, booked.rid, monday, '14:30', '16:30');
    for (const x of [a, b])
      expect((await t.post('/api/auth/web/order/pay', { rid: x.order_rid }, ent.h)).body.code).toBe(1);
    r.goTo(monday, '17:00');
    const done = await r.admin<ReservationItem>('reservation/done', {
      rid: a.rid,
      actual_start: r.iso(monday, '14:30'),
      actual_end: r.iso(monday, '15:30'),
    });
    expect(done.body).toMatchObject({ code: 1, data: { order_status: 'completed', amount_fen: 30000 } });
    expect(await orderOf(a.order_rid)).toMatchObject({ amountFen: 30000, paidFen: 30000 });
    expect((await r.admin('reservation/done', { rid: a.rid })).body).toMatchObject({
      code: 0,
      msg: '预约已完成，无法取消',
    });
    // Without times the booked period is recorded; the booked price stays.
    const plain = await r.admin<ReservationItem>('reservation/done', { rid: b.rid });
    expect(plain.body.data).toMatchObject({
      amount_fen: 60000,
      actual_start: r.iso(monday, '14:30'),
      actual_end: r.iso(monday, '16:30'),
    });
    const bal = await t.post<{ balance_fen: number }>('/api/auth/asset/init', {}, ent.h);
    expect(bal.body.data.balance_fen).toBe(120000 - 30000 - 60000);
  });
});

describe('booking for a customer', () => {
  it('staff find the customer by phone or name and book inside the lead time; the rules still hold', async () => {
    const monday = r.nextMonday();
    const d = await r.device({ lead_hours: 48, needs_authorization: true });
    const me = await r.customer();
    const found = await r.admin<{ list: { rid: string; phone: string }[] }>('reservation/customers', {
      kw: me.phone.slice(-6),
    });
    expect(found.body.data.list.map((c) => c.rid)).toContain(me.rid);
    expect((await r.admin('reservation/customers', { kw: ' ' })).body).toMatchObject({
      code: 0,
      msg: '[手机号或姓名]不能为空',
    });
    const body = {
      user_rid: me.rid,
      device_rid: d.rid,
      start: r.iso(addDays(monday, 1), '08:30'),
      end: r.iso(addDays(monday, 1), '09:30'),
      remark: '电话预约',
    };
    expect((await r.admin('reservation/bookFor', body)).body.msg).toBe(NOT_AUTHORIZED);
    await r.admin('device/authorization/grant', { device_rid: d.rid, user_rid: me.rid });
    const made = await r.admin<{ rid: string; order_rid: string }>('reservation/bookFor', body);
    expect(made.body).toMatchObject({ code: 1, msg: '预约成功' });
    expect((await r.list(me.h)).list.map((i) => i.rid)).toContain(made.body.data.rid);
    // A customer booking the same way is held to the lead time.
    expect((await r.book(me.h, d.rid, addDays(monday, 1), '10:30', '11:30')).body.msg).toBe(
      '需提前48小时预约',
    );
    expect((await r.admin('reservation/bookFor', body)).body.msg).toBe('该时段已被预约，请刷新后重新选择');
  });
});
