// 更换手机号 and 修改密码 on /member/information (issue 28, item 11): a logged-in customer changes
// the password (the current one first) and the phone they log in with (a code sent to the new one).
import type { APIRequestContext } from '@playwright/test';
import { expect, failAlert, PASSWORD, test, toast } from './support/session.ts';

const NEW_PASSWORD = 'Violet-Lab-2027';
const rand = (n: number) => Math.floor(Math.random() * n);
const masked = (phone: string) => phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');

async function smsCode(request: APIRequestContext, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const body = await (await request.get(`/api/dev/outbox?phone=${phone}`)).json();
      code = /(\d{6})/.exec(body.data?.list?.[0]?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

const login = async (request: APIRequestContext, ip: string, account: string, password: string) =>
  (
    await (
      await request.post('/api/open/login', { data: { account, password }, headers: { 'x-real-ip': ip } })
    ).json()
  ).code as number;

test('a customer changes the password, then the phone, from the member centre', async ({
  page,
  request,
  ip,
  session,
}) => {
  await page.goto('/member/information');
  const account = page.getByRole('region', { name: '账号信息' });
  await expect(account).toContainText(session.phone);

  // 修改密码: the current password first; a common new one is refused.
  await account.getByRole('button', { name: '修改密码' }).click();
  const pw = page.getByRole('dialog', { name: '修改密码' });
  await pw.getByLabel('当前密码').fill('Wrong-Kettle-1');
  await pw.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
  await pw.getByLabel('确认新密码').fill(`${NEW_PASSWORD}x`);
  await pw.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '[新密码]两次输入不一致')).toBeVisible();
  await pw.getByLabel('确认新密码').fill(NEW_PASSWORD);
  await pw.getByRole('button', { name: '确定' }).click();
  await failAlert(page, '[当前密码]错误').getByRole('button', { name: '确认' }).click();
  await pw.getByLabel('当前密码').fill(PASSWORD);
  await pw.getByLabel('新密码', { exact: true }).fill('Passw0rd!');
  await pw.getByLabel('确认新密码').fill('Passw0rd!');
  await pw.getByRole('button', { name: '确定' }).click();
  await failAlert(page, '该密码过于常见').getByRole('button', { name: '确认' }).click();
  await pw.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
  await pw.getByLabel('确认新密码').fill(NEW_PASSWORD);
  await pw.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '密码修改成功!')).toBeVisible();
  await expect(pw).toBeHidden();
  expect(await login(request, ip, session.phone, PASSWORD)).toBe(0);
  expect(await login(request, ip, session.phone, NEW_PASSWORD)).toBe(1);

  // 更换手机号: the new phone, the code sent to it, and the current password.
  const next = `136${String(rand(1e8)).padStart(8, '0')}`;
  await account.getByRole('button', { name: '更换手机号' }).click();
  const ph = page.getByRole('dialog', { name: '更换手机号' });
  await ph.getByLabel('新手机号').fill(next);
  await ph.getByRole('button', { name: '获取验证码' }).click();
  await expect(toast(page, '验证码已发送!')).toBeVisible();
  await ph.getByLabel('验证码').fill(await smsCode(request, next));
  await ph.getByLabel('当前密码').fill(NEW_PASSWORD);
  await ph.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '手机号已更换，请用新手机号登录')).toBeVisible();
  await expect(ph).toBeHidden();
  await expect(account).toContainText(next);
  // Still logged in here, and the new phone is the login name from now on.
  await expect(page.getByRole('button', { name: masked(next) })).toBeVisible();
  expect(await login(request, ip, next, NEW_PASSWORD)).toBe(1);
  expect(await login(request, ip, session.phone, NEW_PASSWORD)).toBe(0);
});

test('the dialogs fit a phone screen @mobile', async ({ page, session }) => {
  await page.goto('/member/information');
  const account = page.getByRole('region', { name: '账号信息' });
  await expect(account).toContainText(session.phone);
  await account.getByRole('button', { name: '更换手机号' }).click();
  const ph = page.getByRole('dialog', { name: '更换手机号' });
  await expect(ph.getByRole('button', { name: '获取验证码' })).toBeInViewport();
  await expect(ph.getByRole('button', { name: '确定' })).toBeInViewport();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
});
