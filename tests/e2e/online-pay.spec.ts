// Online payment in the browser with the dev simulator (issue 14): the pay dialog's 微信支付 shows
// a QR code; paying on the simulator page (as a phone would) completes the order without a reload;
// a top-up is paid the same way and credited at once.
import { demoItems, expect, newCustomer, staff, test, toast } from './support/orders.ts';

const ENTERPRISE = {
  organization: 2,
  company: '某材料科技有限公司',
  company_leader: '王总',
  company_leader_phone: '13800002222',
};

test('an order paid with 微信支付 on the simulator is paid without a reload @mobile', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip, ENTERPRISE);
  const finance = await staff(request, ip);
  const [item] = await demoItems(request, 1);
  const placed = await me.order([{ item_rid: item.rid }]);
  await finance.move('order/quote', { rid: placed.rid, quoted_fen: 23_400 });

  await page.goto('/member/unpaid');
  await page.locator(`[data-order="${placed.rid}"]`).getByRole('button', { name: '去支付' }).click();
  const dialog = page.getByRole('dialog', { name: '支付订单' });
  // Nothing on the balance: the first online channel is offered.
  await expect(dialog.getByRole('radio', { name: /微信支付/ })).toBeChecked();
  await expect(dialog.getByRole('img', { name: '微信支付付款码' })).toBeVisible();
  await expect(dialog).toContainText('¥234.00');

  // The "phone": the simulator page the QR code points to.
  const [phone] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog.getByRole('link', { name: '开发环境：打开模拟支付页面' }).click(),
  ]);
  await phone.getByRole('button', { name: '确认支付' }).click();
  await expect(phone.getByRole('status')).toHaveText('支付成功，请返回原页面');
  await phone.close();

  await expect(toast(page, '支付成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator(`[data-order="${placed.rid}"]`)).toBeHidden();
  const detail = await me.call<{ status: string; paid_fen: number }>('/api/auth/order/detail', {
    rid: placed.rid,
  });
  expect(detail.data).toMatchObject({ status: 'awaiting_sample', paid_fen: 23_400 });
});

test('a top-up paid with 支付宝 is credited at once, with its bonus', async ({ page, request, ip }) => {
  await newCustomer(page, request, ip, ENTERPRISE);
  await page.goto('/member/prestore');
  await expect(page.locator('astro-island[component-url*="Prestore"]')).not.toHaveAttribute('ssr');
  await page.getByLabel('预存金额').fill('5000');
  await page.getByRole('button', { name: '提交预存申请' }).click();
  await expect(toast(page, '提交成功')).toBeVisible();
  await page.locator('[data-prestore="unpaid"]').getByRole('button', { name: '在线支付' }).click();
  const dialog = page.getByRole('dialog', { name: '在线支付预存' });
  await dialog.getByRole('radio', { name: '支付宝' }).check();
  await expect(dialog.getByRole('img', { name: '支付宝付款码' })).toBeVisible();
  const [phone] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog.getByRole('link', { name: '开发环境：打开模拟支付页面' }).click(),
  ]);
  await phone.getByRole('button', { name: '确认支付' }).click();
  await expect(phone.getByRole('status')).toHaveText('支付成功，请返回原页面');
  await phone.close();
  await expect(toast(page, '预存已入账')).toBeVisible();
  await expect(page.locator('[data-prestore="credited"]')).toContainText('已入账');
  await expect(page.getByTestId('asset-cash')).toHaveText('5000.00');
  await expect(page.getByTestId('asset-bonus')).toHaveText('250.00');
});
