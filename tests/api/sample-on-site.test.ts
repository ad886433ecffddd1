// Decision 0078: an on-site (预约现场) order has no samples by default; staff may record the
// customer's own samples brought to the session from the order page. They are numbered after the
// order's others, start received by that staff member, follow the same custody events, and no
// labels notice goes out.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { reservationHelpers } from '../support/reservations.ts';
import { notifications } from '../support/jobs.ts';
import { orders } from '#server/orders/tables.ts';
import { addDays } from '#shared/slots.ts';
import { ON_SITE_REFUSED } from '#server/samples/on-site.ts';
import type { OrderDetail } from '#shared/orders/order.ts';
import type { OrderSample, SampleTrail } from '#shared/samples/responses.ts';

const t = await setupApi();
const r = reservationHelpers(t);

describe('the customer’s own samples at an on-site session', () => {
  it('records them from the order, numbered, received, with the usual custody events; refuses other orders', async () => {
    const monday = r.nextMonday();
    const d = await r.device();
    const me = await r.customer('institution');
    const booked = await r.booked(me.h, d.rid, addDays(monday, 2), '09:30', '11:30');
    const rid = booked.order_rid;
    const before = (await t.post<OrderDetail>('/api/auth/order/detail', { rid }, me.h)).body.data;
    expect(before.samples).toEqual([]);

    const added = await r.admin<{ list: OrderSample[] }>('sample/onSite', {
      rid,
      name: '催化剂粉末',
      count: 2,
    });
    expect(added.body, JSON.stringify(added.body)).toMatchObject({ code: 1, msg: '已登记 2 个现场样品' });
    const [orderNo] = (
      await t.services.db.select({ no: orders.orderNo }).from(orders).where(eq(orders.rid, rid))
    ).map((x) => x.no);
    expect(added.body.data.list.map((s) => [s.sample_no, s.name, s.status_text])).toEqual([
      [`${orderNo}-01`, '催化剂粉末-1', '已签收'],
      [`${orderNo}-02`, '催化剂粉末-2', '已签收'],
    ]);
    const more = await r.admin<{ list: OrderSample[] }>('sample/onSite', { rid, name: '薄膜', count: '1' });
    expect(more.body.data.list.map((s) => [s.sample_no, s.name])).toEqual([[`${orderNo}-03`, '薄膜']]);

    // The customer sees them on the order, with their trail (received on site, no staff name).
    const after = (await t.post<OrderDetail>('/api/auth/order/detail', { rid }, me.h)).body.data;
    expect(after.samples.map((s) => s.sample_no)).toEqual([
      `${orderNo}-01`,
      `${orderNo}-02`,
      `${orderNo}-03`,
    ]);
    const [first] = after.samples;
    const trail = (await t.post<SampleTrail>('/api/auth/sample/trail', { rid: first.rid }, me.h)).body.data;
    expect(trail.events).toEqual([
      expect.objectContaining({ kind: 'created', to: 'received', note: '预约现场：客户自带样品，现场登记' }),
    ]);
    // The same custody events as any sample: taken to the instrument, tested, given back.
    for (const e of [
      { kind: 'taken', technician: '李工', instrument: d.name },
      { kind: 'tested' },
      { kind: 'returned', courier: '客户现场取回', number: '无' },
    ]) {
      const res = await r.admin<OrderSample>('sample/event', { rid: first.rid, ...e });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
    }
    const staffTrail = (await r.admin<SampleTrail>('sample/trail', { rid: first.rid })).body.data;
    expect(staffTrail.events.map((e) => e.kind)).toEqual(['created', 'taken', 'tested', 'returned']);
    expect(staffTrail.events[0].by).not.toBe('');

    // No labels notice: nothing is posted.
    const [id] = (await t.services.db.select({ id: orders.id }).from(orders).where(eq(orders.rid, rid))).map(
      (x) => x.id,
    );
    expect(await notifications(t.services, { orderId: id, template: 'labels' })).toEqual([]);

    // Bad input, and orders that are not on site.
    expect((await r.admin('sample/onSite', { rid, name: '', count: 1 })).body.msg).toBe('[样品名称]不能为空');
    expect((await r.admin('sample/onSite', { rid, name: '粉末', count: 51 })).body.msg).toBe(
      '[样品数量]一次最多50个',
    );
    expect(
      (await r.admin('sample/onSite', { rid, name: '粉末', count: 1, item_rid: 'nosuch' })).body.msg,
    ).toBe(ON_SITE_REFUSED.noSuchItem);
    const it1 = await r.demoItem(1);
    const lab = await t.post<{ list: { rid: string }[] }>(
      '/api/auth/order/add',
      { items: [{ item_rid: it1.rid, parameters: it1.parameters }], delivery: { type: 0 } },
      me.h,
    );
    const labRid = lab.body.data.list[0].rid;
    expect((await r.admin('sample/onSite', { rid: labRid, name: '粉末', count: 1 })).body.msg).toBe(
      ON_SITE_REFUSED.notOnSite,
    );
    // A customer may not call it.
    expect((await t.post('/api/admin/sample/onSite', { rid, name: '粉末', count: 1 }, me.h)).status).toBe(
      403,
    );
  });
});
