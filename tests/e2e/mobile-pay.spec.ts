// Online payment on a phone (issue 28, item 30; decision 0056): a phone's browser pays through
// the provider's mobile page (WeChat Pay H5, Alipay 手机网站支付) instead of a QR code it cannot
// scan, and comes back to /member/pay-result; inside WeChat without a bound WeChat, a clear
// message and the QR code. The dev simulator stands in for the providers' pages.
import { demoItems, expect, newCustomer, staff, test } from './support/orders.ts';

const ENTERPRISE = {
  organization: 2,
  company: '某材料科技有限公司',
  company_leader: '王总',
  company_leader_phone: '13800002222',
};
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
const WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.61(0x18003d2a) NetType/WIFI Language/zh_CN';

test.describe('in a phone browser', () => {
  test.use({ userAgent: IPHONE });

  test('an order is paid with 微信支付 H5 on the phone, without a QR code @mobile', async ({
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
    await expect(dialog.getByRole('radio', { name: /微信支付/ })).toBeChecked();
    const go = dialog.getByRole('link', { name: '前往微信支付付款' });
    await expect(go).toBeVisible();
    await expect(dialog).toContainText('¥234.00');
    await expect(dialog.getByRole('img', { name: '微信支付付款码' })).toHaveCount(0);

    // The provider's page opens in this very tab (the simulator's, standing in for h5_url).
    await go.click();
    await expect(page).toHaveURL(/\/dev\/pay\?trade=P[0-9A-F]+&redirect_url=/);
    await page.getByRole('button', { name: '确认支付' }).click();

    // …and comes back to our result page, which waits for the verified notice.
    await expect(page).toHaveURL(/\/member\/pay-result\?trade=P[0-9A-F]+$/);
    const result = page.locator('[data-pay-result]');
    await expect(result.getByRole('status')).toHaveText('支付成功');
    await expect(result).toContainText('微信支付已付 ¥234.00，订单已支付');
    await result.getByRole('link', { name: '查看订单' }).click();
    await expect(page).toHaveURL(new RegExp(`/member/order\\?rid=${placed.rid}$`));
    const detail = await me.call<{ status: string; paid_fen: number }>('/api/auth/order/detail', {
      rid: placed.rid,
    });
    expect(detail.data).toMatchObject({ status: 'awaiting_sample', paid_fen: 23_400 });
  });

  test('a top-up is paid with 支付宝 手机网站支付, and the phone may still choose a QR code @mobile', async ({
    page,
    request,
    ip,
  }) => {
    const me = await newCustomer(page, request, ip, ENTERPRISE);
    await page.goto('/member/prestore');
    await expect(page.locator('astro-island[component-url*="Prestore"]')).not.toHaveAttribute('ssr');
    await page.getByLabel('预存金额').fill('5000');
    await page.getByRole('button', { name: '提交预存申请' }).click();
    await page.locator('[data-prestore="unpaid"]').getByRole('button', { name: '在线支付' }).click();
    const dialog = page.getByRole('dialog', { name: '在线支付预存' });
    await dialog.getByRole('radio', { name: '支付宝' }).check();
    const go = dialog.getByRole('link', { name: '前往支付宝付款' });
    await expect(go).toBeVisible();

    // To pay from another device: the QR code, as on a computer.
    await dialog.getByRole('button', { name: '在电脑或其他手机上扫码支付' }).click();
    await expect(dialog.getByRole('img', { name: '支付宝付款码' })).toBeVisible();
    await dialog.getByRole('radio', { name: '微信支付' }).check();
    await dialog.getByRole('radio', { name: '支付宝' }).check();
    await expect(go).toBeVisible();

    await go.click();
    await page.getByRole('button', { name: '确认支付' }).click();
    await expect(page).toHaveURL(/\/member\/pay-result\?trade=P[0-9A-F]+$/);
    await expect(page.locator('[data-pay-result]')).toContainText('支付宝已付 ¥5000.00，预存已入账');
    await expect(page.getByRole('link', { name: '返回预存' })).toHaveAttribute('href', '/member/prestore');
    const asset = await me.call<{ cash_fen: number; bonus_fen: number }>('/api/auth/asset/init');
    expect(asset.data).toMatchObject({ cash_fen: 500_000, bonus_fen: 25_000 });
  });
});

test.describe('in WeChat’s own browser', () => {
  test.use({ userAgent: WECHAT });

  test('with no WeChat bound, 微信支付 says why and shows the QR code; 支付宝 says how to leave WeChat @mobile', async ({
    page,
    request,
    ip,
  }) => {
    const me = await newCustomer(page, request, ip, ENTERPRISE);
    const finance = await staff(request, ip);
    const [item] = await demoItems(request, 1);
    const placed = await me.order([{ item_rid: item.rid }]);
    await finance.move('order/quote', { rid: placed.rid, quoted_fen: 10_000 });

    await page.goto('/member/unpaid');
    await page.locator(`[data-order="${placed.rid}"]`).getByRole('button', { name: '去支付' }).click();
    const dialog = page.getByRole('dialog', { name: '支付订单' });
    await expect(dialog.getByRole('status')).toHaveText(
      '当前账号未绑定微信，无法在微信内直接支付。请先使用微信扫码登录绑定后重试，或在电脑等其他设备上打开本页扫码支付。',
    );
    await expect(dialog.getByRole('img', { name: '微信支付付款码' })).toBeVisible();
    await dialog.getByRole('radio', { name: '支付宝' }).check();
    await expect(dialog.getByRole('status')).toHaveText(
      '微信内无法打开支付宝。请点击右上角「…」选择「在浏览器打开」后支付，或改用微信支付。',
    );
    await expect(dialog.getByRole('img', { name: '支付宝付款码' })).toBeVisible();
  });
});
