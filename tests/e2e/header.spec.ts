import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/base.ts';
import { devLogin } from './support/session.ts';

// Records the portal's window events so a test can see what a click asked for.
async function recordPortalEvents(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __portalEvents: { type: string; detail: unknown }[] };
    w.__portalEvents = [];
    for (const type of ['portal:open-login', 'portal:open-home-sampling']) {
      window.addEventListener(type, (e) =>
        w.__portalEvents.push({ type, detail: (e as CustomEvent).detail ?? null }),
      );
    }
  });
  return () => page.evaluate(() => (window as unknown as { __portalEvents: unknown[] }).__portalEvents);
}

const header = (page: Page) => page.getByRole('banner');

test('header links go where the spec says', async ({ page }) => {
  await page.goto('/');
  const links: [string | RegExp, string][] = [
    ['我的订单', '/member/order'],
    ['预存充值', '/member/prestore'],
    ['下单指南', '/guide'],
    ['发布需求', '/require'],
    [/实验计划/, '/experiment'],
    [/^搜索$/, '/search'],
    ['会员中心', '/member'],
    ['首页', '/'],
  ];
  for (const [name, href] of links) {
    await expect(header(page).getByRole('link', { name, exact: typeof name === 'string' })).toHaveAttribute(
      'href',
      href,
    );
  }
  await expect(header(page).getByRole('link', { name: /科研检测服务平台/ })).toHaveAttribute('href', '/');
});

test('the cart badge shows 0 when logged out', async ({ page }) => {
  await page.goto('/');
  await expect(header(page).getByRole('link', { name: /实验计划/ })).toHaveText(/实验计划\s*0/);
});

test('search opens /search in a named window and clears the box', async ({ page }) => {
  await page.goto('/');
  const box = header(page).getByRole('searchbox', { name: '站内搜索' });
  await box.fill('XRD 物相');
  const [results] = await Promise.all([page.waitForEvent('popup'), box.press('Enter')]);
  await results.waitForLoadState();
  const url = new URL(results.url());
  expect(url.pathname).toBe('/search');
  expect(url.searchParams.get('kw')).toBe('XRD 物相');
  expect(await results.evaluate(() => window.name)).toBe('search');
  await expect(box).toHaveValue('');

  // The search button targets the same named window instead of opening another one.
  await box.fill('拉曼');
  let extraPopups = 0;
  page.on('popup', () => extraPopups++);
  await header(page).getByRole('button', { name: '搜索', exact: true }).click();
  await expect.poll(() => new URL(results.url()).searchParams.get('kw')).toBe('拉曼');
  await expect(box).toHaveValue('');
  expect(extraPopups).toBe(0);
});

test('login and register ask for the login dialog; 上门取样 asks a visitor to log in', async ({ page }) => {
  const events = await recordPortalEvents(page);
  await page.goto('/');
  // Each click opens the (modal) login popup; close it before the next click.
  const closePopup = () =>
    page.getByRole('dialog', { name: '登录注册' }).getByRole('button', { name: '关闭' }).click();
  await header(page).getByRole('button', { name: '登录', exact: true }).click();
  await closePopup();
  await header(page).getByRole('button', { name: '注册', exact: true }).click();
  await closePopup();
  await header(page).getByRole('button', { name: '上门取样' }).click();
  expect(await events()).toEqual([
    { type: 'portal:open-login', detail: { panel: 'log' } },
    { type: 'portal:open-login', detail: { panel: 'reg' } },
    { type: 'portal:open-login', detail: { panel: 'log' } },
  ]);
});

test('logged in: account menu, cart badge, 上门取样 opens the sampling dialog, logout', async ({
  page,
  request,
}) => {
  const events = await recordPortalEvents(page);
  // A real session (the start-up check asks the server about the stored token), from the dev
  // login: auth.spec.ts keeps the registration and password login journeys.
  const ip = `10.200.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const { phone, record } = await devLogin(request, ip);
  await page.goto('/');
  // The persisted stores of src/lib/client/stores.ts, as a login leaves them.
  await page.evaluate((token) => {
    localStorage.setItem('portal:token', JSON.stringify(token));
    localStorage.setItem('portal:cartNum', '3'); // stale: user info says otherwise
  }, record);
  await page.reload();
  const bar = header(page);
  await expect(bar.getByRole('button', { name: '登录', exact: true })).toBeHidden();
  // The badge follows user info's cartNum (0 for a new account), not the stale stored 3.
  await expect(bar.getByRole('link', { name: /实验计划/ })).toHaveText(/实验计划\s*0/);

  await bar.getByRole('button', { name: '上门取样' }).click();
  expect(await events()).toEqual([{ type: 'portal:open-home-sampling', detail: null }]);
  // The sampling dialog (a modal) answers the event; close it to reach the header again.
  const sampling = page.getByRole('dialog', { name: '预约上门取样' });
  await expect(sampling).toBeVisible();
  await sampling.getByRole('button', { name: '关闭' }).click();
  await expect(sampling).toBeHidden();

  const account = bar.getByRole('button', { name: phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2') });
  await account.click();
  await expect(account).toHaveAttribute('aria-expanded', 'true');
  await expect(bar.getByRole('link', { name: '个人中心' })).toHaveAttribute('href', '/member');
  await bar.getByRole('button', { name: '退出登录' }).click();

  await expect(bar.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await expect(bar.getByRole('link', { name: /实验计划/ })).toHaveText(/实验计划\s*0/);
  expect(await page.evaluate(() => localStorage.getItem('portal:token'))).toBeNull();
});

test('side bar: QR popups on hover, hotline with hours, back to top', async ({ page }) => {
  await page.goto('/');
  const side = page.getByRole('complementary', { name: '快捷服务' });
  const official = side.getByRole('group', { name: '官方公众号' });
  await expect(official).toBeHidden();
  await side.getByRole('button', { name: /公众号/ }).hover();
  const qr = official.getByRole('img', { name: '官方公众号二维码' });
  await expect(qr).toBeVisible();
  // The code is scannable: shown at full size, the caption on one line (not squashed to 32 px).
  expect((await qr.boundingBox())!.width).toBe(128);
  expect((await official.getByText('扫码关注官方公众号').boundingBox())!.height).toBeLessThan(24);

  await side.getByRole('button', { name: /热线/ }).click();
  const hotline = side.getByRole('group', { name: '客服热线' });
  await expect(hotline).toContainText('400-820-6688');
  await expect(hotline).toContainText('周一至周六 8:30-18:30');

  const top = side.getByRole('button', { name: '返回顶部' });
  await expect(top).toBeHidden();
  await page.mouse.wheel(0, 1500);
  await expect(top).toBeVisible();
  await top.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('@mobile below 1024 px one side button opens all three QR codes and the hotline with its hours; wider, the full rail', async ({
  page,
}) => {
  await page.goto('/');
  const side = page.getByRole('complementary', { name: '快捷服务' });
  if (page.viewportSize()!.width >= 1024) {
    // A wide screen has room for the full rail instead.
    await expect(side.getByRole('button', { name: /公众号/ })).toBeVisible();
    await expect(side.getByRole('button', { name: '扫码与热线' })).toBeHidden();
    return;
  }
  // One button on a phone, not a stack covering the page.
  await expect(side.getByRole('button', { name: /公众号/ })).toBeHidden();
  await side.getByRole('button', { name: '扫码与热线' }).click();
  const panel = side.getByRole('group', { name: '扫码与热线' });
  await expect(panel.getByRole('img')).toHaveCount(3);
  for (const img of await panel.getByRole('img').all()) {
    await expect(img).toBeVisible();
    expect((await img.boundingBox())!.width).toBe(72);
  }
  await expect(panel.getByRole('link', { name: '400-820-6688' })).toHaveAttribute('href', /^tel:/);
  // The spec's side bar: the customer hotline with its hours, on a phone too.
  await expect(panel.getByText('服务时间：周一至周六 8:30-18:30')).toBeVisible();
  if (process.env.SIDE_SHOTS)
    await page.screenshot({ path: `${process.env.SIDE_SHOTS}/side-panel-${page.viewportSize()!.width}.png` });
  // The panel stays on the screen.
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test('footer: links, contact details, hours, three QR codes, copyright 2022', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const links: [string, string][] = [
    ['服务协议', '/license'],
    ['下单指南', '/guide'],
    ['隐私政策', '/policy'],
    ['推广返利', '/member/promotion'],
    ['新闻动态', '/list/news'],
    ['邀请有礼', '/member/invite'],
    ['关于我们', '/about'],
    ['发布需求', '/require'],
    ['能力展示', '/televised'],
    ['联系我们', '/contact'],
    ['报告真伪查询', '/verify'],
  ];
  for (const [name, href] of links) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(footer).toContainText('上海市闵行区东川路 800 号');
  await expect(footer).toContainText('400-820-6688');
  await expect(footer).toContainText('service@labportal.cn');
  await expect(footer).toContainText('周一至周六 8:30-18:30');
  for (const name of ['官方公众号', '业务咨询', '小程序下单']) {
    await expect(footer.getByRole('img', { name: `${name}二维码` })).toBeVisible();
  }
  await expect(footer).toContainText('© 2022');
});

test('a link opens the next page at its top, not at the old scroll position', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole('contentinfo').getByRole('link', { name: '下单指南' }).click();
  await expect(page).toHaveURL(/\/guide$/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // Back restores where the visitor was (the browser's own behaviour is kept).
  expect(await page.evaluate(() => history.scrollRestoration)).toBe('auto');
});

test('@mobile the menu is collapsed at 375 px and expands on tap', async ({ page, hasTouch }) => {
  // The desktop project runs this too: give it the phone's width.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const press = (target: Locator) => (hasTouch ? target.tap() : target.click());
  const toggle = header(page).getByRole('button', { name: '菜单' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(header(page).getByRole('link', { name: '下单指南' })).toBeHidden();
  await expect(header(page).getByRole('searchbox')).toBeHidden();

  await press(toggle);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(header(page).getByRole('link', { name: '下单指南' })).toBeVisible();
  await expect(header(page).getByRole('searchbox')).toBeVisible();
  await expect(header(page).getByRole('button', { name: '登录', exact: true })).toBeVisible();
  // The plan link with its badge stays in the bar.
  await expect(header(page).getByRole('link', { name: /实验计划/ })).toBeVisible();

  await press(header(page).getByRole('button', { name: '关闭菜单' }));
  await expect(header(page).getByRole('link', { name: '下单指南' })).toBeHidden();
});
