// Decision 0078: an order whose items take no physical sample (数据分析) never reads 待寄样 or
// 已收样. One function (orderStatusText) decides, by the order's project type, what the customer's
// list and detail, the console's list, the timeline, the test record and the messages say.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { notifications } from '../support/jobs.ts';
import { orders } from '#server/orders/tables.ts';
import { eq } from 'drizzle-orm';
import { render } from '#server/notify/templates.ts';
import type { OrderDetail, OrderSummary } from '#shared/orders/order.ts';

const t = await setupApi();
const o = orderHelpers(t);

/** An institution's order of one item of `typeId` (pay after the test: it waits for its input). */
async function place(c: Customer, typeId: 1 | 3) {
  const it = await o.demoItem(typeId);
  const res = await t.post<{ list: { rid: string; status: string; status_text: string }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it.rid, parameters: it.parameters }], delivery: { type: 0 } },
    c.h,
  );
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  return res.body.data.list[0];
}

const statusIn = async (c: Customer, rid: string) => {
  const list = await t.post<{ list: OrderSummary[] }>('/api/auth/order/list4person', { size: 50 }, c.h);
  const staff = await o.admin<{ list: OrderSummary[] }>('order/list', { user_rid: c.rid, size: 50 });
  const detail = await t.post<OrderDetail>('/api/auth/order/detail', { rid }, c.h);
  return {
    list: list.body.data.list.find((r) => r.rid === rid)?.status_text,
    staff: staff.body.data.list.find((r) => r.rid === rid)?.status_text,
    detail: detail.body.data.status_text,
    timeline: detail.body.data.timeline,
  };
};

describe('a data-analysis order in words', () => {
  it('waits for its data (待上传数据), then has it (已收数据), on every screen and in the messages', async () => {
    const me = await o.customer('institution');
    const data = await place(me, 3);
    const lab = await place(me, 1);
    expect(data).toMatchObject({ status: 'awaiting_sample', status_text: '待上传数据' });
    expect(lab).toMatchObject({ status: 'awaiting_sample', status_text: '待寄样' });
    expect(await statusIn(me, data.rid)).toMatchObject({
      list: '待上传数据',
      staff: '待上传数据',
      detail: '待上传数据',
    });
    expect((await statusIn(me, lab.rid)).list).toBe('待寄样');

    // The lab takes the data in: the step answers 已收数据, and so do the lists and the record.
    const received = await o.admin<{ status_text: string }>('order/receive', { rid: data.rid });
    expect(received.body).toMatchObject({ code: 1, data: { status_text: '已收数据' } });
    const after = await statusIn(me, data.rid);
    expect(after).toMatchObject({ list: '已收数据', staff: '已收数据', detail: '已收数据' });
    const record = await t.post<{ list: { action: string; status_text: string }[] }>(
      '/api/auth/order/testRecord',
      { rid: data.rid },
      me.h,
    );
    expect(record.body.data.list.map((s) => s.status_text)).toEqual(['已收数据']);

    // The customer hears that the data, not a sample, arrived.
    const [id] = (
      await t.services.db.select({ id: orders.id }).from(orders).where(eq(orders.rid, data.rid))
    ).map((r) => r.id);
    const sent = await notifications(t.services, { orderId: id, channel: 'inbox' });
    expect(sent.map((n) => n.template)).toContain('data_received');
    expect(sent.map((n) => n.template)).not.toContain('received');
    const words = render('data_received', sent.find((n) => n.template === 'data_received')!.vars);
    expect(words.title).toBe('数据已收到');
    expect(words.text).not.toContain('样品');
  });

  it('tells a refused data upload to upload again, not to send a new sample', async () => {
    const me = await o.customer('institution');
    const data = await place(me, 3);
    await o.move('order/receive', { rid: data.rid });
    const refused = await o.admin<{ status_text: string }>('order/reject', {
      rid: data.rid,
      reason: '文件损坏，无法打开',
    });
    expect(refused.body, JSON.stringify(refused.body)).toMatchObject({
      code: 1,
      data: { status_text: '待上传数据' },
    });
    const [id] = (
      await t.services.db.select({ id: orders.id }).from(orders).where(eq(orders.rid, data.rid))
    ).map((r) => r.id);
    const sent = await notifications(t.services, { orderId: id, template: 'data_rejected' });
    expect(sent.map((n) => n.channel).sort()).toEqual(['inbox', 'sms']);
    expect(render('data_rejected', sent[0].vars).text).toContain('重新上传数据文件');
    expect(render('data_rejected', sent[0].vars).text).toContain('文件损坏');
  });
});
