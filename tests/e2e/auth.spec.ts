// Accounts in the browser: the login popup, the session, guards and invitations, against the
// real server (SMS_PROVIDER=log, WECHAT_PROVIDER=dev). Codes are read from the dev outbox.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test as base } from './support/base.ts';
import { advanceClock, failAlert } from './support/session.ts';
import { E2E_STAFF_PASSWORD } from './support/staff.ts';
import { AGREEMENT_VERSION } from '../../src/lib/shared/accounts/auth.ts';

const PASSWORD = 'Kettle-Lab-2026';
const NEW_PASSWORD = 'Violet-Lab-2027!';
/**
 * The server refuses a second code to one phone within a minute (any purpose): tests that need
 * one move the server's clock past it (decision 0063).
 */
const PHONE_RESEND_SECONDS = 60;

const rand = (n: number) => Math.floor(Math.random() * n);
/** A mainland mobile no other test uses. */
const newPhone = () => `139${String(rand(1e8)).padStart(8, '0')}`;
const masked = (phone: string) => phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');

// Each test gets its own client address (the e2e server trusts X-Real-IP), so the per-address
// limits of the accounts API apply per test, as they would per visitor.
const test = base.extend<{ ip: string }>({
  ip: [
    async ({ context }, use) => {
      const ip = `10.${rand(250)}.${rand(250)}.${rand(250) + 1}`;
      await context.setExtraHTTPHeaders({ 'x-real-ip': ip });
      await use(ip);
    },
    { auto: true },
  ],
});

type Purpose = '注册' | '登录' | '重置密码' | '绑定微信';

/** The newest SMS code of a purpose sent to phone, read from GET /api/dev/outbox. */
async function smsCode(request: APIRequestContext, phone: string, purpose: Purpose): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const body = await (await request.get(`/api/dev/outbox?phone=${phone}`)).json();
      const list: { text: string }[] = body.data?.list ?? [];
      const text = list.find((m) => m.text.includes(`${purpose}验证码`))?.text ?? '';
      code = /(\d{6})/.exec(text)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** Registers phone through the API (the browser flow has its own test). */
async function registerByApi(request: APIRequestContext, ip: string, phone: string): Promise<void> {
  const headers = { 'x-real-ip': ip };
  const sent = await request.post('/api/open/code4sms', { data: { phone, useFor: 0 }, headers });
  expect(await sent.json()).toMatchObject({ code: 1 });
  const code = await smsCode(request, phone, '注册');
  const signed = await request.post('/api/open/sign', {
    data: { phone, password: PASSWORD, code, inviterCode: '', agreement_version: AGREEMENT_VERSION },
    headers,
  });
  expect(await signed.json()).toMatchObject({ code: 1 });
}

const popup = (page: Page) => page.getByRole('dialog', { name: '登录注册' });
const toast = (page: Page, text: string) => page.locator('[data-toast]', { hasText: text });

async function passwordLogin(page: Page, account: string, password: string) {
  const dialog = popup(page);
  await dialog.getByLabel('用户名/手机号').fill(account);
  await dialog.getByLabel('密码', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
}

test.describe('login popup', () => {
  test('a staff account is not asked to complete a customer profile', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await passwordLogin(page, '13800000000', E2E_STAFF_PASSWORD);
    await expect(toast(page, '登录成功!')).toBeVisible();
    await expect(page.getByRole('button', { name: masked('13800000000') })).toBeVisible();
    // Staff get a way to their console: in the user menu and in the member centre.
    await page.getByRole('button', { name: masked('13800000000') }).click();
    await expect(page.getByRole('link', { name: '管理后台' })).toHaveAttribute('href', '/admin');
    await page.goto('/member/center');
    await expect(page.getByText('工作人员账号', { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: '进入管理后台' })).toHaveAttribute(
      'href',
      '/admin',
    );
    await expect(page.getByText('这是工作人员账号，无需完善客户资料。')).toBeVisible();
    await expect(page.getByRole('dialog', { name: '完善基本信息' })).toHaveCount(0);
    await expect(page.getByText('未完善基本信息无法正常下单')).toHaveCount(0);
  });

  test('register with the SMS code and the agreement, logged in at once; reload keeps the session; log out', async ({
    page,
    request,
  }) => {
    const phone = newPhone();
    await page.goto('/');
    await page.getByRole('button', { name: '注册', exact: true }).click();
    const dialog = popup(page);
    await expect(dialog.getByRole('heading', { name: '注册账号' })).toBeVisible();

    // Validation: only the first error, in the spec's words, as an error toast.
    await dialog.getByRole('button', { name: '注册', exact: true }).click();
    await expect(toast(page, '[手机号]不能为空')).toBeVisible();
    await dialog.getByLabel('手机号', { exact: true }).fill(phone);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(toast(page, '验证码已发送!')).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^\d+s后重新获取$/ })).toBeDisabled();
    await dialog.getByLabel('验证码', { exact: true }).fill(await smsCode(request, phone, '注册'));
    await dialog.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await dialog.getByLabel('确认密码').fill(`${PASSWORD}x`);
    await dialog.getByRole('button', { name: '注册', exact: true }).click();
    await expect(toast(page, '[密码]不一致')).toBeVisible();
    await dialog.getByLabel('确认密码').fill(PASSWORD);
    // PIPL: nothing is collected before the customer agrees to the agreement and the policy.
    await dialog.getByRole('button', { name: '注册', exact: true }).click();
    await expect(toast(page, '请阅读并同意《服务协议》和《隐私政策》')).toBeVisible();
    await expect(dialog.getByRole('link', { name: '《服务协议》' })).toHaveAttribute('href', '/license');
    await expect(dialog.getByRole('link', { name: '《隐私政策》' })).toHaveAttribute('href', '/policy');
    await dialog.getByLabel('我已阅读并同意《服务协议》《隐私政策》').check();
    await dialog.getByRole('button', { name: '注册', exact: true }).click();
    await expect(toast(page, '注册成功!')).toBeVisible();

    // Registered means logged in: no second login.
    await expect(dialog).toBeHidden();
    const account = page.getByRole('button', { name: masked(phone) });
    await expect(account).toBeVisible();
    // No address yet: the attestation prompt links to the profile.
    const prompt = page.getByRole('dialog', { name: '完善基本信息' });
    await expect(prompt.getByRole('link', { name: '去完善' })).toHaveAttribute('href', '/member/information');
    await prompt.getByRole('button', { name: '暂不完善' }).click();
    await expect(prompt).toBeHidden();

    await page.reload();
    await expect(account).toBeVisible();
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('portal:token') ?? 'null'));
    expect(token.access).toBeTruthy();

    await account.click();
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('portal:token'))).toBeNull();
    // The server revoked the session: the old token no longer opens user/info.
    const info = await request.post('/api/auth/user/info', {
      headers: { authorization: `Bearer ${token.access}` },
    });
    expect(info.status()).toBe(401);

    // Logging in again, with 记住密码: it keeps the account name only, never the password.
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(toast(page, '[用户名/手机号]不能为空')).toBeVisible();
    await dialog.getByLabel('记住密码').check();
    await passwordLogin(page, phone, PASSWORD);
    await expect(toast(page, '登录成功!')).toBeVisible();
    await expect(account).toBeVisible();
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).toContain(phone);
    expect(stored).not.toContain(PASSWORD);
    await account.click();
    await page.getByRole('button', { name: '退出登录' }).click();

    // The remembered account is filled in next time.
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(popup(page).getByLabel('用户名/手机号')).toHaveValue(phone);
    await expect(popup(page).getByLabel('记住密码')).toBeChecked();
  });

  test('the code button counts down 60 s, then offers a new code', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('button', { name: '注册', exact: true }).click();
    const dialog = popup(page);
    await dialog.getByLabel('手机号', { exact: true }).fill(newPhone());
    // Stop the page's clock so a slow machine cannot skip past the first second.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(dialog.getByRole('button', { name: '60s后重新获取' })).toBeDisabled();
    await page.clock.fastForward(10_000);
    await expect(dialog.getByRole('button', { name: '50s后重新获取' })).toBeDisabled();
    await page.clock.fastForward(50_000);
    await expect(dialog.getByRole('button', { name: '获取验证码' })).toBeEnabled();
  });

  test('a refused code request frees the button again (register)', async ({ page, request, ip }) => {
    const phone = newPhone();
    await registerByApi(request, ip, phone);
    await page.goto('/');
    await page.getByRole('button', { name: '注册', exact: true }).click();
    const dialog = popup(page);
    await dialog.getByLabel('手机号', { exact: true }).fill(phone);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    // A refusal from the server is the shared error alert (spec section 8).
    const refused = failAlert(page, '该手机号已注册，请直接登录');
    await expect(refused).toBeVisible();
    await refused.getByRole('button', { name: '确认' }).click();
    await expect(refused).toBeHidden();
    await expect(dialog.getByRole('button', { name: '获取验证码' })).toBeEnabled();
  });

  test('SMS code login', async ({ page, request, ip }) => {
    const phone = newPhone();
    await registerByApi(request, ip, phone);
    await page.goto('/');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    const dialog = popup(page);
    await dialog.getByRole('tab', { name: '验证码登录' }).click();
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(toast(page, '[手机号]不能为空')).toBeVisible();
    await dialog.getByLabel('手机号', { exact: true }).fill(phone);
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(toast(page, '[验证码]不能为空')).toBeVisible();

    await advanceClock(request, PHONE_RESEND_SECONDS);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(toast(page, '验证码已发送!')).toBeVisible();
    await dialog.getByLabel('验证码', { exact: true }).fill(await smsCode(request, phone, '登录'));
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(toast(page, '登录成功!')).toBeVisible();
    await expect(page.getByRole('button', { name: masked(phone) })).toBeVisible();
  });

  test('reset the password, then log in with the new one', async ({ page, request, ip }) => {
    const phone = newPhone();
    await registerByApi(request, ip, phone);
    await page.goto('/');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    const dialog = popup(page);
    await dialog.getByRole('button', { name: '忘记密码？' }).click();
    await expect(dialog.getByRole('heading', { name: '重置密码' })).toBeVisible();
    await dialog.getByLabel('手机号', { exact: true }).fill(phone);

    await advanceClock(request, PHONE_RESEND_SECONDS);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(toast(page, '验证码已发送!')).toBeVisible();
    await dialog.getByLabel('验证码', { exact: true }).fill(await smsCode(request, phone, '重置密码'));
    await dialog.getByLabel('新密码').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: '重置密码' }).click();
    await expect(toast(page, '[确认密码]不能为空')).toBeVisible();
    await dialog.getByLabel('确认密码').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: '重置密码' }).click();
    await expect(toast(page, '密码重置成功!')).toBeVisible();

    await expect(dialog.getByRole('heading', { name: '欢迎登录' })).toBeVisible();
    await expect(dialog.getByLabel('用户名/手机号')).toHaveValue(phone);
    await passwordLogin(page, phone, PASSWORD);
    const wrong = failAlert(page, '账号或密码错误');
    await expect(wrong).toBeVisible();
    await wrong.getByRole('button', { name: '确认' }).click();
    await passwordLogin(page, phone, NEW_PASSWORD);
    await expect(toast(page, '登录成功!')).toBeVisible();
    await expect(page.getByRole('button', { name: masked(phone) })).toBeVisible();
  });
});

test.describe('WeChat QR login', () => {
  async function openQr(page: Page) {
    await page.getByRole('button', { name: '登录', exact: true }).click();
    const dialog = popup(page);
    await dialog.getByRole('tab', { name: '微信扫码' }).click();
    await expect(dialog.getByRole('img', { name: '微信登录二维码' })).toBeVisible();
    return dialog.getByRole('link', { name: /模拟扫码/ });
  }

  /** Plays the phone: opens the QR's page in another tab and confirms as openid. */
  async function scan(page: Page, href: string, openid: string) {
    const phonePage = await page.context().newPage();
    await phonePage.goto(href);
    await phonePage.getByLabel('模拟的微信用户（openid）').fill(openid);
    await phonePage.getByRole('button', { name: '确认登录' }).click();
    await expect(phonePage.getByRole('status')).toContainText('扫码成功');
    await phonePage.close();
  }

  test('a new WeChat user binds a phone, then logs in by scanning alone', async ({ page, request }) => {
    const phone = newPhone();
    const openid = `e2e-${rand(1e9)}`;
    await page.goto('/');
    const simulator = await openQr(page);
    await scan(page, (await simulator.getAttribute('href'))!, openid);

    const dialog = popup(page);
    await expect(dialog.getByRole('heading', { name: '绑定手机号' })).toBeVisible();
    await dialog.getByLabel('手机号', { exact: true }).fill(phone);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(toast(page, '验证码已发送!')).toBeVisible();
    await dialog.getByLabel('验证码', { exact: true }).fill(await smsCode(request, phone, '绑定微信'));
    await dialog.getByRole('button', { name: '绑定并登录' }).click();
    await expect(toast(page, '登录成功!')).toBeVisible();
    const account = page.getByRole('button', { name: masked(phone) });
    await expect(account).toBeVisible();

    await account.click();
    await page.getByRole('button', { name: '退出登录' }).click();
    const again = await openQr(page);
    await scan(page, (await again.getAttribute('href'))!, openid);
    await expect(popup(page).getByText('扫码成功')).toBeVisible();
    await expect(toast(page, '登录成功!')).toBeVisible();
    await expect(account).toBeVisible();
  });

  test('the QR code expires after expire_seconds and can be refreshed', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const first = await (await openQr(page)).getAttribute('href');
    const dialog = popup(page);
    await page.clock.fastForward(121_000);
    await expect(dialog.getByText('二维码已过期')).toBeVisible();
    await expect(dialog.getByRole('link', { name: /模拟扫码/ })).toBeHidden();
    await dialog.getByRole('button', { name: '刷新二维码' }).click();
    await expect(dialog.getByText('二维码已过期')).toBeHidden();
    const second = await dialog.getByRole('link', { name: /模拟扫码/ }).getAttribute('href');
    expect(second).toMatch(/^\/dev\/wechat\?ticket=/);
    expect(second).not.toBe(first);
  });
});

test.describe('guards', () => {
  test('a /member/order link without a token stays put and opens the login; after login it goes there', async ({
    page,
    request,
    ip,
  }) => {
    const phone = newPhone();
    await registerByApi(request, ip, phone);
    await page.goto('/');
    await page.getByRole('link', { name: '我的订单' }).click();
    await expect(popup(page)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    await passwordLogin(page, phone, PASSWORD);
    await expect(page).toHaveURL(/\/member\/order$/);
    // The success message outlives the page the login happened on.
    await expect(toast(page, '登录成功!')).toBeVisible();
  });

  test('entering /member/center directly shows the login over it; closing goes home', async ({ page }) => {
    await page.goto('/member/center');
    await expect(popup(page).getByRole('heading', { name: '欢迎登录' })).toBeVisible();
    await popup(page).getByRole('button', { name: '关闭' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(popup(page)).toBeHidden();
  });

  test('logging in on /member/center shows the account there; logging out leaves it', async ({
    page,
    request,
    ip,
  }) => {
    const phone = newPhone();
    await registerByApi(request, ip, phone);
    await page.goto('/member/center');
    await passwordLogin(page, phone, PASSWORD);
    await expect(page).toHaveURL(/\/member\/center$/);
    await expect(page.getByText(`当前账号：${phone}`)).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  });
});

test('/invited/ABC opens the register panel with the inviter code filled', async ({ page }) => {
  await page.goto('/invited/ABC');
  await expect(page).toHaveURL(/\/$/);
  const dialog = popup(page);
  await expect(dialog.getByRole('heading', { name: '注册账号' })).toBeVisible();
  await expect(dialog.getByLabel('邀请码（选填）')).toHaveValue('ABC');
});

test('the popup fits the screen, phones included @mobile', async ({ page }) => {
  await page.goto('/member/center');
  const dialog = popup(page);
  await expect(dialog.getByRole('tab', { name: '微信扫码' })).toBeVisible();
  const width = page.viewportSize()!.width;
  for (const name of ['用户名/手机号', '密码']) {
    const box = await dialog.getByLabel(name, { exact: true }).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  }
  await dialog.getByRole('button', { name: '立即注册' }).click();
  await expect(dialog.getByRole('button', { name: '获取验证码' })).toBeInViewport();
});
