// What the order pages (/member/order, /member/oquery, the order detail) ask of the API beyond
// the lifecycle: several statuses at once (a tab), a refused reversed date range, the delivery
// type in the summaries, and one order's sample return requests.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import type { OrderSummary } from '#shared/orders/order.ts';

const t = await setupApi();
const o = orderHelpers(t);

type Page = { list: OrderSummary[]; total: number };

async function place(h: Record<string, string>, delivery: Record<string, unknown>, disposal = 0) {
  const it1 = await o.demoItem(1);
  const res = await t.post<{ list: { rid: string; order_no: string }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it1.rid, parameters: it1.parameters, disposal }], delivery },
    h,
  );
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  return res.body.data.list[0];
}

describe('order/list4person for the pages', () => {
  it('filters by several statuses at once and carries the delivery type', async () => {
    const me = await o.customer();
    const posted = await place(me.h, { type: 0 });
    const picked = await place(me.h, await o.pickup());
    const tested = await place(me.h, { type: 0 });
    await o.move('order/receive', { rid: tested.rid });
    const started = await place(me.h, { type: 0 });
    await o.move('order/receive', { rid: started.rid });
    await o.move('order/start', { rid: started.rid });

    const list = async (body: Record<string, unknown>) =>
      (await t.post<Page>('/api/auth/order/list4person', body, me.h)).body.data;

    const sampling = await list({ statuses: ['awaiting_sample', 'awaiting_pickup'] });
    expect(sampling.total).toBe(2);
    expect(new Set(sampling.list.map((x) => x.rid))).toEqual(new Set([posted.rid, picked.rid]));
    expect(sampling.list.find((x) => x.rid === picked.rid)?.delivery_type).toBe(1);
    expect(sampling.list.find((x) => x.rid === posted.rid)?.delivery_type).toBe(0);

    const inLab = await list({ statuses: ['received', 'testing'] });
    expect(inLab.list.map((x) => x.rid).sort()).toEqual([tested.rid, started.rid].sort());
    // An empty list is no filter; a single status still works beside it.
    expect((await list({ statuses: [] })).total).toBe(4);
    expect((await list({ status: 'testing', statuses: ['received', 'testing'] })).total).toBe(1);
  });

  it('names each order’s own lines, in order, on the customer’s and the staff list', async () => {
    const me = await o.customer();
    const [a, b, c] = [await o.demoItem(1), await o.demoItem(1, false, 1), await o.demoItem(3)];
    expect(new Set([a.name, b.name, c.name]).size).toBe(3);
    const order = async (items: { rid: string; parameters: Record<string, string> }[]) => {
      const res = await t.post<{ list: { rid: string }[] }>(
        '/api/auth/order/add',
        { items: items.map((i) => ({ item_rid: i.rid, parameters: i.parameters })), delivery: { type: 0 } },
        me.h,
      );
      expect(res.body.code, JSON.stringify(res.body)).toBe(1);
      return res.body.data.list.map((x) => x.rid);
    };
    // Two lines in one order, then orders of one line: lines and orders no longer pair by number.
    const [[two], [one], [other]] = [await order([a, b]), await order([b]), await order([c])];
    const expected = { [two]: [a.name, b.name], [one]: [b.name], [other]: [c.name] };
    const namesIn = (list: OrderSummary[]) =>
      Object.fromEntries(list.filter((x) => x.rid in expected).map((x) => [x.rid, x.item_names]));
    const mine = (await t.post<Page>('/api/auth/order/list4person', { size: 10 }, me.h)).body.data.list;
    expect(namesIn(mine)).toEqual(expected);
    const staff = (await o.admin<Page>('order/list', { page: 1, size: 50 })).body.data.list;
    expect(namesIn(staff)).toEqual(expected);
  });

  it('refuses unknown statuses and a reversed date range in Chinese', async () => {
    const me = await o.customer();
    const bad = await t.post('/api/auth/order/list4person', { statuses: ['paid'] }, me.h);
    expect(bad.body).toMatchObject({ code: 0, msg: '[订单状态]不正确' });
    const reversed = await t.post(
      '/api/auth/order/list4person',
      { date_from: '2026-05-02', date_to: '2026-05-01' },
      me.h,
    );
    expect(reversed.body).toMatchObject({ code: 0, msg: '开始日期不能晚于结束日期' });
    const sameDay = await t.post<Page>(
      '/api/auth/order/list4person',
      { date_from: '2026-05-01', date_to: '2026-05-01' },
      me.h,
    );
    expect(sameDay.body).toMatchObject({ code: 1, data: { total: 0 } });
  });
});

describe('sample4recycle/list4person by order', () => {
  it("lists one order's return requests, and only the user's own", async () => {
    const me = await o.customer();
    const first = await place(me.h, { type: 0 }, 1);
    const second = await place(me.h, { type: 0 }, 1);
    // Not before the lab has the samples…
    const early = await t.post(
      '/api/auth/sample4recycle/add',
      { rid: first.rid, name: '李四', phone: '13912345678', address: '上海市闵行区东川路800号' },
      me.h,
    );
    expect(early.body).toMatchObject({ code: 0, msg: '样品签收后才能申请寄回' });
    for (const rid of [first.rid, second.rid]) {
      await o.move('order/receive', { rid });
      const res = await t.post(
        '/api/auth/sample4recycle/add',
        { rid, name: '李四', phone: '13912345678', address: '上海市闵行区东川路800号' },
        me.h,
      );
      expect(res.body).toMatchObject({ code: 1 });
    }
    type Recycles = { list: { order_rid: string; status: string; name: string }[]; total: number };
    const all = await t.post<Recycles>('/api/auth/sample4recycle/list4person', {}, me.h);
    expect(all.body.data.total).toBe(2);
    const one = await t.post<Recycles>(
      '/api/auth/sample4recycle/list4person',
      { order_rid: first.rid },
      me.h,
    );
    expect(one.body.data).toMatchObject({
      total: 1,
      list: [{ order_rid: first.rid, status: 'pending', name: '李四' }],
    });
    const other = await o.customer();
    const theirs = await t.post<Recycles>(
      '/api/auth/sample4recycle/list4person',
      { order_rid: first.rid },
      other.h,
    );
    expect(theirs.body.data).toMatchObject({ total: 0, list: [] });
  });
});

describe('order/count4person', () => {
  it("counts the user's orders by status, and only theirs", async () => {
    const me = await o.customer();
    const first = await place(me.h, { type: 0 });
    await place(me.h, { type: 0 });
    const third = await place(me.h, { type: 0 });
    await o.move('order/receive', { rid: third.rid });
    await t.post('/api/auth/order/cancel', { rid: first.rid }, me.h);
    type Counts = { counts: Record<string, number>; total: number };
    const res = await t.post<Counts>('/api/auth/order/count4person', {}, me.h);
    expect(res.body).toMatchObject({ code: 1 });
    expect(res.body.data).toEqual({ counts: { awaiting_sample: 1, received: 1, cancelled: 1 }, total: 3 });
    const other = await o.customer();
    expect((await t.post<Counts>('/api/auth/order/count4person', {}, other.h)).body.data).toEqual({
      counts: {},
      total: 0,
    });
    expect((await t.post('/api/auth/order/count4person', {})).status).toBe(401);
  });
});
