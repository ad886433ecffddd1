// A price difference in the browser (issue 16, decision 0030): staff set a prepaid order's final
// price above what was paid once its data is delivered; the customer sees 补差价 on the order,
// pays it from the balance in the pay dialog, and the order then shows it all paid.
import { demoItems, newCustomer, staff } from './support/orders.ts';
import { expect, test, toast } from './support/session.ts';

const ENTERPRISE = {
  organization: 2,
  company: '某材料科技有限公司',
  company_leader: '王总',
  company_leader_phone: '13800002222',
};

test('pay a price difference from the order page @mobile', async ({ page, request, ip }) => {
  const me = await newCustomer(page, request, ip, ENTERPRISE);
  const lab = await staff(request, ip);
  const [item] = await demoItems(request, 1);
  const order = await me.order([{ item_rid: item.rid }]);
  await lab.credit(me.phone, 50_000);
  await lab.move('order/quote', { rid: order.rid, quoted_fen: 30_000 });
  expect(await me.call('/api/auth/web/order/pay', { rid: order.rid })).toMatchObject({ code: 1 });
  await lab.move('order/receive', { rid: order.rid });
  await lab.move('order/start', { rid: order.rid });
  await lab.release(order.rid);
  expect(await lab.call('/api/admin/order/finalPrice', { rid: order.rid, final_fen: 36_000 })).toMatchObject({
    code: 1,
  });

  await page.goto(`/member/order?rid=${order.rid}`);
  await page.getByRole('button', { name: '补差价 ¥60.00' }).click();
  const dialog = page.getByRole('dialog', { name: '支付订单' });
  await expect(dialog.locator('[data-pay-amount]')).toHaveText('¥60.00');
  await dialog.getByRole('button', { name: '确认支付' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(page.getByRole('button', { name: /补差价/ })).toHaveCount(0);
  await expect(page.getByText('已付 ¥360.00')).toBeVisible();
  expect(await lab.move('order/complete', { rid: order.rid })).toBe('completed');
});
