// Turnaround reports (issue 32, decision 0083): staff with analytics.read open 周期报表, switch the
// grouping and the unit, open the orders behind a figure and export them as CSV; a dashboard
// count opens the list it counts.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { demoItems, expect, newCustomer, staff, test } from './support/orders.ts';
import { advanceClock, consoleSession } from './support/session.ts';

const STAFF_PHONE = '13800000000';
const SHOTS = process.env.TURNAROUND_SHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
};

test('周期报表: groupings, units, the orders behind a figure and their CSV; 今日收样 opens its list @mobile', async ({
  page,
  request,
  ip,
}) => {
  const lab = await staff(request, ip);
  const me = await newCustomer(page, request, ip);
  const [it] = await demoItems(request, 1);
  const placed = await me.order([{ item_rid: it.rid }]);
  await lab.move('order/receive', { rid: placed.rid });

  await consoleSession(page, STAFF_PHONE);
  // The dashboard's 今日收样 counts today's receipts and opens exactly those orders.
  const received = page.getByRole('link', { name: /今日收样/ });
  await expect(received).toBeVisible();
  await shot(page, 'dashboard');
  await received.click();
  await expect(page.getByRole('heading', { name: '订单管理' })).toBeVisible();
  await expect(page.locator('[data-day-filter]')).toHaveText(/^\d{4}-\d{2}-\d{2} 收样的订单$/);
  await expect(page.getByRole('table', { name: '订单' })).toContainText(placed.order_no);
  // Started two minutes after receipt (the test clock): among the longest 签收→开始 of the item,
  // whose drill-down lists the longest first, however many orders other tests gave it.
  await advanceClock(request, 120);
  await lab.move('order/start', { rid: placed.rid });

  await page.goto('/admin/analytics/turnaround');
  await expect(page.getByRole('heading', { name: '周期报表' })).toBeVisible();
  const table = page.getByRole('table', { name: /下单→签收/ });
  await expect(table).toContainText('合计');
  await shot(page, 'turnaround');

  // By item: the order's item is a row; in calendar days the header says so.
  await page.getByRole('tab', { name: '按检测项目' }).click();
  await expect(page.getByRole('table', { name: '下单→签收按检测项目' })).toContainText(it.name);
  await page.getByLabel('单位').selectOption({ label: '自然日' });
  await expect(page.getByRole('columnheader', { name: '平均（自然日）' })).toBeVisible();

  // The orders behind the item's count include this order; their CSV lists it.
  await page.getByRole('tab', { name: '签收→开始' }).click();
  const row = page
    .getByRole('table', { name: '签收→开始按检测项目' })
    .getByRole('row', { name: new RegExp(it.name) });
  await row.getByRole('button', { name: /个订单$/ }).click();
  const orders = page.getByRole('region', { name: '订单明细' });
  await expect(orders.getByRole('link', { name: placed.order_no })).toBeVisible();
  await shot(page, 'turnaround-orders');
  const downloading = page.waitForEvent('download');
  await orders.getByRole('button', { name: '导出 CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^周期报表明细_.+_签收→开始.*\.csv$/);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  expect(header).toBe('"订单号","检测项目","起","止","自然日","工作日","交付日期","按期"');
  expect(lines.find((l) => l.includes(placed.order_no))).toContain(`"${it.name}"`);
});
