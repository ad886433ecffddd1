// Start estimates (issue 35, decision 0097): an instrument's weekly capacity and its queue give
// 预计 N 个工作日内开始测试 for its items, with the date testing starts by on the lab's calendar
// (the National Day week excluded); the estimate is kept on an order's lines when it is placed and
// when it is quoted, whatever the queue does later; the report sets it beside the working days from
// receipt to the first 开始检测.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { shanghaiMidnight } from '#shared/slots.ts';
import type { StartEstimates } from '#shared/worklist/estimate.ts';
import type { Worklist } from '#shared/worklist/responses.ts';
import type { Estimates } from '#shared/analytics/estimates.ts';
import type { OrderDetail } from '#shared/orders/responses.ts';

const t = await setupApi();
const o = orderHelpers(t);

/** Moves the test clock forward to a Shanghai wall-clock moment, '2026-09-29 10:00'. */
function goTo(moment: string) {
  const [h, m] = moment.slice(11).split(':').map(Number);
  const target = shanghaiMidnight(moment.slice(0, 10))! + (h * 60 + m) * 60_000;
  expect(target).toBeGreaterThanOrEqual(t.services.now());
  o.a.advance(target - t.services.now());
}

async function estimateOf(itemRid: string) {
  const res = await o.admin<StartEstimates>('worklist/estimate', { item_rids: [itemRid] });
  expect(res.body, res.body.msg).toMatchObject({ code: 1 });
  return res.body.data.list[0].estimate;
}
async function detail(rid: string) {
  const res = await o.admin<OrderDetail>('order/detail', { rid });
  expect(res.body, res.body.msg).toMatchObject({ code: 1 });
  return res.body.data;
}

describe('start estimates', () => {
  let itemRid = '';
  let parameters: Record<string, string> = {};
  let deviceRid = '';
  const orders: Record<string, string> = {};

  async function place(count: number) {
    const c = await o.customer();
    const res = await t.post<{ list: { rid: string }[] }>(
      '/api/auth/order/add',
      { items: [{ item_rid: itemRid, parameters, count }], delivery: { type: 0 } },
      c.h,
    );
    expect(res.body, res.body.msg).toMatchObject({ code: 1 });
    return res.body.data.list[0].rid;
  }

  it('from the queue and the weekly capacity, kept on each order as told', async () => {
    goTo('2026-09-29 09:00');
    const it = await o.demoItem(1);
    itemRid = it.rid;
    parameters = it.parameters;
    const added = await o.admin<{ rid: string }>('device/add', {
      name: '排队测试仪',
      model: 'Q-1',
      category: 'X射线衍射',
      location: '测试楼 102',
      price_fen: 10000,
      price_unit: 'hour',
      min_minutes: 60,
      lead_hours: 24,
      weekly_capacity: '',
    });
    expect(added.body, added.body.msg).toMatchObject({ code: 1 });
    deviceRid = added.body.data.rid;
    expect((await o.admin('catalogue/item/edit', { rid: itemRid, device_rid: deviceRid })).body.code).toBe(1);
    // Without a capacity nothing is invented.
    expect(await estimateOf(itemRid)).toBeNull();
    const capacity = await o.admin('device/edit', { rid: deviceRid, weekly_capacity: 10 });
    expect(capacity.body, capacity.body.msg).toMatchObject({ code: 1 });
    expect((await o.admin('device/edit', { rid: deviceRid, weekly_capacity: 0 })).body).toMatchObject({
      code: 0,
      msg: expect.stringContaining('[每周产能]'),
    });

    // 10 a week is 2 a working day. Nothing ahead: the first working day after receipt. Arriving
    // tomorrow (30 Sept) it starts by 8 Oct, the first working day after the National Day week.
    expect(await estimateOf(itemRid)).toEqual({
      days: 1,
      text: '预计 1 个工作日内开始测试',
      start_by: '2026-10-08',
      queued: 0,
      weekly_capacity: 10,
      device_name: '排队测试仪',
    });

    // A: 3 samples on their way (told 1 day). B: 2 received (3 ahead: told 2 days).
    orders.A = await place(3);
    orders.B = await place(2);
    await o.move('order/receive', { rid: orders.B });
    // C: 2 received (5 ahead: told 3 days), then one of its two tests done: in testing, 1 waits.
    orders.C = await place(2);
    await o.move('order/receive', { rid: orders.C });
    const work = await o.admin<Worklist>('worklist/list', { view: 'all' });
    const pieces = work.body.data.groups
      .flatMap((g) => g.items.flatMap((i) => i.rows))
      .filter((r) => r.order_rid === orders.C);
    expect(pieces).toHaveLength(2);
    const [first] = pieces;
    expect((await o.admin('worklist/take', { rid: first.rid })).body.code).toBe(1);
    expect((await o.admin('worklist/start', { rid: first.rid })).body.code).toBe(1);
    const saved = await o.admin('result/save', {
      rid: first.rid,
      method: '',
      instrument: '',
      entries: [{ key: '_text', value: '见原始数据' }],
    });
    expect(saved.body, saved.body.msg).toMatchObject({ code: 1 });
    expect((await o.admin('worklist/done', { rid: first.rid })).body.code).toBe(1);
    // D: placed and cancelled: no longer ahead of anyone.
    const d = await o.customer();
    const placedD = await t.post<{ list: { rid: string }[] }>(
      '/api/auth/order/add',
      { items: [{ item_rid: itemRid, parameters, count: 5 }], delivery: { type: 0 } },
      d.h,
    );
    const cancelled = await t.post('/api/auth/order/cancel', { rid: placedD.body.data.list[0].rid }, d.h);
    expect(cancelled.body, cancelled.body.msg).toMatchObject({ code: 1 });

    // Ahead now: A's 3 + B's 2 + C's 1 waiting = 6 samples, 3 working days; the 7th starts on the
    // 4th: 8, 9, 10 (调休 Saturday) and 12 Oct.
    expect(await estimateOf(itemRid)).toMatchObject({
      days: 4,
      text: '预计 4 个工作日内开始测试',
      start_by: '2026-10-12',
      queued: 6,
    });
    // Each order keeps what it was told, whatever the queue did after.
    expect((await detail(orders.A)).items[0].start_estimate_days).toBe(1);
    expect((await detail(orders.B)).items[0].start_estimate_days).toBe(2);
    expect((await detail(orders.C)).items[0].start_estimate_days).toBe(3);

    // A quote tells the estimate of its moment: Q (3 samples of a quote-only item on the same
    // instrument) is quoted with 6 ahead (4 days); quoted again once it waits for its samples, its
    // own 3 are not ahead of themselves (still 6, not 9: 4 days, not 5).
    const q = await o.demoItem(1, true);
    expect((await o.admin('catalogue/item/edit', { rid: q.rid, device_rid: deviceRid })).body.code).toBe(1);
    const owner = await o.customer();
    const placedQ = await t.post<{ list: { rid: string; status: string }[] }>(
      '/api/auth/order/add',
      { items: [{ item_rid: q.rid, parameters: q.parameters, count: 3 }], delivery: { type: 0 } },
      owner.h,
    );
    expect(placedQ.body.data.list[0].status).toBe('quoting');
    orders.Q = placedQ.body.data.list[0].rid;
    expect(await o.move('order/quote', { rid: orders.Q, quoted_fen: 50000 })).toBe('awaiting_sample');
    expect((await estimateOf(itemRid))?.queued).toBe(9);
    await o.move('order/quote', { rid: orders.Q, quoted_fen: 45000 });
    const quoted = await detail(orders.Q);
    expect(quoted.quote?.start_estimate_days).toBe(4);
    expect(quoted.items[0].start_estimate_days).toBe(4);
    // The customer's view of the quote says the same.
    const mine = await t.post<{ quote: { start_estimate_days: number | null } }>(
      '/api/auth/order/detail',
      { rid: orders.Q },
      owner.h,
    );
    expect(mine.body, mine.body.msg).toMatchObject({ code: 1, data: { quote: { start_estimate_days: 4 } } });
  });

  it('refuses a bad request in Chinese', async () => {
    expect((await o.admin('worklist/estimate', { item_rids: [] })).body).toMatchObject({
      code: 0,
      msg: '[项目编号]不能为空',
    });
    expect((await o.admin('analytics/estimates', { from: '2026-10-09', to: '2026-10-01' })).body.code).toBe(
      0,
    );
  });

  it('the report: estimated against actual working days from receipt to the first 开始检测', async () => {
    // A received 30 Sept and started 8 Oct: 1 working day (the holidays do not count), within 1.
    goTo('2026-09-30 10:00');
    await o.move('order/receive', { rid: orders.A });
    goTo('2026-10-08 10:00');
    await o.move('order/start', { rid: orders.A });
    // B received 29 Sept and started 9 Oct: 30 Sept, 8 and 9 Oct, 3 working days where 2 were told.
    goTo('2026-10-09 10:00');
    await o.move('order/start', { rid: orders.B });
    // E received today and waiting.
    orders.E = await place(1);
    await o.move('order/receive', { rid: orders.E });

    const res = await o.admin<Estimates>('analytics/estimates', { from: '2026-09-01', to: '2026-10-31' });
    expect(res.body, res.body.msg).toMatchObject({ code: 1 });
    const r = res.body.data;
    const row = (rid: string) => r.rows.find((x) => x.order_rid === rid);
    // C started the day it was received (29 Sept): 0 working days, within 3.
    expect(row(orders.C)).toMatchObject({ estimate_days: 3, actual_days: 0, outcome: 'kept' });
    expect(row(orders.A)).toMatchObject({ estimate_days: 1, actual_days: 1, outcome: 'kept' });
    expect(row(orders.B)).toMatchObject({ estimate_days: 2, actual_days: 3, outcome: 'late' });
    expect(row(orders.E)).toMatchObject({ actual_days: 0, outcome: 'waiting', started_at: null });
    expect(r).toMatchObject({
      orders: 4,
      started: 3,
      kept: 2,
      kept_pct: 66.7,
      mean_estimate_days: 2,
      mean_actual_days: 1.3,
    });
    // The newest receipt first.
    expect(r.rows[0].order_rid).toBe(orders.E);
  });
});
