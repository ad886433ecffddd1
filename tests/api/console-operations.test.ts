import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, staffToken, type Customer } from '../support/orders.ts';
import { runJobs } from '../support/jobs.ts';
import { auditLog } from '#server/staff/tables.ts';
import { orderEvents, orders, sampleRecycles } from '#server/orders/tables.ts';
import type { PickupRow, PromiseRow } from '#shared/orders/operations.ts';
import { addWorkingDays } from '#shared/calendar/working-days.ts';
import { disposableFrom } from '#shared/samples/disposal.ts';
import { shanghaiMidnight } from '#shared/slots.ts';
import { shanghaiDate, shanghaiIso } from '#shared/time.ts';
import { PASSWORD } from '../support/accounts.ts';
import { createSession } from '#server/accounts/tokens.ts';
import { runDisposalJob } from '#server/samples/disposal-jobs.ts';
import { users } from '#server/accounts/tables.ts';
import { DEMO_STAFF_PHONE } from '#server/staff/index.ts';
import type { OrderDetail } from '#shared/orders/order.ts';
import type { OrderSample, SampleTrail } from '#shared/samples/responses.ts';

const t = await setupApi();
const o = orderHelpers(t);
const HOUR = 3600_000;

/** A staff member of a role, with a console session made now. */
async function staffOf(role: 'technician' | 'editor' | 'manager') {
  const u = await o.a.user();
  const saved = await o.admin('staff/save', { phone: u.phone, role });
  expect(saved.body.code).toBe(1);
  const h = o.a.bearer(await staffToken(t, u.phone));
  return <T = unknown>(path: string, body: unknown) => t.post<T>(`/api/admin/${path}`, body, h);
}

/** An order of the first demo 送样检测 item with `disposal`, picked up at the first allowed slot. */
async function pickupOrder(c: Customer, disposal = 0) {
  const it = await o.demoItem(1);
  const delivery = await o.pickup();
  const placed = await t.post<{ list: { rid: string; status: string }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it.rid, parameters: it.parameters, disposal }], delivery },
    c.h,
  );
  expect(placed.body, JSON.stringify(placed.body)).toMatchObject({ code: 1 });
  return { rid: placed.body.data.list[0].rid, status: placed.body.data.list[0].status, delivery, item: it };
}

/** The order's samples as its customer sees them. */
async function samplesOf(c: Customer, rid: string) {
  const res = await t.post<OrderDetail>('/api/auth/order/detail', { rid }, (await again(c)).h);
  expect(res.body.code).toBe(1);
  return res.body.data.samples;
}
/** The customer signed in again (sessions end while the clock runs on for days). */
async function again(c: Customer): Promise<Customer> {
  const { token } = await createSession(t.services, c.id, { ip: 'unknown', userAgent: '' });
  return { ...c, token, h: o.a.bearer(token) };
}
/** A received sample taken to the instrument and tested: as it then is. */
async function testSample(rid: string) {
  for (const e of [{ kind: 'taken', technician: '李工', instrument: 'XRD-1' }, { kind: 'tested' }]) {
    const res = await o.admin<OrderSample>('sample/event', { rid, ...e });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  }
  return (await o.admin<OrderSample>('sample/trail', { rid })).body.data;
}
/** Another staff member who may witness a disposal: their phone (password PASSWORD). */
async function witnessPhone() {
  const u = await o.a.user();
  expect((await o.admin('staff/save', { phone: u.phone, role: 'technician' })).body.code).toBe(1);
  return u.phone;
}

const pickups = async (date: string) =>
  (await o.admin<{ list: PickupRow[]; total: number }>('pickup/list', { date, size: 50 })).body.data;
const overdue = async () =>
  (await o.admin<{ overdue: Record<string, number> }>('dashboard', {})).body.data.overdue;
const promiseList = async (kind: string) =>
  (await o.admin<{ list: PromiseRow[]; total: number }>('promise/list', { kind })).body.data;

describe('pickups by date', () => {
  it('lists the day’s pickup orders and requests; a technician marks them picked and received, audited', async () => {
    const me = await o.customer('institution');
    const order = await pickupOrder(me);
    expect(order.status).toBe('awaiting_pickup');
    const request = await t.post<{ rid: string }>(
      '/api/auth/sampling/add',
      { ...order.delivery, message: '门卫处交接' },
      me.h,
    );
    expect(request.body).toMatchObject({ code: 1 });
    const reqRid = request.body.data.rid;

    const day = await pickups(order.delivery.date);
    const mine = day.list.filter((p) => p.customer.rid === me.rid);
    expect(mine.map((p) => [p.kind, p.status])).toEqual(
      expect.arrayContaining([
        ['order', 'pending'],
        ['request', 'pending'],
      ]),
    );
    const row = mine.find((p) => p.kind === 'order')!;
    expect(row).toMatchObject({
      rid: order.rid,
      time: order.delivery.time,
      name: '张三',
      phone: '13912345678',
      address: '上海市闵行区东川路800号',
      items: [`${order.item.name} ×1`],
      order_status_text: '待取样',
    });
    expect(mine.find((p) => p.kind === 'request')!.message).toBe('门卫处交接');
    // Another day is another list; a bad date is refused.
    expect((await pickups('2020-01-01')).total).toBe(0);
    expect((await o.admin('pickup/list', { date: '2026-02-30' })).body.msg).toBe('[取样日期]格式不正确');

    // An editor may not see or move pickups; a technician may.
    const editor = await staffOf('editor');
    expect((await editor('pickup/list', {})).status).toBe(403);
    expect((await editor('pickup/picked', { rid: order.rid })).body).toMatchObject({
      code: 0,
      msg: '您的角色无权执行该操作',
    });
    const tech = await staffOf('technician');
    expect((await tech('pickup/receive', { rid: reqRid })).body.msg).toBe('取样单状态不允许此操作');
    expect((await tech('pickup/picked', { rid: order.rid })).body).toMatchObject({
      code: 1,
      data: { status: 'picked', status_text: '已取样' },
    });
    expect((await tech('pickup/picked', { rid: order.rid })).body.msg).toBe('该订单已标记为已取样');
    expect((await tech('pickup/picked', { rid: reqRid })).body).toMatchObject({
      code: 1,
      data: { status: 'picked' },
    });
    let after = (await pickups(order.delivery.date)).list.filter((p) => p.customer.rid === me.rid);
    expect(after.find((p) => p.kind === 'order')).toMatchObject({
      status: 'picked',
      order_status: 'awaiting_pickup',
    });
    expect(after.find((p) => p.kind === 'order')!.picked_at).not.toBeNull();

    // Received: the order's receipt step (order/receive), and the request's last step.
    expect((await tech('pickup/receive', { rid: order.rid })).body).toMatchObject({
      code: 1,
      data: { status: 'received' },
    });
    expect((await tech('pickup/receive', { rid: reqRid })).body).toMatchObject({
      code: 1,
      data: { status: 'received' },
    });
    after = (await pickups(order.delivery.date)).list.filter((p) => p.customer.rid === me.rid);
    expect(after.map((p) => p.status)).toEqual(['received', 'received']);
    expect(after.find((p) => p.kind === 'order')!.order_status).toBe('received');
    const detail = await t.post<{ timeline: { action: string; note: string }[] }>(
      '/api/auth/order/detail',
      { rid: order.rid },
      me.h,
    );
    expect(detail.body.data.timeline.map((e) => e.action)).toEqual(['create', 'picked', 'receive']);
    // Only the status filter's rows.
    expect(
      (
        await o.admin<{ list: PickupRow[] }>('pickup/list', { date: order.delivery.date, status: 'pending' })
      ).body.data.list.some((p) => p.customer.rid === me.rid),
    ).toBe(false);

    // The audit log has each move, with the request's record before and after.
    const logged = await t.services.db.select().from(auditLog).where(eq(auditLog.entityRid, reqRid));
    expect(logged.map((l) => [l.action, l.outcome])).toEqual([
      ['pickup/receive', 'refused'],
      ['pickup/picked', 'ok'],
      ['pickup/receive', 'ok'],
    ]);
    expect(logged[1]).toMatchObject({
      role: 'technician',
      before: { status: 'pending' },
      after: { status: 'picked' },
    });
    const orderLog = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityRid, order.rid), eq(auditLog.action, 'pickup/picked')));
    expect(orderLog.map((l) => l.outcome)).toEqual(['ok', 'refused']);
  });

  it('refuses a pickup step on an order that is not a pickup, or not yet payable', async () => {
    const boss = await o.customer('enterprise');
    const prepaid = await pickupOrder(boss);
    expect(['quoting', 'unpaid']).toContain(prepaid.status);
    expect((await o.admin('pickup/picked', { rid: prepaid.rid })).body.msg).toBe(
      '订单尚未报价或付款，暂不能取样',
    );
    const me = await o.customer('institution');
    const it = await o.demoItem(1);
    const placed = await t.post<{ list: { rid: string }[] }>(
      '/api/auth/order/add',
      { items: [{ item_rid: it.rid, parameters: it.parameters }], delivery: { type: 0 } },
      me.h,
    );
    const self = placed.body.data.list[0].rid;
    expect((await o.admin('pickup/picked', { rid: self })).body.msg).toBe('该订单不是上门取样订单');
    expect((await o.admin('pickup/picked', { rid: 'o-missing' })).body.msg).toBe('订单不存在');
    expect((await o.admin('pickup/picked', { rid: 's-missing' })).body.msg).toBe('取样单不存在');
  });
});

describe('service promises on the dashboard', () => {
  it('counts and lists the manager’s call, the data reminder and disposal; staff mark them kept', async () => {
    const me = await o.customer('institution');
    const { rid } = await pickupOrder(me, 0);
    await o.move('order/receive', { rid });
    const base = await overdue();
    expect(await promiseList('manager_call')).toMatchObject({ total: base.manager_calls });

    // Two hours after receipt with no call recorded, the promise is overdue.
    o.a.advance(2 * HOUR + 60_000);
    expect((await overdue()).manager_calls).toBe(base.manager_calls + 1);
    const calls = await promiseList('manager_call');
    const late = calls.list.find((r) => r.rid === rid)!;
    expect(late).toMatchObject({ status: 'received', customer: { rid: me.rid } });
    expect(Date.parse(late.due) - Date.parse(late.since)).toBe(2 * HOUR);
    // The call is the business manager's: a technician may not record it.
    const tech = await staffOf('technician');
    expect((await tech('order/called', { rid })).status).toBe(403);
    const manager = await staffOf('manager');
    expect((await manager('order/called', { rid, note: '已与张老师确认方案' })).body).toMatchObject({
      code: 1,
      msg: '已记录致电',
    });
    expect((await manager('order/called', { rid })).body.msg).toBe('已记录致电，请勿重复操作');
    expect((await overdue()).manager_calls).toBe(base.manager_calls);
    expect((await promiseList('manager_call')).list.some((r) => r.rid === rid)).toBe(false);

    // The data reminder: the delivery's messages not sent two hours on.
    await runJobs(t.services);
    await o.move('order/start', { rid });
    await o.release(rid);
    o.a.advance(2 * HOUR + 60_000);
    expect((await overdue()).data_reminders).toBe(base.data_reminders + 1);
    expect((await promiseList('data_reminder')).list.map((r) => r.rid)).toContain(rid);
    await runJobs(t.services);
    expect((await overdue()).data_reminders).toBe(base.data_reminders);

    // Disposal is per sample (decision 0078): due once its last day kept (5 working days after
    // its testing, the weekend and holidays not counted) has passed, kept by its witnessed disposal.
    const [sample] = await samplesOf(me, rid);
    const tested = await testSample(sample.rid);
    const until = tested.retention.until!;
    expect(until).toBe(addWorkingDays(shanghaiDate(t.services.now()), 5));
    const due = shanghaiMidnight(disposableFrom(until))!;
    o.a.advance(due - t.services.now() - 60_000);
    expect((await promiseList('disposal')).list.some((r) => r.sample?.rid === sample.rid)).toBe(false);
    o.a.advance(2 * 60_000);
    const disposals = await promiseList('disposal');
    expect(disposals.list.find((r) => r.sample?.rid === sample.rid)).toMatchObject({
      rid,
      order_no: expect.stringMatching(/^LP/),
      due: shanghaiIso(due),
      sample: { sample_no: sample.sample_no, retain_until: until, retention_text: '实验室销毁' },
    });
    expect((await overdue()).disposals).toBe(disposals.total);
    // The order-level marks are gone: the sample's own disposal keeps the promise.
    expect((await o.admin('order/disposed', { rid })).body.code).toBe(0);
    const w = await witnessPhone();
    const disposed = await o.admin('sample/dispose', {
      rid: sample.rid,
      method: '高压灭菌后处置',
      reason: '保留期满',
      witness_phone: w,
      password: PASSWORD,
    });
    expect(disposed.body, JSON.stringify(disposed.body)).toMatchObject({ code: 1 });
    expect((await promiseList('disposal')).list.some((r) => r.sample?.rid === sample.rid)).toBe(false);
    expect((await overdue()).disposals).toBe(disposals.total - 1);
  });

  it('counts a sample return 48 hours after full payment until staff send it back', async () => {
    const me = await o.customer('institution');
    const { rid } = await pickupOrder(me, 1);
    await o.move('order/receive', { rid });
    const [sample] = await samplesOf(me, rid);
    await o.move('order/start', { rid });
    await testSample(sample.rid);
    await o.release(rid);
    await o.move('order/bill', { rid });
    const recycle = await t.post(
      '/api/auth/sample4recycle/add',
      { rid, name: '张三', phone: '13912345678', address: '上海市闵行区东川路800号' },
      me.h,
    );
    expect(recycle.body.code, JSON.stringify(recycle.body)).toBe(1);
    // Tested, to be sent back: the job lists it 待退回, but the order is not paid yet.
    await runDisposalJob(t.services);
    const before = (await overdue()).sample_returns;
    o.a.advance(49 * HOUR);
    expect((await promiseList('sample_return')).list.some((r) => r.sample?.rid === sample.rid)).toBe(false);
    // Paid in full: the 48 hours run from the payment.
    await o.credit(me.rid, 1_000_000);
    expect((await t.post('/api/auth/web/order/pay', { rid }, (await again(me)).h)).body.code).toBe(1);
    const paid = t.services.now();
    o.a.advance(47 * HOUR);
    expect((await overdue()).sample_returns).toBe(before);
    o.a.advance(2 * HOUR);
    expect((await overdue()).sample_returns).toBe(before + 1);
    const returns = await promiseList('sample_return');
    expect(returns.list.find((r) => r.sample?.rid === sample.rid)).toMatchObject({
      rid,
      status: 'completed',
      since: shanghaiIso(paid),
      due: shanghaiIso(paid + 48 * HOUR),
      sample: { sample_no: sample.sample_no, status_text: '待退回', retention_text: '检测后寄回' },
    });
    expect((await o.admin('order/returned', { rid })).body.code).toBe(0);
    // Sent back by the sample's own custody event, with the courier number.
    const tech = await staffOf('technician');
    const sent = await tech('sample/event', {
      rid: sample.rid,
      kind: 'returned',
      courier: '顺丰',
      number: 'SF1234567890',
    });
    expect(sent.body, JSON.stringify(sent.body)).toMatchObject({ code: 1 });
    expect((await overdue()).sample_returns).toBe(before);
    const [req] = await t.services.db.select().from(sampleRecycles).where(eq(sampleRecycles.userId, me.id));
    expect(req.status).toBe('sent');
  });
});

describe('order-level marks made before the samples kept the promises', () => {
  it('carries 样品已销毁 / 样品已寄回 over to the samples still in the lab, once (migration 0060)', async () => {
    const me = await o.customer('institution');
    const destroyed = await pickupOrder(me, 0);
    const returned = await pickupOrder(me, 1);
    await o.staff();
    const [staff] = await t.services.db.select().from(users).where(eq(users.phone, DEMO_STAFF_PHONE));
    for (const { rid } of [destroyed, returned]) await o.move('order/receive', { rid });
    const [d] = await samplesOf(me, destroyed.rid);
    const [r] = await samplesOf(me, returned.rid);
    await testSample(d.rid);
    const orderId = async (rid: string) =>
      (await t.services.db.select({ id: orders.id }).from(orders).where(eq(orders.rid, rid)))[0].id;
    const at = new Date(t.services.now());
    for (const [rid, action] of [
      [destroyed.rid, 'disposed'],
      [returned.rid, 'returned'],
    ] as const)
      await t.services.db.insert(orderEvents).values({
        orderId: await orderId(rid),
        fromStatus: 'received',
        toStatus: 'received',
        action,
        actorKind: 'staff',
        actorId: staff.id,
        note: action === 'disposed' ? '样品已销毁' : '顺丰 SF1',
        at,
      });
    const migration = readFileSync(
      new URL('../../drizzle/0060_sample_order_marks.sql', import.meta.url),
      'utf8',
    );
    const run = () =>
      t.services.db.transaction(async (tx) => {
        for (const statement of migration.split('--> statement-breakpoint'))
          await tx.execute(sql.raw(statement));
      });
    await run();
    await run();
    for (const [s, status, kind] of [
      [d, 'disposed', 'disposed'],
      [r, 'returned', 'returned'],
    ] as const) {
      const trail = (await o.admin<SampleTrail>('sample/trail', { rid: s.rid })).body.data;
      expect(trail.status).toBe(status);
      const marks = trail.events.filter((e) => e.kind === kind);
      expect(marks).toHaveLength(1);
      expect(marks[0]).toMatchObject({ actor: 'staff', note: expect.stringContaining('由订单记录迁移') });
    }
  });
});
