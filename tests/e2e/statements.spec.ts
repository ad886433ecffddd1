// Monthly statements (decision 0029) in the browser: from 待结算 to the statement, settling its
// unpaid orders and confirming it; disputing lines, staff answering in the console 对账单 screen
// with a new version the customer then sees; the page fits a phone. Statements here are issued by
// staff for the month in progress (a statement to date), as the real month cannot be closed.
import type { Page } from '@playwright/test';
import {
  demoItems,
  expect,
  newCustomer,
  staff,
  test,
  toast,
  type Customer,
  type Staff,
} from './support/orders.ts';
import { consoleSession } from './support/session.ts';

const SHOTS = process.env.STATEMENT_SHOTS;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const month = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
const monthText = `${Number(month.slice(0, 4))}年${Number(month.slice(5))}月`;

/** An order staff take through the test to 待结算 (an institution customer pays after it). */
async function billed(admin: Staff, me: Customer, itemRid: string) {
  const placed = await me.order([{ item_rid: itemRid }]);
  await admin.move('order/receive', { rid: placed.rid });
  await admin.move('order/start', { rid: placed.rid });
  await admin.release(placed.rid);
  expect(await admin.move('order/bill', { rid: placed.rid })).toBe('unsettled');
  return placed;
}

async function issue(admin: Staff, phone: string) {
  const res = await admin.call<{ rid: string }>('/api/admin/statement/issue', { phone, month });
  expect(res, JSON.stringify(res)).toMatchObject({ code: 1 });
  return res.data.rid;
}

test('from 待结算 to the statement: settle its unpaid orders, then confirm it', async ({
  page,
  request,
  ip,
}) => {
  const admin = await staff(request, ip);
  const me = await newCustomer(page, request, ip);
  const [a, b] = await demoItems(request, 1);
  const first = await billed(admin, me, a.rid);
  const second = await billed(admin, me, b.rid);
  await admin.credit(me.phone, first.amount_fen + second.amount_fen);
  await issue(admin, me.phone);

  await page.goto('/member/unsettled');
  await page.getByRole('link', { name: '月度对账单' }).click();
  await expect(page).toHaveURL(/\/member\/statement/);
  await expect(page.getByRole('heading', { name: `${monthText}对账单` })).toBeVisible();
  const orders = page.getByRole('list', { name: '订单明细' });
  await expect(orders).toContainText(first.order_no);
  await expect(orders).toContainText(second.order_no);
  await shot(page, 'statement-1280');

  const owed = page.getByRole('list', { name: '可结算订单' });
  await expect(owed.getByRole('checkbox')).toHaveCount(2);
  await page.getByRole('button', { name: '结算所选订单' }).click();
  const settle = page.getByRole('dialog', { name: '结算订单' });
  await expect(settle).toContainText('结算 2 笔订单');
  await shot(page, 'statement-settle-1280');
  await settle.getByRole('button', { name: /确认支付/ }).click();
  await expect(toast(page, '结算成功')).toBeVisible();
  await expect(owed).toHaveCount(0);
  const paid = await me.call<{ list: unknown[] }>('/api/auth/order/list4person', { status: 'unsettled' });
  expect(paid.data.list).toHaveLength(0);

  await page.getByRole('button', { name: '确认无误' }).click();
  await page.getByRole('dialog', { name: '确认对账单' }).getByRole('button', { name: '确认无误' }).click();
  await expect(toast(page, '已确认对账单')).toBeVisible();
  await expect(page.getByRole('article')).toContainText('您已确认');
  await expect(page.getByRole('button', { name: '提出异议' })).toHaveCount(0);

  // Confirmed, the statement is invoiced in one application: its two orders, nothing to pick.
  const title = await me.call('/api/auth/invoice/add', { kind: 2, name: '张老师' });
  expect(title.code).toBe(1);
  await page.getByRole('link', { name: '按对账单开票' }).click();
  const apply = page.getByRole('dialog', { name: '申请开票' });
  await expect(apply).toContainText('对账单中已结算、尚未开票的订单');
  await expect(apply.getByRole('checkbox', { checked: true, disabled: true })).toHaveCount(2);
  await expect(apply.locator('[data-invoice-total]')).toHaveText(
    `¥${((first.amount_fen + second.amount_fen) / 100).toFixed(2)}`,
  );
  await apply.getByRole('button', { name: '提交申请' }).click();
  await expect(toast(page, '申请已提交!')).toBeVisible();
  await expect(page.locator('[data-invoice]')).toHaveCount(1);
  await expect(page).toHaveURL(/\/member\/invoiceLs$/);
});

test('dispute a line; staff answer in the console with a new version the customer sees', async ({
  page,
  request,
  ip,
}) => {
  const admin = await staff(request, ip);
  const me = await newCustomer(page, request, ip);
  const [item] = await demoItems(request, 1);
  const order = await billed(admin, me, item.rid);
  await issue(admin, me.phone);

  await page.goto('/member/statement');
  await page.getByRole('button', { name: '提出异议' }).click();
  const dialog = page.getByRole('dialog', { name: '提出异议' });
  await dialog.getByRole('checkbox', { name: new RegExp(order.order_no) }).check();
  await dialog.getByRole('button', { name: '提交异议' }).click();
  await expect(toast(page, '请填写异议原因')).toBeVisible();
  await dialog.getByLabel('异议原因').fill('该订单已按合同价线下付款');
  await shot(page, 'statement-dispute-1280');
  await dialog.getByRole('button', { name: '提交异议' }).click();
  await expect(toast(page, '异议已提交')).toBeVisible();
  const article = page.getByRole('article');
  await expect(article).toContainText('有异议');
  await expect(article).toContainText('您的异议（第1行）：该订单已按合同价线下付款');

  // The console: finance or an admin answers and reissues.
  const staffPage = await page.context().newPage();
  await consoleSession(staffPage, '13800000000');
  await staffPage
    .getByRole('complementary', { name: '后台导航' })
    .getByRole('link', { name: '对账单' })
    .click();
  await expect(staffPage.getByRole('heading', { name: '对账单', exact: true })).toBeVisible();
  await staffPage.getByLabel('客户手机号').fill(me.phone);
  const row = staffPage.getByRole('row').filter({ hasText: me.phone });
  await expect(row).toContainText('有异议');
  await row.getByRole('button', { name: '答复' }).click();
  const answer = staffPage.getByRole('dialog');
  await expect(answer).toContainText('该订单已按合同价线下付款');
  await answer.getByLabel('答复（客户可见）').fill('已核实线下付款，重新出具');
  await shot(staffPage, 'console-statements-1280');
  await answer.getByRole('button', { name: '答复并重新出具' }).click();
  await expect(staffPage.locator('[data-console-toast="ok"]')).toHaveText('已答复并重新出具');
  await staffPage.close();

  await page.reload();
  await expect(article).toContainText('第2版');
  await expect(article).toContainText('待确认');
  await expect(article).toContainText('根据异议重新出具：已核实线下付款，重新出具');
  await expect(page.getByRole('region', { name: '历史版本' })).toContainText('已重开');
});

test('a statement confirmed after a dispute no longer shows the dispute @mobile', async ({
  page,
  request,
  ip,
}) => {
  const admin = await staff(request, ip);
  const me = await newCustomer(page, request, ip);
  const [item] = await demoItems(request, 1);
  await billed(admin, me, item.rid);
  const rid = await issue(admin, me.phone);
  expect(
    await me.call('/api/auth/assign/wrong', { rid, lines: [1], reason: '该订单已按合同价线下付款' }),
  ).toMatchObject({ code: 1 });

  await page.goto('/member/statement');
  const article = page.getByRole('article');
  await expect(article).toContainText('您的异议（第1行）：该订单已按合同价线下付款');
  await expect(page.getByRole('list', { name: '订单明细' })).toContainText('有异议');
  // Confirming withdraws the dispute: the statement is agreed and says so, nothing else.
  await page.getByRole('button', { name: '确认无误' }).click();
  await page.getByRole('dialog', { name: '确认对账单' }).getByRole('button', { name: '确认无误' }).click();
  await expect(toast(page, '已确认对账单')).toBeVisible();
  await expect(article).toContainText('您已确认');
  await expect(article).not.toContainText('有异议');
  await expect(article).not.toContainText('该订单已按合同价线下付款');
  await shot(page, `statement-confirmed-after-dispute-${page.viewportSize()?.width}`);
});

test('the statement page fits a phone @mobile', async ({ page, request, ip }) => {
  const admin = await staff(request, ip);
  const me = await newCustomer(page, request, ip);
  const [item] = await demoItems(request, 1);
  await billed(admin, me, item.rid);
  await issue(admin, me.phone);
  await page.goto('/member/statement');
  await expect(page.getByRole('heading', { name: `${monthText}对账单` })).toBeVisible();
  await expect(page.getByRole('button', { name: '结算所选订单' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, `statement-${page.viewportSize()?.width}`);
  await page.getByRole('button', { name: '提出异议' }).click();
  await shot(page, `statement-dispute-${page.viewportSize()?.width}`);
});
