// Report exports (issue 35, decision 0099): the revenue detail is written by the background job,
// one row per order movement whose parts add up to the revenue report's total to the fen; the
// console's list follows the export from 生成中 to 已完成; only its requester downloads it; bad
// input and early downloads get Chinese refusals.
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { runJobs } from '../support/jobs.ts';
import { shanghaiDate } from '#shared/time.ts';
import { REVENUE_DETAIL_COLUMNS, type Export } from '#shared/analytics/exports.ts';
import type { Revenue } from '#shared/analytics/revenue.ts';

const t = await setupApi();
const o = orderHelpers(t);

const download = async (rid: string, h: Record<string, string>) =>
  t.api.request('/api/admin/analytics/export/download', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...h },
    body: JSON.stringify({ rid }),
  });

describe('report exports', () => {
  it('writes every order movement of the range in a job; the parts add up to the report', async () => {
    const c = await o.customer('enterprise');
    await o.credit(c.rid, 50_000);
    const orderNos: string[] = [];
    for (const fen of [12_345, 20_000]) {
      const rid = await o.quotedOrder(c, fen);
      const paid = await t.post('/api/auth/web/order/pay', { rid }, c.h);
      expect(paid.body, paid.body.msg).toMatchObject({ code: 1 });
      orderNos.push(
        (await t.post<{ order_no: string }>('/api/auth/order/detail', { rid }, c.h)).body.data.order_no,
      );
    }
    const today = shanghaiDate(t.services.now());
    const range = { from: today, to: today };

    const asked = await o.admin<Export>('analytics/export/add', { kind: 'revenue_detail', ...range });
    expect(asked.body).toMatchObject({
      code: 1,
      msg: '已开始生成，完成后可下载',
      data: { status: 'queued', status_text: '生成中' },
    });
    const early = await download(asked.body.data.rid, await o.staff());
    expect(await early.json()).toMatchObject({ code: 0, msg: '明细尚未生成完成，请稍后再下载' });

    await runJobs(t.services);
    const list = (await o.admin<{ list: Export[] }>('analytics/export/list', {})).body.data.list;
    expect(list[0]).toMatchObject({ rid: asked.body.data.rid, status: 'done', status_text: '已完成' });
    expect(list[0].filename).toBe(`营收明细-${today}至${today}.xlsx`);

    const file = await download(asked.body.data.rid, await o.staff());
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.arrayBuffer());
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(REVENUE_DETAIL_COLUMNS.map(([, h]) => h));
    const rows = ws.getSheetValues().slice(2) as unknown[][];
    expect(rows).toHaveLength(list[0].rows!);
    const col = (key: string) => 1 + REVENUE_DETAIL_COLUMNS.findIndex(([k]) => k === key);
    const mine = rows.filter((r) => orderNos.includes(String(r[col('order_no')])));
    expect(mine.map((r) => [r[col('kind')], r[col('net')], r[col('cash')], r[col('phone')]])).toEqual([
      ['订单收款', 123.45, 123.45, c.phone],
      ['订单收款', 200, 200, c.phone],
    ]);
    // To the fen: the sheet's net column against the revenue report over the same days.
    const report = (await o.admin<Revenue>('analytics/revenue', { ...range, group: 'month' })).body.data;
    const net = rows.reduce((n, r) => n + Math.round(Number(r[col('net')]) * 100), 0);
    expect(net).toBe(report.total.net_fen);
  });

  it('gives an export only to its requester, and refuses bad input in Chinese', async () => {
    const today = shanghaiDate(t.services.now());
    const asked = await o.admin<Export>('analytics/export/add', {
      kind: 'revenue_detail',
      from: today,
      to: today,
    });
    await runJobs(t.services);
    const other = await o.anotherStaff('manager');
    expect(await (await download(asked.body.data.rid, other)).json()).toMatchObject({
      code: 0,
      msg: '导出记录不存在',
    });
    expect(
      (await t.post<{ list: Export[] }>('/api/admin/analytics/export/list', {}, other)).body.data.list,
    ).toEqual([]);
    const tech = await o.anotherStaff('technician');
    expect(
      (
        await t.post(
          '/api/admin/analytics/export/add',
          { kind: 'revenue_detail', from: today, to: today },
          tech,
        )
      ).body.code,
    ).toBe(0);
    expect(
      (await o.admin('analytics/export/add', { kind: 'nope', from: today, to: today })).body,
    ).toMatchObject({
      code: 0,
      msg: '[导出类型]不正确',
    });
    expect(
      (await o.admin('analytics/export/add', { kind: 'revenue_detail', from: today, to: '2020-01-01' })).body,
    ).toMatchObject({
      code: 0,
      msg: '开始日期不能晚于结束日期',
    });
  });
});
