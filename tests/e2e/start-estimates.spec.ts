// Start estimates (issue 35, decision 0097): the item page says 预计 N 个工作日内开始测试 from its
// instrument's queue (rendered on the server), the quote builder shows it per item and the
// customer's quote keeps it, and the console's 预计开始测试 report lists a started order.
import type { Locator, Page } from '@playwright/test';
import { demoItems, expect, newCustomer, staff, test } from './support/orders.ts';
import { consoleSession } from './support/session.ts';

const STAFF_PHONE = '13800000000';
const ENTERPRISE = {
  organization: 2,
  company: '某材料科技有限公司',
  company_leader: '王总',
  company_leader_phone: '13800002222',
};
const ESTIMATE = /预计 \d+ 个工作日内开始测试/;
const SHOTS = process.env.ESTIMATE_SHOTS;
/** The page, and the part of it that shows the estimate, when ESTIMATE_SHOTS names a folder. */
const shot = async (page: Page, name: string, part: Locator) => {
  if (!SHOTS) return;
  const width = page.viewportSize()!.width;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  await part.screenshot({ path: `${SHOTS}/${name}-part-${width}.png` });
};

test('预计 N 个工作日内开始测试 on the item page and the quote; the report lists the order @mobile', async ({
  page,
  request,
  ip,
}) => {
  const lab = await staff(request, ip);
  // A demo item whose instrument has a weekly capacity (the seed sets one for most).
  const items = await demoItems(request, 1);
  const asked = await lab.call<{ list: { item_rid: string; estimate: { text: string } | null }[] }>(
    '/api/admin/worklist/estimate',
    { item_rids: items.map((i) => i.rid) },
  );
  expect(asked, JSON.stringify(asked)).toMatchObject({ code: 1 });
  const known = asked.data.list.find((x) => x.estimate !== null)!;
  expect(known.estimate?.text).toMatch(ESTIMATE);
  const item = items.find((i) => i.rid === known.item_rid)!;

  await page.goto(`/detail/${item.rid}`);
  await expect(page.getByLabel('预计开始测试')).toContainText(ESTIMATE);
  await expect(page.getByLabel('预计开始测试')).toContainText('自收样起计');
  await shot(page, 'estimate-item', page.getByRole('region', { name: '项目概要' }));

  // An enterprise order waits for its quote; the builder shows the estimate, the quote keeps it.
  const shop = await page.context().newPage();
  const buyer = await newCustomer(shop, request, ip, ENTERPRISE);
  const quoting = await buyer.order([{ item_rid: item.rid }]);
  await consoleSession(page, STAFF_PHONE);
  await page.goto(`/admin/orders/${quoting.rid}`);
  await expect(page.getByRole('heading', { name: `订单 ${quoting.order_no}` })).toBeVisible();
  await page.getByRole('button', { name: '报价', exact: true }).click();
  const builder = page.getByRole('dialog', { name: '报价' });
  const told = builder.getByRole('region', { name: '预计开始测试' });
  await expect(told).toContainText(ESTIMATE);
  await told.scrollIntoViewIfNeeded();
  await shot(page, 'estimate-quote-builder', builder);
  await builder.getByLabel('第1行 数量').fill('1');
  await builder.getByLabel('第1行 单价（元）').fill('500');
  await builder.getByRole('button', { name: '提交报价' }).click();
  await expect(page.locator('[data-console-toast="ok"]')).toHaveText('报价成功');
  await shop.goto(`/member/order?rid=${quoting.rid}`);
  const quoted = shop.getByRole('region', { name: '报价明细' });
  await expect(quoted.getByLabel('预计开始测试')).toContainText(ESTIMATE);
  await shot(shop, 'estimate-quote', quoted);

  // A teacher's order, received and started: the report sets its estimate beside the start.
  const teacher = await newCustomer(shop, request, ip);
  const placed = await teacher.order([{ item_rid: item.rid }]);
  await lab.move('order/receive', { rid: placed.rid });
  await lab.move('order/start', { rid: placed.rid });
  await page.goto('/admin/analytics/estimates');
  await expect(page.getByRole('heading', { name: '预计与实际开始测试' })).toBeVisible();
  const table = page.getByRole('table', { name: '各订单预计与实际' });
  await expect(table.getByRole('link', { name: placed.order_no })).toBeVisible();
  await shot(page, 'estimate-report', page.getByRole('region', { name: '预计与实际开始测试' }));
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 CSV' }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^预计与实际开始测试_.*\.csv$/);
});
