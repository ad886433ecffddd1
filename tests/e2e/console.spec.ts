// The staff console (/admin, issue 18) in the browser: each role logs in with its own account and
// sees only its screens; finance credits a top-up; a business manager quotes and a technician
// receives, tests and delivers an order; the audit log has every step.
import type { APIRequestContext, Page } from '@playwright/test';
import { demoItems, expect, newCustomer, staff, test, type Staff } from './support/orders.ts';
import { PASSWORD, registerByApi, consoleSession } from './support/session.ts';

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

/** The console's password login: the one journey through it (other tests use consoleSession). */
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
  // A dialog that only shows: one button, 关闭.
  await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
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

test('a business manager builds a two-line quote, the customer sees it and pays, a technician receives with a photo, tests and delivers', async ({
  page,
  request,
  ip,
}) => {
  const admin = await staff(request, ip);
  const shop = await page.context().newPage();
  const customer = await newCustomer(shop, request, ip, ENTERPRISE);
  const [item] = await demoItems(request, 1);
  const placed = await customer.order([{ item_rid: item.rid }]);

  // The business manager builds the quote: the order's item at a new price, a second line, a discount.
  const manager = await member(request, ip, admin, 'manager');
  await consoleSession(page, manager);
  await page.getByRole('link', { name: '订单管理' }).click();
  await page.getByRole('tab', { name: '待报价' }).click();
  await page.getByRole('link', { name: placed.order_no }).click();
  await expect(page.getByRole('heading', { name: `订单 ${placed.order_no}` })).toBeVisible();
  await page.getByRole('button', { name: '报价', exact: true }).click();
  const quote = page.getByRole('dialog', { name: '报价' });
  await expect(quote.getByLabel('第1行 项目', { exact: true })).toHaveValue(item.name);
  await quote.getByLabel('第1行 数量').fill('1');
  await quote.getByLabel('第1行 单价（元）').fill('500');
  await quote.getByRole('button', { name: '+ 添加一行' }).click();
  // A line without its price is refused with the row named, before anything is sent.
  await quote.getByLabel('第2行 项目', { exact: true }).fill('加急制样');
  await quote.getByRole('button', { name: '提交报价' }).click();
  await expect(quote.getByRole('alert')).toHaveText('第2行：[单价]不能为空');
  await quote.getByLabel('第2行 数量').fill('2');
  await quote.getByLabel('第2行 单价（元）').fill('50');
  await expect(quote.locator('[data-quote-line="2"] [data-line-amount]')).toHaveText('¥100.00');
  await quote.getByLabel('优惠说明（可选）').fill('新客户优惠');
  await quote.getByLabel('优惠金额（元）').fill('20');
  await expect(quote.locator('[data-quote-total]')).toHaveText('¥580.00');
  await quote.getByLabel('给客户的说明（可选）').fill('含加急费，3 个工作日出数据');
  await quote.getByRole('button', { name: '提交报价' }).click();
  await expect(page.locator('[data-console-toast="ok"]')).toHaveText('报价成功');
  await expect(page.getByLabel('订单概要')).toContainText('待付款');
  await expect(page.getByRole('table', { name: '报价明细' })).toContainText('加急制样');
  await page.getByRole('button', { name: '退出' }).click();

  // The customer sees the itemised quote, and pays it from a balance finance put there.
  await admin.credit(customer.phone, 58_000);
  await shop.goto(`/member/order?rid=${placed.rid}`);
  const quoted = shop.getByRole('region', { name: '报价明细' });
  await expect(quoted).toContainText(item.name);
  await expect(quoted).toContainText('加急制样');
  await expect(quoted).toContainText('新客户优惠');
  await expect(quoted).toContainText('-¥20.00');
  await expect(quoted.locator('[data-quote-total]')).toHaveText('¥580.00');
  await expect(quoted).toContainText('含加急费，3 个工作日出数据');
  const summary = shop.getByRole('region', { name: '订单概要' });
  await summary.getByRole('button', { name: /^去支付/ }).click();
  const pay = shop.getByRole('dialog', { name: '支付订单' });
  await expect(pay.locator('[data-pay-amount]')).toHaveText('¥580.00');
  await pay.getByRole('button', { name: '确认支付' }).click();
  await expect(pay).toBeHidden();
  await expect(summary).toContainText('待寄样');

  // The technician: no quoting, no money; receives with a photo, starts, uploads the report, delivers.
  const technician = await member(request, ip, admin, 'technician');
  await consoleSession(page, technician);
  const nav = page.getByRole('complementary', { name: '后台导航' });
  await expect(nav.getByRole('link', { name: '预存审核' })).toHaveCount(0);
  await page.goto(`/admin/orders/${placed.rid}`);
  const actions = page.getByLabel('可执行的操作');
  await expect(actions.getByRole('button')).toHaveText(['确认收样', '拒收样品']);
  await actions.getByRole('button', { name: '确认收样' }).click();
  const receive = page.getByRole('dialog', { name: '确认收样' });
  await receive.getByLabel('实收数量').fill('1');
  await receive.getByRole('radio', { name: '完好' }).check();
  // Without a photo it is refused; a document is refused as a photo.
  await receive.getByRole('button', { name: '确认收样' }).click();
  await expect(receive.getByRole('alert')).toHaveText('请上传1-6张收样照片');
  await receive.getByLabel('上传收样照片').setInputFiles({
    name: '伪装.png',
    mimeType: 'image/png',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  await expect(receive).toContainText('伪装.png：仅支持 PNG、JPG、WEBP、GIF 图片');
  await receive
    .getByLabel('上传收样照片')
    .setInputFiles({ name: '样品.png', mimeType: 'image/png', buffer: PNG });
  await expect(receive.getByRole('img', { name: '样品.png' })).toBeVisible();
  await receive.getByLabel('说明（可选）', { exact: true }).fill('顺丰到件，包装完好');
  await receive.getByRole('button', { name: '确认收样' }).click();
  await expect(page.locator('[data-console-toast="ok"]')).toHaveText('确认收样成功');
  const receipts = page.getByRole('list', { name: '收样记录' });
  await expect(receipts).toContainText('实收 1 个 · 样品状况：完好');
  await expect(receipts.getByRole('img', { name: '样品.png' })).toBeVisible();
  await actions.getByRole('button', { name: '开始检测' }).click();
  await page.getByRole('dialog', { name: '开始检测' }).getByRole('button', { name: '开始检测' }).click();
  await expect(page.locator('[data-console-toast="ok"]')).toHaveText('开始检测成功');
  // No unreviewed delivery (decision 0081): no report upload, no 出具数据 until a report is released.
  await expect(page.getByLabel('上传检测报告')).toHaveCount(0);
  await expect(actions.getByRole('button', { name: '出具数据' })).toHaveCount(0);
  await admin.release(placed.rid);
  await page.reload();
  await expect(page.getByLabel('订单概要')).toContainText('已出数据');
  await expect(page.getByRole('list', { name: '订单时间线' })).toContainText('出具数据');
  // The technician may not finish the money side.
  await expect(actions.getByRole('button', { name: '完成订单' })).toHaveCount(0);

  // The customer sees the receipt with its photo, and the data.
  await shop.reload();
  const record = shop.getByRole('list', { name: '收样记录' });
  await expect(record).toContainText('实收 1 个 · 样品状况：完好');
  const thumb = record.getByRole('img', { name: '样品.png' });
  await expect(thumb).toBeVisible();
  expect(await thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expect(summary).toContainText('已出数据');

  // Every step is in the audit log, the refused upload too.
  const log = await admin.call<{ list: { action: string; role: string; outcome: string }[] }>(
    '/api/admin/audit/list',
    { entity_rid: placed.rid },
  );
  expect(log.data.list.map((e) => `${e.role}:${e.action}:${e.outcome}`).reverse()).toEqual([
    'manager:order/quote:ok',
    'technician:order/receipt/photo:refused',
    'technician:order/receipt/photo:ok',
    'technician:order/receive:ok',
    'technician:order/start:ok',
    // The template's signatory (a 业务经理, global-setup.ts) releases, which delivers.
    'manager:report/release:ok',
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
  await consoleSession(page, '13800000000');
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
