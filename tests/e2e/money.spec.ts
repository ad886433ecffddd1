// Money in the browser (issue 13): a top-up applied for on /member/prestore with its voucher,
// approved by finance, showing as cash and 赠送金; an order paid with bonus first then cash and
// cancelled, each yuan going back where it came from; a transfer; a credit line applied for,
// used to pay and repaid. Finance's side is the staff API until the console lands.
import type { Page } from '@playwright/test';
import { demoItems, expect, newCustomer, staff, test, toast } from './support/orders.ts';

const ENTERPRISE = {
  organization: 2,
  company: '某材料科技有限公司',
  company_leader: '王总',
  company_leader_phone: '13800002222',
};
/** A 1×1 PNG: the voucher picture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function openPrestore(page: Page, tab = '') {
  await page.goto(`/member/prestore${tab ? `#${tab}` : ''}`);
  await expect(page.locator('astro-island[component-url*="Prestore"]')).not.toHaveAttribute('ssr');
}

test('a top-up with its voucher is approved, pays an order with bonus then cash, and a cancellation puts each yuan back @mobile', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip, ENTERPRISE);
  const finance = await staff(request, ip);

  await openPrestore(page);
  await page.getByLabel('预存金额').fill('1000');
  await expect(page.getByTestId('bonus-preview')).toContainText('赠送 ¥30.00（3%）');
  await expect(page.getByLabel('付款单位')).toHaveValue('某材料科技有限公司');
  await page.getByRole('button', { name: '提交预存申请' }).click();
  await expect(toast(page, '提交成功')).toBeVisible();

  // 预存记录: the bank account to pay, then the voucher.
  await expect(page.getByRole('tab', { name: /预存记录/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('bank-account')).toBeVisible();
  const record = page.locator('[data-prestore="unpaid"]');
  await expect(record).toContainText('¥1000.00');
  await expect(record).toContainText('赠送 ¥30.00（3%）');
  await record.getByRole('button', { name: '上传转账凭证' }).click();
  const voucher = page.getByRole('dialog', { name: '上传转账凭证' });
  await voucher.getByLabel('付款银行').fill('工商银行');
  await voucher.getByLabel('交易流水号').fill('SN2026112300017');
  // Without the picture nothing is sent.
  await voucher.getByRole('button', { name: '提交审核' }).click();
  await expect(voucher.getByRole('alert')).toHaveText('请上传转账凭证图片');
  await voucher
    .getByLabel('凭证图片')
    .setInputFiles({ name: '回单.png', mimeType: 'image/png', buffer: PNG });
  await expect(voucher.locator('[data-upload="回单.png"]')).toContainText('已上传');
  await voucher.getByRole('button', { name: '提交审核' }).click();
  await expect(toast(page, '凭证已提交')).toBeVisible();
  await expect(page.locator('[data-prestore="reviewing"]')).toContainText('待审核');

  // Finance finds it and credits it.
  const waiting = await finance.call<{ list: { rid: string; customer: { phone: string } }[] }>(
    '/api/admin/prestore/list',
    { status: 'reviewing', size: 50 },
  );
  const application = waiting.data.list.find((a) => a.customer.phone === me.phone)!;
  expect((await finance.call('/api/admin/prestore/approve', { rid: application.rid })).code).toBe(1);
  await page.reload();
  await expect(page.getByTestId('asset-balance')).toHaveText('1030.00');
  await expect(page.getByTestId('asset-cash')).toHaveText('1000.00');
  await expect(page.getByTestId('asset-bonus')).toHaveText('30.00');
  await expect(page.locator('[data-prestore="credited"]')).toContainText('已入账');
  // The eye button hides every figure, and keeps them hidden on the next page.
  await page.getByRole('button', { name: '隐藏金额' }).click();
  await expect(page.getByTestId('asset-balance')).toHaveText('****');
  await page.goto('/member/center');
  await expect(page.getByTestId('asset-cash')).toHaveText('****');
  await page.getByRole('button', { name: '显示金额' }).click();
  await expect(page.getByTestId('asset-cash')).toHaveText('1000.00');

  // An order quoted ¥500: the dialog says 赠送金 first, then cash.
  const [item] = await demoItems(request, 1);
  const placed = await me.order([{ item_rid: item.rid }]);
  await finance.move('order/quote', { rid: placed.rid, quoted_fen: 50_000 });
  await page.goto('/member/unpaid');
  await page.locator(`[data-order="${placed.rid}"]`).getByRole('button', { name: '去支付' }).click();
  const pay = page.getByRole('dialog', { name: '支付订单' });
  await expect(pay.getByTestId('split-bonus')).toHaveText('¥30.00');
  await expect(pay.getByTestId('split-cash')).toHaveText('¥470.00');
  await expect(pay).toContainText('现金 ¥530.00 · 赠送金 ¥0.00');
  await pay.getByRole('button', { name: '确认支付' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText('¥530.00');

  // Cancelled from the order page: ¥470 to cash and ¥30 to 赠送金.
  await page.goto(`/member/order?rid=${placed.rid}`);
  await page.getByRole('button', { name: '取消订单' }).click();
  await page.getByRole('dialog', { name: '取消订单' }).getByRole('button', { name: '确认取消' }).click();
  await expect(toast(page, '订单已取消')).toBeVisible();
  await openPrestore(page, 'detail');
  await expect(page.getByTestId('asset-cash')).toHaveText('1000.00');
  await expect(page.getByTestId('asset-bonus')).toHaveText('30.00');
  const refund = page.locator('[data-movement="refund"]');
  await expect(refund).toContainText('现金+470.00');
  await expect(refund).toContainText('赠送金+30.00');
  await page.getByLabel('类型').selectOption('payment');
  await expect(page.locator('[data-movement]')).toHaveCount(1);
  await expect(page.locator('[data-movement="payment"]')).toContainText('赠送金-30.00');
});

test('a transfer of cash to another customer, confirmed first; both sides see it', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip);
  const finance = await staff(request, ip);
  await finance.credit(me.phone, 100_000);
  const friend = await newCustomer(await page.context().newPage(), request, ip);

  await openPrestore(page, 'transfer');
  await page.getByLabel('收款账户').fill(friend.phone);
  await page.getByLabel('转账金额').fill('2000');
  await page.getByRole('button', { name: '转账', exact: true }).last().click();
  await expect(page.getByRole('alert')).toHaveText('可用现金余额不足（现有 ¥1000.00）');
  await page.getByLabel('转账金额').fill('250.5');
  await page.getByLabel('备注').fill('课题组测试费');
  await page.getByRole('button', { name: '转账', exact: true }).last().click();
  const confirm = page.getByRole('dialog', { name: '确认转账' });
  await expect(confirm).toContainText('¥250.50');
  await confirm.getByRole('button', { name: '确认转账' }).click();
  await expect(toast(page, '转账成功')).toBeVisible();
  await expect(page.locator('[data-transfer="out"]')).toContainText('-250.50');
  await expect(page.getByTestId('asset-cash')).toHaveText('749.50');

  const theirs = await friend.call<{ list: { direction: string; amount_fen: number; note: string }[] }>(
    '/api/auth/transferApply/list',
  );
  expect(theirs.data.list).toEqual([
    expect.objectContaining({ direction: 'in', amount_fen: 25_050, note: '课题组测试费' }),
  ]);
});

test('a credit line: applied for, approved, used to pay an order, shown as 欠款 and repaid @mobile', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip, ENTERPRISE);
  const finance = await staff(request, ip);

  await openPrestore(page, 'credit');
  await page.getByLabel('申请额度').fill('3000');
  await page.getByLabel('申请说明').fill('课题组月结');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(toast(page, '信用申请已提交')).toBeVisible();
  await expect(page.locator('[data-credit-status="reviewing"]')).toContainText('审核中');

  const applications = await finance.call<{ list: { rid: string; customer: { phone: string } }[] }>(
    '/api/admin/credit/list',
    { status: 'reviewing', size: 50 },
  );
  const application = applications.data.list.find((a) => a.customer.phone === me.phone)!;
  const approved = await finance.call('/api/admin/credit/approve', {
    rid: application.rid,
    limit_fen: 200_000,
    due_days: 60,
  });
  expect(approved.code).toBe(1);
  await page.reload();
  await expect(page.getByTestId('asset-credit')).toHaveText('2000.00');

  const [item] = await demoItems(request, 1);
  const placed = await me.order([{ item_rid: item.rid }]);
  await finance.move('order/quote', { rid: placed.rid, quoted_fen: 80_000 });
  await page.goto('/member/unpaid');
  await page.locator(`[data-order="${placed.rid}"]`).getByRole('button', { name: '去支付' }).click();
  const pay = page.getByRole('dialog', { name: '支付订单' });
  // The balance cannot pay it, so credit is offered.
  await expect(pay.getByRole('radio', { name: /信用支付/ })).toBeChecked();
  await expect(pay.getByTestId('split-credit')).toHaveText('¥800.00');
  await pay.getByRole('button', { name: '确认支付' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();

  const debt = page.getByTestId('credit-debt');
  await expect(page.getByTestId('credit-owed')).toHaveText('¥800.00');
  await expect(debt).toContainText('账期 60 天');
  await finance.credit(me.phone, 50_000);
  await page.reload();
  await page.getByTestId('credit-debt').getByRole('button', { name: '还款' }).click();
  const repay = page.getByRole('dialog', { name: '信用还款' });
  await expect(repay.getByLabel('还款金额（元）')).toHaveValue('500.00');
  await repay.getByRole('button', { name: '确认还款' }).click();
  await expect(toast(page, '还款成功')).toBeVisible();
  await expect(page.getByTestId('credit-owed')).toHaveText('¥300.00');
  await expect(page.getByRole('list', { name: '资金明细' })).toContainText('信用还款');
});
