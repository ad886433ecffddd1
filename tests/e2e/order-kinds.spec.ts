// Issue 28 items 26 and 28 in the browser: a data-analysis item asks for no sample source or
// disposal; the timeline names a pickup in Chinese, and the console's timeline names the staff
// member who acted (decision 0052).
import type { Page } from '@playwright/test';
import { demoItems, expect, newCustomer, PDF, staff, test } from './support/orders.ts';
import { consoleSession } from './support/session.ts';
import { addDays } from '../../src/lib/shared/slots.ts';
import { shanghaiDate } from '../../src/lib/shared/time.ts';
import {
  firstEnabledSlot,
  pickupDateProblem,
  pickupSlots,
} from '../../src/lib/shared/member/pickup-dates.ts';

/** Screenshots for a person to look at, when asked (SHOTS=dir). */
async function shot(page: Page, name: string) {
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage: true });
}

test('a data-analysis item asks for no sample source or disposal; a test item does @mobile', async ({
  page,
  request,
  ip,
}) => {
  const customer = await newCustomer(page, request, ip);
  const [analysis] = await demoItems(request, 3);
  await page.goto(`/detail/${analysis.rid}`);
  const form = page.locator('form').filter({ hasText: '加入实验计划' });
  await expect(form.getByText('数据分析项目无需寄送样品')).toBeVisible();
  await expect(form.getByRole('group', { name: /样品来源/ })).toHaveCount(0);
  await expect(form.getByRole('group', { name: /样品处理/ })).toHaveCount(0);
  await shot(page, `detail-analysis-${page.viewportSize()!.width}`);
  await form.getByRole('button', { name: '加入实验计划' }).click();
  await page.goto('/experiment/plan');
  await expect(page.getByText('无需样品：下单后上传待分析的数据文件')).toBeVisible();
  await expect(page.getByText(/样品来源：/)).toHaveCount(0);
  await shot(page, `plan-analysis-${page.viewportSize()!.width}`);

  // Ordered: the order asks for the data files, not for a delivery, and takes them.
  const placed = await customer.order([{ item_rid: analysis.rid }]);
  expect(placed.status).toBe('awaiting_sample');
  await page.goto(`/member/order?rid=${placed.rid}`);
  await expect(page.getByRole('heading', { name: '待分析数据' })).toBeVisible();
  await expect(page.getByText('送样方式')).toHaveCount(0);
  await page.locator('input[type=file]').setInputFiles({
    name: '输入结构.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(page.getByText('输入结构.pdf').last()).toBeVisible();
  await shot(page, `order-analysis-${page.viewportSize()!.width}`);

  const [testing] = await demoItems(request, 1);
  await page.goto(`/detail/${testing.rid}`);
  await expect(page.getByRole('group', { name: /样品来源/ })).toBeVisible();
});

test('the timeline says 上门取样, and the console names who did it @mobile', async ({
  page,
  request,
  ip,
}) => {
  const admin = await staff(request, ip);
  const customer = await newCustomer(page, request, ip);
  const settings = (await (await request.post('/api/open/setting', { data: {} })).json()) as {
    data: { samplingSetting: Parameters<typeof pickupSlots>[1] & Parameters<typeof pickupDateProblem>[1] };
  };
  const setting = settings.data.samplingSetting;
  const now = new Date();
  let date = addDays(shanghaiDate(now), 1);
  while (pickupDateProblem(date, setting, { today: now })) date = addDays(date, 1);
  const [it] = await demoItems(request, 1);
  const placed = await customer.order([{ item_rid: it.rid }], {
    type: 1,
    date,
    time: firstEnabledSlot(pickupSlots(date, setting, now)),
    name: '取样联系人',
    phone: '13912345678',
    province: '上海市',
    city: '上海市',
    area: '闵行区',
    address: '东川路800号',
    address_code: '310112',
  });
  expect(await admin.move('pickup/picked', { rid: placed.rid })).toBe('picked');

  // The console: the same entry, with the staff member's name (or phone, without a name).
  const detail = await admin.call<{ timeline: { action: string; by: string }[] }>('/api/admin/order/detail', {
    rid: placed.rid,
  });
  const by = detail.data.timeline.find((e) => e.action === 'picked')!.by;
  expect(by).not.toBe('');
  // On a page of its own, as console.spec.ts does beside the shop's page.
  const desk = await page.context().newPage();
  await consoleSession(desk, '13800000000');
  await expect(desk.getByRole('heading', { name: '工作台' })).toBeVisible();
  await desk.goto(`/admin/orders/${placed.rid}`);
  const entry = desk
    .getByRole('list', { name: '订单时间线' })
    .getByRole('listitem')
    .filter({ hasText: '上门取样' });
  await expect(entry).toContainText(`工作人员 ${by}`);
  await shot(desk, `timeline-console-${desk.viewportSize()!.width}`);

  // The customer's page: the same entry in Chinese, no name.
  await page.goto(`/member/order?rid=${placed.rid}`);
  const timeline = page.getByRole('list', { name: '订单动态' });
  await expect(timeline.locator('[data-action="picked"]')).toContainText('上门取样');
  await expect(timeline).not.toContainText('picked');
  await shot(page, `timeline-customer-${page.viewportSize()!.width}`);
});
