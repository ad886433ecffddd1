// 我的工作 and the warnings before a breach (issue 32, decision 0082): the results waiting on
// received orders by instrument and item with who holds each; 领取 (one holder), 转交 with a
// reason, 开始检测 (the order to 检测中) and 完成 (the result's submission), kept as append-only
// events; an instrument's backlog from its weekly capacity; who may call; the 即将超期 list and
// its notices (once, whatever the retries), the breach recorded with its delay, and the customer
// told of a moved due date with the reason.
import { describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, staffToken } from '../support/orders.ts';
import { notifications, runJobs } from '../support/jobs.ts';
import { device } from '#server/catalogue/tables.ts';
import { orders } from '#server/orders/tables.ts';
import { users } from '#server/accounts/tables.ts';
import { staffMembers } from '#server/staff/tables.ts';
import { userMessages } from '#server/notify/tables.ts';
import { dueBreaches, workEvents } from '#server/worklist/tables.ts';
import { watchDue } from '#server/worklist/index.ts';
import { shanghaiMidnight } from '#shared/slots.ts';
import { FREE_FORM_EMPTY } from '#shared/results/results.ts';
import { HELD_BY_OTHER, NOT_HOLDER, NOT_STARTED } from '#shared/worklist/work.ts';
import type { DueRow, Worklist, WorkRow } from '#shared/worklist/responses.ts';

const t = await setupApi();
const o = orderHelpers(t);
const MINUTE = 60_000;
type H = Record<string, string>;

/** Moves the test clock forward to a Shanghai wall-clock moment, '2026-03-06 15:00'. */
function goTo(moment: string) {
  const [h, m] = moment.slice(11).split(':').map(Number);
  const target = shanghaiMidnight(moment.slice(0, 10))! + (h * 60 + m) * MINUTE;
  expect(target).toBeGreaterThanOrEqual(t.services.now());
  o.a.advance(target - t.services.now());
}

/** A staff member of a role, signed in again whenever asked (sessions end as the clock runs). */
async function person(role: string) {
  const u = await o.a.user();
  expect((await o.admin('staff/save', { phone: u.phone, role })).body.code).toBe(1);
  return { phone: u.phone, h: async (): Promise<H> => o.a.bearer(await staffToken(t, u.phone)) };
}

async function call<T>(h: H, path: string, body: unknown) {
  return (await t.post<T>(`/api/admin/worklist/${path}`, body, h)).body;
}
async function good<T = WorkRow>(h: H, path: string, body: unknown): Promise<T> {
  const res = await call<T>(h, path, body);
  expect(res, `${path} ${JSON.stringify(res)}`).toMatchObject({ code: 1 });
  return res.data;
}
const rowsOf = (w: Worklist) => w.groups.flatMap((g) => g.items.flatMap((i) => i.rows));

/** A received 送样检测 order of `count` samples of an item tested on `instrument` (if given). */
async function receivedOrder(count: number, instrument: string | null, nth = 0) {
  const it = await o.demoItem(1, false, nth);
  const edit = await o.admin('catalogue/item/edit', { rid: it.rid, device_rid: instrument ?? '' });
  expect(edit.body, JSON.stringify(edit.body)).toMatchObject({ code: 1 });
  const me = await o.customer();
  const placed = await t.post<{ list: { rid: string }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it.rid, parameters: it.parameters, count }], delivery: { type: 0 } },
    me.h,
  );
  expect(placed.body.code).toBe(1);
  const rid = placed.body.data.list[0].rid;
  await o.move('order/receive', { rid });
  return { rid, item: it, customer: me };
}

async function anInstrument(capacity: number | null) {
  const [d] = await t.services.db.select().from(device).orderBy(device.id).limit(1);
  const saved = await o.admin('device/edit', { rid: d.rid, weekly_capacity: capacity ?? '' });
  expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ code: 1 });
  return d;
}

describe('我的工作', () => {
  it('lists the waiting work by instrument and item with its backlog; take, start and done from the list', async () => {
    const d = await anInstrument(10);
    const order = await receivedOrder(3, d.rid);
    const tech = await person('technician');
    const other = await person('technician');
    const h = await tech.h();

    const all = await good<Worklist>(h, 'list', { view: 'all' });
    const queue = all.groups.find((g) => g.device?.rid === d.rid)!;
    expect(queue).toMatchObject({
      device: { weekly_capacity: 10 },
      waiting: 3,
      backlog_days: 1.5,
      backlog_text: '积压约 1.5 个工作日',
    });
    expect(queue.items).toHaveLength(1);
    const mine = queue.items[0].rows.filter((r) => r.order_rid === order.rid);
    expect(mine.map((r) => [r.status, r.holder, r.mine])).toEqual([
      ['draft', null, false],
      ['draft', null, false],
      ['draft', null, false],
    ]);
    expect(rowsOf(await good<Worklist>(h, 'list', { view: 'mine' }))).toEqual([]);

    const rid = mine[0].rid;
    const taken = await good(h, 'take', { rid });
    expect(taken).toMatchObject({ mine: true, started_at: null, holder: { name: tech.phone } });
    // One holder: another technician is told who has it, and may not start it.
    expect(await call(await other.h(), 'take', { rid })).toMatchObject({
      code: 0,
      msg: HELD_BY_OTHER(tech.phone),
    });
    expect(await call(await other.h(), 'start', { rid })).toMatchObject({
      code: 0,
      msg: HELD_BY_OTHER(tech.phone),
    });
    expect(await call(h, 'start', { rid: mine[1].rid })).toMatchObject({ code: 0, msg: NOT_HOLDER });
    expect(await call(h, 'done', { rid })).toMatchObject({ code: 0, msg: NOT_STARTED });
    expect(rowsOf(await good<Worklist>(h, 'list', { view: 'mine' })).map((r) => r.rid)).toEqual([rid]);

    const started = await good(h, 'start', { rid });
    expect(started.started_at).not.toBeNull();
    expect((await o.admin<{ status: string }>('order/detail', { rid: order.rid })).body.data.status).toBe(
      'testing',
    );
    expect(await call(h, 'start', { rid })).toMatchObject({ code: 0, msg: '该检测已开始' });

    // 完成 is the result's submission, with its rules: a free-form result needs a text or a file.
    expect(await call(h, 'done', { rid })).toMatchObject({ code: 0, msg: FREE_FORM_EMPTY });
    const saved = await t.post(
      '/api/admin/result/save',
      { rid, method: '', instrument: '', entries: [{ key: '_text', value: '见原始数据' }] },
      h,
    );
    expect(saved.body.code).toBe(1);
    expect(await good(h, 'done', { rid })).toMatchObject({ rid, status: 'submitted' });
    const after = await good<Worklist>(h, 'list', { view: 'all' });
    expect(rowsOf(after).some((r) => r.rid === rid)).toBe(false);
    expect(after.groups.find((g) => g.device?.rid === d.rid)?.waiting).toBe(2);
    expect(await call(h, 'take', { rid })).toMatchObject({ code: 0, msg: '该检测已提交审核或不在待检状态' });

    // The evidence: who took and started it, when; the database keeps it as written.
    const events = await t.services.db.select().from(workEvents).orderBy(workEvents.id);
    expect(events.map((e) => [e.action, e.staffName])).toEqual([
      ['take', tech.phone],
      ['start', tech.phone],
    ]);
    await expect(t.services.db.update(workEvents).set({ reason: 'x' })).rejects.toThrow();
    await expect(t.services.db.delete(workEvents)).rejects.toThrow();
  });

  it('hands work over only with a reason, recording from whom and why', async () => {
    const d = await anInstrument(null);
    const order = await receivedOrder(1, d.rid);
    const a = await person('technician');
    const b = await person('technician');
    const rows = rowsOf(await good<Worklist>(await a.h(), 'list', { view: 'all' }));
    const rid = rows.find((r) => r.order_rid === order.rid)!.rid;
    const queue = (await good<Worklist>(await a.h(), 'list', { view: 'all' })).groups.find(
      (g) => g.device?.rid === d.rid,
    );
    expect(queue).toMatchObject({ backlog_days: null, backlog_text: '未设定产能' });

    expect(await call(await b.h(), 'handover', { rid, reason: '接手' })).toMatchObject({
      code: 0,
      msg: '该检测尚未被领取，请直接领取',
    });
    await good(await a.h(), 'take', { rid });
    await good(await a.h(), 'start', { rid });
    expect(await call(await b.h(), 'handover', { rid, reason: ' ' })).toMatchObject({
      code: 0,
      msg: '[转交原因]不能为空',
    });
    const moved = await good(await b.h(), 'handover', { rid, reason: '张工请假，由我继续' });
    // The test begun stays begun; the new holder finishes it.
    expect(moved).toMatchObject({ mine: true, holder: { name: b.phone } });
    expect(moved.started_at).not.toBeNull();
    expect(await call(await a.h(), 'done', { rid })).toMatchObject({ code: 0, msg: HELD_BY_OTHER(b.phone) });
    const [handover] = await t.services.db.select().from(workEvents).where(eq(workEvents.action, 'handover'));
    expect(handover).toMatchObject({ staffName: b.phone, fromName: a.phone, reason: '张工请假，由我继续' });
  });

  it('puts items without an instrument under 未指定仪器', async () => {
    const order = await receivedOrder(1, null, 1);
    const tech = await person('technician');
    const w = await good<Worklist>(await tech.h(), 'list', { view: 'all' });
    const none = w.groups.find((g) => g.device === null)!;
    expect(none.backlog_text).toBe('未指定仪器');
    expect(none.items.flatMap((i) => i.rows).some((r) => r.order_rid === order.rid)).toBe(true);
    expect(
      (await o.admin('catalogue/item/edit', { rid: order.item.rid, device_rid: 'nope' })).body,
    ).toMatchObject({
      code: 0,
      msg: '[检测仪器]不存在',
    });
  });

  it('is refused to customers and to roles without orders.process', async () => {
    const me = await o.customer();
    const denied = await t.post('/api/admin/worklist/list', { view: 'all' }, me.h);
    expect(denied.body.code).toBe(0);
    const finance = await person('finance');
    for (const path of ['list', 'take', 'start', 'done'])
      expect(await call(await finance.h(), path, { rid: 'T1' })).toMatchObject({
        code: 0,
        msg: '您的角色无权执行该操作',
      });
    const editor = await person('editor');
    expect(await call(await editor.h(), 'due', { kind: 'soon' })).toMatchObject({ code: 0 });
  });
});

describe('warnings before a breach', () => {
  it('lists an order due Monday as 即将超期 from Friday night, not on Friday afternoon, and notifies once', async () => {
    const order = await receivedOrder(1, null);
    const tech = await person('technician');
    const manager = await person('manager');
    const rid = rowsOf(await good<Worklist>(await tech.h(), 'list', { view: 'all' })).find(
      (r) => r.order_rid === order.rid,
    )!.rid;
    await good(await tech.h(), 'take', { rid });
    // Due Monday 9 March 2026 (moved by hand: the customer is told the date and the reason).
    expect(
      (await o.admin('order/due', { rid: order.rid, due_date: '2026-03-09', reason: '仪器校准' })).body.code,
    ).toBe(1);
    const told = await notifications(t.services, { template: 'due_moved', userId: order.customer.id });
    expect(told.map((n) => n.channel).sort()).toEqual(['inbox', 'sms']);
    expect(told[0].vars).toMatchObject({ due_date: '2026-03-09', note: '仪器校准' });

    goTo('2026-03-06 15:00');
    const soon = async () =>
      good<{ list: DueRow[]; total: number }>(await tech.h(), 'due', { kind: 'soon', page: 1, size: 50 });
    expect((await soon()).list.some((r) => r.rid === order.rid)).toBe(false);
    expect((await watchDue(t.services)).warned).toBe(0);

    goTo('2026-03-07 09:00');
    const row = (await soon()).list.find((r) => r.rid === order.rid)!;
    expect(row).toMatchObject({ due_date: '2026-03-09', left_minutes: 24 * 60, holders: [tech.phone] });
    const w = await good<Worklist>(await tech.h(), 'list', { view: 'mine' });
    expect(rowsOf(w).find((r) => r.rid === rid)?.due_state).toBe('soon');

    // The holder and every manager, once: a second run (a retry) queues nothing more.
    const first = await watchDue(t.services);
    expect(first.warned).toBeGreaterThanOrEqual(2);
    await watchDue(t.services);
    await runJobs(t.services, 500);
    await watchDue(t.services);
    await runJobs(t.services, 500);
    const [{ orderNo }] = await t.services.db
      .select({ orderNo: orders.orderNo })
      .from(orders)
      .where(eq(orders.rid, order.rid));
    const warned = await t.services.db
      .select({ userId: userMessages.userId, body: userMessages.body })
      .from(userMessages)
      .where(and(eq(userMessages.title, '订单即将超期'), like(userMessages.body, `%${orderNo}%`)));
    const managers = await t.services.db
      .select({ id: staffMembers.userId })
      .from(staffMembers)
      .where(eq(staffMembers.role, 'manager'));
    const techId = await idOf(tech.phone);
    expect(warned.map((m) => m.userId).sort()).toEqual([techId, ...managers.map((m) => m.id)].sort());
    expect(warned.map((m) => m.userId)).toContain(await idOf(manager.phone));
    expect(warned[0].body).toContain(`检测负责人：${tech.phone}`);
  });

  it('records a breach once when the deadline passes, with the delay fixed at delivery', async () => {
    const order = await receivedOrder(1, null);
    await o.admin('order/due', { rid: order.rid, due_date: '2026-03-10', reason: '加测' });
    goTo('2026-03-10 23:00');
    await watchDue(t.services);
    expect(await breachesOf(order.rid)).toEqual([]);

    goTo('2026-03-11 10:00');
    await watchDue(t.services);
    await watchDue(t.services);
    const [b] = await breachesOf(order.rid);
    expect(b).toMatchObject({ dueDate: '2026-03-10', deliveredAt: null, delayMinutes: null });
    expect(b.detectedAt.getTime()).toBe(t.services.now());
    const tech = await person('technician');
    const late = await good<{ list: DueRow[] }>(await tech.h(), 'due', { kind: 'breached' });
    expect(late.list.find((r) => r.rid === order.rid)).toMatchObject({
      delay_minutes: 10 * 60,
      breached_at: b.detectedAt.toISOString(),
    });

    // Delivered at 14:30 the next day: 1 day 14.5 hours late, fixed once.
    goTo('2026-03-12 14:30');
    await o.move('order/start', { rid: order.rid });
    // Delivered by releasing its report (decision 0081).
    await o.release(order.rid);
    goTo('2026-03-12 15:00');
    await watchDue(t.services);
    const [fixed] = await breachesOf(order.rid);
    expect(fixed.delayMinutes).toBe((24 + 14) * 60 + 30);
    await expect(
      t.services.db.update(dueBreaches).set({ delayMinutes: 1 }).where(eq(dueBreaches.id, fixed.id)),
    ).rejects.toThrow();
    await expect(t.services.db.delete(dueBreaches).where(eq(dueBreaches.id, fixed.id))).rejects.toThrow();
    expect(
      (await good<{ list: DueRow[] }>(await tech.h(), 'due', { kind: 'breached' })).list.some(
        (r) => r.rid === order.rid,
      ),
    ).toBe(false);
  });
});

async function idOf(phone: string) {
  const [u] = await t.services.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  return u.id;
}

async function breachesOf(orderRid: string) {
  const [row] = await t.services.db.select({ id: orders.id }).from(orders).where(eq(orders.rid, orderRid));
  return t.services.db.select().from(dueBreaches).where(eq(dueBreaches.orderId, row.id));
}
