import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { item } from '#server/catalogue/tables.ts';

// The plan groups by child category, 31 样品前处理 first (docs/decisions/0008-plan-grouping.md);
// orders still split by project type.
const t = await setupApi();
const o = orderHelpers(t);

type Line = { rid: string; item_rid: string; type_id: number; type_name: string; project_type: number };
type Plan = {
  list: Line[];
  groups: { type_id: number; name: string; items: Line[] }[];
  count: number;
  total_fen: number;
};

async function seeded(rid: string) {
  const [it] = await t.services.db.select().from(item).where(eq(item.rid, rid));
  const parameters = Object.fromEntries(
    it.options.parameters.filter((p) => p.required).map((p) => [p.name, p.choices[0]]),
  );
  return { rid, price: it.priceFen, childId: it.childId, typeId: it.typeId, parameters };
}

describe('experiment plan grouping', () => {
  it('groups lines by child category, 样品前处理 (31) first, others ascending, with names', async () => {
    const me = await o.customer();
    const dft = await seeded('dft'); // 41 理论计算, 数据分析
    const xrd = await seeded('xrd-powder'); // 11 结构表征, 送样检测
    const prep = await seeded('ion-milling'); // 31 样品前处理, 送样检测
    expect([dft.childId, xrd.childId, prep.childId]).toEqual([41, 11, 31]);

    let plan: Plan | undefined;
    for (const it of [dft, xrd, prep]) {
      const res = await t.post<Plan>(
        '/api/auth/plan/add',
        { item_rid: it.rid, parameters: it.parameters },
        me.h,
      );
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
      plan = res.body.data;
    }
    expect(plan!.groups.map((g) => [g.type_id, g.name])).toEqual([
      [31, '样品前处理'],
      [11, '结构表征'],
      [41, '理论计算'],
    ]);
    // Lines stay oldest first in `list`; each names its child category and project type.
    expect(plan!.list.map((l) => [l.item_rid, l.type_id, l.type_name, l.project_type])).toEqual([
      ['dft', 41, '理论计算', 3],
      ['xrd-powder', 11, '结构表征', 1],
      ['ion-milling', 31, '样品前处理', 1],
    ]);
    expect(plan!.count).toBe(3);
    expect((await o.a.info(me.token)).body.data.cartNum).toBe(3);

    // plan/list answers the same grouping; removing the only 31 line drops its group.
    const listed = await t.post<Plan>('/api/auth/plan/list', {}, me.h);
    expect(listed.body.data.groups).toEqual(plan!.groups);
    const prepLine = plan!.list.find((l) => l.item_rid === 'ion-milling')!;
    const removed = await t.post<Plan>('/api/auth/plan/remove', { rids: [prepLine.rid] }, me.h);
    expect(removed.body.data.groups.map((g) => g.type_id)).toEqual([11, 41]);
    await t.post('/api/auth/plan/add', { item_rid: prep.rid, parameters: prep.parameters }, me.h);

    // Two child categories of 送样检测 become one order; 数据分析 its own.
    const placed = await t.post<{
      list: { rid: string; amount_fen: number; type_id: number; type_name: string }[];
    }>('/api/auth/order/add', { delivery: { type: 0 } }, me.h);
    expect(placed.body, JSON.stringify(placed.body)).toMatchObject({ code: 1, msg: '提交成功!' });
    expect(placed.body.data.list.map((l) => [l.type_id, l.type_name, l.amount_fen])).toEqual([
      [1, '送样检测', xrd.price + prep.price],
      [3, '数据分析', dft.price],
    ]);
    const after = await t.post<Plan>('/api/auth/plan/list', {}, me.h);
    expect(after.body.data).toMatchObject({ count: 0, groups: [], list: [] });
    expect((await o.a.info(me.token)).body.data.cartNum).toBe(0);
  });

  it('keeps two lines of one child category in one group, in the order they were added', async () => {
    const me = await o.customer();
    const a = await seeded('microwave-digestion');
    const b = await seeded('freeze-drying');
    await t.post('/api/auth/plan/add', { item_rid: a.rid, parameters: a.parameters }, me.h);
    const res = await t.post<Plan>('/api/auth/plan/add', { item_rid: b.rid, parameters: b.parameters }, me.h);
    expect(res.body.data.groups).toHaveLength(1);
    expect(res.body.data.groups[0].items.map((l) => l.item_rid)).toEqual([
      'microwave-digestion',
      'freeze-drying',
    ]);
  });

  it('refuses 预约现场 items: they are booked through the instrument calendar', async () => {
    const me = await o.customer();
    const res = await t.post('/api/auth/plan/add', { item_rid: 'sem-onsite' }, me.h);
    expect(res.body).toMatchObject({ code: 0, msg: '预约现场项目请通过仪器预约下单' });
  });
});
