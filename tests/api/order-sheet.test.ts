// A sample sheet on a placed order (issue 34, decision 0093): until the lab receives the samples,
// the customer uploads the item's xlsx on the order page; the plan's check (decision 0089) takes
// every row as the line's samples (their IDs and labels stay, each new name a 'renamed' event) or
// refuses the whole sheet, with the annotated file for wrong rows. Only the customer's own order.
import { describe, expect, it } from 'vitest';
import { asc, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { sheetHelpers, type SheetAnswer } from '../support/sheets.ts';
import { orderItems, orders } from '#server/orders/tables.ts';
import { samples } from '#server/samples/tables.ts';
import type { OrderDetail } from '#shared/orders/order.ts';
import type { SampleTrail } from '#shared/samples/responses.ts';

const t = await setupApi();
const o = orderHelpers(t);
const x = sheetHelpers(t);

const XRD = 'xrd-powder'; // 扫描范围*, 扫描速度*, 附加分析 (choices)
const row = (name: string, extra: Record<string, unknown> = {}) => ({
  样品名称: name,
  扫描范围: '10°-80°',
  扫描速度: '5°/min',
  ...extra,
});

async function place(me: Customer, count: number) {
  const res = await t.post<{ list: { rid: string; order_no: string }[] }>(
    '/api/auth/order/add',
    {
      items: [{ item_rid: XRD, parameters: { 扫描范围: '5°-90°', 扫描速度: '2°/min' }, count }],
      delivery: { type: 0 },
    },
    me.h,
  );
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  return res.body.data.list[0];
}

async function upload(
  h: Record<string, string>,
  rid: string,
  file: Uint8Array | ExcelJS.Workbook,
  itemRid = XRD,
) {
  const bytes = file instanceof Uint8Array ? file : await x.bytesOf(file);
  const form = new FormData();
  form.set('rid', rid);
  form.set('item_rid', itemRid);
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], 'samples.xlsx'));
  const res = await t.api.request('/api/auth/order/sheet', { method: 'POST', headers: h, body: form });
  return (await res.json()) as Omit<SheetAnswer, 'data'> & {
    data: Omit<SheetAnswer['data'], 'list'> & { list?: { sample_no: string; name: string }[] };
  };
}

const detail = async (me: Customer, rid: string) =>
  (await t.post<OrderDetail>('/api/auth/order/detail', { rid }, me.h)).body.data;
const rowsOf = (orderNo: string) =>
  t.services.db
    .select({ no: samples.sampleNo, name: samples.name, note: samples.note, parameters: samples.parameters })
    .from(samples)
    .where(like(samples.sampleNo, `${orderNo}-%`))
    .orderBy(asc(samples.sampleNo));

describe('order/sheet', () => {
  it('names the samples of a placed order from the sheet, keeping their IDs; a second sheet replaces the first', async () => {
    const me = await o.customer();
    const order = await place(me, 3);
    const res = await upload(
      me.h,
      order.rid,
      await x.filled(XRD, [
        row('Fe2O3-1', { 备注: '避光保存' }),
        row('Fe2O3-2', { 附加分析: '物相标定' }),
        row('TiO2', { 扫描范围: '5°-90°' }),
      ]),
    );
    expect(res, JSON.stringify(res)).toMatchObject({ code: 1, msg: '已导入3个样品' });
    expect(res.data.list!.map((s) => [s.sample_no, s.name])).toEqual([
      [`${order.order_no}-01`, 'Fe2O3-1'],
      [`${order.order_no}-02`, 'Fe2O3-2'],
      [`${order.order_no}-03`, 'TiO2'],
    ]);
    expect((await rowsOf(order.order_no))[0]).toMatchObject({
      note: '避光保存',
      parameters: { 扫描范围: '10°-80°', 扫描速度: '5°/min' },
    });
    // The line keeps the rows, and as its own parameters those every sample shares.
    const [line] = await t.services.db
      .select({ samples: orderItems.samples, parameters: orderItems.parameters })
      .from(orderItems)
      .innerJoin(samples, eq(samples.orderItemId, orderItems.id))
      .where(eq(samples.sampleNo, `${order.order_no}-01`));
    expect(line.samples!.map((s) => s.name)).toEqual(['Fe2O3-1', 'Fe2O3-2', 'TiO2']);
    expect(line.parameters).toEqual({ 扫描速度: '5°/min' });
    // Each new name is on the sample's trail.
    const first = (await detail(me, order.rid)).samples[0];
    const trail = await t.post<SampleTrail>('/api/auth/sample/trail', { rid: first.rid }, me.h);
    expect(trail.body.data.events.map((e) => [e.kind, e.detail])).toEqual([
      ['created', ''],
      ['renamed', '名称：样品01 → Fe2O3-1'],
    ]);

    // Again with other names: replaced; a name unchanged writes no event.
    const again = await upload(
      me.h,
      order.rid,
      await x.filled(XRD, [row('Fe2O3-1'), row('Fe2O3-2b'), row('TiO2-b')]),
    );
    expect(again).toMatchObject({ code: 1 });
    expect((await rowsOf(order.order_no)).map((r) => [r.name, r.note])).toEqual([
      ['Fe2O3-1', ''],
      ['Fe2O3-2b', ''],
      ['TiO2-b', ''],
    ]);
    const trail2 = await t.post<SampleTrail>('/api/auth/sample/trail', { rid: first.rid }, me.h);
    expect(trail2.body.data.events).toHaveLength(2);
    // The labels print the new names (same IDs).
    const labels = await t.api.request(`/api/auth/order/labels/${order.rid}?format=a4`, { headers: me.h });
    expect(labels.status).toBe(200);
  });

  it('refuses wrong rows whole with the annotated file, and takes the file once fixed', async () => {
    const me = await o.customer();
    const order = await place(me, 2);
    const before = await rowsOf(order.order_no);
    const wrong = await upload(
      me.h,
      order.rid,
      await x.filled(XRD, [row('A', { 扫描范围: '1°-2°' }), row('A', { 扫描速度: '' })]),
    );
    expect(wrong.code).toBe(0);
    expect(wrong.msg).toBe(
      '第2行「扫描范围」：「扫描范围」应为5°-90°、10°-80°、自定义之一；共3处错误，请下载错误说明表改正后重新上传',
    );
    expect(wrong.data.error).toBe('SHEET_ERRORS');
    expect(await rowsOf(order.order_no)).toEqual(before);

    // The annotated file: each row's problems in 错误说明; fixed and sent back as it is.
    const annotated = await x.annotated(wrong as unknown as SheetAnswer);
    const ws = annotated.getWorksheet('样品信息')!;
    const titles = (ws.getRow(1).values as unknown[]).map((v) => (typeof v === 'string' ? v : ''));
    expect(titles).toContain('错误说明');
    expect(ws.getCell(3, titles.indexOf('错误说明')).text).toContain('样品名称与第2行重复');
    ws.getCell(2, titles.indexOf('扫描范围')).value = '10°-80°';
    ws.getCell(3, titles.indexOf('样品名称')).value = 'B';
    ws.getCell(3, titles.indexOf('扫描速度')).value = '5°/min';
    const fixed = await upload(me.h, order.rid, annotated);
    expect(fixed, JSON.stringify(fixed)).toMatchObject({ code: 1, msg: '已导入2个样品' });
    expect((await rowsOf(order.order_no)).map((r) => r.name)).toEqual(['A', 'B']);
  });

  it('refuses another row count, another item, a received sample, and anyone else’s order', async () => {
    const me = await o.customer();
    const order = await place(me, 2);
    const before = await rowsOf(order.order_no);
    const three = await upload(me.h, order.rid, await x.filled(XRD, [row('A'), row('B'), row('C')]));
    expect(three).toMatchObject({
      code: 0,
      msg: '订单中「X 射线衍射（XRD）粉末测试」为2个样品，表格有3行，请填写2行；如需增减样品请联系业务经理',
    });
    expect(three.data.file).toBeUndefined();
    // An item the order does not have.
    const elsewhere = await upload(me.h, order.rid, await x.filled(XRD, [row('A'), row('B')]), 'sem-eds');
    expect(elsewhere).toMatchObject({ code: 0, msg: '订单中没有该检测项目' });

    // Another customer: as if the order did not exist.
    const other = await o.customer();
    const theirs = await upload(other.h, order.rid, await x.filled(XRD, [row('A'), row('B')]));
    expect(theirs).toMatchObject({ code: 0, msg: '订单不存在', data: { error: 'NOT_FOUND' } });

    // Once the lab has signed for a sample, the names are fixed.
    const [s] = (await detail(me, order.rid)).samples;
    const received = await o.admin('sample/event', { rid: s.rid, kind: 'received' });
    expect(received.body).toMatchObject({ code: 1 });
    const late = await upload(me.h, order.rid, await x.filled(XRD, [row('A'), row('B')]));
    expect(late).toMatchObject({ code: 0, msg: '实验室已签收样品，不能再上传样品信息表' });
    expect(await rowsOf(order.order_no)).toEqual(before);

    // Not a file at all; no order id.
    const form = new FormData();
    form.set('item_rid', XRD);
    form.set('file', new File([new Uint8Array([1, 2, 3])], 'x.xlsx'));
    const bare = await t.api.request('/api/auth/order/sheet', { method: 'POST', headers: me.h, body: form });
    expect(await bare.json()).toMatchObject({ code: 0, msg: '[订单]不能为空' });
    const junk = await upload(me.h, (await place(me, 1)).rid, new Uint8Array([1, 2, 3]));
    expect(junk).toMatchObject({
      code: 0,
      msg: '文件无法读取，请上传从本站下载的 xlsx 模板（Excel 2007 及以上格式）',
    });
  });

  it('keeps the rows of a quote request for the samples its quote makes', async () => {
    const me = await o.customer();
    const res = await t.post<{ rid: string; order_no: string }>(
      '/api/auth/order/demand',
      {
        type_id: 1,
        item_rids: [XRD],
        description: '请对两个氧化铁粉末样品做物相分析并给出报价。',
        sample_count: 2,
        sample_note: '',
        contact_name: '张老师',
        contact_phone: '13912345678',
      },
      me.h,
    );
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
    const { rid, order_no } = res.body.data;
    const [line] = await t.services.db
      .select({ count: orderItems.sampleCount })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.rid, rid));
    const names = Array.from({ length: line.count }, (_, i) => `氧化铁-${i + 1}`);
    const up = await upload(
      me.h,
      rid,
      await x.filled(
        XRD,
        names.map((n) => row(n)),
      ),
    );
    expect(up, JSON.stringify(up)).toMatchObject({ code: 1, data: { list: [] } });
    await o.move('order/quote', { rid, quoted_fen: 30_000 });
    expect((await detail(me, rid)).samples.map((s) => [s.sample_no, s.name])).toEqual(
      names.map((n, i) => [`${order_no}-0${i + 1}`, n]),
    );
  });
});
