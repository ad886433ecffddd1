// Revenue and utilisation (issue 35, decision 0092): staff with analytics.read open 营收 — a paid
// order's money in the table beside the chart, by month and by customer type, exported as CSV —
// and 仪器使用率, with its chart and table and the annual 开放共享 xlsx.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { demoItems, expect, newCustomer, staff, test } from './support/orders.ts';
import { consoleSession } from './support/session.ts';

const STAFF_PHONE = '13800000000';
const SHOTS = process.env.ANALYTICS_SHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
};

test('营收 and 仪器使用率: charts beside tables, CSV and the annual xlsx @mobile', async ({
  page,
  request,
  ip,
}) => {
  const lab = await staff(request, ip);
  const me = await newCustomer(page, request, ip);
  const [it] = await demoItems(request, 1);
  const placed = await me.order([{ item_rid: it.rid }]);
  await lab.move('order/receive', { rid: placed.rid });
  await lab.move('order/start', { rid: placed.rid });
  await lab.release(placed.rid);
  await lab.move('order/bill', { rid: placed.rid });
  await lab.credit(me.phone, 1_000_000);
  const paid = await me.call('/api/auth/web/order/pay', { rid: placed.rid });
  expect(paid, JSON.stringify(paid)).toMatchObject({ code: 1 });

  await consoleSession(page, STAFF_PHONE);
  await page.goto('/admin/analytics/revenue');
  await expect(page.getByRole('heading', { name: '营收报表' })).toBeVisible();
  const table = page.getByRole('table', { name: '营收按月份' });
  await expect(table).toContainText('合计');
  await expect(page.getByRole('figure', { name: '净收入按月份' })).toBeVisible();
  await shot(page, 'revenue');
  await page.getByRole('tab', { name: '按客户类型' }).click();
  await expect(page.getByRole('table', { name: '营收按客户类型' })).toContainText('高校及科研院所');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 CSV' }).click();
  const csv = (await readFile((await (await downloading).path())!, 'utf8')).replace(/^\uFEFF/, '');
  expect(csv.split(/\r?\n/)[0]).toContain('"客户类型","订单数","订单收款（元）"');

  // The detail of every movement, generated in the background and downloaded once ready.
  const exports = page.getByRole('region', { name: '营收明细导出' });
  // This test's own export (the other project's run, as the same staff member, lists its own too).
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/admin/analytics/export/add'));
  await exports.getByRole('button', { name: '生成明细（xlsx）' }).click();
  const rid = ((await (await asked).json()) as { data: { rid: string } }).data.rid;
  const made = exports.locator(`[data-export="${rid}"]`);
  await expect(made).toContainText('已完成', { timeout: 20_000 });
  await shot(page, 'revenue-exports');
  const detail = page.waitForEvent('download');
  await made.getByRole('button', { name: '下载' }).click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await (await detail).path())!)).buffer);
  expect(book.worksheets[0].getRow(1).values).toContain('订单号');
  const orderNos = book.worksheets[0].getColumn(2).values.map(String);
  expect(orderNos).toContain(placed.order_no);

  await page.goto('/admin/analytics/utilisation');
  await expect(page.getByRole('heading', { name: '仪器使用率' })).toBeVisible();
  await expect(page.getByRole('table', { name: '仪器使用率' })).toContainText('可用机时');
  await expect(page.getByRole('figure', { name: '各仪器机时' })).toBeVisible();
  await shot(page, 'utilisation');
  const xlsx = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 xlsx' }).click();
  expect((await xlsx).suggestedFilename()).toMatch(/^\d{4}年大型科研仪器开放共享统计\.xlsx$/);
});
