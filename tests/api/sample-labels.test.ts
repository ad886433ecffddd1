// Printing an order's sample labels and exporting a sample's custody trail (issue 30, decision
// 0074): the customer downloads their own order's labels in both formats, staff reprint any,
// every download counts once on every sample; another customer's order reads as not found and
// counts nothing; data analysis has no labels; bad formats answer in Chinese; the trail PDF holds
// every event with its time, kind, actor, particulars and note.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { auditLog } from '#server/staff/tables.ts';
import { mailOutbox } from '#server/platform/db/platform-tables.ts';
import { userMessages } from '#server/notify/tables.ts';
import { runJobs } from '../support/jobs.ts';
import type { OrderDetail } from '#shared/orders/order.ts';
import type { OrderSample } from '#shared/samples/responses.ts';
import { NO_SAMPLE_LABELS } from '#shared/samples/labels.ts';

const t = await setupApi();
const o = orderHelpers(t);
const work = mkdtempSync(join(tmpdir(), 'sample-labels-'));

async function place(c: Customer, items: Record<string, unknown>[]) {
  const res = await t.post<{ list: { rid: string; order_no: string; type_id: number }[] }>(
    '/api/auth/order/add',
    { items, delivery: { type: 0 } },
    c.h,
  );
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  return res.body.data.list[0];
}

/** A 送样检测 order of `count` samples. */
async function labOrder(c: Customer, count: number) {
  const it = await o.demoItem(1);
  return place(c, [{ item_rid: it.rid, parameters: it.parameters, count }]);
}

const samplesOf = async (c: Customer, rid: string): Promise<OrderSample[]> => {
  const res = await t.post<OrderDetail>('/api/auth/order/detail', { rid }, c.h);
  expect(res.body).toMatchObject({ code: 1 });
  return res.body.data.samples;
};

const customerLabels = (c: Customer, rid: string, query = '') =>
  t.api.request(`/api/auth/order/labels/${encodeURIComponent(rid)}${query}`, { headers: c.h });

async function staffPost(path: string, body: unknown) {
  return t.api.request(`/api/admin/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await o.staff()) },
    body: JSON.stringify(body),
  });
}

/** The PDF's text as poppler's pdftotext reads it (through the fonts' ToUnicode maps). */
function pdfToText(bytes: Uint8Array, layout = false): string {
  // PDF_DIR=… keeps the files to look at.
  const file = join(process.env.PDF_DIR ?? work, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', [...(layout ? ['-layout'] : []), file, '-'], { encoding: 'utf8' });
}

async function pdfOf(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
  return { bytes, pages: (await PDFDocument.load(bytes)).getPageCount() };
}

describe('order labels', () => {
  it('gives the customer their order labels on A4 and thermal, counting each download once per sample', async () => {
    const me = await o.customer();
    const order = await labOrder(me, 3);
    const a4 = await customerLabels(me, order.rid, '?format=a4');
    const disposition = a4.headers.get('content-disposition') ?? '';
    // The Chinese file name in RFC 5987 form, an ASCII fallback beside it.
    expect(disposition).toContain(
      `filename*=UTF-8''${encodeURIComponent(`样品标签-${order.order_no}-A4.pdf`)}`,
    );
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"/);
    expect(a4.headers.get('cache-control')).toBe('private, no-store');
    const sheet = await pdfOf(a4);
    expect(sheet.pages).toBe(1);
    const text = pdfToText(sheet.bytes);
    for (const n of ['01', '02', '03']) expect(text).toContain(`${order.order_no}-${n}`);
    expect((await samplesOf(me, order.rid)).map((s) => s.label_prints)).toEqual([1, 1, 1]);

    const thermal = await pdfOf(await customerLabels(me, order.rid, '?format=thermal'));
    expect(thermal.pages).toBe(3);
    // No format: the A4 sheet.
    expect((await pdfOf(await customerLabels(me, order.rid))).pages).toBe(1);
    expect((await samplesOf(me, order.rid)).map((s) => s.label_prints)).toEqual([3, 3, 3]);
  });

  it('starts a part-used A4 sheet at a later position when asked', async () => {
    const me = await o.customer();
    const order = await labOrder(me, 2);
    // 23 positions used: the first label takes the last one, the second starts a new sheet.
    expect((await pdfOf(await customerLabels(me, order.rid, '?format=a4&skip=23'))).pages).toBe(2);
  });

  it("refuses another customer's order as not found and counts nothing", async () => {
    const owner = await o.customer();
    const other = await o.customer();
    const order = await labOrder(owner, 2);
    for (const rid of [order.rid, 'Onothing']) {
      const res = await customerLabels(other, rid, '?format=a4');
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 0, msg: '订单不存在', data: { error: 'NOT_FOUND' } });
    }
    expect((await samplesOf(owner, order.rid)).map((s) => s.label_prints)).toEqual([0, 0]);
    // Without a token: the login is asked for.
    expect((await t.api.request(`/api/auth/order/labels/${order.rid}`)).status).toBe(401);
  });

  it('answers a data-analysis order with a clear message instead of a PDF', async () => {
    const me = await o.customer();
    const it = await o.demoItem(3);
    const order = await place(me, [{ item_rid: it.rid, parameters: it.parameters }]);
    expect(order.type_id).toBe(3);
    const res = await customerLabels(me, order.rid, '?format=a4');
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toMatchObject({ code: 0, msg: NO_SAMPLE_LABELS });
    const staff = await staffPost('order/labels', { rid: order.rid, format: 'thermal' });
    expect(await staff.json()).toMatchObject({ code: 0, msg: NO_SAMPLE_LABELS });
  });

  it('refuses a bad format or skip in Chinese', async () => {
    const me = await o.customer();
    const order = await labOrder(me, 1);
    const bad = async (query: string) =>
      ((await (await customerLabels(me, order.rid, query)).json()) as { msg: string }).msg;
    expect(await bad('?format=zebra')).toBe('[标签格式]须为 a4（A4 标签纸）或 thermal（热敏标签 40×30）');
    expect(await bad('?format=a4&skip=24')).toBe('[跳过标签数]须为 0 至 23 的整数');
    expect(await bad('?format=a4&skip=two')).toBe('[跳过标签数]须为 0 至 23 的整数');
    const staff = await staffPost('order/labels', { rid: order.rid, format: 'A5' });
    expect(await staff.json()).toMatchObject({
      code: 0,
      msg: '[标签格式]须为 a4（A4 标签纸）或 thermal（热敏标签 40×30）',
    });
    expect((await samplesOf(me, order.rid)).map((s) => s.label_prints)).toEqual([0]);
  });

  it('lets staff reprint any order, counted on the samples and written to the audit log', async () => {
    const me = await o.customer();
    const order = await labOrder(me, 2);
    const res = await staffPost('order/labels', { rid: order.rid, format: 'thermal' });
    expect((await pdfOf(res)).pages).toBe(2);
    expect(res.headers.get('content-disposition')).toContain(
      encodeURIComponent(`样品标签-${order.order_no}-热敏40x30.pdf`),
    );
    expect((await samplesOf(me, order.rid)).map((s) => s.label_prints)).toEqual([1, 1]);
    const [entry] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order/labels'), eq(auditLog.entityRid, order.rid)))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ outcome: 'ok', permission: 'orders.read' });
    expect(entry.request).toMatchObject({ format: 'thermal' });
    // An unknown order: not found, as the console's other order calls.
    expect(await (await staffPost('order/labels', { rid: 'Onothing', format: 'a4' })).json()).toMatchObject({
      code: 0,
      msg: '订单不存在',
    });
  });

  it('refuses customers the staff call', async () => {
    const me = await o.customer();
    const order = await labOrder(me, 1);
    const res = await t.api.request('/api/admin/order/labels', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...me.h },
      body: JSON.stringify({ rid: order.rid, format: 'a4' }),
    });
    expect(res.status).toBe(403);
    expect((await samplesOf(me, order.rid)).map((s) => s.label_prints)).toEqual([0]);
  });
});

describe('only where there is a sample', () => {
  it('keeps a data-analysis order out of the courier form and the posted-samples list', async () => {
    const me = await o.customer();
    const lab = await labOrder(me, 1);
    const it3 = await o.demoItem(3);
    const data = await place(me, [{ item_rid: it3.rid, parameters: it3.parameters }]);
    const sent = await t.post(
      '/api/auth/order/updateExpress',
      { rid: data.rid, company: '顺丰', no: 'SF1234567' },
      me.h,
    );
    expect(sent.body).toMatchObject({
      code: 0,
      msg: '该订单无需寄送样品（数据分析请在订单详情中上传数据文件）',
    });
    const shipments = await t.post<{ list: { rid: string }[]; total: number }>(
      '/api/auth/order/list4person',
      { delivery_type: 0 },
      me.h,
    );
    expect(shipments.body.data.list.map((r) => r.rid)).toEqual([lab.rid]);
    expect(shipments.body.data.total).toBe(1);
  });
});

describe('the order e-mail', () => {
  it('links the order page to print the labels, once per order, only when samples are to be posted', async () => {
    const me = await o.customer();
    const order = await labOrder(me, 2);
    const it3 = await o.demoItem(3);
    await place(me, [{ item_rid: it3.rid, parameters: it3.parameters }]);
    await runJobs(t.services);
    const mail = await t.services.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, `u${me.phone}@example.com`));
    expect(mail.map((m) => m.subject)).toEqual(['【检测服务平台】请打印样品标签']);
    const site = t.services.env.PUBLIC_SITE_URL.replace(/\/$/, '');
    expect(mail[0].text).toContain(`订单${order.order_no}已生成2个样品编号`);
    expect(mail[0].text).toContain(`${site}/member/order?rid=${order.rid}#labels`);
    const inbox = await t.services.db.select().from(userMessages).where(eq(userMessages.userId, me.id));
    expect(inbox.map((m) => m.title)).toEqual(['请打印样品标签']);
  });
});

describe('custody trail PDF', () => {
  it('lists every event with its time in Beijing time, kind, actor, particulars and note', async () => {
    const me = await o.customer();
    const order = await labOrder(me, 2);
    await t.post(
      '/api/auth/order/updateExpress',
      { rid: order.rid, company: '顺丰', no: 'SF1234567890' },
      me.h,
    );
    const [first] = await samplesOf(me, order.rid);
    const rename = await t.post('/api/auth/sample/rename', { rid: first.rid, name: '钢样A-热处理后' }, me.h);
    expect(rename.body).toMatchObject({ code: 1 });
    // 203室 › 4号冰箱 › 第2层 of the storage tree, named by its label code.
    let parent: string | undefined;
    let code = '';
    for (const [kind, name] of [
      ['room', '203室'],
      ['fridge', '4号冰箱'],
      ['shelf', '第2层'],
    ]) {
      const made = await o.admin<{ rid: string; code: string }>('sample/location/create', {
        kind,
        name,
        ...(parent ? { parent_rid: parent } : {}),
      });
      expect(made.body, JSON.stringify(made.body)).toMatchObject({ code: 1 });
      [parent, code] = [made.body.data.rid, made.body.data.code];
    }
    for (const e of [
      { kind: 'received', note: '外包装完好' },
      { kind: 'stored', location: code, note: '' },
      { kind: 'taken', technician: '李工', instrument: 'SEM-01', note: '上午测试' },
    ]) {
      const res = await o.admin('sample/event', { rid: first.rid, ...e });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
    }
    const res = await staffPost('sample/trail-pdf', { rid: first.rid });
    expect(res.headers.get('content-disposition')).toContain(
      encodeURIComponent(`样品流转记录-${order.order_no}-01.pdf`),
    );
    const { bytes } = await pdfOf(res);
    const text = pdfToText(bytes);
    const flat = text.replace(/\s+/g, '');
    for (const words of [
      '样品流转记录',
      `${order.order_no}-01`,
      order.order_no,
      '钢样A-热处理后',
      '生成样品编号',
      '客户寄出',
      '修改样品名称',
      '运输中→已签收',
      'SF1234567890',
      '实验室签收',
      '外包装完好',
      '演示业务经理',
      '203室',
      '李工',
      'SEM-01',
      '上午测试',
      '第1页/共1页',
    ])
      expect(flat, words).toContain(words.replace(/\s+/g, ''));
    // Times are Beijing time: the test clock's now, as a Shanghai wall clock.
    const { shanghaiMinute } = await import('#shared/time.ts');
    expect(flat).toContain(shanghaiMinute(t.services.now()).replace(/\s+/g, ''));
    expect(flat).toContain('共6条');
  });

  it('answers an unknown sample as not found', async () => {
    const res = await staffPost('sample/trail-pdf', { rid: 'Mnothing' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 0, msg: '样品不存在' });
  });
});
