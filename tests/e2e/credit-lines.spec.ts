// Credit lines changed after approval (issue 33, finding 9; decision 0088): finance adjusts a line's
// terms on 信用额度, is refused a limit below what is owed, suspends it with a reason the customer
// reads in the member centre and the pay dialog (credit payments refused), and resumes it.
import type { Page } from '@playwright/test';
import { demoItems, expect, newCustomer, staff, test } from './support/orders.ts';
import { consoleSession } from './support/session.ts';

const ENTERPRISE = {
  organization: 2,
  company: '某材料科技有限公司',
  company_leader: '王总',
  company_leader_phone: '13800002222',
};

const SHOTS = process.env.CREDIT_SHOTS;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Opens the line's dialog from its row on 已开通 and submits it with a reason. */
async function change(staffPage: Page, phone: string, button: string, fill: Record<string, string>) {
  const row = staffPage.getByRole('row').filter({ hasText: phone });
  await row.getByRole('button', { name: button }).click();
  const dialog = staffPage.getByRole('dialog');
  for (const [label, value] of Object.entries(fill)) await dialog.getByLabel(label).fill(value);
  return { row, dialog };
}

test('finance adjusts, suspends and resumes a credit line; the customer is told and cannot pay by credit meanwhile', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip, ENTERPRISE);
  const finance = await staff(request, ip);
  expect(
    (await me.call('/api/auth/creditApply/operate', { action: 'apply', amount_fen: 300_000, reason: '月结' }))
      .code,
  ).toBe(1);
  const applications = await finance.call<{ list: { rid: string; customer: { phone: string } }[] }>(
    '/api/admin/credit/list',
    { status: 'reviewing', size: 50 },
  );
  const rid = applications.data.list.find((a) => a.customer.phone === me.phone)!.rid;
  expect(
    (await finance.call('/api/admin/credit/approve', { rid, limit_fen: 200_000, due_days: 30 })).code,
  ).toBe(1);
  // ¥800 of it used: an order paid by credit.
  const [item] = await demoItems(request, 1);
  const placed = await me.order([{ item_rid: item.rid }]);
  await finance.move('order/quote', { rid: placed.rid, quoted_fen: 80_000 });
  expect((await me.call('/api/auth/web/order/pay', { rid: placed.rid, method: 'credit' })).code).toBe(1);

  const staffPage = await page.context().newPage();
  await staffPage.setViewportSize({ width: 1280, height: 900 });
  await consoleSession(staffPage, '13800000000');
  await staffPage
    .getByRole('complementary', { name: '后台导航' })
    .getByRole('link', { name: '信用额度' })
    .click();
  await staffPage.getByRole('tab', { name: '已开通' }).click();

  // Below what is owed: refused, the dialog stays open with the reason.
  const low = await change(staffPage, me.phone, '调整额度', { '信用额度（元）': '500', 调整原因: '降额' });
  await expect(low.dialog).toContainText('已用 ¥800.00');
  await low.dialog.getByRole('button', { name: '确认调整' }).click();
  await expect(low.dialog.getByRole('alert')).toHaveText(
    '信用额度不能低于已用额度 800.00 元；如需停止新的信用支付，请暂停授信',
  );
  await low.dialog.getByLabel('信用额度（元）').fill('5000');
  await low.dialog.getByLabel('账期（天）').fill('45');
  await low.dialog.getByRole('button', { name: '确认调整' }).click();
  await expect(staffPage.locator('[data-console-toast]')).toContainText('已调整授信');
  await expect(low.row).toContainText('¥5000.00');

  const suspend = await change(staffPage, me.phone, '暂停授信', { '暂停原因（客户可见）': '账户核查中' });
  await suspend.dialog.getByRole('button', { name: '确认暂停' }).click();
  await expect(staffPage.locator('[data-console-toast]')).toContainText('已暂停授信');
  await expect(suspend.row).toContainText('已暂停');
  await expect(suspend.row).toContainText('账户核查中');
  await shot(staffPage, 'credit-console-1280');

  // The customer reads why, and the pay dialog says so instead of "not enough".
  await page.goto('/member/prestore#credit');
  await expect(page.locator('[data-credit-suspended]')).toContainText('信用额度已暂停使用：账户核查中');
  // Nothing of it is available meanwhile.
  await expect(page.getByTestId('asset-credit')).toHaveText('0.00');
  await shot(page, 'credit-member-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'credit-member-375');
  const second = await me.order([{ item_rid: item.rid }]);
  await finance.move('order/quote', { rid: second.rid, quoted_fen: 10_000 });
  const refused = await me.call('/api/auth/web/order/pay', { rid: second.rid, method: 'credit' });
  expect(refused).toMatchObject({ code: 0, msg: '您的信用额度已暂停使用，请使用余额支付或联系工作人员' });
  await page.goto('/member/unpaid');
  await page.locator(`[data-order="${second.rid}"]`).getByRole('button', { name: '去支付' }).click();
  const pay = page.getByRole('dialog', { name: '支付订单' });
  await pay.getByRole('radio', { name: /信用支付/ }).check();
  await expect(pay.getByRole('alert')).toContainText('信用额度已暂停使用（账户核查中）');
  await shot(page, 'credit-pay-375');
  await page.keyboard.press('Escape');

  const resume = await change(staffPage, me.phone, '恢复授信', { 恢复原因: '核查完毕' });
  await resume.dialog.getByRole('button', { name: '确认恢复' }).click();
  await expect(staffPage.locator('[data-console-toast]')).toContainText('已恢复授信');
  await expect(resume.row.getByRole('button', { name: '暂停授信' })).toBeVisible();
  expect((await me.call('/api/auth/web/order/pay', { rid: second.rid, method: 'credit' })).code).toBe(1);
  await page.goto('/member/prestore#credit');
  await expect(page.getByTestId('asset-credit')).toHaveText('4100.00');
  await expect(page.locator('[data-credit-suspended]')).toHaveCount(0);
});
