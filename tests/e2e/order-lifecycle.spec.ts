// Issue 5's whole browser flow: log in → add two items of different types from their /detail
// pages → the plan groups them (样品前处理 first) → order with pickup → staff move the order
// through the staff API → the timeline shows each step → the report downloads → staff credit the
// balance → the customer pays from the balance in the pay dialog → 已完成.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, staff, test, toast } from './support/orders.ts';

/** Opens /detail/{rid}, keeps the default options and adds it to the plan. */
async function addFromDetail(page: Page, rid: string) {
  await page.goto(`/detail/${rid}`);
  const add = page.getByRole('button', { name: '加入实验计划' });
  await expect(add).toBeEnabled();
  await add.click();
  await expect(toast(page, '操作成功!')).toBeVisible();
}

/** Clicks the first day after today that the pickup calendar lets through. */
async function pickFirstOpenDay(page: Page, scope: Locator) {
  await scope.getByLabel('取样日期').click();
  const calendar = page.locator('.flatpickr-calendar.open');
  await expect(calendar).toBeVisible();
  for (let month = 0; month < 3; month++) {
    const open = calendar.locator(
      '.flatpickr-day:not(.flatpickr-disabled):not(.prevMonthDay):not(.nextMonthDay):not(.today)',
    );
    if (await open.count()) {
      await open.first().click();
      return;
    }
    await calendar.locator('.flatpickr-next-month').click();
  }
  throw new Error('no open pickup day in three months');
}

const timeline = (page: Page) => page.getByRole('list', { name: '订单动态' }).getByRole('listitem');
const actionsOf = (page: Page) =>
  timeline(page).evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.action));

test('plan → order with pickup → staff steps on the timeline → report → pay from balance → 已完成', async ({
  page,
  request,
  ip,
  customer,
}) => {
  const admin = await staff(request, ip);
  // Two items of different types (结构表征 11, 样品前处理 31) from their detail pages.
  await addFromDetail(page, 'xrd-powder');
  await addFromDetail(page, 'ion-milling');

  // The plan groups them with 样品前处理 first.
  await page.goto('/experiment/plan');
  const groups = page.getByRole('region', { name: '检测项目' }).getByRole('heading', { level: 3 });
  await expect(groups).toHaveText([/^样品前处理/, /^结构表征/]);
  await expect(page.locator('[data-plan-total]')).toHaveText('¥680.00');

  // Order with pickup.
  const delivery = page.getByRole('region', { name: '送样方式' });
  await delivery.getByRole('radio', { name: '上门取样' }).check();
  await pickFirstOpenDay(page, delivery);
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page.getByRole('heading', { name: '订单已提交' })).toBeVisible();
  const placed = page.getByRole('list', { name: '已生成的订单' }).getByRole('listitem');
  await expect(placed).toHaveCount(1);
  await expect(placed).toContainText('待取样');
  await placed.getByRole('link', { name: '查看订单' }).click();
  await expect(page).toHaveURL(/\/member\/order\?rid=/);
  const rid = new URL(page.url()).searchParams.get('rid')!;

  // The detail: both items, the pickup, the first timeline entry.
  const summary = page.getByRole('region', { name: '订单概要' });
  await expect(summary).toContainText('待取样');
  const items = page.getByRole('list', { name: '检测项目' });
  await expect(items).toContainText('氩离子减薄与截面抛光');
  await expect(items).toContainText('X 射线衍射（XRD）粉末测试');
  const pickup = page.getByRole('region', { name: '送样信息' });
  await expect(pickup).toContainText('上门取样');
  // The default address (the profile's, in a served district) and the chosen day and slot.
  await expect(pickup).toContainText('东川路800号');
  await expect(pickup).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}-\d{2}:\d{2}/);
  expect(await actionsOf(page)).toEqual(['create']);
  const orderNo = /LP\d{14}/.exec((await summary.textContent()) ?? '')?.[0] ?? '';
  expect(orderNo).not.toBe('');

  // Staff: the sample is received, tested, and the report released, which delivers the data.
  await admin.move('order/receive', { rid, note: '取样员已取回样品' });
  await page.reload();
  await expect(summary).toContainText('已收样');
  await expect(timeline(page).last()).toContainText('确认收样');
  await expect(timeline(page).last()).toContainText('取样员已取回样品');

  await admin.move('order/start', { rid });
  await page.reload();
  await expect(summary).toContainText('检测中');
  await expect(timeline(page).last()).toContainText('开始检测');

  // Results reviewed and the signed report released: that delivers the data (decision 0081).
  const released = await admin.release(rid);
  await page.reload();
  await expect(summary).toContainText('已出数据');
  expect(await actionsOf(page)).toEqual(['create', 'receive', 'start', 'deliver']);
  await expect(page.getByRole('list', { name: '检测记录' })).toContainText('已出数据');

  // The signed report downloads under its number.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `下载报告 ${released.report_no}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`检测报告-${released.report_no}.pdf`);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // The bill (an institution customer pays after the test), then a balance to pay it from.
  await admin.move('order/bill', { rid });
  await admin.credit(customer.phone, 100_000);
  await page.reload();
  await expect(summary).toContainText('待结算');
  const pay = summary.getByRole('button', { name: /^去支付/ });
  await expect(pay).toContainText('¥680.00');
  await pay.click();
  const dialog = page.getByRole('dialog', { name: '支付订单' });
  await expect(dialog).toContainText(orderNo);
  await expect(dialog.locator('[data-pay-amount]')).toHaveText('¥680.00');
  await expect(dialog.locator('[data-pay-balance]')).toHaveText('¥1000.00');
  await dialog.getByRole('button', { name: '确认支付' }).click();
  await expect(dialog).toBeHidden();

  // The detail follows the payment without a reload.
  await expect(summary).toContainText('已完成');
  await expect(summary.getByRole('button', { name: /^去支付/ })).toHaveCount(0);
  await expect(summary).toContainText('已付 ¥680.00');
  expect(await actionsOf(page)).toEqual(['create', 'receive', 'start', 'deliver', 'bill', 'pay']);
  await expect(timeline(page).last()).toContainText('余额支付 680.00 元');
  await expect(page.getByRole('region', { name: '服务评价' })).toBeVisible();

  // And the list shows it under 已完成.
  await page.goto('/member/order?tab=completed');
  await expect(page.getByRole('listitem', { name: `订单 ${orderNo}` })).toContainText('已完成');
});
