// Printing sample labels (issue 30, decision 0074): the customer prints the labels of a new order
// from its page (A4 sheet and thermal), a data-analysis order has neither labels nor a courier
// form, and staff reprint the labels and export a sample's trail as a PDF from the console.
import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { demoItems, expect, newCustomer, staff, test } from './support/orders.ts';
import { consoleSession } from './support/session.ts';

const SHOTS = process.env.LABELS_SHOTS;

/** Clicks `click` and answers the saved file's name and whether it is a PDF. */
async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const bytes = readFileSync(await (file as Download).path());
  const pdf = bytes.subarray(0, 5).toString() === '%PDF-';
  return {
    name: file.suggestedFilename(),
    pdf,
    pages: pdf ? (await PDFDocument.load(bytes)).getPageCount() : 0,
  };
}

test('the customer prints the labels of a new order; staff reprint and export a trail @mobile', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip);
  const [a] = await demoItems(request, 1);
  const placed = await me.order([{ item_rid: a.rid }, { item_rid: a.rid }]);

  await page.goto(`/member/order?rid=${placed.rid}#labels`);
  const section = page.getByRole('region', { name: '打印样品标签' });
  await expect(section).toContainText('贴在样品管上，寄送前打印');
  const a4 = await download(page, () =>
    section.getByRole('button', { name: '打印样品标签（A4 标签纸）' }).click(),
  );
  expect(a4).toEqual({ name: `样品标签-${placed.order_no}-A4.pdf`, pdf: true, pages: 1 });
  const thermal = await download(page, () =>
    section.getByRole('button', { name: '打印样品标签（热敏标签 40×30）' }).click(),
  );
  expect(thermal).toEqual({ name: `样品标签-${placed.order_no}-热敏40x30.pdf`, pdf: true, pages: 2 });
  // A part-used sheet with only its last position free: the second label starts a new sheet.
  await section.getByRole('combobox', { name: /A4 从第/ }).selectOption('24');
  const partUsed = await download(page, () =>
    section.getByRole('button', { name: '打印样品标签（A4 标签纸）' }).click(),
  );
  expect(partUsed.pages).toBe(2);
  if (SHOTS) await section.screenshot({ path: `${SHOTS}/customer-labels-${page.viewportSize()!.width}.png` });

  // The console: the prints are counted; staff reprint and export the first sample's trail.
  const lab = await staff(request, ip);
  expect((await lab.call('/api/admin/order/detail', { rid: placed.rid })).code).toBe(1);
  await consoleSession(page, '13800000000');
  await page.goto(`/admin/orders/${placed.rid}`);
  const table = page.getByRole('table', { name: '样品' });
  const row = table.locator(`[data-sample="${placed.order_no}-01"]`);
  await expect(row).toContainText('3 次');
  const reprint = await download(page, () =>
    page.getByRole('button', { name: '打印标签（A4 标签纸）' }).click(),
  );
  expect(reprint).toEqual({ name: `样品标签-${placed.order_no}-A4.pdf`, pdf: true, pages: 1 });
  await expect(row).toContainText('4 次');
  const trail = await download(page, () =>
    row.getByRole('button', { name: `导出PDF ${placed.order_no}-01 的流转记录` }).click(),
  );
  expect(trail).toEqual({ name: `样品流转记录-${placed.order_no}-01.pdf`, pdf: true, pages: 1 });
  if (SHOTS)
    await page
      .getByRole('region', { name: /^样品（/ })
      .screenshot({ path: `${SHOTS}/console-labels-${page.viewportSize()!.width}.png` });
});

test('a data-analysis order has no label button and no courier form', async ({ page, request, ip }) => {
  const me = await newCustomer(page, request, ip);
  const [item] = await demoItems(request, 3);
  const placed = await me.order([{ item_rid: item.rid }]);
  await page.goto(`/member/order?rid=${placed.rid}`);
  await expect(page.getByRole('region', { name: '待分析数据' })).toBeVisible();
  // Its status reads as what it waits for: data files, not a sample (decision 0078).
  await expect(page.getByText('待上传数据').first()).toBeVisible();
  await expect(page.getByText('待寄样')).toHaveCount(0);
  await expect(page.getByRole('region', { name: '打印样品标签' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /打印样品标签/ })).toHaveCount(0);
  await expect(page.getByRole('form', { name: '填写快递信息' })).toHaveCount(0);
});
