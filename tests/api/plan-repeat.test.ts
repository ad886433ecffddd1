import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { sheetHelpers } from '../support/sheets.ts';
import { item } from '#server/catalogue/tables.ts';

// 再来一单 and 常用模板 (decision 0089): a past order's or a template's lines, samples, options,
// delivery and remark go back into the plan at today's prices, a changed price named.
const t = await setupApi();
const o = orderHelpers(t);
const x = sheetHelpers(t);

type Line = {
  item_rid: string;
  count: number;
  parameters: Record<string, string>;
  disposal: number;
  price_fen: number;
  was_price_fen: number | null;
  samples: { name: string }[];
};
type Filled = {
  list: Line[];
  skipped: string[];
  changed: { name: string; was_fen: number; now_fen: number }[];
  draft: { delivery: { type: number; date: string; address: string }; remark: string; source: string } | null;
};

async function placedOrder(me: { h: Record<string, string> }) {
  const up = await x.upload(
    me.h,
    'xrd-powder',
    await x.filled('xrd-powder', [
      { 样品名称: 'P-1', 扫描范围: '10°-80°', 扫描速度: '5°/min' },
      { 样品名称: 'P-2', 扫描范围: '5°-90°', 扫描速度: '5°/min' },
    ]),
  );
  expect(up.body.code).toBe(1);
  const other = await o.demoItem(1, false, 3);
  await t.post(
    '/api/auth/plan/add',
    { item_rid: other.rid, count: 2, parameters: other.parameters, disposal: 1 },
    me.h,
  );
  const pickup = await o.pickup();
  const placed = await t.post<{ list: { rid: string; order_no: string }[] }>(
    '/api/auth/order/add',
    { delivery: pickup, remark: '请尽快安排' },
    me.h,
  );
  expect(placed.body, JSON.stringify(placed.body)).toMatchObject({ code: 1 });
  return { order: placed.body.data.list[0], other, pickup };
}

describe('再来一单', () => {
  it(
    'puts the lines, samples, options, delivery and remark back at today’s prices',
    { timeout: 60_000 },
    async () => {
      const me = await o.customer();
      const { order, other, pickup } = await placedOrder(me);
      // The price moves after the order.
      const [xrd] = await t.services.db.select().from(item).where(eq(item.rid, 'xrd-powder'));
      await t.services.db
        .update(item)
        .set({ priceFen: xrd.priceFen + 1000 })
        .where(eq(item.rid, 'xrd-powder'));
      try {
        const res = await t.post<Filled>('/api/auth/order/repeat', { rid: order.rid }, me.h);
        expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1, msg: '已加入实验计划' });
        const lines = res.body.data.list;
        const x1 = lines.find((l) => l.item_rid === 'xrd-powder')!;
        expect(x1).toMatchObject({ count: 2, price_fen: xrd.priceFen + 1000, was_price_fen: xrd.priceFen });
        expect(x1.samples.map((s) => s.name)).toEqual(['P-1', 'P-2']);
        expect(lines.find((l) => l.item_rid === other.rid)).toMatchObject({
          count: 2,
          parameters: other.parameters,
          disposal: 1,
          was_price_fen: null,
        });
        expect(res.body.data.changed).toEqual([
          { name: xrd.name, was_fen: xrd.priceFen, now_fen: xrd.priceFen + 1000 },
        ]);
        // The pickup address comes back; its old date does not (the customer picks a new one).
        expect(res.body.data.draft).toMatchObject({
          source: `订单 ${order.order_no}`,
          remark: '请尽快安排',
          delivery: { type: 1, date: '', address: pickup.address },
        });

        // Placing the plan's orders uses the draft up: it is gone from the plan afterwards.
        const placed = await t.post('/api/auth/order/add', { delivery: await o.pickup(), remark: '' }, me.h);
        expect(placed.body.code).toBe(1);
        const after = await t.post<Filled>('/api/auth/plan/list', {}, me.h);
        expect(after.body.data).toMatchObject({ list: [], draft: null });
      } finally {
        await t.services.db.update(item).set({ priceFen: xrd.priceFen }).where(eq(item.rid, 'xrd-powder'));
      }
    },
  );

  it(
    'leaves out items no longer on sale, and refuses another customer’s order',
    { timeout: 60_000 },
    async () => {
      const me = await o.customer();
      const { order, other } = await placedOrder(me);
      await t.services.db.update(item).set({ onSale: false }).where(eq(item.rid, other.rid));
      try {
        const res = await t.post<Filled>('/api/auth/order/repeat', { rid: order.rid }, me.h);
        expect(res.body.data.skipped).toEqual([other.name]);
        expect(res.body.data.list.map((l) => l.item_rid)).toEqual(['xrd-powder']);
      } finally {
        await t.services.db.update(item).set({ onSale: true }).where(eq(item.rid, other.rid));
      }
      const stranger = await o.customer();
      const refused = await t.post('/api/auth/order/repeat', { rid: order.rid }, stranger.h);
      expect(refused.body).toMatchObject({ code: 0, data: { error: 'NOT_FOUND' } });
      expect((await t.post<Filled>('/api/auth/plan/list', {}, stranger.h)).body.data.list).toEqual([]);
    },
  );
});

describe('常用模板', () => {
  it(
    'saves from an order and from the plan, starts a plan, lists and deletes',
    { timeout: 60_000 },
    async () => {
      const me = await o.customer();
      const { order } = await placedOrder(me);
      const saved = await t.post<{ rid: string }>(
        '/api/auth/order/saveTemplate',
        { rid: order.rid, name: '每月 XRD' },
        me.h,
      );
      expect(saved.body).toMatchObject({ code: 1, msg: '已保存为常用模板' });
      const again = await t.post('/api/auth/order/saveTemplate', { rid: order.rid, name: '每月 XRD' }, me.h);
      expect(again.body).toMatchObject({ code: 0, msg: '已有名为「每月 XRD」的模板，请换一个名称' });
      const blank = await t.post('/api/auth/order/saveTemplate', { rid: order.rid, name: ' ' }, me.h);
      expect(blank.body).toMatchObject({ code: 0, msg: '[模板名称]不能为空' });

      // From the plan: an empty plan has nothing to keep; a filled one keeps its lines and delivery.
      const empty = await t.post('/api/auth/plan/template/save', { name: '空' }, me.h);
      expect(empty.body).toMatchObject({ code: 0, msg: '实验计划是空的，没有可保存的项目' });
      const dft = await o.demoItem(3);
      await t.post('/api/auth/plan/add', { item_rid: dft.rid, parameters: dft.parameters }, me.h);
      const fromPlan = await t.post(
        '/api/auth/plan/template/save',
        { name: '计算', delivery: { type: 0, message: '自送' }, remark: '加急' },
        me.h,
      );
      expect(fromPlan.body.code).toBe(1);
      await t.post(
        '/api/auth/plan/remove',
        {
          rids: (
            await t.post<Filled & { list: { rid: string }[] }>('/api/auth/plan/list', {}, me.h)
          ).body.data.list.map((l) => (l as unknown as { rid: string }).rid),
        },
        me.h,
      );

      const list = await t.post<{
        list: { rid: string; name: string; items: { name: string; count: number }[] }[];
        total: number;
      }>('/api/auth/plan/template/list', {}, me.h);
      expect(list.body.data.total).toBe(2);
      expect(list.body.data.list.map((l) => l.name).sort()).toEqual(['每月 XRD', '计算']);
      const monthly = list.body.data.list.find((l) => l.name === '每月 XRD')!;
      expect(monthly.items.map((i) => i.count)).toEqual([2, 2]);

      const used = await t.post<Filled>('/api/auth/plan/template/use', { rid: monthly.rid }, me.h);
      expect(used.body).toMatchObject({ code: 1 });
      expect(used.body.data.list.map((l) => l.count)).toEqual([2, 2]);
      expect(used.body.data.draft).toMatchObject({ source: '模板「每月 XRD」', remark: '请尽快安排' });

      // Another customer can neither use nor delete it.
      const stranger = await o.customer();
      for (const path of ['use', 'delete'])
        expect(
          (await t.post(`/api/auth/plan/template/${path}`, { rid: monthly.rid }, stranger.h)).body,
        ).toMatchObject({
          code: 0,
          msg: '模板不存在',
        });
      const gone = await t.post('/api/auth/plan/template/delete', { rid: monthly.rid }, me.h);
      expect(gone.body).toMatchObject({ code: 1 });
      const left = await t.post<{ total: number }>('/api/auth/plan/template/list', {}, me.h);
      expect(left.body.data.total).toBe(1);
    },
  );
});
