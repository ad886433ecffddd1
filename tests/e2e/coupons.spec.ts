// Coupons in the browser (issue 15, decision 0026): claim one in the coupon centre on
// /member/coupon, pay an order with it in the pay dialog (suggested, the saving shown), see it
// under 已使用 with its order, cancel the order and see it back under 可使用; and the console's
// 优惠券 screen creating a coupon that customers can then redeem by code.
import { demoItems, newCustomer, staff } from './support/orders.ts';
import { expect, PASSWORD, registerByApi, test, toast } from './support/session.ts';

const ENTERPRISE = {
  organization: 2,
  company: '某材料科技有限公司',
  company_leader: '王总',
  company_leader_phone: '13800002222',
};

test('claim a coupon, pay an order with it, see the saving, cancel and get it back @mobile', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip, ENTERPRISE);
  const lab = await staff(request, ip);

  await page.goto('/member/coupon');
  const offer = page.locator('[data-coupon]', { hasText: '满2000减200' }).first();
  await offer.getByRole('button', { name: '领取满2000减200' }).click();
  await expect(toast(page, '领取成功')).toBeVisible();
  await expect(offer.getByRole('button', { name: '已领取' })).toBeDisabled();
  const panel = page.getByRole('tabpanel');
  await expect(panel.locator('[data-coupon]', { hasText: '满2000减200' })).toContainText('去使用');
  await expect(page.getByRole('tab', { name: /可使用/ })).toContainText('(1)');

  const [item] = await demoItems(request, 1);
  const placed = await me.order([{ item_rid: item.rid }]);
  await lab.move('order/quote', { rid: placed.rid, quoted_fen: 250_000 });
  await lab.credit(me.phone, 240_000);

  await page.goto('/member/unpaid');
  await page.locator(`[data-order="${placed.rid}"]`).getByRole('button', { name: '去支付' }).click();
  const dialog = page.getByRole('dialog', { name: '支付订单' });
  await expect(dialog.getByLabel('优惠券')).toHaveValue(/.+/);
  await expect(dialog.locator('[data-pay-discount]')).toContainText('优惠券已省 ¥200.00');
  await expect(dialog.locator('[data-pay-amount]')).toHaveText('¥2300.00');
  // Without the coupon the whole amount is due, and the balance is short.
  await dialog.getByLabel('优惠券').selectOption({ label: '不使用优惠券' });
  await expect(dialog.locator('[data-pay-amount]')).toHaveText('¥2500.00');
  await expect(dialog).toContainText('余额不足');
  await dialog.getByLabel('优惠券').selectOption({ index: 1 });
  await expect(dialog.locator('[data-pay-amount]')).toHaveText('¥2300.00');
  await dialog.getByRole('button', { name: '确认支付' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();

  await page.goto(`/member/order?rid=${placed.rid}`);
  await expect(page.locator('[data-order-coupon]')).toHaveText('优惠券「满2000减200」抵扣 ¥200.00');

  await page.goto('/member/coupon#used');
  await expect(page.getByRole('tabpanel').locator('[data-coupon]')).toContainText('抵扣 ¥200.00 · 查看订单');

  expect(await me.call('/api/auth/order/cancel', { rid: placed.rid })).toMatchObject({ code: 1 });
  await page.goto('/member/coupon');
  await expect(page.getByRole('tabpanel').locator('[data-coupon]', { hasText: '满2000减200' })).toContainText(
    '去使用',
  );
  await expect(page.getByRole('tab', { name: /已使用/ })).toContainText('(0)');
});

test('a business manager creates a coupon with a code in the console; a customer redeems it', async ({
  page,
  request,
  ip,
}) => {
  const code = `E2E${Math.floor(Math.random() * 1e8)}`;
  const manager = await registerByApi(request, ip);
  const admin = await staff(request, ip);
  expect(await admin.call('/api/admin/staff/save', { phone: manager, role: 'manager' })).toMatchObject({
    code: 1,
  });
  await page.goto('/admin/');
  await page.getByLabel('账号').fill(manager);
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByRole('link', { name: '优惠券' }).click();
  await expect(page.getByRole('table', { name: '优惠券' })).toContainText('满2000减200');

  await page.getByRole('button', { name: '新建优惠券' }).click();
  const form = page.getByRole('dialog', { name: '新建优惠券' });
  await form.getByLabel('名称').fill('春季九折券');
  await form.getByLabel('类型').selectOption('percent');
  await form.getByLabel('最高减免（元）').fill('100');
  await form.getByLabel('兑换码').fill(code);
  // The shared rules refuse a mistake before anything is sent.
  await form.getByLabel('有效天数').fill('');
  await form.getByRole('button', { name: '创建' }).click();
  await expect(form.getByRole('alert')).toHaveText('[有效天数]不能为空');
  await form.getByLabel('有效天数').fill('15');
  await form.getByRole('button', { name: '创建' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row', { name: /春季九折券/ });
  await expect(row).toContainText('9折，最高减100');
  await expect(row).toContainText(`兑换码 ${code}`);

  const customer = await page.context().newPage();
  await newCustomer(customer, request, ip);
  await customer.goto('/member/coupon');
  await customer.getByLabel('兑换码').fill(code.toLowerCase());
  await customer.getByRole('button', { name: '兑换', exact: true }).click();
  await expect(toast(customer, '兑换成功')).toBeVisible();
  await expect(
    customer.getByRole('tabpanel').locator('[data-coupon]', { hasText: '春季九折券' }),
  ).toContainText('9折，最高减100');
});

test('a 首单 coupon leaves 可使用 once the first order is paid without it @mobile', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip, ENTERPRISE);
  const lab = await staff(request, ip);
  const centre = await me.call<{ list: { rid: string; name: string }[] }>('/api/auth/discount4user/list4all');
  const first = centre.data.list.find((t) => t.name === '首单立减100')!;
  expect(await me.call('/api/auth/discount4user/add', { template_rid: first.rid })).toMatchObject({
    code: 1,
  });
  const [item] = await demoItems(request, 1);
  const placed = await me.order([{ item_rid: item.rid }]);
  await lab.move('order/quote', { rid: placed.rid, quoted_fen: 10_000 });
  await lab.credit(me.phone, 10_000);
  expect(
    await me.call('/api/auth/web/order/pay', {
      rid: placed.rid,
      coupon_rid: '',
      idempotency_key: `p${placed.rid}`,
    }),
  ).toMatchObject({ code: 1 });

  await page.goto('/member/coupon');
  await expect(page.getByRole('tab', { name: /可使用/ })).toContainText('(0)');
  await expect(page.getByRole('tabpanel')).toContainText('暂无可使用的优惠券');
  await page.getByRole('tab', { name: /已失效/ }).click();
  const ticket = page.getByRole('tabpanel').locator('[data-coupon]', { hasText: '首单立减100' });
  await expect(ticket).toContainText('已非首单');
  await expect(ticket.getByRole('link', { name: '去使用' })).toHaveCount(0);
  if (process.env.COUPON_SHOTS)
    await page.screenshot({
      path: `${process.env.COUPON_SHOTS}/coupon-first-order-${page.viewportSize()!.width}.png`,
      fullPage: true,
    });
});
