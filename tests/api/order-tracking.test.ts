// Per-sample tracking on the customer's order page (issue 34, decision 0093): each sample's stage
// (在途 / 已签收 / 测试中 / 待审核 / 已出报告 / 已退回 / 已销毁) from its custody events, its results
// and the report versions naming it; where it is; its promised date; the report PDFs it may open.
// Only the customer's own order answers.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { item } from '#server/catalogue/tables.ts';
import { orders } from '#server/orders/tables.ts';
import { samples } from '#server/samples/tables.ts';
import { recordSampleEvent } from '#server/samples/index.ts';
import type { OrderTracking } from '#shared/reports/tracking.ts';
import type { ResultView } from '#shared/results/responses.ts';
import { chineseDate, shanghaiDate } from '#shared/time.ts';

const t = await setupApi();
const o = orderHelpers(t);

const tracking = async (c: Customer, rid: string) => {
  const res = await t.post<OrderTracking>('/api/auth/order/tracking', { rid }, c.h);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  return res.body.data;
};
const stages = async (c: Customer, rid: string) => (await tracking(c, rid)).samples.map((s) => s.stage_text);

async function placeTwo(me: Customer) {
  const it = await o.demoItem(1);
  // A promise of 5 working days on the item, copied into the line when ordered.
  await t.services.db.update(item).set({ turnaroundDays: 5 }).where(eq(item.rid, it.rid));
  const res = await t.post<{ list: { rid: string; order_no: string }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it.rid, parameters: it.parameters, count: 2 }], delivery: { type: 0 } },
    me.h,
  );
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  return res.body.data.list[0];
}

describe('order/tracking', () => {
  it(
    'follows each sample from the courier to its report, its promise and its PDF',
    { timeout: 60_000 },
    async () => {
      const me = await o.customer();
      const order = await placeTwo(me);

      let view = await tracking(me, order.rid);
      expect(view.order_no).toBe(order.order_no);
      expect(view.samples.map((s) => [s.sample_no, s.stage_text, s.where, s.due_text])).toEqual([
        [`${order.order_no}-01`, '待寄送', '尚未寄出', '签收后 5 个工作日出数据'],
        [`${order.order_no}-02`, '待寄送', '尚未寄出', '签收后 5 个工作日出数据'],
      ]);

      // 在途 with the courier and number the customer gave.
      const sent = await t.post(
        '/api/auth/order/updateExpress',
        { rid: order.rid, company: '顺丰', no: 'sf1234567' },
        me.h,
      );
      expect(sent.body).toMatchObject({ code: 1 });
      view = await tracking(me, order.rid);
      expect(view.samples[0]).toMatchObject({ stage: 'in_transit', stage_text: '在途' });
      expect(view.samples[0].where).toBe('运输中，寄往实验室（顺丰 SF1234567）');

      // 已签收: the order's due date is fixed at receipt and shown on each sample.
      await o.move('order/receive', { rid: order.rid });
      const detail = await t.post<{ due_date: string }>('/api/auth/order/detail', { rid: order.rid }, me.h);
      const due = detail.body.data.due_date;
      expect(due).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      view = await tracking(me, order.rid);
      expect(view.samples.map((s) => [s.stage_text, s.due_date, s.due_text, s.overdue])).toEqual([
        ['已签收', due, `预计 ${chineseDate(due)} 前出数据`, false],
        ['已签收', due, `预计 ${chineseDate(due)} 前出数据`, false],
      ]);

      // 测试中 once taken to an instrument; 待审核 once its result is submitted.
      await o.move('order/start', { rid: order.rid });
      const [first, second] = view.samples;
      const taken = await o.admin('sample/event', {
        rid: second.rid,
        kind: 'taken',
        technician: '李工',
        instrument: 'Bruker D8 Advance',
      });
      expect(taken.body, JSON.stringify(taken.body)).toMatchObject({ code: 1 });
      const staff = await o.staff();
      const list = await t.post<{ results: ResultView[] }>(
        '/api/admin/result/list',
        { rid: order.rid },
        staff,
      );
      const r1 = list.body.data.results.find((r) => r.sample_no === first.sample_no)!;
      const entries = r1.fields.length
        ? r1.fields
            .filter((f) => f.required)
            .map((f) => ({ key: f.key, value: f.type === 'number' ? String(f.min ?? 1) : '合格' }))
        : [{ key: '_text', value: '检测完成' }];
      const tech = (await o.anotherStaff('technician')) as Record<string, string>;
      for (const [path, body] of [
        ['result/save', { rid: r1.rid, method: 'SOP-01', instrument: '分析仪', entries }],
        ['result/submit', { rid: r1.rid }],
      ] as const) {
        const res = await t.post(`/api/admin/${path}`, body, tech);
        expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
      }
      view = await tracking(me, order.rid);
      expect(view.samples.map((s) => s.stage_text)).toEqual(['待审核', '测试中']);
      expect(view.samples[1].where).toBe('实验室测试中（Bruker D8 Advance）');

      // Past the promised date without a report: flagged (the date moved back, as if weeks passed).
      await t.services.db
        .update(orders)
        .set({ dueDate: shanghaiDate(t.services.now() - 86_400_000) })
        .where(eq(orders.rid, order.rid));
      view = await tracking(me, order.rid);
      expect(view.samples.map((s) => s.overdue)).toEqual([true, true]);

      // 已出报告 for both, each with the signed PDF the customer may open.
      const version = await o.release(order.rid);
      view = await tracking(me, order.rid);
      expect(view.samples.map((s) => [s.stage_text, s.due_date, s.due_text, s.overdue])).toEqual([
        ['已出报告', null, '报告已出具', false],
        ['已出报告', null, '报告已出具', false],
      ]);
      expect(view.samples[0].documents).toEqual([
        expect.objectContaining({ rid: version.rid, report_no: version.report_no, status_text: '有效' }),
      ]);
      const pdf = await t.api.request(`/api/auth/report/pdf/${version.rid}`, { headers: me.h });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');

      // 已退回 once the lab sends the sample back (its life's end wins over the report).
      await o.admin('sample/event', { rid: second.rid, kind: 'returned_to_storage' });
      await o.admin('sample/event', { rid: second.rid, kind: 'tested' });
      const back = await o.admin('sample/event', {
        rid: second.rid,
        kind: 'returned',
        courier: '顺丰',
        number: 'SF7654321',
      });
      expect(back.body, JSON.stringify(back.body)).toMatchObject({ code: 1 });
      view = await tracking(me, order.rid);
      expect(view.samples[1]).toMatchObject({ stage_text: '已退回', where: '已寄回（顺丰 SF7654321）' });
      expect(view.samples[1].documents).toHaveLength(1);
    },
  );

  it("answers only the customer's own order: another's reads as not found, and its PDFs too", async () => {
    const me = await o.customer();
    const order = await placeTwo(me);
    const version = await (async () => {
      await o.move('order/receive', { rid: order.rid });
      await o.move('order/start', { rid: order.rid });
      return o.release(order.rid);
    })();
    expect(await stages(me, order.rid)).toEqual(['已出报告', '已出报告']);

    const other = await o.customer();
    const refused = await t.post('/api/auth/order/tracking', { rid: order.rid }, other.h);
    expect(refused.body).toMatchObject({ code: 0, msg: '订单不存在', data: { error: 'NOT_FOUND' } });
    const pdf = await t.api.request(`/api/auth/report/pdf/${version.rid}`, { headers: other.h });
    expect(pdf.status).toBe(404);
    // Without a session: 401, and nothing of the order.
    const anonymous = await t.post('/api/auth/order/tracking', { rid: order.rid });
    expect(anonymous.status).toBe(401);
    // A malformed id: the Chinese message, never a 500.
    const bad = await t.post('/api/auth/order/tracking', { rid: '' }, me.h);
    expect(bad.body.code).toBe(0);
  });

  it('says 已销毁 with the day for a destroyed sample, and a revoked report is not offered', async () => {
    const me = await o.customer();
    const order = await placeTwo(me);
    await o.move('order/receive', { rid: order.rid });
    await o.move('order/start', { rid: order.rid });
    const version = await o.release(order.rid);
    const [s] = (await tracking(me, order.rid)).samples;
    expect(s.documents.map((d) => d.report_no)).toEqual([version.report_no]);

    // Revoked: the sample no longer counts as reported, and the PDF is not offered.
    const revoked = await o.admin('report/revoke', { rid: version.rid, reason: '数据录入错误' });
    expect(revoked.body, JSON.stringify(revoked.body)).toMatchObject({ code: 1 });
    let now = (await tracking(me, order.rid)).samples[0];
    expect(now.documents).toEqual([]);
    expect(now.stage_text).toBe('待审核');

    // Destroyed, through the retention work's steps: the day it went, and no promise any more.
    for (const body of [{ kind: 'taken', technician: '李工', instrument: '分析仪' }, { kind: 'tested' }]) {
      const res = await o.admin('sample/event', { rid: s.rid, ...body });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
    }
    const [row] = await t.services.db.select().from(samples).where(eq(samples.rid, s.rid));
    await t.services.db.transaction(async (tx) => {
      for (const kind of ['disposal_scheduled', 'disposed'] as const)
        await recordSampleEvent(tx, row.id, { kind, actor: 'system', actorId: null, now: t.services.now() });
    });
    now = (await tracking(me, order.rid)).samples[0];
    expect(now.stage_text).toBe('已销毁');
    expect(now.where).toMatch(/^已于 \d{4}-\d{2}-\d{2} 销毁$/);
    expect(now.due_text).toBe('');
  });
});
