// Internal remarks on an order (issue 18): staff write notes for colleagues; every staff member
// who may see the order reads them; no customer answer ever carries them.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import type { OrderRemark } from '#shared/orders/responses.ts';

const t = await setupApi();
const o = orderHelpers(t);

describe('order/remark', () => {
  it('keeps staff notes on the order, oldest first, out of every customer answer', async () => {
    const me = await o.customer('enterprise');
    const rid = await o.quotedOrder(me, 12_300);
    const first = await o.admin<OrderRemark[]>('order/remark', { rid, text: '  客户来电：样品需避光保存  ' });
    expect(first.body).toMatchObject({ code: 1, msg: '备注已添加' });
    expect(first.body.data).toEqual([
      { at: expect.any(String), author: expect.any(String), text: '客户来电：样品需避光保存' },
    ]);
    await o.admin('order/remark', { rid, text: '已安排周三上机' });
    const detail = await o.admin<{ remarks: OrderRemark[] }>('order/detail', { rid });
    expect(detail.body.data.remarks.map((r) => r.text)).toEqual([
      '客户来电：样品需避光保存',
      '已安排周三上机',
    ]);

    for (const path of ['order/detail', 'order/testRecord'])
      expect(JSON.stringify((await t.post(`/api/auth/${path}`, { rid }, me.h)).body)).not.toContain('避光');
    const list = await t.post('/api/auth/order/list4person', {}, me.h);
    expect(JSON.stringify(list.body)).not.toContain('避光');
    // Writing a remark needs only orders.read, but it is a change: the audit log has it.
    const log = await o.admin<{ list: { action: string; outcome: string }[] }>('audit/list', {
      entity_rid: rid,
    });
    expect(log.body.data.list.map((e) => `${e.action}:${e.outcome}`)).toEqual([
      'order/remark:ok',
      'order/remark:ok',
      'order/quote:ok',
    ]);
  });

  it('refuses an empty note or an unknown order, writing nothing', async () => {
    const me = await o.customer('enterprise');
    const rid = await o.quotedOrder(me, 5_000);
    expect((await o.admin('order/remark', { rid, text: '   ' })).body).toMatchObject({
      code: 0,
      msg: '[备注]不能为空',
    });
    expect((await o.admin('order/remark', { rid: 'no-such-order', text: '备注' })).body.code).toBe(0);
    expect((await o.admin<{ remarks: OrderRemark[] }>('order/detail', { rid })).body.data.remarks).toEqual(
      [],
    );
    // A customer cannot write one either.
    expect((await t.post('/api/admin/order/remark', { rid, text: '我的备注' }, me.h)).status).toBe(403);
  });
});
