// Double clicks and racing tabs, on PostgreSQL (PGlite runs one query at a time and would prove
// nothing): identical requests at once never answer 500 and never leave half a change behind.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, PDF } from '../support/orders.ts';
import { orderEvents } from '#server/orders/tables.ts';
import { planItems } from '#server/plan/tables.ts';

const t = await setupApi();
const o = orderHelpers(t);

describe('plan/add clicked ten times at once', () => {
  it('makes one plan line holding every click, and answers each click', async () => {
    const me = await o.customer();
    const item = await o.demoItem(1);
    const clicks = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.post('/api/auth/plan/add', { item_rid: item.rid, parameters: item.parameters, count: 1 }, me.h),
      ),
    );
    expect(clicks.map((c) => c.status)).toEqual(Array(10).fill(200));
    expect(clicks.every((c) => c.body.code === 1)).toBe(true);
    const lines = await t.services.db
      .select()
      .from(planItems)
      .where(and(eq(planItems.userId, me.id), eq(planItems.itemRid, item.rid)));
    expect(lines).toHaveLength(1);
    expect(lines[0].count).toBe(10);
  });
});

describe('one signed agreement attached to two orders at once', () => {
  it('lands on one order, and only that order gets a timeline entry', async () => {
    const me = await o.customer();
    const item = await o.demoItem(1);
    const place = () =>
      t.post<{ list: { rid: string }[] }>(
        '/api/auth/order/add',
        { items: [{ item_rid: item.rid, parameters: item.parameters }], delivery: { type: 0 } },
        me.h,
      );
    const [a, b] = [(await place()).body.data.list[0].rid, (await place()).body.data.list[0].rid];
    const scan = await o.upload('/api/auth/file/upload4file', me.h, PDF, '签署件.pdf', { kind: 'protocol' });
    const fileRid = (scan.body.data as { rid: string }).rid;
    const answers = await Promise.all(
      [a, b].map((rid) => t.post('/api/auth/order/updateProtocolFile', { rid, file_rid: fileRid }, me.h)),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(answers.map((r) => r.body.code).sort()).toEqual([0, 1]);
    expect(answers.find((r) => r.body.code === 0)?.body.msg).toBe('该文件已用于其他订单');
    const uploads = await t.services.db.select().from(orderEvents).where(eq(orderEvents.action, 'upload'));
    const mine = uploads.filter((e) => e.note === '上传签署协议：签署件.pdf');
    expect(mine).toHaveLength(1);
  });
});
