// Promised turnaround and due dates (issue 32, decision 0079): the working calendar's staff calls
// (month grid, closures and overrides, CSV import with a per-row report, the cut-off), an item's
// promise shown on its page and in the plan, the due date fixed at receipt on the lab's calendar
// (never moved by a later calendar edit), moved by hand with a reason, the data-analysis rule,
// the quote's promise, the console list sorted by due date, and the backfill of older orders.
import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, staffToken, type Customer } from '../support/orders.ts';
import { notifications } from '../support/jobs.ts';
import { createSession } from '#server/accounts/tokens.ts';
import { orderItems, orders } from '#server/orders/tables.ts';
import { auditLog } from '#server/staff/tables.ts';
import { backfillDueDates } from '#server/orders/due.ts';
import { shanghaiMidnight } from '#shared/slots.ts';
import type { OrderDetail, OrderSummary } from '#shared/orders/order.ts';
import type { CalendarImportResult, CalendarMonth } from '#shared/calendar/calendar.ts';
import type { ItemDetail } from '#shared/catalogue/catalogue.ts';
import type { PlanView } from '#shared/plan/responses.ts';

const t = await setupApi();
const o = orderHelpers(t);
const MINUTE = 60_000;

/** Moves the test clock forward to a Shanghai wall-clock moment, '2026-09-30 10:00'. */
function goTo(moment: string) {
  const [h, m] = moment.slice(11).split(':').map(Number);
  const target = shanghaiMidnight(moment.slice(0, 10))! + (h * 60 + m) * MINUTE;
  expect(target).toBeGreaterThanOrEqual(t.services.now());
  o.a.advance(target - t.services.now());
}
/** The customer signed in again (sessions end while the clock runs on for days). */
async function again(c: Customer): Promise<Customer> {
  const { token } = await createSession(t.services, c.id, { ip: 'unknown', userAgent: '' });
  return { ...c, token, h: o.a.bearer(token) };
}
async function promise(rid: string, body: Record<string, unknown>) {
  return o.admin<{ turnaround_days: number | null }>('catalogue/item/turnaround/save', { rid, ...body });
}
async function place(c: Customer, typeId: 1 | 3 = 1, quoteOnly = false) {
  const it = await o.demoItem(typeId, quoteOnly);
  const res = await t.post<{ list: { rid: string; status: string }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it.rid, parameters: it.parameters }], delivery: { type: 0 } },
    c.h,
  );
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  return res.body.data.list[0].rid;
}
const staffDetail = async (rid: string) => (await o.admin<OrderDetail>('order/detail', { rid })).body.data;
const month = async (m: string, h?: Record<string, string>) => {
  const res = await t.get<CalendarMonth>(`/api/admin/calendar/month?month=${m}`, h ?? (await o.staff()));
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  return res.body.data;
};
const day = (m: CalendarMonth, date: string) => m.days.find((d) => d.date === date)!;

describe('the working calendar screen', () => {
  it('shows holidays, 调休 working days and weekends from the package', async () => {
    const oct = await month('2026-10');
    expect(oct.days).toHaveLength(31);
    expect(day(oct, '2026-10-01')).toMatchObject({
      kind: 'holiday',
      working: false,
      label: '国庆节',
      weekday: 4,
    });
    expect(day(oct, '2026-10-10')).toMatchObject({ kind: 'makeup', working: true, kind_text: '调休上班' });
    expect(day(oct, '2026-10-11')).toMatchObject({ kind: 'weekend', working: false });
    expect(oct.coverage).toMatchObject({ package_last: 2026, covered: true });
    expect(oct.cutoff).toBe('16:00');
    expect((await month('2027-02')).coverage.covered).toBe(false);
    const bad = await t.get('/api/admin/calendar/month?month=2026-13', await o.staff());
    expect(bad.body).toMatchObject({ code: 0, msg: '[月份]格式不正确' });
  });

  it('adds and removes a closure or an override with a reason, audited; refuses what changes nothing', async () => {
    const closed = await o.admin<CalendarMonth>('calendar/day/save', {
      date: '2026-11-25',
      kind: 'closed',
      reason: '停电检修',
    });
    expect(closed.body, JSON.stringify(closed.body)).toMatchObject({ code: 1, msg: '已设 2026-11-25 停工' });
    expect(day(closed.body.data, '2026-11-25')).toMatchObject({
      kind: 'lab_closed',
      working: false,
      label: '停电检修',
      lab: { kind: 'closed', reason: '停电检修' },
    });
    const [log] = await t.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'calendar/day/save'))
      .orderBy(desc(auditLog.id));
    expect(log).toMatchObject({ entityRid: '2026-11-25', permission: 'calendar.manage', outcome: 'ok' });
    expect(log.after).toMatchObject({ kind: 'closed', reason: '停电检修' });

    expect(
      (await o.admin('calendar/day/save', { date: '2026-11-28', kind: 'closed', reason: 'x' })).body,
    ).toMatchObject({
      code: 0,
      msg: '2026-11-28 本就不是工作日，无需设为停工',
    });
    expect(
      (await o.admin('calendar/day/save', { date: '2026-11-27', kind: 'open', reason: 'x' })).body,
    ).toMatchObject({
      code: 0,
      msg: '2026-11-27 本就是工作日，无需设为加班',
    });
    expect(
      (await o.admin('calendar/day/save', { date: '2026-11-27', kind: 'closed', reason: ' ' })).body,
    ).toMatchObject({
      code: 0,
      msg: '[原因]不能为空',
    });
    const open = await o.admin<CalendarMonth>('calendar/day/save', {
      date: '2026-11-28',
      kind: 'open',
      reason: '集中检测',
    });
    expect(day(open.body.data, '2026-11-28')).toMatchObject({ kind: 'lab_open', working: true });

    const removed = await o.admin<CalendarMonth>('calendar/day/remove', { date: '2026-11-25' });
    expect(day(removed.body.data, '2026-11-25')).toMatchObject({ kind: 'workday', lab: null });
    expect((await o.admin('calendar/day/remove', { date: '2026-11-25' })).body).toMatchObject({ code: 0 });
    await o.admin('calendar/day/remove', { date: '2026-11-28' });
  });

  it('lets every staff member read it and only admins and managers change it', async () => {
    const u = await o.a.user();
    expect((await o.admin('staff/save', { phone: u.phone, role: 'technician' })).body.code).toBe(1);
    const tech = o.a.bearer(await staffToken(t, u.phone));
    expect((await month('2026-11', tech)).days).toHaveLength(30);
    const refused = await t.post(
      '/api/admin/calendar/day/save',
      { date: '2026-11-25', kind: 'closed', reason: 'x' },
      tech,
    );
    expect(refused.body).toMatchObject({ code: 0, msg: '您的角色无权执行该操作' });
    const m = await o.a.user();
    expect((await o.admin('staff/save', { phone: m.phone, role: 'manager' })).body.code).toBe(1);
    const manager = o.a.bearer(await staffToken(t, m.phone));
    const ok = await t.post(
      '/api/admin/calendar/day/save',
      { date: '2026-12-02', kind: 'closed', reason: '年检' },
      manager,
    );
    expect(ok.body.code).toBe(1);
    await o.admin('calendar/day/remove', { date: '2026-12-02' });
  });

  it('imports an official year as CSV, reporting each bad row and storing nothing then', async () => {
    const bad = await o.admin<CalendarImportResult>('calendar/import', {
      csv: 'date,kind\n2027-01-01,holiday\n2027-02-30,holiday\n2027-02-07,rest\n2027-01-01,休',
    });
    expect(bad.body.msg).toBe('有 3 行错误，未导入');
    expect(bad.body.data).toMatchObject({ stored: false, rows: 1 });
    expect(bad.body.data.errors.map((e) => e.line)).toEqual([3, 4, 5]);
    expect((await month('2027-02')).coverage.covered).toBe(false);

    const csv = [
      'date,kind,name',
      '2027-01-01,holiday,元旦',
      '2027-02-08,holiday,春节',
      '2027-02-20,workday,春节',
    ].join('\n');
    const checked = await o.admin<CalendarImportResult>('calendar/import', { csv, check: true });
    expect(checked.body.data).toMatchObject({ stored: false, rows: 3, errors: [] });
    const stored = await o.admin<CalendarImportResult>('calendar/import', { csv });
    expect(stored.body).toMatchObject({
      code: 1,
      msg: '已导入 3 天（2027年）',
      data: { stored: true, years: [2027] },
    });
    const feb = await month('2027-02');
    expect(feb.coverage).toMatchObject({ covered: true, imported: [2027] });
    expect(day(feb, '2027-02-08')).toMatchObject({ kind: 'holiday', source: 'import', label: '春节' });
    expect(day(feb, '2027-02-20')).toMatchObject({ kind: 'makeup', working: true });
    // Importing the year again replaces it whole.
    await o.admin('calendar/import', { csv: 'date,kind\n2027-01-01,holiday' });
    expect(day(await month('2027-02'), '2027-02-08')).toMatchObject({ kind: 'workday' });
    expect((await o.admin('calendar/import', { csv: '' })).body).toMatchObject({
      code: 0,
      msg: '[CSV内容]不能为空',
    });
  });

  it('keeps the daily cut-off as HH:mm', async () => {
    expect((await o.admin('calendar/settings/save', { cutoff: '25:00' })).body).toMatchObject({
      code: 0,
      msg: '[每日截止时间]格式应为 HH:mm，例如 16:00',
    });
    expect((await o.admin('calendar/settings/save', { cutoff: '17:30' })).body).toMatchObject({
      code: 1,
      data: { cutoff: '17:30' },
    });
    expect((await month('2026-11')).cutoff).toBe('17:30');
    await o.admin('calendar/settings/save', { cutoff: '16:00' });
  });
});

describe("an item's promise", () => {
  it('is edited by catalogue staff, checked, and shown on the item page and in the plan', async () => {
    const it = await o.demoItem(1);
    // The demo items promise their cycle's longer bound (送样检测 1: 3-5 个工作日).
    const seeded = await t.post<ItemDetail>('/api/open/project/detail', { rid: it.rid });
    expect(seeded.body.data?.turnaround).toMatchObject({ days: 5 });
    await promise(it.rid, { turnaround_days: null });
    const none = await t.post<ItemDetail>('/api/open/project/detail', { rid: it.rid });
    expect(none.body.data?.turnaround ?? null).toBeNull();

    expect(
      (await promise(it.rid, { turnaround_days: 5, expedite_days: 6, expedite_fee_fen: 100 })).body,
    ).toMatchObject({
      code: 0,
      msg: '[加急工作日]应少于承诺工作日',
    });
    expect((await promise(it.rid, { turnaround_days: 0 })).body).toMatchObject({
      code: 0,
      msg: '[承诺工作日]应为1-250的整数',
    });
    expect((await promise(it.rid, { turnaround_days: 5, expedite_days: 2 })).body).toMatchObject({
      code: 0,
      msg: '填写[加急工作日]时须同时填写[加急费]',
    });
    expect((await promise('no-such-item', { turnaround_days: 5 })).body).toMatchObject({ code: 0 });
    const saved = await promise(it.rid, { turnaround_days: 5, expedite_days: 2, expedite_fee_fen: 20000 });
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ code: 1, data: { turnaround_days: 5 } });
    const got = await t.get(`/api/admin/catalogue/item/turnaround?rid=${it.rid}`, await o.staff());
    expect(got.body).toMatchObject({
      code: 1,
      data: { turnaround_days: 5, expedite_days: 2, expedite_fee_fen: 20000 },
    });

    // Monday 2026-01-05 + some hours (the test clock): tomorrow is a working day.
    const page = await t.post<ItemDetail>('/api/open/project/detail', { rid: it.rid });
    const tr = page.body.data.turnaround!;
    expect(tr).toMatchObject({
      days: 5,
      text: '预计 5 个工作日出数据',
      expedite: { days: 2, fee_fen: 20000 },
    });
    expect(tr.estimate_date).toMatch(/^2026-01-1\d$/);
    expect(tr.estimate_text).toBe(
      `若明日送达，预计 ${Number(tr.estimate_date.slice(0, 4))}年1月${Number(tr.estimate_date.slice(8))}日 出数据`,
    );

    const me = await o.customer();
    expect(
      (await t.post('/api/auth/plan/add', { item_rid: it.rid, parameters: it.parameters }, me.h)).body.code,
    ).toBe(1);
    const plan = await t.post<PlanView>('/api/auth/plan/list', {}, me.h);
    expect(plan.body.data.list[0].turnaround).toMatchObject({ days: 5, estimate_date: tr.estimate_date });
  });
});

describe('the due date', () => {
  it('is fixed at receipt on the lab calendar, shown everywhere, told to the customer, and never moved by a calendar edit', async () => {
    const it = await o.demoItem(1);
    await promise(it.rid, { turnaround_days: 5, expedite_days: null, expedite_fee_fen: null });
    let me = await o.customer();
    const first = await place(me);
    const second = await place(me);
    const late = await place(me);
    // A later edit of the item does not change what these orders promised.
    await promise(it.rid, { turnaround_days: 9 });
    expect((await staffDetail(first)).items[0].turnaround_days).toBe(5);
    expect((await staffDetail(first)).due_date).toBeNull();

    goTo('2026-09-30 10:00');
    await o.move('order/receive', { rid: first });
    expect((await staffDetail(first)).due_date).toBe('2026-10-13');
    const told = await notifications(t.services, { template: 'received', channel: 'inbox', userId: me.id });
    expect(told.at(-1)?.vars).toMatchObject({ due_date: '2026-10-13' });

    // The lab closes on 12 Oct: the order received already keeps its date, the next one counts it.
    expect(
      (await o.admin('calendar/day/save', { date: '2026-10-12', kind: 'closed', reason: '设备搬迁' })).body
        .code,
    ).toBe(1);
    goTo('2026-09-30 11:00');
    await o.move('order/receive', { rid: second });
    expect((await staffDetail(first)).due_date).toBe('2026-10-13');
    expect((await staffDetail(second)).due_date).toBe('2026-10-14');
    await o.admin('calendar/day/remove', { date: '2026-10-12' });
    expect((await staffDetail(second)).due_date).toBe('2026-10-14');

    // After the 16:00 cut-off it counts from the next working day (8 Oct).
    goTo('2026-09-30 16:30');
    await o.move('order/receive', { rid: late });
    expect((await staffDetail(late)).due_date).toBe('2026-10-14');

    me = await again(me);
    const detail = await t.post<OrderDetail>('/api/auth/order/detail', { rid: first }, me.h);
    expect(detail.body.data.due_date).toBe('2026-10-13');
    const list = await t.post<{ list: OrderSummary[] }>(
      '/api/auth/order/list4person',
      { page: 1, size: 10 },
      me.h,
    );
    expect(list.body.data.list.find((x) => x.rid === first)?.due_date).toBe('2026-10-13');

    // The console's list, soonest due first.
    const sorted = await o.admin<{ list: OrderSummary[] }>('order/list', { sort: 'due', user_rid: me.rid });
    expect(sorted.body.data.list.map((x) => x.due_date)).toEqual(['2026-10-13', '2026-10-14', '2026-10-14']);
    expect(sorted.body.data.list[0].rid).toBe(first);
  });

  it('is moved by hand only with a reason, on the timeline and in the audit log', async () => {
    const it = await o.demoItem(1);
    await promise(it.rid, { turnaround_days: 3 });
    const me = await o.customer();
    const rid = await place(me);
    expect((await o.admin('order/due', { rid, due_date: '2026-12-31', reason: '加测' })).body).toMatchObject({
      code: 0,
      msg: '订单收样后才有交付日期',
    });
    goTo('2026-10-15 09:00');
    await o.move('order/receive', { rid });
    const fixed = (await staffDetail(rid)).due_date!;
    expect(fixed).toBe('2026-10-20');
    expect((await o.admin('order/due', { rid, due_date: '2026-10-23' })).body).toMatchObject({
      code: 0,
      msg: '[调整原因]不能为空',
    });
    expect((await o.admin('order/due', { rid, due_date: '2026-10-14', reason: 'x' })).body).toMatchObject({
      code: 0,
      msg: '交付日期不能早于收样日期',
    });
    expect((await o.admin('order/due', { rid, due_date: fixed, reason: 'x' })).body).toMatchObject({
      code: 0,
      msg: '新的交付日期与原日期相同',
    });
    const movedRes = await o.admin('order/due', { rid, due_date: '2026-10-23', reason: '客户追加测试项' });
    expect(movedRes.body).toMatchObject({ code: 1, msg: '已调整交付日期' });
    const d = await staffDetail(rid);
    expect(d.due_date).toBe('2026-10-23');
    expect(d.timeline.at(-1)).toMatchObject({
      action: 'due_moved',
      note: '交付日期由 2026年10月20日 调整为 2026年10月23日：客户追加测试项',
    });
    const [log] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order/due'), eq(auditLog.outcome, 'ok')))
      .orderBy(desc(auditLog.id));
    expect(log.entityRid).toBe(rid);
    expect(log.before).toMatchObject({ dueDate: '2026-10-20' });
    expect(log.after).toMatchObject({ dueDate: '2026-10-23' });
  });

  it('is fixed for a data-analysis order when staff confirm its files are complete (确认收样)', async () => {
    const it = await o.demoItem(3);
    await promise(it.rid, { turnaround_days: 2 });
    const me = await o.customer();
    const rid = await place(me, 3);
    goTo('2026-10-16 15:00');
    expect((await staffDetail(rid)).due_date).toBeNull();
    await o.move('order/receive', { rid });
    // Friday 16 Oct before the cut-off: Monday 19, Tuesday 20.
    expect((await staffDetail(rid)).due_date).toBe('2026-10-20');
  });

  it("comes from the quote's promise when the quote makes one (加急)", async () => {
    const it = await o.demoItem(1, true);
    await promise(it.rid, { turnaround_days: 8, expedite_days: 3, expedite_fee_fen: 5000 });
    const me = await o.customer();
    const rid = await place(me, 1, true);
    const quoted = await o.admin('order/quote', {
      rid,
      lines: [
        { name: it.name, quantity: 1, unit_price_fen: 10000 },
        { name: '加急费', quantity: 1, unit_price_fen: 5000 },
      ],
      turnaround_days: 3,
    });
    expect(quoted.body, JSON.stringify(quoted.body)).toMatchObject({ code: 1 });
    const view = await t.post<OrderDetail>('/api/auth/order/detail', { rid }, (await again(me)).h);
    expect(view.body.data.quote).toMatchObject({ turnaround_days: 3 });
    goTo('2026-10-19 10:00');
    await o.move('order/receive', { rid });
    expect((await staffDetail(rid)).due_date).toBe('2026-10-22');
    // A quote without days promises the longest of the items'.
    const other = await place(await again(me), 1, true);
    await o.admin('order/quote', { rid: other, quoted_fen: 12000 });
    expect((await staffDetail(other)).quote).toMatchObject({ turnaround_days: 8 });
  });

  it('is backfilled for orders received before due dates existed, from their receipt', async () => {
    const it = await o.demoItem(1);
    await promise(it.rid, { turnaround_days: 4 });
    const me = await o.customer();
    const rid = await place(me);
    goTo('2026-10-21 17:00');
    await o.move('order/receive', { rid });
    // As if received before this change: no date, no promise copied on the line.
    const [row] = await t.services.db
      .update(orders)
      .set({ dueDate: null, promisedDays: null })
      .where(eq(orders.rid, rid))
      .returning();
    await t.services.db
      .update(orderItems)
      .set({ turnaroundDays: null })
      .where(eq(orderItems.orderId, row.id));
    expect(await backfillDueDates(t.services)).toBeGreaterThanOrEqual(1);
    // Wednesday 21 Oct after 16:00: day 0 is Thursday 22; 23, 26, 27, 28.
    expect((await staffDetail(rid)).due_date).toBe('2026-10-28');
    expect(await backfillDueDates(t.services)).toBe(0);
  });
});
