import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, PDF } from '../support/orders.ts';
import { runJobs } from '../support/jobs.ts';

const t = await setupApi();
const o = orderHelpers(t);

async function placed(h: Record<string, string>) {
  const it1 = await o.demoItem(1);
  const res = await t.post<{ list: { rid: string }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it1.rid, parameters: it1.parameters }], delivery: { type: 0 } },
    h,
  );
  return res.body.data.list[0].rid;
}

describe('in-system messages', () => {
  it('lists the worker’s messages with an unread count and marks them read', async () => {
    const me = await o.customer();
    const rid = await placed(me.h);
    await o.move('order/receive', { rid });
    await o.move('order/cancel', { rid, reason: '客户要求' });
    await runJobs(t.services);
    type Messages = {
      list: { rid: string; title: string; order_rid: string; read: boolean; created: string }[];
      total: number;
      unread: number;
    };
    let res = await t.post<Messages>('/api/auth/message/list', {}, me.h);
    // The labels notice of the placed order came first.
    expect(res.body.data).toMatchObject({ total: 3, unread: 3 });
    expect(res.body.data.list.map((m) => m.title)).toEqual(['订单已取消', '样品已签收', '请打印样品标签']);
    expect(res.body.data.list[0].order_rid).toBe(rid);
    expect(res.body.data.list[0].created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(res.body.data.list[0].created)).toBeGreaterThanOrEqual(
      Date.parse(res.body.data.list[1].created),
    );
    // Pages: the second of one each, and past the end (the counts stay).
    const second = await t.post<Messages>('/api/auth/message/list', { page: 2, size: 1 }, me.h);
    expect(second.body.data).toMatchObject({ total: 3, unread: 3 });
    expect(second.body.data.list.map((m) => m.title)).toEqual(['样品已签收']);
    const beyond = await t.post<Messages>('/api/auth/message/list', { page: 4, size: 1 }, me.h);
    expect(beyond.body.data).toEqual({ list: [], total: 3, unread: 3 });
    const one = await t.post<{ unread: number }>(
      '/api/auth/message/read',
      { rids: [res.body.data.list[0].rid] },
      me.h,
    );
    expect(one.body.data.unread).toBe(2);
    expect((await t.post<{ unread: number }>('/api/auth/message/read', {}, me.h)).body.data.unread).toBe(0);
    res = await t.post<Messages>('/api/auth/message/list', {}, me.h);
    expect(res.body.data.list.every((m) => m.read)).toBe(true);
    // Another user neither sees nor reads them.
    const other = await o.customer();
    expect((await t.post<Messages>('/api/auth/message/list', {}, other.h)).body.data.total).toBe(0);
  });
});

describe('asset detail', () => {
  it('shows credits and payments newest first with the balance after each', async () => {
    const me = await o.customer('enterprise');
    const rid = await placed(me.h);
    await o.move('order/quote', { rid, quoted_fen: 30_000 });
    await o.credit(me.rid, 50_000, 'first-credit');
    // The same credit key again is one credit.
    await o.credit(me.rid, 50_000, 'first-credit');
    await t.post('/api/auth/web/order/pay', { rid }, me.h);
    const res = await t.post<{
      list: { kind: string; cash_fen: number; cash_after_fen: number; order_rid: string | null }[];
    }>('/api/auth/asset/detail', {}, me.h);
    expect(res.body.data.list.map((e) => [e.kind, e.cash_fen, e.cash_after_fen, e.order_rid])).toEqual([
      ['payment', -30_000, 20_000, rid],
      ['adjust', 50_000, 50_000, null],
    ]);
    expect(
      (await t.post<{ balance_fen: number }>('/api/auth/asset/init', {}, me.h)).body.data.balance_fen,
    ).toBe(20_000);
  });
});

describe('agreement files and related equipment', () => {
  it('attaches an uploaded signed agreement to the order, only the owner’s', async () => {
    const me = await o.customer();
    const other = await o.customer();
    const rid = await placed(me.h);
    const up = await o.upload('/api/auth/file/upload4file', me.h, PDF, '委托协议-已签字.pdf');
    expect(up.body.code).toBe(1);
    const attached = await t.post<{ list: { name: string; kind: string }[] }>(
      '/api/auth/order/updateProtocolFile',
      { rid, file_rid: up.body.data.rid },
      me.h,
    );
    expect(attached.body).toMatchObject({
      code: 1,
      data: { list: [{ name: '委托协议-已签字.pdf', kind: 'protocol' }] },
    });
    const listed = await t.post<{ list: unknown[] }>('/api/auth/order/listProtocolFile', { rid }, me.h);
    expect(listed.body.data.list).toHaveLength(1);
    // B can neither list A's agreements nor attach A's file to B's order.
    expect((await t.post('/api/auth/order/listProtocolFile', { rid }, other.h)).body.msg).toBe('订单不存在');
    const theirs = await placed(other.h);
    const stolen = await t.post(
      '/api/auth/order/updateProtocolFile',
      { rid: theirs, file_rid: up.body.data.rid },
      other.h,
    );
    expect(stolen.body).toMatchObject({ code: 0, msg: '文件不存在' });
    expect((await t.post('/api/auth/order/relateEquipment', { rid }, other.h)).body.msg).toBe('订单不存在');
    const equipment = await t.post<{ list: unknown[] }>('/api/auth/order/relateEquipment', { rid }, me.h);
    expect(equipment.body.code).toBe(1);
    expect(Array.isArray(equipment.body.data.list)).toBe(true);
  });
});

describe('sample shipments (/member/sample)', () => {
  it('lists only the orders whose sample the customer posts, not pickups or other users', async () => {
    const me = await o.customer();
    const other = await o.customer();
    const it1 = await o.demoItem(1);
    const line = [{ item_rid: it1.rid, parameters: it1.parameters }];
    type Placed = { list: { rid: string }[] };
    const posted = await t.post<Placed>('/api/auth/order/add', { items: line, delivery: { type: 0 } }, me.h);
    const picked = await t.post<Placed>(
      '/api/auth/order/add',
      { items: line, delivery: await o.pickup() },
      me.h,
    );
    await t.post('/api/auth/order/add', { items: line, delivery: { type: 0 } }, other.h);
    expect(posted.body.code, posted.body.msg).toBe(1);
    expect(picked.body.code, picked.body.msg).toBe(1);

    type Page = { list: { rid: string; status_text: string }[]; total: number };
    const shipments = await t.post<Page>('/api/auth/order/list4person', { delivery_type: 0 }, me.h);
    expect(shipments.body.data.total).toBe(1);
    expect(shipments.body.data.list[0].rid).toBe(posted.body.data.list[0].rid);
    expect(shipments.body.data.list[0].status_text).toBe('待寄样');
    const pickups = await t.post<Page>('/api/auth/order/list4person', { delivery_type: 1 }, me.h);
    expect(pickups.body.data.list.map((r) => r.rid)).toEqual([picked.body.data.list[0].rid]);
    const bad = await t.post('/api/auth/order/list4person', { delivery_type: 'x' }, me.h);
    expect(bad.body).toMatchObject({ code: 0, msg: '[送样方式]不正确' });
  });
});

describe('order search (/member/oquery)', () => {
  it('finds orders by number, item name, Shanghai date range and status', async () => {
    const me = await o.customer();
    const it1 = await o.demoItem(1);
    const it3 = await o.demoItem(3);
    const res = await t.post<{ list: { rid: string; order_no: string; type_id: number }[] }>(
      '/api/auth/order/add',
      {
        items: [
          { item_rid: it1.rid, parameters: it1.parameters },
          { item_rid: it3.rid, parameters: it3.parameters },
        ],
        delivery: { type: 0 },
      },
      me.h,
    );
    const [testing, analysis] = res.body.data.list;
    type Page = { list: { rid: string }[]; total: number };
    const search = (body: object) => t.post<Page>('/api/auth/order/list4person', body, me.h);
    expect((await search({ order_no: testing.order_no.slice(-8) })).body.data.list.map((l) => l.rid)).toEqual(
      [testing.rid],
    );
    expect((await search({ keyword: it3.name.slice(0, 4) })).body.data.list.map((l) => l.rid)).toContain(
      analysis.rid,
    );
    const today = new Date(t.services.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await search({ date_from: today, date_to: today })).body.data.total).toBe(2);
    expect((await search({ date_to: '2020-01-01' })).body.data.total).toBe(0);
    expect((await search({ status: 'awaiting_sample', page: 1, size: 1 })).body.data).toMatchObject({
      total: 2,
    });
    expect((await search({ keyword: '%' })).body.data.total).toBe(0);
    expect((await search({ date_from: '2026-13-01' })).body).toMatchObject({
      code: 0,
      msg: '[开始日期]格式不正确',
    });
    // Staff see everyone's orders by status.
    const staffList = await o.admin<Page>('order/list', { status: 'awaiting_sample', size: 50 });
    expect(staffList.body.data.list.map((l) => l.rid)).toEqual(
      expect.arrayContaining([testing.rid, analysis.rid]),
    );
  });
});

describe('order/updateExpress', () => {
  type Detail = {
    express: { company: string; no: string } | null;
    timeline: { action: string; note: string }[];
  };

  it('records a self-delivered sample’s courier and tracking number, correctable until receipt', async () => {
    const me = await o.customer();
    const rid = await placed(me.h);
    const sent = await t.post(
      '/api/auth/order/updateExpress',
      { rid, company: '顺丰速运', no: 'sf1234567890' },
      me.h,
    );
    expect(sent.body).toMatchObject({
      code: 1,
      msg: '提交成功!',
      data: { company: '顺丰速运', no: 'SF1234567890' },
    });
    expect(
      (await t.post('/api/auth/order/updateExpress', { rid, company: '京东快递', no: 'JD0099887766' }, me.h))
        .body.code,
    ).toBe(1);
    const detail = await t.post<Detail>('/api/auth/order/detail', { rid }, me.h);
    expect(detail.body.data.express).toMatchObject({ company: '京东快递', no: 'JD0099887766' });
    expect(detail.body.data.timeline.filter((e) => e.action === 'express').map((e) => e.note)).toEqual([
      '顺丰速运 SF1234567890',
      '京东快递 JD0099887766',
    ]);
    // Staff see it in their detail; after receipt it can no longer change.
    const staffView = await o.admin<Detail>('order/detail', { rid });
    expect(staffView.body.data.express).toMatchObject({ no: 'JD0099887766' });
    await o.move('order/receive', { rid });
    expect(
      (await t.post('/api/auth/order/updateExpress', { rid, company: '顺丰速运', no: 'SF0000000001' }, me.h))
        .body,
    ).toMatchObject({ code: 0, msg: '仅自行寄样且待寄样的订单可以填写快递信息' });
  });

  it('refuses bad input, another user’s order and a pickup order, writing nothing', async () => {
    const me = await o.customer();
    const rid = await placed(me.h);
    for (const [body, msg] of [
      [{ rid, company: '', no: 'SF1234567890' }, '[快递公司]不能为空'],
      [{ rid, company: '顺丰速运' }, '[快递单号]不能为空'],
      [{ rid, company: '顺丰速运', no: 'SF 12' }, '[快递单号]应为6-40位字母或数字'],
    ] as const)
      expect((await t.post('/api/auth/order/updateExpress', body, me.h)).body).toMatchObject({
        code: 0,
        msg,
      });
    const other = await o.customer();
    expect(
      (
        await t.post(
          '/api/auth/order/updateExpress',
          { rid, company: '顺丰速运', no: 'SF1234567890' },
          other.h,
        )
      ).body,
    ).toMatchObject({ code: 0, msg: '订单不存在' });
    const detail = await t.post<Detail>('/api/auth/order/detail', { rid }, me.h);
    expect(detail.body.data.express).toBeNull();
  });
});
