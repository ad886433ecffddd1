// The console's daily operations (decision 0032): a technician marks a pickup picked and then
// received; the week calendar of an instrument shows a booking that staff confirm; the dashboard
// lists the service promises; the screens fit a 375 px phone.
import type { APIRequestContext, Page } from '@playwright/test';
import { demoItems, expect, newCustomer, staff, test, type Staff } from './support/orders.ts';
import { consoleSession, registerByApi } from './support/session.ts';
import { addDays } from '../../src/lib/shared/slots.ts';
import { shanghaiDate } from '../../src/lib/shared/time.ts';
import {
  firstEnabledSlot,
  pickupDateProblem,
  pickupSlots,
} from '../../src/lib/shared/member/pickup-dates.ts';

async function member(request: APIRequestContext, ip: string, admin: Staff, role: string) {
  const phone = await registerByApi(request, ip);
  const saved = await admin.call('/api/admin/staff/save', { phone, role });
  expect(saved, JSON.stringify(saved)).toMatchObject({ code: 1 });
  return phone;
}

/** Screenshots for a person to look at, when asked (OPS_SHOTS=dir). */
async function shot(page: Page, name: string) {
  if (process.env.OPS_SHOTS)
    await page.screenshot({ path: `${process.env.OPS_SHOTS}/${name}.png`, fullPage: true });
}

// The console's password login has its own test (console.spec.ts); here a dev-login session.
const consoleLogin = consoleSession;

/** The page scrolls nothing sideways: whatever is wide scrolls inside its own frame. */
async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );
}

test('a technician marks a pickup picked and received; the dashboard shows the promises', async ({
  page,
  request,
  ip,
}) => {
  const admin = await staff(request, ip);
  const customer = await newCustomer(await page.context().newPage(), request, ip);
  // The first pickup date and slot the settings allow, as the sampling dialog would offer.
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
  expect(placed.status).toBe('awaiting_pickup');

  const tech = await member(request, ip, admin, 'technician');
  await consoleLogin(page, tech);
  // The dashboard: the four promises with their counts.
  for (const name of [
    '收样后 2 小时内业务经理致电',
    '出数据后 2 小时内通知客户',
    '全额付款后 48 小时内寄回样品',
  ])
    await expect(page.getByRole('group', { name })).toBeVisible();

  await page.getByRole('link', { name: '上门取样' }).click();
  await expect(page.getByRole('heading', { name: '上门取样' })).toBeVisible();
  await page.getByLabel('取样日期').fill(date);
  const row = page.locator(`[data-row="${placed.rid}"]`);
  await expect(row).toContainText('取样联系人');
  await expect(row).toContainText('上海市闵行区东川路800号');
  await expect(row).toContainText(it.name);
  await shot(page, 'pickups-1280');
  await row.getByRole('button', { name: /^标记已取样/ }).click();
  await expect(row).toContainText('已取样');
  await row.getByRole('button', { name: /^确认收样/ }).click();
  await expect(row).toContainText('已收样');
  await expect(row.getByRole('button')).toHaveCount(0);
  await row.getByRole('link', { name: placed.order_no }).click();
  await expect(page.getByText('已上门取样').first()).toBeVisible();
});

test('the week calendar shows a booking and staff confirm it', async ({ page, request, ip }) => {
  const admin = await staff(request, ip);
  const customer = await newCustomer(await page.context().newPage(), request, ip);
  // Three weeks on, a Thursday afternoon nobody else's test uses.
  const today = shanghaiDate(new Date());
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const monday = addDays(today, -((weekday + 6) % 7) + 21);
  const day = addDays(monday, 3);
  const booked = await customer.call<{ rid: string }>('/api/auth/reservation/add', {
    device_rid: 'dev-confocal-lsm980',
    start: `${day}T14:30:00+08:00`,
    end: `${day}T15:30:00+08:00`,
  });
  expect(booked, JSON.stringify(booked)).toMatchObject({ code: 1 });

  const manager = await member(request, ip, admin, 'manager');
  await consoleLogin(page, manager);
  await page.getByRole('link', { name: '仪器预约' }).click();
  await page.getByRole('tab', { name: '周日历' }).click();
  await page.getByLabel('选择仪器').selectOption('dev-confocal-lsm980');
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: '下一周' }).click();
  const booking = page.locator(`[data-booking="${booked.data.rid}"]`);
  await expect(booking).toContainText('14:30–15:30');
  await expect(booking).toContainText('待确认');
  await booking.click();
  await shot(page, 'calendar-1280');
  const details = page.getByRole('region', { name: '预约详情' });
  await details.getByRole('button', { name: '确认预约' }).click();
  await expect(booking).toContainText('已确认');
  await expect(details.getByRole('button', { name: '确认预约' })).toHaveCount(0);
  await expect(details.getByRole('button', { name: '标记完成' })).toBeVisible();
});

test('pickups, calendar and dashboard fit a 375 px phone @mobile', async ({ page, request, ip }) => {
  const admin = await staff(request, ip);
  const manager = await member(request, ip, admin, 'manager');
  await page.setViewportSize({ width: 375, height: 812 });
  await consoleLogin(page, manager);
  await expect(page.getByRole('group', { name: /^保留期满.*后销毁样品$/ })).toBeVisible();
  await shot(page, `dashboard-${page.viewportSize()!.width}`);
  await fitsWidth(page);
  await page.goto('/admin/pickups');
  await expect(page.getByRole('heading', { name: '上门取样' })).toBeVisible();
  await shot(page, 'pickups-375');
  await fitsWidth(page);
  await page.goto('/admin/reservations');
  await page.getByRole('tab', { name: '周日历' }).click();
  await expect(page.getByTestId('calendar-scroll')).toBeVisible();
  await shot(page, 'calendar-375');
  await fitsWidth(page);
  // The grid itself scrolls sideways inside its frame.
  const frame = page.getByTestId('calendar-scroll');
  expect(await frame.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
});

test('a technician leaves an internal remark on an order; the customer never sees it', async ({
  page,
  request,
  ip,
}) => {
  const admin = await staff(request, ip);
  const tech = await member(request, ip, admin, 'technician');
  const customer = await newCustomer(page, request, ip);
  const [item] = await demoItems(request, 1);
  const placed = await customer.order([{ item_rid: item.rid }]);

  await consoleLogin(page, tech);
  await page.goto(`/admin/orders/${placed.rid}`);
  const remarks = page.getByRole('region', { name: /内部备注/ });
  await expect(remarks).toContainText('还没有备注');
  await remarks.getByLabel('新备注').fill('已电话确认：样品需避光保存');
  await remarks.getByRole('button', { name: '添加备注' }).click();
  await expect(remarks.getByRole('list', { name: '内部备注' })).toContainText('已电话确认：样品需避光保存');
  await expect(remarks.getByLabel('新备注')).toHaveValue('');
  await shot(page, 'order-remarks');

  const seen = await customer.call('/api/auth/order/detail', { rid: placed.rid });
  expect(JSON.stringify(seen)).not.toContain('避光');
});

test('a large manual credit waits for a second person: finance A asks, finance B approves', async ({
  page,
  request,
  ip,
}) => {
  const admin = await staff(request, ip);
  const [a, b] = [await member(request, ip, admin, 'finance'), await member(request, ip, admin, 'finance')];
  const customer = await newCustomer(page, request, ip);

  await consoleLogin(page, a);
  await page.getByRole('link', { name: '人工入账' }).click();
  await page.getByLabel('客户手机号').fill(customer.phone);
  await page.getByRole('button', { name: '查找' }).click();
  const form = page.getByRole('form', { name: '入账' });
  await form.getByLabel('入账金额（元）').fill('60000');
  await form.getByLabel('入账原因').fill('对公转账到账，流水号 88001');
  await form.getByRole('button', { name: /入账/ }).click();
  await page
    .getByRole('dialog', { name: '确认人工入账' })
    .getByRole('button', { name: '确认入账 ¥60000.00' })
    .click();
  await expect(page.getByText('金额较大，已提交复核')).toBeVisible();
  await page.getByRole('link', { name: '入账复核' }).click();
  const table = page.getByRole('table', { name: '入账复核' });
  await expect(table).toContainText('¥60000.00');
  // The requester may not approve their own request: the server says so.
  await table
    .getByRole('button', { name: /^批准 / })
    .first()
    .click();
  await page.getByRole('dialog', { name: '批准入账' }).getByRole('button', { name: '批准入账' }).click();
  await expect(page.getByRole('dialog', { name: '批准入账' })).toContainText('不能批准自己提交的入账');
  await page.getByRole('dialog', { name: '批准入账' }).getByRole('button', { name: '取消' }).click();
  await page.getByRole('button', { name: '退出' }).click();

  await consoleLogin(page, b);
  await page.goto('/admin/money/approvals');
  await page
    .getByRole('table', { name: '入账复核' })
    .getByRole('button', { name: /^批准 / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: '批准入账' });
  await expect(dialog).toContainText('对公转账到账，流水号 88001');
  await dialog.getByRole('button', { name: '批准入账' }).click();
  await expect(dialog).toBeHidden();
  await shot(page, 'money-approvals');
  const asset = await customer.call<{ balance_fen: number }>('/api/auth/asset/init', {});
  expect(asset.data.balance_fen).toBe(6_000_000);
});
