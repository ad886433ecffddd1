// Points (issue 15) in the browser: a completed order earns points, the customer exchanges them
// for 赠送金 and sees it in the asset card, gives some to a colleague through the confirmation
// step; staff send a gift card in the console 积分兑换 screen and look a customer up; the page
// fits a phone.
import type { APIRequestContext, Page } from '@playwright/test';
import { demoItems, expect, newCustomer, staff, test, toast, type Staff } from './support/orders.ts';
import { consoleSession } from './support/session.ts';

const ENTERPRISE = {
  organization: 2,
  company: '某材料科技有限公司',
  company_leader: '王总',
  company_leader_phone: '13800002222',
};
const SHOTS = process.env.POINTS_SHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Points given by staff (an adjustment with a reason), for the tests that do not earn them. */
async function givePoints(admin: Staff, phone: string, points: number) {
  const user = await admin.call<{ rid: string }>('/api/admin/user/find', { phone });
  const res = await admin.call('/api/admin/points/adjust', {
    user_rid: user.data.rid,
    points,
    reason: '活动奖励',
    idempotency_key: `e2e-${phone}-${points}`,
  });
  expect(res, JSON.stringify(res)).toMatchObject({ code: 1 });
}

async function balance(request: APIRequestContext, call: (p: string) => Promise<{ data: unknown }>) {
  void request;
  return ((await call('/api/auth/integration/init')).data as { balance: number }).balance;
}

test('a completed order earns points; they buy 赠送金 seen in the asset card, and some go to a colleague', async ({
  page,
  request,
  ip,
}) => {
  const admin = await staff(request, ip);
  const colleague = await newCustomer(await page.context().newPage(), request, ip);
  const me = await newCustomer(page, request, ip, ENTERPRISE);
  await admin.credit(me.phone, 300_000);
  const [item] = await demoItems(request, 1);
  const placed = await me.order([{ item_rid: item.rid }]);
  await admin.move('order/quote', { rid: placed.rid, quoted_fen: 250_050 });
  const paid = await me.call('/api/auth/web/order/pay', {
    rid: placed.rid,
    idempotency_key: `pay-${placed.rid}`,
  });
  expect(paid, JSON.stringify(paid)).toMatchObject({ code: 1 });
  await admin.move('order/receive', { rid: placed.rid });
  await admin.move('order/start', { rid: placed.rid });
  await admin.release(placed.rid);
  expect(await admin.move('order/complete', { rid: placed.rid })).toBe('completed');
  // The server's job worker awards them: ¥2,500.50 paid in cash → 2,500 points.
  await expect.poll(() => balance(request, me.call), { timeout: 15_000 }).toBe(2500);

  await page.goto('/member/integral');
  await expect(page.getByTestId('points-balance')).toHaveText('2,500');
  await expect(page.getByTestId('points-next-expire')).toContainText('2,500 积分将于');
  const catalogue = page.getByRole('list', { name: '可兑换商品' });
  await expect(catalogue.getByRole('listitem')).toHaveCount(4);
  await expect(catalogue.getByRole('button', { name: '兑换京东E卡 50 元' })).toHaveText('积分不足');
  await shot(page, 'integral-desktop');

  await page.getByRole('tab', { name: '积分明细' }).click();
  const history = page.getByRole('list', { name: '积分明细' });
  await expect(history.getByRole('listitem').first()).toContainText('订单完成获得');
  await expect(history.getByRole('listitem').first()).toContainText('+2,500');

  // Exchange 2,000 points for ¥20 赠送金.
  await page.getByRole('tab', { name: '积分兑换' }).click();
  await catalogue.getByRole('button', { name: '兑换测试费 20 元' }).click();
  const dialog = page.getByRole('dialog', { name: '积分兑换' });
  await expect(dialog.getByTestId('exchange-cost')).toHaveText('2,000');
  await expect(dialog).toContainText('500');
  await shot(page, 'exchange-dialog-desktop');
  await dialog.getByRole('button', { name: '确认兑换' }).click();
  await expect(toast(page, '兑换成功，赠送金已到账!')).toBeVisible();
  await expect(page.getByTestId('points-balance')).toHaveText('500');

  // Give 100 to a colleague: a form, then the confirmation.
  await page.getByRole('button', { name: '转赠' }).click();
  const give = page.getByRole('dialog', { name: '转赠积分' });
  await give.getByLabel('对方账户').fill(colleague.phone);
  await give.getByLabel('转赠积分').fill('600');
  await give.getByRole('button', { name: '下一步' }).click();
  await expect(give.getByRole('alert')).toHaveText('可用积分不足（现有 500）');
  await give.getByLabel('转赠积分').fill('100');
  await give.getByRole('button', { name: '下一步' }).click();
  const confirm = page.getByRole('dialog', { name: '确认转赠' });
  await expect(confirm.getByTestId('transfer-to')).toHaveText(colleague.phone);
  await shot(page, 'transfer-confirm-desktop');
  await confirm.getByRole('button', { name: '确认转赠' }).click();
  await expect(toast(page, '转赠 100 积分!')).toBeVisible();
  await expect(page.getByTestId('points-balance')).toHaveText('400');
  expect(await balance(request, colleague.call)).toBe(100);

  // The bonus is in the asset card.
  await page.goto('/member/prestore');
  await expect(page.getByTestId('asset-bonus')).toHaveText('20.00');
});

test('staff send a gift card from the console and look up a customer’s points', async ({
  page,
  request,
  ip,
}) => {
  const admin = await staff(request, ip);
  const customer = await newCustomer(await page.context().newPage(), request, ip);
  await givePoints(admin, customer.phone, 6000);
  const items = await customer.call<{ list: { rid: string; kind: string }[] }>(
    '/api/auth/integration/list4exchange',
  );
  const card = items.data.list.find((i) => i.kind === 'gift')!;
  const asked = await customer.call('/api/auth/integration/applyExchange', {
    item_rid: card.rid,
    note: '请发到注册手机',
    idempotency_key: `e2e-card-${customer.phone}`,
  });
  expect(asked, JSON.stringify(asked)).toMatchObject({ code: 1, data: { status: 'pending' } });

  await consoleSession(page, '13800000000');
  await page.getByRole('link', { name: '积分兑换' }).click();
  await expect(page.getByRole('heading', { name: '积分兑换' })).toBeVisible();
  const row = page
    .getByRole('table', { name: '积分兑换' })
    .getByRole('row')
    .filter({ hasText: '请发到注册手机' });
  await expect(row.first()).toContainText('京东E卡 50 元');
  await shot(page, 'console-exchanges');
  await row.first().getByRole('button', { name: '发放' }).click();
  const modal = page.getByRole('dialog', { name: '确认发放' });
  await modal.getByLabel('发放说明（客户可见，选填）').fill('卡密已短信发送');
  await modal.getByRole('button', { name: '确认发放' }).click();
  await expect(page.locator('[data-console-toast="ok"]')).toHaveText('已发放');

  await page.getByRole('link', { name: '客户积分' }).click();
  await page.getByLabel('客户手机号').fill(customer.phone);
  await page.getByRole('button', { name: '查找' }).click();
  await expect(page.getByTestId('staff-points-balance')).toHaveText('1,000');
  await expect(page.getByRole('table', { name: '积分明细' })).toContainText('积分兑换');
  await shot(page, 'console-customer');

  const seen = await customer.call<{ list: { kind: string; exchange: { status_text: string } | null }[] }>(
    '/api/auth/integration/list',
  );
  expect(seen.data.list[0]).toMatchObject({ kind: 'exchange', exchange: { status_text: '已发放' } });
});

test('the points page and its dialogs fit a phone @mobile', async ({ page, request, ip }) => {
  const admin = await staff(request, ip);
  const me = await newCustomer(page, request, ip);
  await givePoints(admin, me.phone, 3200);
  await page.goto('/member/integral');
  await expect(page.getByTestId('points-balance')).toHaveText('3,200');
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await fits()).toBe(true);
  await shot(page, `integral-${page.viewportSize()?.width}`);
  await page.getByRole('button', { name: '兑换测试费 10 元' }).click();
  await expect(page.getByRole('dialog', { name: '积分兑换' }).getByTestId('exchange-cost')).toHaveText(
    '1,000',
  );
  await shot(page, `exchange-dialog-${page.viewportSize()?.width}`);
  await page.getByRole('dialog', { name: '积分兑换' }).getByRole('button', { name: '取消' }).click();
  await page.getByRole('tab', { name: '积分明细' }).click();
  await expect(page.getByRole('list', { name: '积分明细' })).toContainText('人工调整');
  expect(await fits()).toBe(true);
  await shot(page, `history-${page.viewportSize()?.width}`);
  await page.getByRole('button', { name: '转赠' }).click();
  await expect(page.getByRole('dialog', { name: '转赠积分' })).toBeVisible();
  await shot(page, `transfer-${page.viewportSize()?.width}`);
});

test('the console points screens fit a phone: wide tables scroll inside the page @mobile', async ({
  page,
}) => {
  await consoleSession(page, '13800000000');
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible();
  const wide: string[] = [];
  for (const path of ['/admin/points/exchanges', '/admin/points/items', '/admin/points/customer']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const extra = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (extra > 0) wide.push(`${path} +${extra}px`);
    await shot(page, `console${path.replaceAll('/', '-')}-${page.viewportSize()?.width}`);
  }
  expect(wide).toEqual([]);
});
