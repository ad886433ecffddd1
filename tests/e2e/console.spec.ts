// The staff console (/admin, issue 18) in the browser: each role logs in with its own account and
// sees only its screens; finance credits a top-up; a business manager quotes and a technician
// receives, tests and delivers an order; the audit log has every step.
import type { APIRequestContext, Page } from '@playwright/test';
import { demoItems, expect, newCustomer, staff, test, type Staff } from './support/orders.ts';
import { PASSWORD, registerByApi } from './support/session.ts';
import { E2E_STAFF_PASSWORD } from './support/staff.ts';

const ENTERPRISE = {
  organization: 2,
  company: '某材料科技有限公司',
  company_leader: '王总',
  company_leader_phone: '13800002222',
};
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A registered account the admin makes a staff member of this role. */
async function member(request: APIRequestContext, ip: string, admin: Staff, role: string) {
  const phone = await registerByApi(request, ip);
  const saved = await admin.call('/api/admin/staff/save', { phone, role });
  expect(saved, JSON.stringify(saved)).toMatchObject({ code: 1 });
  return phone;
}

async function consoleLogin(page: Page, phone: string) {
  await page.goto('/admin/');
  await page.getByLabel('账号').fill(phone);
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible();
}

test('finance credits a top-up in the console; the customer sees cash and 赠送金', async ({
  page,
  request,
  ip,
}) => {
  const admin = await staff(request, ip);
  const customer = await newCustomer(await page.context().newPage(), request, ip, ENTERPRISE);
  const applied = await customer.call<{ rid: string }>('/api/auth/prestoreApply/add', {
    amount_fen: 500_000,
    bonus_kind: 1,
    payer: '某材料科技有限公司',
  });
  const pic = await customer.upload('/api/auth/file/upload4pic', {
    name: '回单.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  const edited = await customer.call('/api/auth/prestoreApply/edit', {
    rid: applied.data.rid,
    amount_fen: 500_000,
    bonus_kind: 1,
    payer: '某材料科技有限公司',
    voucher: {
      payer_name: '某材料科技有限公司',
      bank: '工商银行',
      serial: `SN${Date.now()}`,
      amount_fen: 500_000,
      paid_on: '2026-11-20',
      file_rid: pic,
    },
  });
  expect(edited.code).toBe(1);

  const phone = await member(request, ip, admin, 'finance');
  await consoleLogin(page, phone);
  await expect(page.getByTestId('console-user')).toContainText('财务');
  const nav = page.getByRole('complementary', { name: '后台导航' });
  await expect(nav.getByRole('link', { name: '预存审核' })).toBeVisible();
  await expect(nav.getByRole('link', { name: '员工与角色' })).toHaveCount(0);
  await nav.getByRole('link', { name: '预存审核' }).click();
  const row = page.locator(`[data-row="${applied.data.rid}"]`);
  await expect(row).toContainText('¥5000.00');
  await expect(row).toContainText('赠 ¥250.00（5%）');
  await row.getByRole('button', { name: '查看凭证' }).click();
  await expect(page.getByRole('dialog').getByRole('img', { name: '转账凭证' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
  await row.getByRole('button', { name: '入账' }).click();
  await page.getByRole('dialog', { name: '确认入账' }).getByRole('button', { name: '确认入账' }).click();
  await expect(page.locator('[data-console-toast="ok"]')).toHaveText('已入账');
  await expect(row).toHaveCount(0);

  const asset = await customer.call<{ cash_fen: number; bonus_fen: number }>('/api/auth/asset/init');
  expect(asset.data).toMatchObject({ cash_fen: 500_000, bonus_fen: 25_000 });
  // The step is in the audit log, with the application before and after.
  const log = await admin.call<{ list: { action: string; outcome: string; role: string }[] }>(
    '/api/admin/audit/list',
    {
      entity_rid: applied.data.rid,
    },
  );
  expect(log.data.list).toEqual([
    expect.objectContaining({ action: 'prestore/approve', outcome: 'ok', role: 'finance' }),
  ]);
});

test('a business manager quotes, a technician receives, tests and delivers; each sees only their steps', async ({
  page,
  request,
  ip,
}) => {
  const admin = await staff(request, ip);
  const customer = await newCustomer(await page.context().newPage(), request, ip, ENTERPRISE);
  const [item] = await demoItems(request, 1);
  const placed = await customer.order([{ item_rid: item.rid }]);

  // The business manager quotes it.
  const manager = await member(request, ip, admin, 'manager');
  await consoleLogin(page, manager);
  await page.getByRole('link', { name: '订单管理' }).click();
  await page.getByRole('tab', { name: '待报价' }).click();
  await page.getByRole('link', { name: placed.order_no }).click();
  await expect(page.getByRole('heading', { name: `订单 ${placed.order_no}` })).toBeVisible();
  await page.getByRole('button', { name: '报价', exact: true }).click();
  const quote = page.getByRole('dialog', { name: '报价' });
  await quote.getByLabel('报价金额（元）').fill('888');
  await quote.getByLabel('说明（可选）').fill('含制样费');
  await quote.getByRole('button', { name: '报价' }).click();
  await expect(page.locator('[data-console-toast="ok"]')).toHaveText('报价成功');
  await expect(page.getByLabel('订单概要')).toContainText('待付款');
  await page.getByRole('button', { name: '退出' }).click();

  // The customer pays from a balance finance put there.
  await admin.credit(customer.phone, 88_800);
  expect((await customer.call('/api/auth/web/order/pay', { rid: placed.rid })).code).toBe(1);

  // The technician: no quoting, no money; receive, start, report, deliver.
  const technician = await member(request, ip, admin, 'technician');
  await consoleLogin(page, technician);
  const nav = page.getByRole('complementary', { name: '后台导航' });
  await expect(nav.getByRole('link', { name: '预存审核' })).toHaveCount(0);
  await page.goto(`/admin/orders/${placed.rid}`);
  const actions = page.getByLabel('可执行的操作');
  await expect(actions.getByRole('button')).toHaveText(['确认收样']);
  for (const step of ['确认收样', '开始检测']) {
    await actions.getByRole('button', { name: step }).click();
    await page.getByRole('dialog', { name: step }).getByRole('button', { name: step }).click();
    await expect(page.locator('[data-console-toast="ok"]')).toHaveText(`${step}成功`);
  }
  await page.getByLabel('上传检测报告').setInputFiles({
    name: '检测报告.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  await expect(page.locator('[data-file="report"]')).toContainText('检测报告.pdf');
  await actions.getByRole('button', { name: '出具数据' }).click();
  await page.getByRole('dialog', { name: '出具数据' }).getByRole('button', { name: '出具数据' }).click();
  await expect(page.getByLabel('订单概要')).toContainText('已出数据');
  await expect(page.getByRole('list', { name: '订单时间线' })).toContainText('出具数据');
  // The technician may not finish the money side.
  await expect(actions.getByRole('button', { name: '完成订单' })).toHaveCount(0);

  const log = await admin.call<{ list: { action: string; role: string }[] }>('/api/admin/audit/list', {
    entity_rid: placed.rid,
  });
  expect(log.data.list.map((e) => `${e.role}:${e.action}`).reverse()).toEqual([
    'manager:order/quote',
    'technician:order/receive',
    'technician:order/start',
    'technician:order/report',
    'technician:order/deliver',
  ]);
});

test('a customer session cannot open the console: the console asks for a staff login', async ({
  page,
  request,
  ip,
}) => {
  const phone = await registerByApi(request, ip);
  await page.goto('/admin/orders');
  await page.getByLabel('账号').fill(phone);
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('alert')).toHaveText('该账号不是员工账号，无法登录管理后台');
});

test('every console screen fits a phone: wide tables scroll inside the page @mobile', async ({ page }) => {
  await page.goto('/admin/');
  await page.getByLabel('账号').fill('13800000000');
  await page.getByLabel('密码').fill(E2E_STAFF_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible();
  const wide: string[] = [];
  for (const path of [
    '/admin/',
    '/admin/orders',
    '/admin/reservations',
    '/admin/customers',
    '/admin/requirements',
    '/admin/money/prestore',
    '/admin/money/transfers',
    '/admin/money/credit',
    '/admin/money/rules',
    '/admin/staff',
    '/admin/audit',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const extra = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (extra > 0) wide.push(`${path} +${extra}px`);
  }
  expect(wide).toEqual([]);
});
