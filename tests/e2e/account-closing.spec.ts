// Closing an account in the browser (issue 19, PIPL): /member/information explains what closing
// erases and keeps, lists what must be settled first, and closes after the password.
import { demoItems, expect, newCustomer, test, toast } from './support/orders.ts';
import { PASSWORD } from './support/session.ts';

test('a customer with nothing open closes the account with the password and is logged out', async ({
  page,
  request,
  session,
}) => {
  await page.goto('/member/information');
  const section = page.getByRole('region', { name: '注销账号' });
  await expect(section).toContainText('订单、资金流水、发票和对账单属于财务与税务记录，依法保留');
  await section.getByRole('button', { name: '注销账号' }).click();
  const dialog = page.getByRole('dialog', { name: '注销账号' });
  const confirm = dialog.getByRole('button', { name: '确认注销' });
  await expect(dialog.getByLabel('登录密码')).toBeVisible();
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('登录密码').fill('Wrong-Passw0rd');
  await dialog.getByRole('checkbox').check();
  await confirm.click();
  await expect(toast(page, '登录密码不正确')).toBeVisible();

  await dialog.getByLabel('登录密码').fill(PASSWORD);
  await confirm.click();
  const done = page.getByRole('dialog', { name: '操作成功！' });
  await expect(done).toContainText('账号已注销，感谢您使用本平台');
  await done.getByRole('button', { name: '确认' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('portal:token'))).toBeNull();
  const login = await (
    await request.post('/api/open/login', { data: { account: session.phone, password: PASSWORD } })
  ).json();
  expect(login.code).toBe(0);
});

test('a customer with an open order sees what to settle first', async ({ page, request, ip }) => {
  const me = await newCustomer(page, request, ip);
  const [item] = await demoItems(request, 1);
  await me.order([{ item_rid: item.rid }]);
  await page.goto('/member/information');
  await page.getByRole('region', { name: '注销账号' }).getByRole('button', { name: '注销账号' }).click();
  const dialog = page.getByRole('dialog', { name: '注销账号' });
  await expect(dialog.locator('[data-close-blockers]')).toContainText(
    '还有 1 个订单未完成，请等订单完成（含补差价、结算）或取消后再注销',
  );
  await expect(dialog.getByRole('button', { name: '确认注销' })).toHaveCount(0);
  await dialog.getByRole('button', { name: '知道了' }).click();
  await expect(dialog).toBeHidden();
});
