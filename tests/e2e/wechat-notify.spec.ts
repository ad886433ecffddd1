// WeChat order news end to end (issue 34, decision 0091): the customer binds WeChat in 通知设置 by
// the dev scan simulator, places an order and accepts the one-time subscriptions in the prompt;
// staff receive the samples and release the report; the dev outbox shows 样品已签收 and 检测数据已出具
// by WeChat, each once, linking to the order, and the console's 通知记录 shows them sent.
import type { Page } from '@playwright/test';
import { demoItems, expect, newCustomer, requiredParameters, staff, test, toast } from './support/orders.ts';
import { consoleSession } from './support/session.ts';

const STAFF_PHONE = '13800000000';
const SHOTS = process.env.WECHAT_SHOTS;
async function shot(page: Page, name: string) {
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

test('a customer binds WeChat, orders, and hears 样品签收 and 报告已出 once each by WeChat', async ({
  page,
  context,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip);
  const openid = `o-e2e-${ip.replaceAll('.', '-')}-${Date.now()}`;

  // 通知设置: bind by the QR code, scanned in the simulator.
  await page.goto('/member/notify');
  await expect(page.getByText('未绑定微信')).toBeVisible();
  await page.getByRole('button', { name: '绑定微信' }).click();
  await expect(page.getByRole('img', { name: '绑定微信二维码' })).toBeVisible();
  await shot(page, 'notify-bind');
  const [simulator] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: '开发环境：在新窗口模拟扫码' }).click(),
  ]);
  await simulator.getByLabel('模拟的微信用户（openid）').fill(openid);
  await simulator.getByRole('button', { name: '确认登录' }).click();
  await expect(simulator.getByRole('status')).toHaveText('扫码成功，微信已绑定，请回到个人中心');
  await simulator.close();
  await expect(page.getByText('已绑定微信，订单进展将通过微信通知您。')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: '样品签收：微信' })).toBeChecked();
  await shot(page, 'notify-settings');

  // The order, and the one prompt for the subscriptions.
  const [item] = await demoItems(request, 1);
  const added = await me.call('/api/auth/plan/add', {
    item_rid: item.rid,
    parameters: await requiredParameters(request, item.rid),
  });
  expect(added.code).toBe(1);
  await page.goto('/experiment/plan');
  await page.getByRole('button', { name: '提交订单' }).click();
  const prompt = page.getByRole('dialog', { name: '订阅微信通知' });
  await expect(prompt.getByRole('checkbox', { name: '样品签收' })).toBeChecked();
  await expect(prompt.getByRole('checkbox', { name: '报告已出' })).toBeChecked();
  await shot(page, 'notify-subscribe');
  await prompt.getByRole('button', { name: '订阅', exact: true }).click();
  await expect(toast(page, '已订阅微信通知')).toBeVisible();
  const href = await page.getByRole('link', { name: '查看订单' }).first().getAttribute('href');
  const rid = new URL(href!, 'http://x').searchParams.get('rid')!;

  // The lab receives the samples and releases the report.
  const lab = await staff(request, ip);
  await lab.move('order/receive', { rid });
  await lab.move('order/start', { rid });
  await lab.release(rid);

  // The worker sends within a second or two: both by WeChat, each once.
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?openid=${openid}`);
      return ((await res.json()) as { data: { wechat: { title: string }[] } }).data.wechat.map(
        (m) => m.title,
      );
    })
    .toEqual(['检测数据已出具', '样品已签收']);
  await page.goto(`/dev/outbox?openid=${openid}`);
  const wechat = page.getByRole('region', { name: /^微信/ });
  await expect(wechat.getByRole('listitem')).toHaveCount(2);
  await expect(wechat.getByRole('listitem').filter({ hasText: '样品已签收' })).toHaveCount(1);
  await expect(wechat.getByRole('listitem').filter({ hasText: '检测数据已出具' })).toHaveCount(1);
  await expect(wechat.getByRole('link').first()).toHaveAttribute(
    'href',
    new RegExp(`/member/order\\?rid=${rid}#samples$`),
  );
  await shot(page, 'notify-outbox');
  // The message opens the order's sample progress.
  await page.goto((await wechat.getByRole('link').first().getAttribute('href'))!);
  await expect(page.getByRole('heading', { name: '样品进度' })).toBeInViewport();

  // The console's 通知记录 of the order.
  await consoleSession(page, STAFF_PHONE);
  await page.goto(`/admin/orders/${rid}`);
  const log = page.getByRole('list', { name: '通知记录' });
  await expect(
    log.getByRole('listitem').filter({ hasText: '样品已签收' }).filter({ hasText: '微信' }),
  ).toContainText('已发送');
  await expect(
    log.getByRole('listitem').filter({ hasText: '检测数据已出具' }).filter({ hasText: '微信' }),
  ).toContainText('已发送');
  await page.getByRole('heading', { name: '通知记录' }).scrollIntoViewIfNeeded();
  await shot(page, 'notify-console');
});

test('通知设置 on a phone: the bind state and the channel table fit at 375 @mobile', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip);
  const qr = await me.call<{ ticket: string }>('/api/auth/wx/bindTicket');
  const scan = await request.post('/api/dev/wechat/scan', {
    data: { ticket: qr.data.ticket, openid: `o-m-${Date.now()}` },
  });
  expect(((await scan.json()) as { data: { status: string } }).data.status).toBe('bound');
  await page.goto('/member/notify');
  await expect(page.getByText('已绑定微信，订单进展将通过微信通知您。')).toBeVisible();
  const sms = page.getByRole('checkbox', { name: '报告已出：短信' });
  await sms.uncheck();
  await page.getByRole('button', { name: '保存设置' }).click();
  await expect(toast(page, '通知设置已保存')).toBeVisible();
  await page.reload();
  await expect(sms).not.toBeChecked();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'notify-settings');

  // The prompt at order submit fits too; 暂不订阅 records nothing.
  const [item] = await demoItems(request, 1);
  const parameters = await requiredParameters(request, item.rid);
  expect((await me.call('/api/auth/plan/add', { item_rid: item.rid, parameters })).code).toBe(1);
  await page.goto('/experiment/plan');
  await page.getByRole('button', { name: '提交订单' }).click();
  const prompt = page.getByRole('dialog', { name: '订阅微信通知' });
  await expect(prompt.getByRole('checkbox', { name: '报告已出' })).toBeChecked();
  await shot(page, 'notify-subscribe');
  await prompt.getByRole('button', { name: '暂不订阅' }).click();
  await expect(prompt).toBeHidden();
  await expect(page.getByRole('heading', { name: '订单已提交' })).toBeVisible();
});

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN';

for (const where of ['a browser', "WeChat's browser (dev provider)"] as const) {
  test(`in ${where} the prompt is the portal's own, and WeChat's script never loads`, async ({
    browser,
    baseURL,
    request,
    ip,
  }) => {
    const inWechat = where !== 'a browser';
    const context = await browser.newContext({ baseURL, ...(inWechat ? { userAgent: WECHAT_UA } : {}) });
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(r.url()));
    const me = await newCustomer(page, request, ip);
    const qr = await me.call<{ ticket: string }>('/api/auth/wx/bindTicket');
    await request.post('/api/dev/wechat/scan', {
      data: { ticket: qr.data.ticket, openid: `o-ua-${Date.now()}` },
    });
    const [item] = await demoItems(request, 1);
    const parameters = await requiredParameters(request, item.rid);
    expect((await me.call('/api/auth/plan/add', { item_rid: item.rid, parameters })).code).toBe(1);

    const shell = await page.goto('/experiment/plan');
    // The page's policy keeps scripts to our own origin: WeChat's is allowed only with an Official Account.
    expect(shell!.headers()['content-security-policy']).toContain('script-src');
    expect(shell!.headers()['content-security-policy']).not.toContain('res.wx.qq.com');
    await page.getByRole('button', { name: '提交订单' }).click();
    const prompt = page.getByRole('dialog', { name: '订阅微信通知' });
    await expect(prompt.getByRole('checkbox', { name: '样品签收' })).toBeChecked();
    await prompt.getByRole('button', { name: '订阅', exact: true }).click();
    await expect(toast(page, '已订阅微信通知')).toBeVisible();

    expect(fetched.filter((u) => u.includes('res.wx.qq.com'))).toEqual([]);
    // The open tag's code: fetched only in WeChat's browser, so other browsers' JS stays as it was.
    expect(fetched.some((u) => /\/_astro\/wechat-open-tag\.[\w-]+\.js$/.test(u))).toBe(inWechat);
    expect(fetched.some((u) => u.endsWith('/api/auth/notify/wx-config'))).toBe(inWechat);
    await context.close();
  });
}
