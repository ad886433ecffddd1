// The console's 对账 screen (decision 0028) with the dev simulator: finance reruns yesterday's bill,
// sees the difference the simulator's bill holds (money it took for a trade we never made) and
// marks it handled with a note; a technician has no 对账 in the navigation.
import { createHmac } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, staff, test, type Staff } from './support/orders.ts';
import { consoleSession, registerByApi } from './support/session.ts';

/** The simulator's documented development secret (PAYMENT_DEV_SECRET's default). */
const DEV_SECRET = 'dev-payment-secret';

async function member(request: APIRequestContext, ip: string, admin: Staff, role: string) {
  const phone = await registerByApi(request, ip);
  expect(await admin.call('/api/admin/staff/save', { phone, role })).toMatchObject({ code: 1 });
  return phone;
}

// The console's password login has its own test (console.spec.ts); here a dev-login session.
const consoleLogin = consoleSession;

test('finance reruns yesterday’s bill and resolves its difference with a note', async ({
  page,
  request,
  ip,
}) => {
  const admin = await staff(request, ip);
  const yesterday = new Date(Date.now() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
  const tradeNo = `PE2E${Date.now()}`;
  // The simulator says a customer paid ¥43.21 yesterday for a trade this system never made.
  const body = JSON.stringify({
    trade_no: tradeNo,
    provider_trade_no: 'DEVE2E',
    amount_fen: 4_321,
    status: 'succeeded',
    event_id: `e2e-${tradeNo}`,
    success_time: `${yesterday}T12:00:00+08:00`,
  });
  const notified = await request.post('/api/open/pay/notify/dev', {
    headers: {
      'content-type': 'application/json',
      'x-real-ip': ip,
      'x-dev-signature': createHmac('sha256', DEV_SECRET).update(body).digest('hex'),
    },
    data: body,
  });
  expect(notified.status()).toBe(400);

  const technician = await member(request, ip, admin, 'technician');
  await consoleLogin(page, technician);
  await expect(
    page.getByRole('complementary', { name: '后台导航' }).getByRole('link', { name: '对账', exact: true }),
  ).toHaveCount(0);
  await page.getByRole('button', { name: '退出' }).click();

  await consoleLogin(page, await member(request, ip, admin, 'finance'));
  await page
    .getByRole('complementary', { name: '后台导航' })
    .getByRole('link', { name: '对账', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: '对账', exact: true })).toBeVisible();

  await page.getByRole('button', { name: '重新对账' }).first().click();
  const dialog = page.getByRole('dialog', { name: '重新对账' });
  await dialog.getByLabel('支付渠道').selectOption({ label: '模拟支付' });
  await dialog.getByLabel('账单日期').fill(yesterday);
  await dialog.getByRole('button', { name: '开始对账' }).click();
  await expect(page.locator('[data-console-toast="ok"]')).toHaveText('对账完成');

  const run = page.locator(`[data-row="dev-${yesterday}"]`);
  await expect(run).toContainText('有差异');
  await expect(run).toContainText('¥43.21');
  await run.getByRole('button', { name: '查看差异' }).click();
  const differences = page.getByRole('table', { name: '对账差异' });
  const difference = differences.getByRole('row').filter({ hasText: tradeNo });
  await expect(difference).toContainText('账单有、本系统未收款');
  await expect(difference).toContainText('待处理');

  await difference.getByRole('button', { name: '处理' }).click();
  const resolve = page.getByRole('dialog', { name: '标记差异为已处理' });
  await resolve.getByRole('button', { name: '标记为已处理' }).click();
  await expect(resolve.getByRole('alert')).toHaveText('[处理说明]不能为空');
  await resolve.getByLabel(/处理说明/).fill('模拟支付测试款，已核实无需入账');
  await resolve.getByRole('button', { name: '标记为已处理' }).click();
  await expect(page.locator('[data-console-toast="ok"]')).toHaveText('已标记为已处理');
  await expect(difference).toContainText('已处理');
  await expect(difference).toContainText('模拟支付测试款，已核实无需入账');
  await expect(run).toContainText('已平账');
});

test('the 对账 screen fits a phone: its tables scroll inside the page @mobile', async ({ page }) => {
  await consoleSession(page, '13800000000');
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible();
  await page.goto('/admin/payments/reconcile');
  await expect(page.getByRole('heading', { name: '对账', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
});
