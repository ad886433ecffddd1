// Turnaround reports (issue 32, decision 0083): the figures of a fixture with known times — three
// orders placed, received, started, tested, approved and reported at chosen Shanghai moments on
// the test clock — per segment, in calendar and working days, by month, item, instrument and
// technician, the orders behind a figure, and who may read them.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { createSession } from '#server/accounts/tokens.ts';
import { orderItems, orders } from '#server/orders/tables.ts';
import { resultEntries, results } from '#server/results/tables.ts';
import { reports, reportVersions } from '#server/reports/tables.ts';
import { users } from '#server/accounts/tables.ts';
import { shanghaiMidnight } from '#shared/slots.ts';
import { rowsOf } from '#server/platform/db/client.ts';
import type { Turnaround, TurnaroundOrder, TurnaroundRow } from '#shared/analytics/turnaround.ts';

const t = await setupApi();
const o = orderHelpers(t);
const MINUTE = 60_000;

/** The Shanghai wall-clock moment '2026-03-02 09:00' in epoch ms. */
const at = (moment: string) => {
  const [h, m] = moment.slice(11).split(':').map(Number);
  return shanghaiMidnight(moment.slice(0, 10))! + (h * 60 + m) * MINUTE;
};
function goTo(moment: string) {
  const target = at(moment);
  expect(target).toBeGreaterThanOrEqual(t.services.now());
  o.a.advance(target - t.services.now());
}

let c: Customer;
const ids: Record<string, { id: number; rid: string; line: number; item: string }> = {};
let adminId = 0;
let adminName = '';

async function place(name: string, nth: number) {
  const it = await o.demoItem(1, false, nth);
  const { token } = await createSession(t.services, c.id, { ip: 'unknown', userAgent: '' });
  const res = await t.post<{ list: { rid: string }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it.rid, parameters: it.parameters }], delivery: { type: 0 } },
    o.a.bearer(token),
  );
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  const rid = res.body.data.list[0].rid;
  const [row] = await t.services.db
    .select({ id: orders.id, line: orderItems.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(eq(orders.rid, rid));
  ids[name] = { id: row.id, rid, line: row.line, item: it.name };
}

/** One approved result of the order's line: submitted and approved at the clock's moments given. */
async function result(
  name: string,
  submitted: string,
  approved: string,
  instrument: string,
  tech: [number, string],
) {
  const [r] = await t.services.db
    .insert(results)
    .values({
      rid: `T${name}${Date.now()}`,
      orderId: ids[name].id,
      orderItemId: ids[name].line,
      itemRid: 'x',
      itemName: ids[name].item,
      status: 'approved',
      round: 1,
      submittedAt: new Date(at(submitted)),
      submittedBy: tech[0],
      approvedAt: new Date(at(approved)),
      createdAt: new Date(at(submitted)),
    })
    .returning({ id: results.id });
  await t.services.db.insert(resultEntries).values({
    resultId: r.id,
    fieldKey: '_text',
    fieldName: '结果',
    value: '合格',
    instrument,
    technicianId: tech[0],
    technicianName: tech[1],
    enteredAt: new Date(at(submitted)),
  });
}

/** The first report version issued now, and the order delivered (出具数据) at the same moment. */
async function report(name: string) {
  const [rp] = await t.services.db
    .insert(reports)
    .values({ orderId: ids[name].id, baseNo: `BG${name}`, createdAt: new Date(t.services.now()) })
    .returning({ id: reports.id });
  await t.services.db.insert(reportVersions).values({
    rid: `V${name}${Date.now()}`,
    reportId: rp.id,
    version: 0,
    reportNo: `BG${name}`,
    codeHash: 'x',
    document: {} as never,
    summary: { lab: '', issued_on: '', items: [], customer: '' },
    pdfKey: `k${name}`,
    pdfSha256: 'x',
    pdfSize: 1,
    approverId: adminId,
    issuedAt: new Date(t.services.now()),
    retainUntil: '2032-12-31',
  });
  // A report released before 出具数据 was pressed: delivered by hand (decision 0081).
  await o.move('order/deliver', { rid: ids[name].rid });
}

beforeAll(async () => {
  c = await o.customer();
  await o.staff();
  const [admin] = await t.services.db.select().from(users).where(eq(users.phone, '13800000000'));
  adminId = admin.id;
  adminName = admin.name;
  // Both demo items promise 3 working days.
  for (const nth of [0, 1]) {
    const it = await o.demoItem(1, false, nth);
    const saved = await o.admin('catalogue/item/turnaround/save', { rid: it.rid, turnaround_days: 3 });
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ code: 1 });
  }
  // A: Monday 2 March; due Thursday 5 March (received before the cut-off), reported Friday: late.
  goTo('2026-03-02 09:00');
  await place('A', 0);
  goTo('2026-03-02 12:00');
  await o.move('order/receive', { rid: ids.A.rid });
  goTo('2026-03-03 12:00');
  await o.move('order/start', { rid: ids.A.rid });
  goTo('2026-03-06 12:00');
  await place('B', 0);
  await result('A', '2026-03-05 12:00', '2026-03-06 12:00', '电镜-1', [adminId, adminName]);
  goTo('2026-03-06 18:00');
  await report('A');
  // B: received Friday after the cut-off (counts from Monday 9, due Thursday 12), reported Tuesday.
  await o.move('order/receive', { rid: ids.B.rid });
  goTo('2026-03-09 06:00');
  await o.move('order/start', { rid: ids.B.rid });
  await result('B', '2026-03-09 18:00', '2026-03-10 06:00', '电镜-1', [c.id, '李四']);
  goTo('2026-03-10 12:00');
  await report('B');
  // C: April, the other item, started after Qingming (4–6 April), never finished: due 8 April, late.
  goTo('2026-04-01 10:00');
  await place('C', 1);
  goTo('2026-04-02 10:00');
  await o.move('order/receive', { rid: ids.C.rid });
  goTo('2026-04-07 10:00');
  await o.move('order/start', { rid: ids.C.rid });
  goTo('2026-05-01 10:00');
});

const range = { from: '2026-03-01', to: '2026-04-30' };
async function report4(group: string, unit = 'calendar') {
  const res = await o.admin<Turnaround>('analytics/turnaround', { ...range, group, unit });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  return res.body.data;
}
const pick = (rows: TurnaroundRow[], key: string, segment: string) =>
  rows.find((r) => r.key === key && r.segment === segment);
const figures = (r: TurnaroundRow | undefined) =>
  r && [r.count, r.mean, r.median, r.p90, r.max, r.promised, r.kept, r.within_pct];

describe('turnaround report', () => {
  it('gives count, mean, median, p90, max and % within per segment in calendar days, by month', async () => {
    const r = await report4('month');
    // 下单→签收: A 3 h, B 6 h (March), C 24 h (April).
    expect(figures(pick(r.rows, '2026-03', 'placed'))).toEqual([2, 0.1875, 0.1875, 0.2375, 0.25, 2, 1, 50]);
    expect(figures(pick(r.rows, '2026-04', 'placed'))).toEqual([1, 1, 1, 1, 1, 1, 0, 0]);
    // 签收→开始: A 1 day, B 2.5 (over the weekend), C 5 (over Qingming).
    expect(figures(pick(r.totals, '*', 'waiting'))).toEqual([3, 2.8333, 2.5, 4.5, 5, 3, 1, 33.3]);
    // 开始→出数据: A 2 days, B 12 h; 出数据→审核: A 1 day, B 12 h; C has none of them.
    expect(figures(pick(r.totals, '*', 'testing'))).toEqual([2, 1.25, 1.25, 1.85, 2, 2, 1, 50]);
    expect(figures(pick(r.totals, '*', 'review'))).toEqual([2, 0.75, 0.75, 0.95, 1, 2, 1, 50]);
    // 签收→报告: A 4.25 days, B 3.75.
    expect(figures(pick(r.totals, '*', 'report'))).toEqual([2, 4, 4, 4.2, 4.25, 2, 1, 50]);
    expect(pick(r.rows, '2026-04', 'testing')).toBeUndefined();
  });

  it('counts only the working days in working time (weekend, Qingming, the fraction of a day)', async () => {
    const r = await report4('month', 'working');
    // B waits Friday 18:00 → Monday 06:00: 6 h of Friday and 6 h of Monday.
    expect(figures(pick(r.rows, '2026-03', 'waiting'))).toEqual([2, 0.75, 0.75, 0.95, 1, 2, 1, 50]);
    // C waits Thursday 10:00 → Tuesday 10:00 over Qingming: 14 h + Friday + 10 h = 2 days.
    expect(figures(pick(r.rows, '2026-04', 'waiting'))).toEqual([1, 2, 2, 2, 2, 1, 0, 0]);
    // A's report: four and a quarter working days; B's: Friday 6 h + Monday + Tuesday 12 h = 1.75.
    expect(figures(pick(r.totals, '*', 'report'))).toEqual([2, 3, 3, 4, 4.25, 2, 1, 50]);
  });

  it('groups by item, instrument and technician, an order without a record under 未记录', async () => {
    const byItem = await report4('item');
    const first = (await o.demoItem(1, false, 0)).rid;
    const second = (await o.demoItem(1, false, 1)).rid;
    expect(figures(pick(byItem.rows, first, 'placed'))).toEqual([2, 0.1875, 0.1875, 0.2375, 0.25, 2, 1, 50]);
    expect(pick(byItem.rows, second, 'placed')?.count).toBe(1);
    const byInstrument = await report4('instrument');
    expect(pick(byInstrument.rows, '电镜-1', 'testing')).toMatchObject({ label: '电镜-1', count: 2, max: 2 });
    expect(pick(byInstrument.rows, '', 'waiting')).toMatchObject({ label: '未记录', count: 1, max: 5 });
    const byTech = await report4('technician');
    expect(pick(byTech.rows, String(c.id), 'testing')).toMatchObject({ label: '李四', count: 1, mean: 0.5 });
    expect(pick(byTech.rows, String(adminId), 'review')).toMatchObject({ count: 1, mean: 1 });
  });

  it('lists the orders behind a figure, longest first, with both units and the promise', async () => {
    const res = await o.admin<{ list: TurnaroundOrder[]; total: number }>('analytics/turnaround/orders', {
      ...range,
      group: 'month',
      key: '*',
      segment: 'waiting',
      page: 1,
      size: 10,
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
    expect(res.body.data.total).toBe(3);
    expect(
      res.body.data.list.map((r) => [r.rid, r.calendar_days, r.working_days, r.due_date, r.within]),
    ).toEqual([
      [ids.C.rid, 5, 2, '2026-04-08', false],
      [ids.B.rid, 2.5, 0.5, '2026-03-12', true],
      [ids.A.rid, 1, 1, '2026-03-05', false],
    ]);
    expect(res.body.data.list[1]).toMatchObject({
      start: new Date(at('2026-03-06 18:00')).toISOString(),
      delivered: new Date(at('2026-03-10 12:00')).toISOString(),
      items: ids.B.item,
    });
    const one = await o.admin<{ list: TurnaroundOrder[]; total: number }>('analytics/turnaround/orders', {
      ...range,
      group: 'technician',
      key: '',
      segment: 'placed',
    });
    expect(one.body.data.list.map((r) => r.rid)).toEqual([ids.C.rid]);
  });

  it('takes only orders received in the range, and checks the range', async () => {
    const march = await o.admin<Turnaround>('analytics/turnaround', {
      from: '2026-03-01',
      to: '2026-03-31',
      group: 'month',
      unit: 'calendar',
    });
    expect(pick(march.body.data.totals, '*', 'placed')?.count).toBe(2);
    const bad = await o.admin('analytics/turnaround', {
      from: '2026-04-01',
      to: '2026-03-01',
      group: 'month',
      unit: 'calendar',
    });
    expect(bad.body).toMatchObject({ code: 0, msg: '开始日期不能晚于结束日期' });
    const wide = await o.admin('analytics/turnaround', {
      from: '2020-01-01',
      to: '2026-03-01',
      group: 'month',
      unit: 'calendar',
    });
    expect(wide.body).toMatchObject({ code: 0, msg: '时间范围不能超过3年' });
  });

  it('lists the orders received or delivered on a day (the dashboard counts link there)', async () => {
    const list = async (f: Record<string, string>) =>
      (await o.admin<{ list: { rid: string }[]; total: number }>('order/list', f)).body.data;
    expect((await list({ received_on: '2026-03-06' })).list.map((r) => r.rid)).toEqual([ids.B.rid]);
    expect((await list({ delivered_on: '2026-03-06' })).list.map((r) => r.rid)).toEqual([ids.A.rid]);
    expect((await list({ delivered_on: '2026-03-07' })).total).toBe(0);
    const bad = await o.admin('order/list', { received_on: '2026-02-30' });
    expect(bad.body).toMatchObject({ code: 0, msg: '[收样日期]格式不正确' });
    const dash = await o.admin<{ today: { date: string; received: number } }>('dashboard', {});
    expect(dash.body.data.today).toMatchObject({ date: '2026-05-01', received: 0 });
  });

  it('is refused to a role without analytics.read (a technician), given to managers', async () => {
    const tech = await o.anotherStaff('technician');
    const denied = await t.post(
      '/api/admin/analytics/turnaround',
      { ...range, group: 'month', unit: 'calendar' },
      tech,
    );
    expect(denied.body).toMatchObject({ code: 0 });
    expect(denied.status).toBe(403);
    const manager = await o.anotherStaff('manager');
    const allowed = await t.post(
      '/api/admin/analytics/turnaround',
      { ...range, group: 'month', unit: 'calendar' },
      manager,
    );
    expect(allowed.body).toMatchObject({ code: 1 });
  });
  it('keeps one row of moments per received order, as its source computes them, through every write', async () => {
    // The triggers refresh derived.order_turnaround on each step, result, report and due date;
    // a returned result and a re-receipt move the moments back.
    const differ = async () =>
      rowsOf(
        await t.services.db.execute(sql`(select * from derived.order_turnaround
            except select * from derived.order_turnaround_source)
          union all (select * from derived.order_turnaround_source
            except select * from derived.order_turnaround)`),
      );
    expect(await differ()).toEqual([]);
    const rows = rowsOf<{ order_id: number }>(
      await t.services.db.execute(sql`select order_id from derived.order_turnaround order by order_id`),
    );
    expect(rows.map((r) => r.order_id)).toEqual([ids.A.id, ids.B.id, ids.C.id]);
    await t.services.db.update(results).set({ status: 'returned' }).where(eq(results.orderId, ids.B.id));
    const [b] = rowsOf<{ data_at: unknown; approved_at: unknown }>(
      await t.services.db.execute(
        sql`select data_at, approved_at from derived.order_turnaround where order_id = ${ids.B.id}`,
      ),
    );
    expect(b).toEqual({ data_at: null, approved_at: null });
    await t.services.db.update(results).set({ status: 'approved' }).where(eq(results.orderId, ids.B.id));
    expect(await differ()).toEqual([]);
  });
});
