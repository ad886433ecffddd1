import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { sheetHelpers } from '../support/sheets.ts';
import { item } from '#server/catalogue/tables.ts';
import { samples } from '#server/samples/tables.ts';

// Spreadsheet submission (decision 0089): an item's xlsx template, a filled sheet checked on the
// server row by row, taken whole as the samples of the item's plan line or refused whole, with
// the annotated file or, for a wrong file, a message alone.
const t = await setupApi();
const o = orderHelpers(t);
const x = sheetHelpers(t);

const XRD = 'xrd-powder'; // 扫描范围*, 扫描速度*, 附加分析 (choices), at most 100 samples
const row = (name: string, extra: Record<string, unknown> = {}) => ({
  样品名称: name,
  扫描范围: '10°-80°',
  扫描速度: '5°/min',
  ...extra,
});

/** Uploads for this customer and expects a refusal with this message and no annotated file. */
const refuser =
  (h: Record<string, string>) =>
  async (file: Uint8Array | Awaited<ReturnType<typeof x.template>>, msg: string | RegExp) => {
    const res = await x.upload(h, XRD, file);
    expect(res.body.code, res.body.msg).toBe(0);
    if (typeof msg === 'string') expect(res.body.msg).toBe(msg);
    else expect(res.body.msg).toMatch(msg);
    expect(res.body.data.file).toBeUndefined();
  };

async function planOf(h: Record<string, string>) {
  const res = await t.post<{ list: { item_rid: string; count: number; samples: unknown[] }[] }>(
    '/api/auth/plan/list',
    {},
    h,
  );
  return res.body.data.list;
}

describe('sample sheet template', () => {
  it("has the item's order form as columns between 样品名称 and 备注, and names its item", async () => {
    const wb = await x.template(XRD);
    const ws = wb.getWorksheet('样品信息')!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      '样品名称',
      '扫描范围',
      '扫描速度',
      '附加分析',
      '备注',
    ]);
    expect(ws.getCell('B2').dataValidation).toMatchObject({
      type: 'list',
      formulae: ['"5°-90°,10°-80°,自定义"'],
    });
    expect(wb.getWorksheet('_template')!.getCell('A2').text).toBe(XRD);
    // Data analysis takes files, not samples; an unknown item has no template.
    const dft = await t.api.request('/api/open/plan/sheet/dft');
    expect(dft.status).toBe(404);
    expect(await dft.json()).toMatchObject({ code: 0 });
  });
});

describe('uploading a sheet', () => {
  it(
    'makes every row a sample of the plan line, and the order keeps names, notes and parameters',
    { timeout: 60_000 },
    async () => {
      const me = await o.customer();
      const wb = await x.filled(XRD, [
        row('Fe2O3-1', { 备注: '避光保存' }),
        row('Fe2O3-2', { 附加分析: '物相标定' }),
        row('TiO2', { 扫描范围: '5°-90°' }),
      ]);
      const res = await x.upload(me.h, XRD, wb);
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1, msg: '已导入3个样品' });
      const line = res.body.data.list!.find((l) => l.item_rid === XRD)!;
      expect(line.count).toBe(3);
      expect(line.samples.map((s) => s.name)).toEqual(['Fe2O3-1', 'Fe2O3-2', 'TiO2']);
      expect(line.samples[0]).toEqual({
        name: 'Fe2O3-1',
        note: '避光保存',
        parameters: { 扫描范围: '10°-80°', 扫描速度: '5°/min' },
      });
      // The count follows the sheet: the stepper cannot move it away from the rows.
      const planRid = (res.body.data as unknown as { rid: string }).rid;
      const moved = await t.post('/api/auth/plan/update', { rid: planRid, count: 5 }, me.h);
      expect(moved.body).toMatchObject({ code: 0, msg: '该项目的样品来自表格，请重新上传表格来修改样品' });

      const placed = await t.post<{ list: { rid: string; order_no: string }[] }>(
        '/api/auth/order/add',
        { delivery: { type: 0 } },
        me.h,
      );
      expect(placed.body, JSON.stringify(placed.body)).toMatchObject({ code: 1 });
      const order = placed.body.data.list[0];
      const detail = await t.post<{ samples: { sample_no: string; name: string }[] }>(
        '/api/auth/order/detail',
        { rid: order.rid },
        me.h,
      );
      expect(detail.body.data.samples.map((s) => [s.sample_no, s.name])).toEqual([
        [`${order.order_no}-01`, 'Fe2O3-1'],
        [`${order.order_no}-02`, 'Fe2O3-2'],
        [`${order.order_no}-03`, 'TiO2'],
      ]);
      const rows = await t.services.db
        .select({ note: samples.note, parameters: samples.parameters })
        .from(samples)
        .where(eq(samples.sampleNo, `${order.order_no}-02`));
      expect(rows[0]).toEqual({
        note: '',
        parameters: { 扫描范围: '10°-80°', 扫描速度: '5°/min', 附加分析: '物相标定' },
      });
    },
  );

  it(
    'refuses wrong rows whole and annotates each in 错误说明; the fixed file goes in',
    { timeout: 60_000 },
    async () => {
      const me = await o.customer();
      const wb = await x.filled(XRD, [
        row('A1'),
        row('', { 备注: '忘了名称' }),
        row('A3', { 扫描速度: '3°/min' }),
        row('A1'),
        row('A5', { 扫描范围: { formula: 'CONCAT("10°","-80°")', result: '10°-80°' } }),
        row('A6', { 备注: new Date(Date.UTC(2026, 2, 1)) }),
      ]);
      const res = await x.upload(me.h, XRD, wb);
      expect(res.body.code).toBe(0);
      expect(res.body.data.error).toBe('SHEET_ERRORS');
      expect(res.body.msg).toBe(
        '第3行「样品名称」：「样品名称」不能为空；共5处错误，请下载错误说明表改正后重新上传',
      );
      expect(res.body.data.problems).toEqual([
        { row: 3, column: '样品名称', msg: '「样品名称」不能为空' },
        { row: 4, column: '扫描速度', msg: '「扫描速度」应为2°/min、5°/min、10°/min之一' },
        { row: 5, column: '样品名称', msg: '样品名称与第2行重复' },
        { row: 6, column: '扫描范围', msg: '「扫描范围」含公式，请复制后“粘贴为数值”再上传' },
        {
          row: 7,
          column: '备注',
          msg: '「备注」是日期格式，请将单元格设为文本后按文字填写（如 2026-03-01）',
        },
      ]);
      // Nothing went into the plan.
      expect(await planOf(me.h)).toEqual([]);

      // The annotated file: the same rows, each one's problems in a new last column.
      const back = await x.annotated(res.body);
      const ws = back.getWorksheet('样品信息')!;
      expect(ws.getCell('F1').text).toBe('错误说明');
      expect([2, 3, 4, 5, 6, 7].map((r) => ws.getCell(r, 6).text)).toEqual([
        '',
        '「样品名称」不能为空',
        '「扫描速度」应为2°/min、5°/min、10°/min之一',
        '样品名称与第2行重复',
        '「扫描范围」含公式，请复制后“粘贴为数值”再上传',
        '「备注」是日期格式，请将单元格设为文本后按文字填写（如 2026-03-01）',
      ]);
      // The customer fixes the cells in that file and uploads it again, 错误说明 column and all.
      ws.getCell('A3').value = 'A2';
      ws.getCell('C4').value = '2°/min';
      ws.getCell('A5').value = 'A4';
      ws.getCell('B6').value = '10°-80°';
      ws.getCell('E7').value = '2026-03-01';
      const again = await x.upload(me.h, XRD, back);
      expect(again.body, JSON.stringify(again.body.msg)).toMatchObject({ code: 1, msg: '已导入6个样品' });
      const line = (await planOf(me.h))[0];
      expect(line.count).toBe(6);
    },
  );

  it('refuses an unreadable, empty or oversized file with a message alone', async () => {
    const me = await o.customer();
    const refused = refuser(me.h);
    const BAD = '文件无法读取，请上传从本站下载的 xlsx 模板（Excel 2007 及以上格式）';
    await refused(new TextEncoder().encode('样品名称,扫描范围\nA,10°-80°\n'), BAD);
    await refused(
      Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256),
      BAD,
    );
    await refused(new Uint8Array(0), '文件是空的，请选择填写好的样品信息表');

    // Oversized: refused before it is read.
    const big = await x.upload(me.h, XRD, new Uint8Array(3 * 1024 * 1024));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 0, msg: '文件不能超过2MB', data: { error: 'BODY_TOO_LARGE' } });

    expect(await planOf(me.h)).toEqual([]);
  });

  it(
    'refuses another item’s template, a changed header, merged cells and too many rows',
    { timeout: 60_000 },
    async () => {
      const me = await o.customer();
      const refused = refuser(me.h);
      // Another item's template.
      const film = await x.filled('xrd-thin-film', [{ 样品名称: 'F1', 测试模式: 'GIXRD' }]);
      await refused(
        film,
        '该表格是「薄膜掠入射 XRD（GIXRD）」的模板，不能用于「X 射线衍射（XRD）粉末测试」，请下载本项目的模板',
      );
      // A changed header.
      const renamed = await x.filled(XRD, [row('B1')]);
      renamed.getWorksheet('样品信息')!.getCell('D1').value = '分析';
      await refused(renamed, /^表头「分析」不是「X 射线衍射（XRD）粉末测试」模板的列/);
      // Merged cells.
      const merged = await x.filled(XRD, [row('B1'), row('B2')]);
      merged.getWorksheet('样品信息')!.mergeCells('B2:B3');
      await refused(merged, '第2行「扫描范围」是合并单元格，请取消合并后再上传');
      // No rows at all.
      await refused(await x.template(XRD), '表格中没有样品，请从第2行起每行填写一个样品');
      // More rows than the item takes in one order (100 for this item).
      await refused(
        await x.filled(
          XRD,
          Array.from({ length: 101 }, (_, i) => row(`S${i + 1}`)),
        ),
        '「X 射线衍射（XRD）粉末测试」每单最多100个样品，表格有101行，请分成多个订单',
      );
      expect(await planOf(me.h)).toEqual([]);
    },
  );

  it('takes 500 rows in one go and refuses 501 (the bench row times it)', { timeout: 60_000 }, async () => {
    const [it] = await t.services.db.select().from(item).where(eq(item.rid, XRD));
    await t.services.db
      .update(item)
      .set({ options: { ...it.options, sampleCount: { ...it.options.sampleCount, max: 1000 } } })
      .where(eq(item.rid, XRD));
    try {
      const me = await o.customer();
      const rows = Array.from({ length: 501 }, (_, i) =>
        row(`S${String(i + 1).padStart(3, '0')}`, { 备注: `第${i + 1}个` }),
      );
      const over = await x.upload(me.h, XRD, await x.filled(XRD, rows));
      expect(over.body).toMatchObject({ code: 0, msg: '一次最多上传500个样品，请分成多个表格或多个订单' });
      expect(await planOf(me.h)).toEqual([]);

      const file = await x.bytesOf(await x.filled(XRD, rows.slice(0, 500)));
      const res = await x.upload(me.h, XRD, file);
      expect(res.body, res.body.msg).toMatchObject({ code: 1, msg: '已导入500个样品' });
      expect((await planOf(me.h))[0].count).toBe(500);
    } finally {
      await t.services.db.update(item).set({ options: it.options }).where(eq(item.rid, XRD));
    }
  });

  it('is for sample items only, and for signed-in customers', async () => {
    const me = await o.customer();
    const wb = await x.filled(XRD, [row('C1')]);
    const dft = await x.upload(me.h, 'dft', wb);
    expect(dft.body).toMatchObject({ code: 0, msg: '数据分析项目无需样品信息表' });
    const anonymous = await x.upload({}, XRD, wb);
    expect(anonymous.status).toBe(401);
  });
});
