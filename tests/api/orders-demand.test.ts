import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, PDF, PNG } from '../support/orders.ts';
import { files } from '#server/files/tables.ts';
import { orders } from '#server/orders/tables.ts';
import type { DemandResult } from '#shared/orders/demand.ts';
import type { OrderDetail } from '#shared/orders/order.ts';

const t = await setupApi();
const o = orderHelpers(t);

const base = {
  type_id: 1,
  description: '需要测定钢样中碳、硫含量，另需金相组织分析，请给出报价。',
  sample_count: 3,
  sample_note: '块状钢样，约 2cm×2cm',
  contact_name: '张老师',
  contact_phone: '13912345678',
};

async function ordersOf(userId: number) {
  const [row] = await t.services.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return row.n;
}

async function attachment(h: Record<string, string>, bytes = PDF, name = '样品清单.pdf') {
  const up = await o.upload('/api/auth/file/upload4file', h, bytes, name);
  expect(up.body).toMatchObject({ code: 1 });
  return up.body.data.rid;
}

describe('order/demand: a quote request becomes an order in 待报价', () => {
  it('creates the order with its items, the request and the attachments linked', async () => {
    const me = await o.customer();
    const it1 = await o.demoItem(1);
    const f1 = await attachment(me.h);
    const f2 = await attachment(me.h, PNG, '样品照片.png');
    const res = await t.post<DemandResult>(
      '/api/auth/order/demand',
      { ...base, item_rids: [it1.rid], file_rids: [f1, f2] },
      me.h,
    );
    expect(res.body).toMatchObject({
      code: 1,
      msg: '提交成功!',
      data: { status: 'quoting', status_text: '待报价', files: 2 },
    });
    expect(res.body.data.order_no).toMatch(/^LP\d{14}$/);

    const detail = await t.post<OrderDetail>('/api/auth/order/detail', { rid: res.body.data.rid }, me.h);
    const d = detail.body.data;
    expect(d).toMatchObject({
      status: 'quoting',
      type_id: 1,
      demand: {
        description: base.description,
        sample_count: 3,
        sample_note: base.sample_note,
        contact_name: '张老师',
        contact_phone: '13912345678',
      },
      delivery: { type: 0, name: '张老师', phone: '13912345678' },
    });
    expect(d.items.map((i) => [i.item_rid, i.sample_count])).toEqual([[it1.rid, 3]]);
    expect(d.files.map((f) => f.name).sort()).toEqual(['样品清单.pdf', '样品照片.png']);
    expect(d.timeline.map((e) => [e.action, e.to])).toEqual([
      ['create', 'quoting'],
      ['upload', 'quoting'],
    ]);
    expect(d.timeline[1].note).toContain('样品清单.pdf');

    // It is in the list under 待报价, and staff can quote it like any order.
    const list = await t.post<{ list: { rid: string }[] }>(
      '/api/auth/order/list4person',
      { status: 'quoting' },
      me.h,
    );
    expect(list.body.data.list.map((l) => l.rid)).toContain(res.body.data.rid);
    expect(await o.move('order/quote', { rid: res.body.data.rid, quoted_fen: 120_000 })).toBe(
      'awaiting_sample',
    );
  });

  it('takes a request without catalogue items or attachments (数据分析)', async () => {
    const me = await o.customer('enterprise');
    const res = await t.post<DemandResult>(
      '/api/auth/order/demand',
      {
        type_id: 3,
        description: '第一性原理计算，需讨论方案',
        contact_name: '李工',
        contact_phone: '13800001111',
      },
      me.h,
    );
    expect(res.body).toMatchObject({ code: 1, data: { status: 'quoting', amount_fen: 0, files: 0 } });
    const detail = await t.post<OrderDetail>('/api/auth/order/detail', { rid: res.body.data.rid }, me.h);
    expect(detail.body.data).toMatchObject({ type_id: 3, items: [], demand: { sample_count: null } });
  });

  it('refuses invalid requests with the first problem in Chinese', async () => {
    const me = await o.customer();
    const it3 = await o.demoItem(3);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, type_id: undefined }, '[项目类型]不能为空'],
      [{ ...base, type_id: 2 }, '[项目类型]不正确'],
      [{ ...base, description: '   ' }, '[需求描述]不能为空'],
      [{ ...base, description: '测'.repeat(2001) }, '[需求描述]最多2000个字'],
      [{ ...base, sample_count: 0 }, '[样品数量]至少为1'],
      [{ ...base, sample_count: 1.5 }, '[样品数量]应为整数'],
      [{ ...base, contact_name: '' }, '[联系人]不能为空'],
      [{ ...base, contact_phone: '12345' }, '[联系电话]格式不正确'],
      [{ ...base, file_rids: 'x' }, '[附件]格式不正确'],
      [{ ...base, item_rids: ['nope'] }, '检测项目不存在或已下架'],
      [{ ...base, item_rids: [it3.rid] }, `「${it3.name}」不属于送样检测项目，请分开提交`],
      [{ ...base, file_rids: ['f-unknown'] }, '附件不存在或已提交'],
    ];
    for (const [body, msg] of cases) {
      const res = await t.post('/api/auth/order/demand', body, me.h);
      // Validation, an unknown item or attachment, or a rule (two project types in one demand).
      const error = msg.includes('不存在')
        ? 'NOT_FOUND'
        : msg.includes('不属于')
          ? 'REFUSED'
          : 'INVALID_INPUT';
      expect(res.body, msg).toEqual({ code: 0, msg, data: { error } });
    }
    expect((await t.post('/api/auth/order/demand', 'nope{', me.h)).body.code).toBe(0);
    expect(await ordersOf(me.id)).toBe(0);
    expect((await t.post('/api/auth/order/demand', base)).status).toBe(401);
  });

  it('refuses a user with incomplete basic info', async () => {
    const u = await o.a.user();
    const res = await t.post('/api/auth/order/demand', base, o.a.bearer(u.token));
    expect(res.body).toEqual({
      code: 0,
      msg: '未完善基本信息无法正常下单',
      data: { error: 'INCOMPLETE_BASIC_INFO' },
    });
  });

  it('refuses another user’s attachment and leaves no half-written order', async () => {
    const a = await o.customer();
    const b = await o.customer();
    const mine = await attachment(b.h);
    const theirs = await attachment(a.h);
    const res = await t.post('/api/auth/order/demand', { ...base, file_rids: [mine, theirs] }, b.h);
    expect(res.body).toEqual({ code: 0, msg: '附件不存在或已提交', data: { error: 'NOT_FOUND' } });
    expect(await ordersOf(b.id)).toBe(0);
    // Neither file moved onto an order.
    for (const rid of [mine, theirs]) {
      const [f] = await t.services.db.select().from(files).where(eq(files.rid, rid));
      expect(f.orderId).toBeNull();
    }
    // A file already used by one demand cannot be taken by a second.
    const first = await t.post<DemandResult>('/api/auth/order/demand', { ...base, file_rids: [mine] }, b.h);
    expect(first.body.code).toBe(1);
    const again = await t.post('/api/auth/order/demand', { ...base, file_rids: [mine] }, b.h);
    expect(again.body).toMatchObject({ code: 0, msg: '附件不存在或已提交' });
    expect(await ordersOf(b.id)).toBe(1);
  });

  it('answers the upload limits in force', async () => {
    const me = await o.customer();
    const res = await t.post<{ file_max_bytes: number; pic_max_bytes: number; types_text: string }>(
      '/api/auth/file/limits',
      {},
      me.h,
    );
    expect(res.body.data).toMatchObject({
      file_max_bytes: t.services.env.UPLOAD_MAX_MB * 1024 * 1024,
      pic_max_bytes: 5 * 1024 * 1024,
    });
    expect(res.body.data.types_text).toContain('PDF');
  });
});
