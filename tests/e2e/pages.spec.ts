import { expect, test } from './support/base.ts';

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
    // The footer repeats the hotline and e-mail: look inside the page body.
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: '400-820-6688' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'service@labportal.cn' })).toHaveAttribute(
      'href',
      'mailto:service@labportal.cn',
    );
    await expect(page.getByRole('heading', { name: '样品寄送地址' })).toBeVisible();
    await expect(page.getByText('上海市闵行区东川路 800 号科技园 B 座 3 层 样品接收室')).toBeVisible();
  });
});

test.describe('catalogue pages', () => {
  test('/project lists every type and links to each @mobile', async ({ page }) => {
    const res = await page.goto('/project');
    expect(res?.headers()['cache-control']).toBe('public, max-age=0, s-maxage=10');
    await expect(h1(page, '全部项目')).toBeVisible();
    await page.getByRole('navigation', { name: '服务类型' }).getByRole('link', { name: '数据分析' }).click();
    await expect(h1(page, '数据分析')).toBeVisible();
  });

  test('/project/{typeId}/{title} shows the title and filters by childId', async ({ page }) => {
    await page.goto('/project/1/送样检测');
    await expect(h1(page, '送样检测')).toBeVisible();
    const filter = page.getByRole('navigation', { name: '项目分类' });
    await expect(filter.getByRole('link', { name: /^全部/ })).toHaveAttribute('aria-current', 'page');
    await filter.getByRole('link', { name: /^结构表征/ }).click();
    await expect(page).toHaveURL(/\/project\/1\/.+\?childId=11$/);
    await expect(filter.getByRole('link', { name: /^结构表征/ })).toHaveAttribute('aria-current', 'page');
    const cards = page
      .getByRole('list', { name: '结构表征项目' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading') });
    await expect(cards.first()).toBeVisible();
    await expect(cards.filter({ hasNotText: '结构表征' })).toHaveCount(0);
    await expect(cards.filter({ hasText: '核磁' })).toHaveCount(0);
    const xrd = cards.filter({ has: page.getByRole('heading', { name: 'X 射线衍射（XRD）粉末测试' }) });
    await expect(xrd.getByText('物相鉴定')).toBeVisible();
    await expect(xrd.getByText('元/样')).toBeVisible();
    await xrd.getByRole('link', { name: '查看详情' }).click();
    await expect(page).toHaveURL(/\/detail\/xrd-powder$/);
  });

  test('the home page query form of /project goes to the canonical page', async ({ page }) => {
    await page.goto(`/project?typeId=1&childId=12&title=${encodeURIComponent('形貌表征')}`);
    await expect(page).toHaveURL(/\/project\/1\/%E5%BD%A2%E8%B2%8C%E8%A1%A8%E5%BE%81\?childId=12$/);
    await expect(h1(page, '形貌表征')).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: '项目分类' }).getByRole('link', { name: /^形貌表征/ }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('an unknown type or item shows the 404 page', async ({ page }) => {
    for (const path of ['/project/9/未知', '/detail/no-such-item']) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(h1(page, '抱歉，页面不存在')).toBeVisible();
    }
  });

  test('/detail shows the item with its price, options and instruments @mobile', async ({ page }) => {
    const res = await page.goto('/detail/xrd-onsite');
    expect(res?.headers()['cache-control']).toBe('public, max-age=0, s-maxage=10');
    await expect(h1(page, 'XRD 现场机时')).toBeVisible();
    await expect(page.getByLabel('价格')).toHaveText(/200\s*元\/机时/);
    await expect(page.getByText(/^已下单 [\d,]+ 次$/)).toBeVisible();
    await expect(page.getByText('样品数量')).toBeVisible();
    await expect(page.getByRole('heading', { name: '项目详情' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '相关仪器' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'X 射线粉末衍射仪' })).toBeVisible();
  });

  test('/televised filters by category and counts a view when an entry opens', async ({ page }) => {
    await page.goto('/televised');
    await expect(h1(page, '能力展示')).toBeVisible();
    await page.getByRole('navigation', { name: '能力分类' }).getByRole('link', { name: '谱学分析' }).click();
    await expect(page).toHaveURL(/category=/);
    const cards = page.getByRole('list', { name: '能力案例' }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    await expect(cards.filter({ hasNotText: '谱学分析' })).toHaveCount(0);
    const card = cards.first();
    const before = Number(await card.getByText(/^\d+$/).textContent());
    await card.getByRole('button', { name: '查看详情' }).click();
    const dialog = page.getByRole('dialog', { name: '能力详情' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`浏览 ${before + 1} 次`)).toBeVisible();
    await expect(card.getByText(/^\d+$/)).toHaveText(String(before + 1));
    await dialog.getByRole('button', { name: '关闭' }).click();
    await expect(dialog).toBeHidden();
  });

  test('/search finds items and articles by keyword @mobile', async ({ page }) => {
    await page.goto('/search');
    await expect(h1(page, '搜索')).toBeVisible();
    await page.getByRole('main').getByRole('searchbox', { name: '搜索项目、仪器或文章' }).fill('GIXRD');
    await page.getByRole('main').getByRole('searchbox', { name: '搜索项目、仪器或文章' }).press('Enter');
    await expect(page).toHaveURL(/\/search\?kw=GIXRD$/);
    await expect(page.getByRole('status')).toContainText('GIXRD');
    await expect(page.getByRole('heading', { name: '薄膜掠入射 XRD（GIXRD）' })).toBeVisible();
    await page.goto(`/search?kw=${encodeURIComponent('核磁')}`);
    await expect(
      page.getByRole('list', { name: '文章搜索结果' }).getByText('核磁谱图解析实战'),
    ).toBeVisible();
  });

  test('/search says so when nothing matches', async ({ page }) => {
    await page.goto('/search?kw=zzqqxx');
    await expect(page.getByText('未找到相关结果')).toBeVisible();
    await expect(page.getByRole('link', { name: '发布需求' }).last()).toHaveAttribute('href', '/require');
  });
});

test.describe('requirement form', () => {
  test('shows the first validation error, then submits and resets', async ({ page }) => {
    await page.goto('/require');
    await expect(h1(page, '发布需求')).toBeVisible();
    const toast = page.locator('[data-toast]');
    await page.getByRole('button', { name: '提交需求' }).click();
    await expect(toast.filter({ hasText: '[姓名]不能为空' })).toBeVisible();
    await expect(page.getByLabel('姓名')).toBeFocused();

    await page.getByLabel('姓名').fill('王老师');
    await page.getByLabel('手机号').fill('1380013');
    await page.getByRole('button', { name: '提交需求' }).click();
    await expect(toast.filter({ hasText: '[手机号]格式不正确' })).toBeVisible();

    await page.getByLabel('手机号').fill('13800138000');
    await page.getByLabel('邮箱').fill('wang@example.edu.cn');
    await page.getByLabel('公司/单位').fill('示例大学化学系');
    await page.getByLabel('需求内容').fill('5 个 MOF 粉末样品，需要 BET 比表面积与孔径分布测试。');
    const response = page.waitForResponse('**/api/open/indexMsg/add');
    await page.getByRole('button', { name: '提交需求' }).click();
    const body = await (await response).json();
    expect(body.code).toBe(1);
    await expect(toast.filter({ hasText: '提交成功!' })).toBeVisible();
    await expect(page.getByLabel('姓名')).toHaveValue('');
    await expect(page.getByLabel('需求内容')).toHaveValue('');
  });
});
