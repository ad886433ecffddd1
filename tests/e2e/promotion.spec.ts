// Invitations and promoters (issue 17) in the browser: a customer applies on 推广中心, a manager
// approves in the console; a friend registers with the invitation code and completes an order;
// the promoter sees the rebate frozen, then withdrawable (the e2e server freezes rebates for
// PROMOTION_FREEZE_DAYS=0.001, 86.4 s, and the test moves the server's clock past it), and asks
// for a withdrawal; the invite page shows the code, the QR code, the friend (masked) and their
// order, and downloads the poster as a PNG.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { demoItems, expect, newCustomer, requiredParameters, staff, test, toast } from './support/orders.ts';
import {
  advanceClock,
  COMPLETE_PROFILE,
  PASSWORD,
  type Envelope,
  consoleSession,
} from './support/session.ts';
import { AGREEMENT_VERSION } from '../../src/lib/shared/accounts/auth.ts';

const ENTERPRISE = {
  organization: 2,
  company: '某材料科技有限公司',
  company_leader: '王总',
  company_leader_phone: '13800002222',
};
const SHOTS = process.env.PROMOTION_SHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A friend registered with the invitation code, logged in through the API, profile complete. */
async function invitedFriend(request: APIRequestContext, ip: string, inviterCode: string) {
  const phone = `137${String(Date.now()).slice(-4)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  const headers = { 'x-real-ip': ip };
  await request.post('/api/open/code4sms', { data: { phone, useFor: 0 }, headers });
  let code = '';
  await expect
    .poll(async () => {
      const body = await (await request.get(`/api/dev/outbox?phone=${phone}`)).json();
      code = /(\d{6})/.exec(body.data?.list?.[0]?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  const signed = await request.post('/api/open/sign', {
    data: { phone, password: PASSWORD, code, inviterCode, agreement_version: AGREEMENT_VERSION },
    headers,
  });
  expect(await signed.json()).toMatchObject({ code: 1 });
  const login = await (
    await request.post('/api/open/login', { data: { account: phone, password: PASSWORD }, headers })
  ).json();
  const call = async <T>(path: string, body: unknown = {}) =>
    (await (
      await request.post(path, {
        data: body,
        headers: { ...headers, authorization: `Bearer ${login.data.token}` },
      })
    ).json()) as Envelope<T>;
  expect(
    await call('/api/auth/update4profile', {
      ...COMPLETE_PROFILE,
      ...ENTERPRISE,
      email: `f${phone}@example.com`,
    }),
  ).toMatchObject({ code: 1 });
  return { phone, call };
}

test('an invitee’s completed order gives the promoter a frozen rebate that becomes withdrawable', async ({
  page,
  request,
  ip,
  browser,
}) => {
  const admin = await staff(request, ip);
  const me = await newCustomer(page, request, ip, ENTERPRISE);

  // Apply on 推广中心.
  await page.goto('/member/promotion');
  await expect(page.getByRole('heading', { name: '成为推广员' })).toBeVisible();
  await page.getByLabel('真实姓名').fill('李推广');
  await page.getByLabel('推广渠道').fill('课题组微信群');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('推广员申请审核中')).toBeVisible();

  // A manager approves in the console (推广 → 推广员申请).
  const console = await (await browser.newContext({ extraHTTPHeaders: { 'x-real-ip': ip } })).newPage();
  await consoleSession(console, '13800000000');
  await console.goto('/admin/promotions/promoters');
  await console.getByRole('textbox', { name: '搜索推广员' }).fill(me.phone);
  const row = console.getByRole('row', { name: new RegExp(me.phone) });
  await row.getByRole('button', { name: '通过' }).click();
  await console.getByRole('dialog').getByRole('button', { name: '通过' }).click();
  await expect(console.getByText('已通过').first()).toBeVisible();
  await shot(console, 'console-promoters');

  // A friend registers with my code and completes a ¥2,000 order paid in cash → ¥160.
  const init = await me.call<{ invite_code: string }>('/api/auth/invite/init');
  const friend = await invitedFriend(request, ip, init.data.invite_code);
  await admin.credit(friend.phone, 300_000);
  const [item] = await demoItems(request, 1);
  const placed = await friend.call<{ list: { rid: string }[] }>('/api/auth/order/add', {
    items: [{ item_rid: item.rid, parameters: await requiredParameters(request, item.rid) }],
    delivery: { type: 0 },
  });
  const rid = placed.data.list?.[0]?.rid;
  expect(rid, JSON.stringify(placed)).toBeTruthy();
  await admin.move('order/quote', { rid, quoted_fen: 200_000 });
  expect(await friend.call('/api/auth/web/order/pay', { rid, idempotency_key: `pay-${rid}` })).toMatchObject({
    code: 1,
  });
  await admin.move('order/receive', { rid });
  await admin.move('order/start', { rid });
  await admin.release(rid);
  expect(await admin.move('order/complete', { rid })).toBe('completed');

  // The job worker credits the rebate: frozen first…
  await expect
    .poll(async () => (await me.call<{ frozen_fen: number }>('/api/auth/myPromotion/init')).data.frozen_fen, {
      timeout: 15_000,
    })
    .toBe(16_000);
  await page.reload();
  await expect(page.getByTestId('frozen')).toHaveText('¥160.00');
  await expect(page.getByTestId('withdrawable')).toHaveText('¥0.00');
  await expect(page.getByRole('tabpanel')).toContainText('冻结至');
  await shot(page, 'promotion-frozen-desktop');

  // …then withdrawable once the freeze is over: the server's clock moves past it (decision 0063).
  const frozen = await me.call<{ freeze_days: number }>('/api/auth/myPromotion/init');
  await advanceClock(request, frozen.data.freeze_days * 86_400 + 1);
  expect(
    (await me.call<{ withdrawable_fen: number }>('/api/auth/myPromotion/init')).data.withdrawable_fen,
  ).toBe(16_000);
  await page.reload();
  await expect(page.getByTestId('withdrawable')).toHaveText('¥160.00');

  // A withdrawal to Alipay: below the minimum is refused in the dialog, then the whole amount.
  await page.getByRole('button', { name: '申请提现' }).click();
  const dialog = page.getByRole('dialog', { name: '申请提现' });
  await dialog.getByLabel('提现金额（元）').fill('50');
  await dialog.getByRole('radio', { name: '支付宝' }).check();
  await dialog.getByLabel('收款人姓名').fill('李推广');
  await dialog.getByLabel('支付宝账号').fill('li@example.com');
  await dialog.getByRole('button', { name: '提交申请' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('单笔提现金额不能低于100.00元');
  await dialog.getByRole('button', { name: '全部' }).click();
  await dialog.getByRole('button', { name: '提交申请' }).click();
  await expect(toast(page, '提现申请已提交')).toBeVisible();
  await expect(page.getByTestId('withdrawable')).toHaveText('¥0.00');
  await page.getByRole('tab', { name: '提现记录' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('待打款');
  await shot(page, 'promotion-withdrawn-desktop');

  // The invite page: code, QR code, the friend masked, their order without amounts.
  await page.goto('/member/invite');
  await expect(page.getByTestId('invite-code')).toHaveText(init.data.invite_code);
  await expect(page.getByRole('img', { name: '邀请二维码' })).toBeVisible();
  await expect(page.getByLabel('邀请链接')).toHaveValue(new RegExp(`/invited/${init.data.invite_code}$`));
  await expect(page.getByTestId('invited-count')).toHaveText('1');
  const masked = `${friend.phone.slice(0, 3)}****${friend.phone.slice(7)}`;
  await expect(page.getByRole('cell', { name: masked, exact: true })).toBeVisible();
  await expect(page.getByText(friend.phone)).toHaveCount(0);
  await page.getByRole('button', { name: `查看 ${masked} 的订单` }).click();
  const orders = page.getByRole('dialog', { name: `${masked} 的订单` });
  await expect(orders).toContainText(item.name);
  await expect(orders).toContainText('已完成');
  await expect(orders).toContainText('返利 ¥160.00');
  await shot(page, 'invite-orders-desktop');
  await orders.press('Escape');

  // The poster: a PNG drawn in the browser.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '下载邀请海报' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`邀请海报-${init.data.invite_code}.png`);
  const png = await readFile((await download.path())!);
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect(png.length).toBeGreaterThan(20_000);
  if (SHOTS) await download.saveAs(`${SHOTS}/poster.png`);
  await shot(page, 'invite-desktop');
});

test('the invite and promotion pages fit a phone @mobile', async ({ page, request, ip }) => {
  await newCustomer(page, request, ip);
  for (const path of ['/member/invite', '/member/promotion']) {
    await page.goto(path);
    await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
    if (path === '/member/invite') await expect(page.getByRole('img', { name: '邀请二维码' })).toBeVisible();
    else await expect(page.getByRole('heading', { name: '成为推广员' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    await shot(page, `${path.split('/').pop()}-mobile`);
  }
});
