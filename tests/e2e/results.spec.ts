// Results and their review in the console (issue 31, decision 0075): a technician enters a result
// on the order page (a value outside the range needs a remark), attaches the instrument's raw data
// and submits it; they may not review it themselves; another staff member approves it from 待审核.
import type { Page } from '@playwright/test';
import { demoItems, expect, newCustomer, staff, test } from './support/orders.ts';
import { consoleSession, devLogin } from './support/session.ts';

const SHOTS = process.env.RESULTS_SHOTS;
const consoleToast = (page: Page, text: string) =>
  page.locator('[data-console-toast]', { hasText: text }).first();

test('a technician enters a result, another staff member approves it from 待审核 @mobile', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip);
  const [item] = await demoItems(request, 1);
  const lab = await staff(request, ip);
  const fields = await lab.call('/api/admin/catalogue/item/edit', {
    rid: item.rid,
    result_fields: [
      { key: 'bet', name: '比表面积', unit: 'm²/g', type: 'number', min: 0.5, max: 200, required: true },
      { key: 'look', name: '外观', unit: '', type: 'text', min: null, max: null, required: false },
    ],
    method: 'GB/T 19587-2017',
  });
  expect(fields, JSON.stringify(fields)).toMatchObject({ code: 1 });
  const placed = await me.order([{ item_rid: item.rid }]);
  const sampleNo = `${placed.order_no}-01`;

  // A technician of the lab, in the console.
  const tech = await devLogin(request, ip);
  expect((await lab.call('/api/admin/staff/save', { phone: tech.phone, role: 'technician' })).code).toBe(1);
  await consoleSession(page, tech.phone);
  await page.goto(`/admin/orders/${placed.rid}`);
  const card = page.getByRole('article', { name: `结果 ${sampleNo}` });
  await expect(card).toContainText('待录入');
  const bet = card.getByRole('textbox', { name: /比表面积/ });
  await bet.fill('250');
  await expect(card.getByRole('alert')).toContainText('超出允许范围的结果须填写备注');
  await card.getByRole('button', { name: '提交审核' }).click();
  await expect(consoleToast(page, '超出允许范围的结果须填写备注')).toBeVisible();
  await card.getByRole('textbox', { name: /^备注/ }).fill('样品比表面积异常高，已复测确认');
  const width = page.viewportSize()!.width;
  if (SHOTS) await card.screenshot({ path: `${SHOTS}/order-form-${width}.png` });
  await card.getByRole('textbox', { name: '外观' }).fill('白色粉末');
  await card.getByRole('combobox', { name: '仪器' }).fill('比表面积分析仪 ASAP 2460');
  await card.getByLabel(`上传原始数据 ${sampleNo}`).setInputFiles({
    name: 'bet-01.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('P/P0,V\n0.05,12.1\n0.10,13.4\n'),
  });
  await expect(card.getByRole('list', { name: '原始数据文件' })).toContainText('bet-01.csv');
  await card.getByRole('button', { name: '提交审核' }).click();
  await expect(consoleToast(page, '已提交审核')).toBeVisible();
  await expect(card).toContainText('待审核');
  // The technician has 审核 too, but not of their own result.
  await expect(card).toContainText('不能审核自己录入或重测的结果');
  await expect(card.getByRole('button', { name: '通过' })).toHaveCount(0);
  if (SHOTS)
    await page.getByRole('region', { name: '检测结果' }).screenshot({ path: `${SHOTS}/order-${width}.png` });

  // Another staff member approves it from 待审核, seeing the values, the file and who entered them.
  await consoleSession(page, '13800000000');
  await page.goto('/admin/results/queue');
  await expect(page.getByRole('heading', { name: '待审核' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: sampleNo });
  await expect(row).toContainText('分钟');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/queue-${width}.png`, fullPage: true });
  await row.getByRole('button', { name: `通过 ${sampleNo}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('250');
  await expect(dialog).toContainText('样品比表面积异常高，已复测确认');
  await expect(dialog).toContainText('bet-01.csv');
  await expect(dialog).toContainText('比表面积分析仪 ASAP 2460');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/queue-dialog-${width}.png` });
  await dialog.getByRole('button', { name: '通过' }).click();
  await expect(consoleToast(page, '已审核')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: sampleNo })).toHaveCount(0);

  await page.goto(`/admin/orders/${placed.rid}`);
  await expect(page.getByRole('article', { name: `结果 ${sampleNo}` })).toContainText('已审核');
});
