// Issue 33 findings 6 and 7 (decision 0086): every destructive or money step in the console asks
// first — the dialog states the consequence and the amount, 返回 leaves everything as it was, the
// confirm button (named after the step) does it; a refusal keeps the focus in the dialog and Esc
// still closes it; the audit log and an order's 历史 read as words.
import type { Locator, Page } from '@playwright/test';
import { demoItems, expect, newCustomer, staff, test } from './support/orders.ts';
import { consoleSession, registerByApi } from './support/session.ts';

const ADMIN_PHONE = '13800000000';

/**
 * Clicks a step's button, checks the question (title, what it says, 返回 beside a distinct
 * confirm button), goes back and checks nothing happened, then asks again and confirms.
 */
async function askThenDo(
  page: Page,
  button: Locator,
  q: { title: string; says: (string | RegExp)[]; confirm: string; fill?: () => Promise<void> },
  unchanged: () => Promise<void>,
) {
  const dialog = page.getByRole('dialog', { name: q.title });
  await button.click();
  for (const text of q.says) await expect(dialog).toContainText(text);
  await expect(dialog.getByRole('button')).toHaveText(['返回', q.confirm]);
  await q.fill?.();
  await dialog.getByRole('button', { name: '返回' }).click();
  await expect(dialog).toHaveCount(0);
  await unchanged();
  await button.click();
  await q.fill?.();
  await dialog.getByRole('button', { name: q.confirm }).click();
  await expect(dialog).toHaveCount(0);
}

/** Screenshots at 1280 and 375 px for a person to look at, when asked (CONFIRM_SHOTS=dir). */
async function shots(page: Page, name: string) {
  const dir = process.env.CONFIRM_SHOTS;
  if (!dir) return;
  const size = page.viewportSize()!;
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${dir}/${name}-375.png`, fullPage: true });
  await page.setViewportSize(size);
}

const nav = (page: Page, name: string) => page.getByRole('link', { name, exact: true }).click();
const consoleToast = (page: Page, text: string | RegExp) =>
  page.locator('[data-console-toast="ok"]', { hasText: text });

test('taking away asks first: 移除, 下架 and 下线 with 返回 and a confirm button', async ({
  page,
  request,
  ip,
}) => {
  const admin = await staff(request, ip);
  const tag = String(Date.now()).slice(-7);
  // This test's own records to take away, so no other test loses a demo one.
  const member = await registerByApi(request, ip);
  expect(await admin.call('/api/admin/staff/save', { phone: member, role: 'manager' })).toMatchObject({
    code: 1,
  });
  const deviceName = `确认测试仪器${tag}`;
  const device = await admin.call('/api/admin/device/add', {
    name: deviceName,
    model: 'M-1',
    category: '电子显微镜',
    location: '测试楼 101',
    price_fen: 30000,
    price_unit: 'hour',
    min_minutes: 60,
    lead_hours: 24,
  });
  expect(device, JSON.stringify(device)).toMatchObject({ code: 1 });
  const itemName = `确认测试商品${tag}`;
  expect(
    await admin.call('/api/admin/points/item/add', {
      name: itemName,
      kind: 'bonus',
      points: 500,
      value_fen: 500,
    }),
  ).toMatchObject({ code: 1 });
  const campaignTitle = `确认测试活动${tag}`;
  const day = 86_400_000;
  expect(
    await admin.call('/api/admin/campaign/save', {
      title: campaignTitle,
      text: '说明',
      starts_at: new Date(Date.now() - day).toISOString(),
      ends_at: new Date(Date.now() + 30 * day).toISOString(),
    }),
  ).toMatchObject({ code: 1 });
  await consoleSession(page, ADMIN_PHONE);
  // 员工与角色: 移除.
  await nav(page, '员工与角色');
  const removeMember = page.getByRole('button', { name: `移除 ${member}` });
  await askThenDo(
    page,
    removeMember,
    { title: `移除员工「${member}」`, says: ['不能再登录管理后台', '业务经理'], confirm: '确认移除' },
    () => expect(removeMember).toBeVisible(),
  );
  await expect(page.getByRole('cell', { name: member })).toHaveCount(0);

  // 仪器设备: 下架.
  await nav(page, '仪器设备');
  await page.getByLabel('搜索仪器').fill(deviceName);
  const offDevice = page.getByRole('button', { name: `下架 ${deviceName}` });
  await askThenDo(
    page,
    offDevice,
    { title: `下架仪器「${deviceName}」`, says: ['客户不能再新建预约'], confirm: '确认下架' },
    () => expect(offDevice).toBeVisible(),
  );
  await expect(page.getByRole('button', { name: `上架 ${deviceName}` })).toBeVisible();

  // 兑换商品: 下架.
  await nav(page, '兑换商品');
  const offItem = page.getByRole('button', { name: `下架 ${itemName}` });
  await askThenDo(
    page,
    offItem,
    { title: `下架兑换商品「${itemName}」`, says: ['500 积分', '已提交的兑换照常处理'], confirm: '确认下架' },
    () => expect(offItem).toBeVisible(),
  );
  await expect(offItem).toHaveCount(0);

  // 推广 · 推广活动: 下线.
  await nav(page, '推广');
  await page.getByRole('tab', { name: '推广活动' }).click();
  const offCampaign = page.getByRole('button', { name: `下线 ${campaignTitle}` });
  await askThenDo(
    page,
    offCampaign,
    { title: `下线活动「${campaignTitle}」`, says: ['不再显示'], confirm: '确认下线' },
    () => expect(offCampaign).toBeVisible(),
  );
  await expect(offCampaign).toHaveCount(0);
});

test('a manual credit asks first with the amount and the balance after it', async ({ page, request, ip }) => {
  const customer = await newCustomer(await page.context().newPage(), request, ip);
  await consoleSession(page, ADMIN_PHONE);
  // 人工入账: the amount, the customer and the balance after it.
  await nav(page, '人工入账');
  await page.getByLabel('客户手机号').fill(customer.phone);
  await page.getByRole('button', { name: '查找' }).click();
  const creditForm = page.getByRole('form', { name: '入账' });
  await creditForm.getByLabel('入账金额（元）').fill('12.34');
  await creditForm.getByLabel('入账原因').fill('线下汇款');
  await askThenDo(
    page,
    creditForm.getByRole('button', { name: '确认入账' }),
    {
      title: '确认人工入账',
      fill: () => shots(page, 'confirm-credit'),
      says: ['¥12.34', customer.phone, '入账后余额 ¥12.34'],
      confirm: '确认入账 ¥12.34',
    },
    () => expect(creditForm).toContainText('当前余额 ¥0.00'),
  );
  await expect(consoleToast(page, '已入账，客户余额 ¥12.34')).toBeVisible();
});

test('a points adjustment asks first with the number of points', async ({ page, request, ip }) => {
  const customer = await newCustomer(await page.context().newPage(), request, ip);
  await consoleSession(page, ADMIN_PHONE);
  // 客户积分: an adjustment says how many points, up or down.
  await nav(page, '客户积分');
  await page.getByLabel('客户手机号').fill(customer.phone);
  await page.getByRole('button', { name: '查找' }).click();
  const adjust = page.getByRole('form', { name: '调整积分' });
  await adjust.getByLabel('调整积分（负数为扣减）').fill('20');
  await adjust.getByLabel('调整原因（客户可见）').fill('活动补发');
  await askThenDo(
    page,
    adjust.getByRole('button', { name: '确认调整' }),
    { title: '确认增加积分', says: ['20 积分', '活动补发'], confirm: '确认增加' },
    () => expect(consoleToast(page, '已调整')).toHaveCount(0),
  );
  await expect(consoleToast(page, '已调整')).toBeVisible();
});

test('cancelling an order asks with 返回 and 确认取消订单', async ({ page, request, ip }) => {
  const customer = await newCustomer(await page.context().newPage(), request, ip);
  const [it] = await demoItems(request, 1);
  const placed = await customer.order([{ item_rid: it.rid }]);
  await consoleSession(page, ADMIN_PHONE);
  // The order page: 取消订单 asks with 返回 and 确认取消订单, never 取消 beside 取消订单.
  await page.goto(`/admin/orders/${placed.rid}`);
  const reason = () => page.getByRole('dialog').getByLabel('取消原因（客户可见）').fill('客户要求取消');
  await askThenDo(
    page,
    page.getByRole('button', { name: '取消订单', exact: true }),
    { title: '取消订单', says: ['取消后不能恢复'], confirm: '确认取消订单', fill: reason },
    () => expect(page.getByLabel('订单概要')).not.toContainText('已取消'),
  );
  await expect(page.getByLabel('订单概要')).toContainText('已取消');
});

test('a refusal stays in the dialog: the focus with it, and Esc still closes it', async ({ page }) => {
  await consoleSession(page, ADMIN_PHONE);
  await nav(page, '员工与角色');
  // Nobody may take away their own role: the server says no.
  const own = page.getByRole('button', { name: '移除 演示业务经理' });
  await own.click();
  const dialog = page.getByRole('dialog', { name: '移除员工「演示业务经理」' });
  await dialog.getByRole('button', { name: '确认移除' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('不能修改自己的角色');
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(own).toBeVisible();
});

test('the audit log and an order page read as words: calls, records and changes named', async ({
  page,
  request,
  ip,
}) => {
  const admin = await staff(request, ip);
  const member = await registerByApi(request, ip);
  for (const role of ['manager', null])
    expect(await admin.call('/api/admin/staff/save', { phone: member, role })).toMatchObject({ code: 1 });
  const customer = await newCustomer(await page.context().newPage(), request, ip);
  const [it] = await demoItems(request, 1);
  const placed = await customer.order([{ item_rid: it.rid }]);
  await admin.move('order/cancel', { rid: placed.rid, reason: '客户要求取消' });
  await consoleSession(page, ADMIN_PHONE);

  await nav(page, '操作日志');
  await page.getByLabel('操作', { exact: true }).fill('员工角色');
  await page.getByRole('button', { name: '查询' }).click();
  const row = page
    .getByRole('row')
    .filter({ hasText: `员工 ${member}` })
    .first();
  await expect(row).toContainText('设置或取消员工角色');
  await expect(row).toContainText('角色：业务经理→—');
  await shots(page, 'audit-list');
  await row.getByRole('button', { name: '详情' }).click();
  const detail = page.getByRole('dialog', { name: '变更详情' });
  await expect(detail).toContainText('角色：业务经理→—');
  await expect(detail).toContainText(`phone：${member}`.replace('phone', '手机号'));
  // A dialog that only shows: one button.
  await expect(detail.getByRole('button')).toHaveText(['关闭']);
  await shots(page, 'audit-detail');
  await detail.getByRole('button', { name: '关闭' }).click();

  await page.goto(`/admin/orders/${placed.rid}`);
  const history = page.getByRole('list', { name: '变更历史' });
  await expect(history).toContainText('取消订单');
  await expect(history).toContainText('演示业务经理');
  await expect(history).toContainText('说明：客户要求取消');
  await expect(history).toContainText('状态：');
  await expect(history).toContainText('→已取消');
  await expect(page.getByRole('list', { name: '订单时间线' })).toContainText('演示业务经理');
  await history.scrollIntoViewIfNeeded();
  await shots(page, 'order-history');
});
