// Every kind of page under the Content-Security-Policy: no violation reported, scripts run
// (islands hydrate), and the page refuses to be framed.
import { expect, test } from './support/session.ts';

type Violation = { directive: string; blocked: string; source: string };

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { cspViolations: Violation[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push({ directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile }),
    );
  });
});

async function violations(page: import('@playwright/test').Page): Promise<Violation[]> {
  return page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations);
}

test('public pages of every kind run under the policy @mobile', async ({ page, request }) => {
  const index = (await (await request.get('/api/open/web/index')).json()) as {
    data: { hotItems: { rid: string }[] };
  };
  const devices = (await (await request.get('/api/open/web/device/search')).json()) as {
    data: { list: { rid: string }[] };
  };
  const pages = [
    '/',
    '/search?kw=XRD',
    '/project',
    '/project/1',
    `/detail/${index.data.hotItems[0].rid}`,
    '/device',
    `/device/${devices.data.list[0].rid}`,
    '/list/news',
    '/article/n-launch',
    '/list/thanks',
    '/about/profile',
    '/guide',
    '/require',
    '/televised',
    '/invited/ABC123',
    '/no-such-page',
  ];
  for (const path of pages) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await violations(page), path).toEqual([]);
  }
  // Scripts ran: the header's login button opens the login dialog (an island); on a phone it
  // sits in the menu.
  await page.goto('/');
  const menu = page.getByRole('banner').getByRole('button', { name: '菜单' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: /登录/ }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('member and experiment pages run under the policy @mobile', async ({ page, customer }) => {
  expect(customer.phone).toBeTruthy();
  for (const path of [
    '/member/center',
    '/member/information',
    '/member/address',
    '/member/order',
    '/member/reservation',
    '/experiment/plan',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await violations(page), path).toEqual([]);
  }
});

test.describe('framing', () => {
  // The browser reports the refused frame as an error, which is the point of this test.
  test.use({ allowedConsoleErrors: [/frame-ancestors|X-Frame-Options/i] });

  test('no page can be framed by another site', async ({ page, baseURL }) => {
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors|X-Frame-Options|refused to (connect|display)/i.test(m.text()))
        blocked.push(m.text());
    });
    await page.setContent(`<iframe src="${baseURL}/" width="400" height="300"></iframe>`);
    await expect.poll(() => blocked.length).toBeGreaterThan(0);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(await frame?.evaluate(() => document.title).catch(() => '')).not.toContain('检测');
  });
});
