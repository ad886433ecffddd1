import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { reservationHelpers } from '../support/reservations.ts';
import { orders } from '#server/orders/tables.ts';
import { userMessages } from '#server/notify/tables.ts';
import { queueReservationReminders } from '#server/reservations/reminders.ts';
import { notifications, runJobs } from '../support/jobs.ts';
import { addDays } from '#shared/slots.ts';
import { DEFAULT_RESERVATION_SETTINGS } from '#shared/reservations/reservation-rules.ts';
import type { ReservationItem } from '#shared/reservations/reservation.ts';

const t = await setupApi();
const r = reservationHelpers(t);

type Timeline = { timeline: { action: string; actor: string; note: string }[]; status: string };
async function timeline(h: Record<string, string>, orderRid: string) {
  const res = await t.post<Timeline>('/api/auth/order/detail', { rid: orderRid }, h);
  expect(res.body.code).toBe(1);
  return res.body.data;
}

describe('staff and instruments', () => {
  it('only staff reach the staff API; instruments are created, edited and taken off sale', async () => {
    const monday = r.nextMonday();
    const me = await r.customer();
    const denied = await t.post('/api/admin/device/list', {}, me.h);
    expect(denied).toMatchObject({ status: 403, body: { code: 0, msg: '无权访问' } });
    expect((await t.post('/api/admin/reservation/list', {})).status).toBe(401);

    const badBody = {
      name: 'X',
      model: 'Y',
      category: 'Z',
      location: 'L',
      price_fen: 100,
      price_unit: 'hour',
      min_minutes: 45,
      lead_hours: 0,
    };
    const bad = await r.admin('device/add', badBody);
    expect(bad.body).toMatchObject({ code: 0, msg: '[最短预约时长]须为30分钟的整数倍' });
    const d = await r.device({ specs: [{ name: '分辨率', value: '0.8 nm' }] });
    const listed = await r.admin<{ list: { rid: string; on_sale: boolean; specs: unknown[] }[] }>(
      'device/list',
      {
        kw: d.name,
      },
    );
    expect(listed.body.data.list).toEqual([
      expect.objectContaining({ rid: d.rid, on_sale: true, specs: [{ name: '分辨率', value: '0.8 nm' }] }),
    ]);

    const edited = await r.admin('device/edit', { rid: d.rid, lead_hours: 0, min_minutes: 120 });
    expect(edited.body).toMatchObject({
      code: 1,
      data: { rid: d.rid, lead_hours: 0, min_minutes: 120, price_fen: 30000 },
    });
    const week = await r.week(d.rid, addDays(monday, 1));
    expect(week.days[0].slots.map((s) => s.start.slice(11, 16))).toEqual([
      '08:30',
      '10:30',
      '12:30',
      '14:30',
      '16:30',
    ]);

    expect((await r.admin('device/edit', { rid: d.rid, on_sale: false })).body.code).toBe(1);
    const gone = await t.get(`/api/open/device/detail?rid=${d.rid}`);
    expect(gone.body.code).toBe(0);
    const again = await r.customer();
    expect((await r.book(again.h, d.rid, addDays(monday, 2), '08:30', '10:30')).body).toMatchObject({
      code: 0,
      msg: '仪器不存在或已下架',
    });
    expect((await r.admin('device/edit', { rid: 'nope', name: 'x' })).body).toMatchObject({
      code: 0,
      msg: '仪器不存在',
    });
    expect(
      (await r.admin('device/add', { ...badBody, min_minutes: 60, item_rid: 'nope' })).body,
    ).toMatchObject({
      code: 0,
      msg: '[关联项目]不存在',
    });
  });
});

describe('a reservation through its life', () => {
  it('confirm, then done after the start: the order is billed; every move is on the timeline', async () => {
    const monday = r.nextMonday();
    const d = await r.device({ lead_hours: 0 });
    const me = await r.customer('institution');
    const res = await r.booked(me.h, d.rid, monday, '14:30', '16:30');

    const staffList = await r.admin<{ list: (ReservationItem & { customer: { phone: string } })[] }>(
      'reservation/list',
      { status: 'pending', device_rid: d.rid, date: monday },
    );
    expect(staffList.body.data.list).toEqual([
      expect.objectContaining({ rid: res.rid, customer: expect.objectContaining({ phone: me.phone }) }),
    ]);
    const confirmed = await r.admin('reservation/confirm', { rid: res.rid, note: '已安排工程师' });
    expect(confirmed.body).toMatchObject({
      code: 1,
      msg: '预约已确认',
      data: { status: 'confirmed', status_text: '已确认' },
    });
    expect((await r.admin('reservation/confirm', { rid: res.rid })).body).toMatchObject({
      code: 0,
      msg: '预约已确认',
    });
    expect((await r.admin('reservation/done', { rid: res.rid })).body).toMatchObject({
      code: 0,
      msg: '预约开始后才能标记完成或未到场',
    });

    r.goTo(monday, '16:40');
    const done = await r.admin('reservation/done', { rid: res.rid });
    expect(done.body).toMatchObject({
      code: 1,
      data: { status: 'done', order_status: 'unsettled', order_status_text: '待结算' },
    });
    expect((await r.admin('reservation/reject', { rid: res.rid, reason: '晚了' })).body).toMatchObject({
      code: 0,
      msg: '预约已完成，无法取消',
    });
    const detail = await timeline(me.h, res.order_rid);
    expect(detail.timeline.map((e) => e.action)).toEqual(['create', 'reservation_confirm', 'finish']);
    expect(detail.timeline[1]).toMatchObject({
      actor: 'staff',
      note: expect.stringContaining('已安排工程师'),
    });
    expect((await r.list(me.h, 'past')).list.map((i) => [i.rid, i.status])).toEqual([[res.rid, 'done']]);
    // The billed SMS and message are queued like any pay-after order's.
    const queued = await notifications(t.services, { template: 'billed' });
    expect(
      queued
        .filter((q) => q.userId === me.id)
        .map((q) => q.channel)
        .sort(),
    ).toEqual(['inbox', 'sms']);
  });

  it('no-show finishes the order as booked; reject cancels, refunds and frees the time', async () => {
    const monday = r.nextMonday();
    const d = await r.device({ lead_hours: 0 });
    const inst = await r.customer('institution');
    const ent = await r.customer('enterprise');
    const absent = await r.booked(inst.h, d.rid, monday, '11:30', '12:30');
    const prepaid = await r.booked(ent.h, d.rid, addDays(monday, 1), '08:30', '10:30');
    await r.credit(ent.rid, 60000);
    expect((await t.post('/api/auth/web/order/pay', { rid: prepaid.order_rid }, ent.h)).body.code).toBe(1);

    expect((await r.admin('reservation/reject', { rid: prepaid.rid })).body).toMatchObject({
      code: 0,
      msg: '[驳回原因]不能为空',
    });
    const rejected = await r.admin('reservation/reject', { rid: prepaid.rid, reason: '仪器故障' });
    expect(rejected.body).toMatchObject({
      code: 1,
      msg: '预约已驳回',
      data: {
        status: 'rejected',
        status_text: '已驳回',
        order_status: 'cancelled',
        cancel_reason: '仪器故障',
      },
    });
    const bal = await t.post<{ balance_fen: number }>('/api/auth/asset/init', {}, ent.h);
    expect(bal.body.data.balance_fen).toBe(60000);
    expect(r.slotStatus(await r.week(d.rid, addDays(monday, 1)), '08:30')).toBe('free');
    expect((await r.list(ent.h, 'cancelled')).list[0]).toMatchObject({
      rid: prepaid.rid,
      status: 'rejected',
    });
    expect((await timeline(ent.h, prepaid.order_rid)).timeline.at(-1)).toMatchObject({
      action: 'cancel',
      actor: 'staff',
      note: '预约被驳回：仪器故障',
    });

    r.goTo(monday, '12:00');
    const noShow = await r.admin('reservation/no_show', { rid: absent.rid });
    expect(noShow.body).toMatchObject({
      code: 1,
      msg: '已标记未到场',
      data: { status: 'no_show', status_text: '未到场' },
    });
    const [o] = await t.services.db.select().from(orders).where(eq(orders.rid, absent.order_rid));
    expect(o.status).toBe('unsettled');
    expect((await timeline(inst.h, absent.order_rid)).timeline.at(-1)).toMatchObject({
      action: 'finish',
      note: '未到场，按预约计费',
    });
    expect((await r.admin('reservation/confirm', { rid: 'nope' })).body).toMatchObject({
      code: 0,
      msg: '预约不存在',
    });
  });
});

describe('booking settings', () => {
  it('opening hours and the cancellation deadline come from the settings', async () => {
    const monday = r.nextMonday();
    const d = await r.device();
    const me = await r.customer();
    expect((await r.admin('reservationSetting/get', {})).body.data).toEqual(DEFAULT_RESERVATION_SETTINGS);
    expect(
      (await r.admin('reservationSetting/update', { ...DEFAULT_RESERVATION_SETTINGS, open: '08:10' })).body,
    ).toMatchObject({
      code: 0,
      msg: '[开始营业时间]须为整点或半点',
    });
    const saved = await r.admin('reservationSetting/update', {
      open: '09:00',
      close: '17:00',
      closed_weekdays: [0, 6],
      cancel_hours: 48,
    });
    expect(saved.body).toMatchObject({
      code: 1,
      data: { open: '09:00', close: '17:00', closed_weekdays: [0, 6], cancel_hours: 48 },
    });
    try {
      const w = await r.week(d.rid, addDays(monday, 2));
      expect(w).toMatchObject({ open: '09:00', close: '17:00', cancel_hours: 48 });
      expect(w.days[0].slots[0].start.slice(11, 16)).toBe('09:00');
      expect(w.days[3].closed).toBe(true);
      expect((await r.book(me.h, d.rid, addDays(monday, 2), '08:30', '09:30')).body).toMatchObject({
        code: 0,
        msg: '所选时段不正确，请按日历中的时段选择',
      });
      expect((await r.book(me.h, d.rid, addDays(monday, 5), '09:00', '10:00')).body).toMatchObject({
        code: 0,
        msg: '所选时段在营业时间外（营业时间 周一至周五 09:00–17:00）',
      });
      const soon = await r.booked(me.h, d.rid, addDays(monday, 2), '09:00', '10:00');
      const item = (await r.list(me.h)).list.find((i) => i.rid === soon.rid)!;
      expect(item).toMatchObject({ cancellable: false, cancel_deadline: `${monday}T09:00:00+08:00` });
      expect((await t.post('/api/auth/reservation/cancel', { rid: soon.rid }, me.h)).body).toMatchObject({
        code: 0,
        msg: '已超过取消期限（开始前48小时），请联系业务经理',
      });
    } finally {
      await r.admin('reservationSetting/update', DEFAULT_RESERVATION_SETTINGS);
    }
  });
});

describe('temporary devices', () => {
  it('customers register and attach them, staff approve or reject, the order timeline records it', async () => {
    const monday = r.nextMonday();
    const d = await r.device();
    const me = await r.customer();
    expect(
      (await t.post('/api/auth/tempDevice/add', { name: '', description: 'x' }, me.h)).body,
    ).toMatchObject({
      code: 0,
      msg: '[设备名称]不能为空',
    });
    const probe = await t.post<{ rid: string; status: string }>(
      '/api/auth/tempDevice/add',
      { name: '自带低温样品台', model: 'CT-9', description: '液氮冷台，需 220V 电源' },
      me.h,
    );
    expect(probe.body).toMatchObject({ code: 1, msg: '提交成功，等待审核', data: { status: 'pending' } });
    const spare = await t.post<{ rid: string }>(
      '/api/auth/tempDevice/add',
      { name: '备用探头', description: '备用' },
      me.h,
    );
    const res = await r.booked(me.h, d.rid, addDays(monday, 3), '09:30', '10:30');
    const linked = await t.post(
      '/api/auth/tempDevice/addForReservation',
      { rid: probe.body.data.rid, reservation_rid: res.rid },
      me.h,
    );
    expect(linked.body).toMatchObject({ code: 1, data: { reservation_rid: res.rid } });
    expect((await r.list(me.h)).list[0].temp_devices).toEqual([
      expect.objectContaining({
        rid: probe.body.data.rid,
        name: '自带低温样品台',
        status: 'pending',
        status_text: '待审核',
      }),
    ]);

    const pending = await r.admin<{ list: { rid: string; customer: { phone: string } }[] }>(
      'tempDevice/list',
      {
        status: 'pending',
      },
    );
    expect(pending.body.data.list.find((x) => x.rid === probe.body.data.rid)?.customer.phone).toBe(me.phone);
    expect(
      (await r.admin('tempDevice/operate', { rid: spare.body.data.rid, action: 'reject' })).body,
    ).toMatchObject({
      code: 0,
      msg: '[审核意见]不能为空',
    });
    expect(
      (
        await r.admin('tempDevice/operate', {
          rid: probe.body.data.rid,
          action: 'approve',
          note: '请提前半小时到场安装',
        })
      ).body,
    ).toMatchObject({
      code: 1,
      data: { status: 'approved', status_text: '已通过', note: '请提前半小时到场安装' },
    });
    expect(
      (await r.admin('tempDevice/operate', { rid: probe.body.data.rid, action: 'reject', note: 'x' })).body,
    ).toMatchObject({
      code: 0,
      msg: '该临时设备已审核（已通过）',
    });
    expect(
      (
        await r.admin('tempDevice/operate', {
          rid: spare.body.data.rid,
          action: 'reject',
          note: '型号不兼容',
        })
      ).body.code,
    ).toBe(1);

    const mine = await t.post<{ list: { rid: string; status: string; note: string }[]; total: number }>(
      '/api/auth/tempDevice/list',
      { page: 1, size: 10 },
      me.h,
    );
    expect(mine.body.data.total).toBe(2);
    expect(mine.body.data.list.map((x) => [x.status, x.note])).toEqual([
      ['rejected', '型号不兼容'],
      ['approved', '请提前半小时到场安装'],
    ]);
    // A rejected one cannot be attached; only pending ones can be deleted.
    expect(
      (
        await t.post(
          '/api/auth/tempDevice/addForReservation',
          { rid: spare.body.data.rid, reservation_rid: res.rid },
          me.h,
        )
      ).body,
    ).toMatchObject({ code: 0, msg: '该临时设备未通过审核，无法关联' });
    expect(
      (await t.post('/api/auth/tempDevice/operate', { rid: probe.body.data.rid, action: 'delete' }, me.h))
        .body,
    ).toMatchObject({
      code: 0,
      msg: '只能删除待审核的临时设备',
    });
    const third = await t.post<{ rid: string }>(
      '/api/auth/tempDevice/add',
      { name: '三号', description: '测试' },
      me.h,
    );
    const other = await r.customer();
    expect(
      (await t.post('/api/auth/tempDevice/operate', { rid: third.body.data.rid, action: 'delete' }, other.h))
        .body,
    ).toMatchObject({
      code: 0,
      msg: '临时设备不存在',
    });
    expect(
      (await t.post('/api/auth/tempDevice/operate', { rid: third.body.data.rid, action: 'delete' }, me.h))
        .body,
    ).toMatchObject({
      code: 1,
      data: { rid: third.body.data.rid },
    });
    // Attached at booking time as well.
    const fourth = await t.post<{ rid: string }>(
      '/api/auth/tempDevice/add',
      { name: '四号', description: '测试' },
      me.h,
    );
    const withTemp = await r.book(me.h, d.rid, addDays(monday, 3), '11:30', '12:30', {
      temp_device_rids: [fourth.body.data.rid],
    });
    expect(withTemp.body.code).toBe(1);
    const items = (await r.list(me.h)).list;
    expect(items.find((i) => i.rid === withTemp.body.data.rid)!.temp_devices.map((x) => x.rid)).toEqual([
      fourth.body.data.rid,
    ]);
    // One device, one session at a time: it cannot be attached to a second upcoming booking.
    expect(
      (
        await r.book(me.h, d.rid, addDays(monday, 3), '15:30', '16:30', {
          temp_device_rids: [fourth.body.data.rid],
        })
      ).body,
    ).toMatchObject({ code: 0, msg: '临时设备「四号」已关联其他预约' });
    expect(
      (
        await t.post(
          '/api/auth/tempDevice/addForReservation',
          { rid: probe.body.data.rid, reservation_rid: withTemp.body.data.rid },
          me.h,
        )
      ).body,
    ).toMatchObject({ code: 0, msg: '临时设备「自带低温样品台」已关联其他预约' });
    expect(
      (
        await r.book(me.h, d.rid, addDays(monday, 3), '13:30', '14:30', {
          temp_device_rids: [spare.body.data.rid],
        })
      ).body,
    ).toMatchObject({ code: 0, msg: '临时设备「备用探头」未通过审核，无法关联' });

    const events = (await timeline(me.h, res.order_rid)).timeline;
    expect(events.at(-1)).toMatchObject({
      action: 'temp_device_approve',
      note: '临时设备「自带低温样品台」审核通过：请提前半小时到场安装',
    });
  });
});

describe('the day-before reminder', () => {
  it('is queued once for tomorrow’s sessions, even with several workers at once, and delivered', async () => {
    const monday = r.nextMonday();
    const d = await r.device({ lead_hours: 0 });
    const me = await r.customer();
    const tomorrow = await r.booked(me.h, d.rid, addDays(monday, 1), '08:30', '09:30');
    const later = await r.booked(me.h, d.rid, addDays(monday, 2), '08:30', '09:30');
    const dropped = await r.booked(me.h, d.rid, addDays(monday, 1), '10:30', '11:30');
    // A cancelled session gets no reminder.
    expect((await t.post('/api/auth/reservation/cancel', { rid: dropped.rid }, me.h)).body.code).toBe(1);

    const counts = await Promise.all(Array.from({ length: 5 }, () => queueReservationReminders(t.services)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    const [order] = await t.services.db.select().from(orders).where(eq(orders.rid, tomorrow.order_rid));
    const rows = await notifications(t.services, { orderId: order.id, template: 'reminder' });
    expect(rows.map((x) => x.channel).sort()).toEqual(['inbox', 'sms']);
    expect(await queueReservationReminders(t.services)).toBe(0);

    while ((await runJobs(t.services)) > 0);
    const messages = await t.services.db
      .select()
      .from(userMessages)
      .where(and(eq(userMessages.userId, me.id), eq(userMessages.title, '预约上机提醒')));
    expect(messages).toHaveLength(1);
    expect(messages[0].body).toContain(`${d.name}（${addDays(monday, 1)} 08:30–09:30）将于明天开始`);
    const sms = await r.a.outbox(me.phone);
    expect(sms.filter((m) => m.text.includes('将于明天开始'))).toHaveLength(1);
    expect((await timeline(me.h, tomorrow.order_rid)).timeline.at(-1)).toMatchObject({
      action: 'remind',
      actor: 'system',
    });

    // A day later the next session gets its own reminder.
    r.goTo(addDays(monday, 1), '09:00');
    expect(await queueReservationReminders(t.services)).toBe(1);
    const [next] = await t.services.db.select().from(orders).where(eq(orders.rid, later.order_rid));
    expect(await notifications(t.services, { orderId: next.id, template: 'reminder' })).toHaveLength(2);
  });
});

describe('staff side effects and hostile input', () => {
  it('a new block reports the bookings inside it; staff order/cancel frees a reservation without a deadline', async () => {
    const monday = r.nextMonday();
    const d = await r.device({ lead_hours: 0 });
    const me = await r.customer();
    const res = await r.booked(me.h, d.rid, addDays(monday, 1), '08:30', '10:30');
    const block = await r.admin('block/add', {
      kind: 'maintenance',
      device_rid: d.rid,
      start: `${addDays(monday, 1)}T10:00:00+08:00`,
      end: `${addDays(monday, 1)}T12:00:00+08:00`,
      reason: '年检',
    });
    expect(block.body).toMatchObject({ code: 1, data: { conflicts: 1 } });
    const cancelled = await r.admin('order/cancel', { rid: res.order_rid, reason: '设备年检，已电话沟通' });
    expect(cancelled.body).toMatchObject({ code: 1, data: { status: 'cancelled' } });
    expect((await r.list(me.h, 'cancelled')).list[0]).toMatchObject({
      rid: res.rid,
      status: 'cancelled',
      cancel_reason: '设备年检，已电话沟通',
    });
    expect(r.slotStatus(await r.week(d.rid, addDays(monday, 1)), '08:30')).toBe('free');
  });

  it('answers hostile staff input with code 0 and a message', async () => {
    r.nextMonday();
    const bodies: unknown[] = [
      '',
      '[]',
      '{oops',
      {},
      { rid: null, action: 'explode', kind: 'party', start: 'yesterday', end: 5, reason: 'x'.repeat(5000) },
      {
        kind: 'holiday',
        device_rid: 'd1',
        start: '2026-01-01T00:00:00+08:00',
        end: '2026-01-02T00:00:00+08:00',
        reason: 'x',
      },
      { kind: 'holiday', start: '2026-01-02T00:00:00+08:00', end: '2026-01-01T00:00:00+08:00', reason: 'x' },
      { kind: 'holiday', start: '2026-01-01T00:00:00+08:00', end: '2030-01-01T00:00:00+08:00', reason: 'x' },
      { rid: 'nope', note: 1, reason: [] },
      { open: '25:00', close: '08:00', closed_weekdays: [9], cancel_hours: -1 },
      {
        name: 'X',
        model: 'Y',
        category: 'Z',
        location: 'L',
        price_fen: -5,
        price_unit: 'day',
        min_minutes: 0,
        lead_hours: 1e12,
      },
      { page: 'x', size: -3, status: 'bogus', date: '2026-02-30', device_rid: { a: 1 } },
    ];
    const paths = [
      'device/list',
      'device/add',
      'device/edit',
      'block/add',
      'block/list',
      'block/delete',
      'reservation/list',
      'reservation/confirm',
      'reservation/reject',
      'reservation/done',
      'reservation/no_show',
      'tempDevice/list',
      'tempDevice/operate',
      'reservationSetting/update',
    ];
    for (const path of paths)
      for (const body of bodies) {
        const res = await r.admin(path, body);
        expect(res.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBeLessThan(500);
        if (res.body.code === 0) expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
      }
    // Nothing hostile changed the settings.
    expect((await r.admin('reservationSetting/get', {})).body.data).toEqual(DEFAULT_RESERVATION_SETTINGS);
  });
});
