import { expect, test } from '@playwright/test';

const h1 = (page: import('@playwright/test').Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });

test.describe('content pages', () => {
  for (const [path, heading] of [
    ['/about/profile', '平台简介'],
    ['/about/culture', '企业文化'],
    ['/about/recruit', '人才招聘'],
    ['/list/news', '新闻动态'],
    ['/list/course', '培训课程'],
    ['/list/service', '服务案例'],
    ['/list/thanks', '文章致谢'],
    ['/guide', '下单指南'],
    ['/license', '用户服务协议'],
    ['/policy', '隐私政策'],
    ['/contact', '联系我们'],
  ]) {
    test(`${path} renders its heading @mobile`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(h1(page, heading)).toBeVisible();
    });
  }

  test('about pages link to each other', async ({ page }) => {
    await page.goto('/about/profile');
    const nav = page.getByRole('navigation', { name: '关于我们' });
    await expect(nav.getByRole('link', { name: '平台简介' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: '企业文化' }).click();
    await expect(h1(page, '企业文化')).toBeVisible();
    await page.getByRole('navigation', { name: '关于我们' }).getByRole('link', { name: '人才招聘' }).click();
    await expect(h1(page, '人才招聘')).toBeVisible();
  });

  test('news list paginates ten per page', async ({ page }) => {
    await page.goto('/list/news');
    const items = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect(items).toHaveCount(10);
    const pager = page.getByRole('navigation', { name: '分页' });
    await expect(pager.getByText('1', { exact: true })).toHaveAttribute('aria-current', 'page');
    const firstPageTitles = await items.getByRole('heading').allTextContents();
    await pager.getByRole('link', { name: '下一页' }).click();
    await expect(page).toHaveURL(/\/list\/news\/2$/);
    await expect(h1(page, '新闻动态')).toBeVisible();
    const secondPageTitles = await items.getByRole('heading').allTextContents();
    expect(secondPageTitles.length).toBeGreaterThan(0);
    expect(secondPageTitles.some((t) => firstPageTitles.includes(t))).toBe(false);
    await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '上一页' }).click();
    await expect(page).toHaveURL(/\/list\/news$/);
  });

  test('list items show date, sketch and cover; an article opens from the list', async ({ page }) => {
    await page.goto('/list/news');
    const row = page.getByRole('listitem').filter({ hasText: '高温 GPC 上线' });
    await expect(row.getByText(/^\d{4}-\d{2}-\d{2}$/)).toHaveText('2026-10-20');
    await expect(row.getByText('配备示差、黏度与光散射三检测器')).toBeVisible();
    const cover = row.locator('img');
    await expect(cover).toHaveAttribute('width', '480');
    await expect(cover).toHaveAttribute('height', '300');
    await row.getByRole('link', { name: /高温 GPC 上线/ }).click();
    await expect(page).toHaveURL(/\/article\/n-gpc-upgrade$/);
    await expect(h1(page, '高温 GPC 上线，可测聚烯烃分子量分布')).toBeVisible();
    await expect(page.getByText('2026-10-20')).toBeVisible();
    await expect(page.getByText('最高柱温 150 ℃')).toBeVisible();
    await page.getByRole('link', { name: '返回新闻动态' }).click();
    await expect(page).toHaveURL(/\/list\/news$/);
  });

  test('an article with an external source opens it in a new tab from the list', async ({ page }) => {
    await page.goto('/list/service');
    const link = page.getByRole('link', { name: /原位 XRD 揭示锂电正极材料的相变过程/ });
    await expect(link).toHaveAttribute('href', 'https://doi.org/10.1016/j.ensm.2026.103215');
    await expect(link).toHaveAttribute('target', '_blank');
  });

  test('an article page links its neighbours in the same list', async ({ page }) => {
    await page.goto('/article/c-nmr-interpretation');
    await expect(
      page.getByRole('navigation', { name: '当前位置' }).getByRole('link', { name: '培训课程' }),
    ).toBeVisible();
    const nav = page.getByRole('navigation', { name: '相邻文章' });
    await nav.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/article\/c-/);
  });

  test('acknowledgements show the five columns and open the original in a new tab', async ({ page }) => {
    await page.goto('/list/thanks');
    const table = page.getByRole('table');
    for (const col of ['作者信息', '服务项目', '期刊信息', '致谢内容', '文章摘要'])
      await expect(table.getByRole('columnheader', { name: col })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(11);
    const first = table.getByRole('link', { name: '查看原文' }).first();
    await expect(first).toHaveAttribute('target', '_blank');
    await expect(first).toHaveAttribute('href', /^https:\/\/doi\.org\//);
    await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '第 2 页' }).click();
    await expect(page).toHaveURL(/\/list\/thanks\/2$/);
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 812 } });
    test('acknowledgements stack as cards', async ({ page }) => {
      await page.goto('/list/thanks');
      await expect(page.getByRole('table')).toBeHidden();
      const card = page.getByRole('listitem').filter({ hasText: '王晓东' });
      await expect(card.getByText('期刊信息')).toBeVisible();
      await expect(card.getByRole('link', { name: '查看原文' })).toHaveAttribute('target', '_blank');
    });
  });

  test('contact page shows site info and the express address', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('link', { name: '400-820-6688' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'service@labportal.cn' })).toHaveAttribute(
      'href',
      'mailto:service@labportal.cn',
    );
    await expect(page.getByRole('heading', { name: '样品寄送地址' })).toBeVisible();
    await expect(page.getByText('上海市闵行区东川路 800 号科技园 B 座 3 层 样品接收室')).toBeVisible();
  });
});
