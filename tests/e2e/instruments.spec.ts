// Instruments administered (issue 33, decision 0087): staff authorise a trained customer on an
// instrument that requires it, block it for maintenance, take it off sale and read all of it in
// the instrument's 历史 naming who did it (decision 0095), book for the customer, find the booking
// on the day across all instruments, where 标记完成 and 未到场 wait for the start, and sort the
// bookings list on the server.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newCustomer, staff, test } from './support/orders.ts';
import { consoleSession } from './support/session.ts';
import { shot } from './support/shots.ts';
import { addDays } from '../../src/lib/shared/slots.ts';
import { shanghaiDate } from '../../src/lib/shared/time.ts';

/** An instrument that needs authorisation and bills by actual use, and a customer; two weekdays on. */
async function setup(page: Page, request: APIRequestContext, ip: string) {
  const admin = await staff(request, ip);
  const customer = await newCustomer(await page.context().newPage(), request, ip);
  const name = `授权测试仪${Math.floor(Math.random() * 1e6)}`;
  const made = await admin.call<{ rid: string }>('/api/admin/device/add', {
    name,
    model: 'E2E-1',
    category: '电子显微镜',
    location: '测试楼 201',
    price_fen: 30000,
    price_unit: 'hour',
    min_minutes: 60,
    lead_hours: 72,
    needs_authorization: true,
    bill_by_actual: true,
  });
  expect(made, JSON.stringify(made)).toMatchObject({ code: 1 });
  // Two weekdays on (never a Sunday), inside the lead time only staff may book in.
  let day = addDays(shanghaiDate(new Date()), 2);
  if (new Date(`${day}T00:00:00Z`).getUTCDay() === 0) day = addDays(day, 1);
  return { admin, customer, name, rid: made.data.rid, day };
}

test('staff authorise a trained customer and block an instrument for maintenance', async ({
  page,
  request,
  ip,
}) => {
  const { customer, name, rid, day } = await setup(page, request, ip);
  // A week later, past the lead time: the customer is refused for want of authorisation.
  const refused = await customer.call('/api/auth/reservation/add', {
    device_rid: rid,
    start: `${addDays(day, 7)}T14:30:00+08:00`,
    end: `${addDays(day, 7)}T15:30:00+08:00`,
  });
  expect(refused.msg).toBe('该仪器需经培训授权后方可预约，请联系业务经理安排培训');

  await consoleSession(page, '13800000000');
  await page.goto('/admin/catalogue/devices');
  await page.getByRole('searchbox', { name: '搜索仪器' }).fill(name);
  await page.getByRole('button', { name: `培训授权 ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `培训授权 · ${name}` });
  await dialog.getByLabel('查找客户（手机号或姓名）').fill(customer.phone);
  await dialog.getByLabel('培训说明').fill('已完成上机培训');
  await dialog.getByRole('button', { name: '查找' }).click();
  await dialog.getByRole('button', { name: '授权', exact: true }).click();
  await expect(dialog.getByRole('table', { name: '已授权客户' })).toContainText('已完成上机培训');
  await shot(page, 'instrument-authorization-1280');
  await dialog.getByRole('button', { name: '完成' }).click();

  await page.goto('/admin/reservations');
  await page.getByRole('tab', { name: '封锁时段' }).click();
  await page.getByRole('button', { name: '新增封锁' }).click();
  const block = page.getByRole('dialog', { name: '新增封锁时段' });
  await block.locator('select[name="device_rid"]').selectOption(rid);
  await block.getByLabel('开始时间').fill(`${day}T08:30`);
  await block.getByLabel('结束时间').fill(`${day}T12:30`);
  await block.getByLabel('原因（客户在日历上可见）').fill('年度校准');
  await block.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('table', { name: '封锁时段' })).toContainText('年度校准');
  await expect(page.getByRole('heading', { name: '开放时间与取消期限' })).toBeVisible();
  await shot(page, 'instrument-blocks-1280');

  // 下架, then the instrument's history: each step, who took it, and what changed.
  await page.goto('/admin/catalogue/devices');
  await page.getByRole('searchbox', { name: '搜索仪器' }).fill(name);
  await page.getByRole('button', { name: `下架 ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认下架' }).click();
  await expect(page.getByRole('button', { name: `上架 ${name}` })).toBeVisible();
  await page.getByRole('button', { name: `历史 ${name}` }).click();
  const history = page.getByRole('dialog', { name: `${name} 的变更历史` });
  const entries = history.getByRole('list', { name: '变更历史' }).locator(':scope > li');
  const off = entries.filter({ hasText: '编辑仪器' });
  await expect(off).toContainText('演示业务经理');
  await expect(off.getByRole('list', { name: '变更内容' })).toHaveText('上架：是→否');
  const blocked = entries.filter({ hasText: '添加不可预约时段' });
  await expect(blocked).toContainText(`维护：${day} 08:30 至 ${day} 12:30`);
  await expect(blocked).toContainText('说明：年度校准');
  const granted = entries.filter({ hasText: '授权客户使用仪器' });
  await expect(granted).toContainText(`仪器授权：—→${name} · 张三（${customer.phone}）`);
  await expect(granted).toContainText('说明：已完成上机培训');
  await expect(entries.last()).toContainText('添加仪器');
  await shot(page, 'instrument-history-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(granted).toBeVisible();
  await shot(page, 'instrument-history-375');
});

test('staff book for a customer and see the day across instruments, on a phone too', async ({
  page,
  request,
  ip,
}) => {
  const { admin, customer, name, rid, day } = await setup(page, request, ip);
  const who = await admin.call<{ list: { rid: string }[] }>('/api/admin/reservation/customers', {
    kw: customer.phone,
  });
  const granted = await admin.call('/api/admin/device/authorization/grant', {
    device_rid: rid,
    user_rid: who.data.list[0].rid,
  });
  expect(granted.code).toBe(1);
  const blocked = await admin.call('/api/admin/block/add', {
    kind: 'maintenance',
    device_rid: rid,
    start: `${day}T08:30:00+08:00`,
    end: `${day}T12:30:00+08:00`,
    // Not the other test's 年度校准: both run at once and the day view shows every instrument.
    reason: '季度校准',
  });
  expect(blocked.code).toBe(1);

  await consoleSession(page, '13800000000');
  await page.goto('/admin/reservations');
  await page.getByRole('button', { name: '代客预约' }).click();
  const book = page.getByRole('dialog', { name: '代客预约' });
  await book.getByLabel('客户（手机号或姓名）').fill(customer.phone);
  await book.getByRole('button', { name: '查找' }).click();
  await expect(book.getByRole('radio')).toBeChecked();
  await book.locator('select[name="device_rid"]').selectOption(rid);
  await book.getByLabel('日期').fill(day);
  await book.locator('select[name="start"]').selectOption('10:30');
  await book.locator('select[name="end"]').selectOption('11:30');
  await book.getByRole('button', { name: '预约', exact: true }).click();
  await expect(book.getByRole('alert')).toHaveText('所选时段仪器维护（季度校准），不可预约');
  await book.locator('select[name="start"]').selectOption('14:30');
  await book.locator('select[name="end"]').selectOption('15:30');
  await book.getByRole('button', { name: '预约', exact: true }).click();
  await expect(page.locator('[data-console-toast="ok"]', { hasText: '预约成功' })).toBeVisible();

  await page.getByRole('tab', { name: '日视图' }).click();
  await page.getByLabel('日期', { exact: true }).fill(day);
  const grid = page.getByRole('group', { name: `${day} 全部仪器预约` });
  const booking = grid.locator('[data-booking]', { hasText: '14:30–15:30' }).filter({ hasText: '待确认' });
  await expect(booking.first()).toBeVisible();
  await expect(grid.getByRole('note').filter({ hasText: '季度校准' })).toBeVisible();
  await booking.first().click();
  const details = page.getByRole('region', { name: '预约详情' });
  await expect(details).toContainText(name);
  // The session has not begun: neither finishing step is offered yet.
  await expect(details.getByRole('button', { name: '标记完成' })).toBeDisabled();
  await expect(details.getByRole('button', { name: '未到场' })).toBeDisabled();
  await shot(page, 'instrument-day-1280');

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(grid).toBeVisible();
  await shot(page, 'instrument-day-375');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('tab', { name: '周日历' }).click();
  // The week opens with today's column in view, not Monday's.
  const frame = page.getByTestId('calendar-scroll');
  const today = frame.locator('[data-today]');
  await expect(today).toBeVisible();
  const box = (await today.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await shot(page, 'instrument-week-375');

  // The bookings list sorts on the server by 时间, each way (latest first by default).
  await admin.call('/api/admin/reservation/bookFor', {
    user_rid: who.data.list[0].rid,
    device_rid: rid,
    start: `${day}T16:30:00+08:00`,
    end: `${day}T17:30:00+08:00`,
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('tab', { name: '列表' }).click();
  await page.getByLabel('预约日期').fill(day);
  const table = page.getByRole('table', { name: '仪器预约' });
  const times = () => table.locator('tbody tr td:nth-child(2)').allTextContents();
  const timeHeader = table.getByRole('columnheader', { name: /时间/ });
  await expect(timeHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(table).toContainText('16:30');
  await timeHeader.getByRole('button').click();
  await expect(timeHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect
    .poll(async () => {
      const t = await times();
      return t.length > 1 && t.every((x, i) => i === 0 || t[i - 1] <= x);
    })
    .toBe(true);
  await timeHeader.getByRole('button').click();
  await expect(timeHeader).toHaveAttribute('aria-sort', 'descending');
  await expect
    .poll(async () => {
      const t = await times();
      return t.length > 1 && t.every((x, i) => i === 0 || t[i - 1] >= x);
    })
    .toBe(true);
});
