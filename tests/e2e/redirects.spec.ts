import { expect, test } from './support/base.ts';

test.describe('redirects', () => {
  for (const [from, to] of [
    ['/about', '/about/profile'],
    ['/member', '/member/center'],
    ['/experiment', '/experiment/plan'],
  ]) {
    test(`${from} answers 302 to ${to}`, async ({ request }) => {
      const res = await request.get(from, { maxRedirects: 0 });
      expect(res.status()).toBe(302);
      expect(res.headers()['location']).toBe(to);
    });
  }

  test('/about lands on the profile page @mobile', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveURL(/\/about\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: '平台简介' })).toBeVisible();
  });

  test('/invited/{code} goes home and keeps the code for registration @mobile', async ({ page }) => {
    await page.goto('/invited/ABC123');
    await expect(page).toHaveURL(/\/$/);
    const stored = await page.evaluate(() => localStorage.getItem('portal:inviterCode'));
    expect(JSON.parse(stored ?? 'null')).toBe('ABC123');
    // A later visit without a code keeps the one already saved.
    await page.goto('/invited');
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('portal:inviterCode'))).toBe(stored);
  });

  test('an unknown path shows the Chinese 404 page with status 404 @mobile', async ({ page }) => {
    const res = await page.goto('/no-such-page/here');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '抱歉，页面不存在' })).toBeVisible();
    await expect(page.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
    await page.getByRole('searchbox', { name: '搜索检测项目' }).fill('XRD');
    // The header has its own 搜索 button: use the one of the 404 page.
    await page.getByRole('main').getByRole('button', { name: '搜索' }).click();
    await expect(page).toHaveURL(/\/search\?kw=XRD$/);
  });

  test('an unknown member page answers 404 and keeps the member menu @mobile', async ({ page }) => {
    const res = await page.goto('/member/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '页面不存在' })).toBeVisible();
    await expect(page.getByRole('link', { name: '返回会员中心' })).toHaveAttribute('href', '/member/center');
    await expect(page.locator('nav[aria-label="会员菜单"] a[href="/member/address"]').first()).toBeAttached();
  });
});
