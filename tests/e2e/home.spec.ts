import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/base.ts';
import { COMPLETE_PROFILE, test as withSession } from './support/session.ts';

const section = (page: Page, name: string) => page.getByRole('region', { name });

async function hrefs(links: Locator): Promise<string[]> {
  return links.evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
}

// The promotion popup floats over the page; the tests that don't look at it close it first.
async function openHome(page: Page, { keepPromo = false } = {}) {
  if (!keepPromo) await page.addInitScript(() => sessionStorage.setItem('portal:promo-seen', '1'));
  await page.goto('/');
}

test('every home section renders', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.headers()['cache-control']).toBe('public, max-age=0, s-maxage=10');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('科研检测服务平台');
  for (const name of [
    '推荐活动',
    '服务项目',
    '热门专区',
    '服务流程',
    '热门项目',
    '能力展示',
    '文章致谢',
    '合作伙伴',
  ]) {
    await expect(section(page, name)).toBeVisible();
  }
  // Every image declares its size; everything below the first screen loads lazily.
  const images = await page.locator('main img').evaluateAll((imgs) =>
    imgs.map((img) => ({
      sized: img.hasAttribute('width') && img.hasAttribute('height'),
      lazy: img.getAttribute('loading') === 'lazy',
      top: img.getBoundingClientRect().top + window.scrollY,
    })),
  );
  expect(images.every((i) => i.sized)).toBe(true);
  expect(images.filter((i) => i.top > 1200).every((i) => i.lazy)).toBe(true);
});

test('banners: http redirects open a new tab, others go to /detail/{rid}', async ({ page }) => {
  await openHome(page);
  const links = section(page, '推荐活动').locator('a');
  const all = await links.evaluateAll((els) =>
    els.map((a) => ({ href: a.getAttribute('href') ?? '', target: a.getAttribute('target') })),
  );
  expect(all.length).toBeGreaterThanOrEqual(3);
  for (const { href, target } of all) {
    if (href.startsWith('http')) expect(target).toBe('_blank');
    else {
      expect(href).toMatch(/^\/detail\/[^/]+$/);
      expect(target).toBeNull();
    }
  }
  expect(all.some((l) => l.href.startsWith('http'))).toBe(true);
  expect(all.some((l) => l.href.startsWith('/detail/'))).toBe(true);
});

test('the banner carousel advances by pagination and by autoplay', async ({ page }) => {
  await openHome(page);
  const banner = section(page, '推荐活动');
  // Swiper's loop mode reorders slides, so find a slide by its real index.
  const slide = (index: number) => banner.locator(`.swiper-slide[data-swiper-slide-index="${index}"]`);
  const second = banner.getByRole('button', { name: '第 2 张' });
  await expect(banner.getByRole('button', { name: '第 1 张' })).toHaveAttribute('aria-current', 'true');
  await second.click();
  await expect(second).toHaveAttribute('aria-current', 'true');
  await expect(slide(1).getByRole('heading')).toBeInViewport();
  await expect(slide(0).getByRole('heading')).not.toBeInViewport();

  // Autoplay: 5 s delay, 1.5 s transition, then slide 3 is current.
  await expect(banner.getByRole('button', { name: '第 3 张' })).toHaveAttribute('aria-current', 'true', {
    timeout: 9000,
  });
});

test('service categories link to their project lists, child tags with childId', async ({ page }) => {
  await openHome(page);
  const types = section(page, '服务项目');
  for (const [id, name] of [
    [1, '送样检测'],
    [2, '预约现场'],
    [3, '数据分析'],
  ] as const) {
    const href = `/project/${id}/${encodeURIComponent(name)}`;
    await expect(types.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    const card = types
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(card.locator('img').first()).toHaveAttribute('width', /\d+/);
    const children = await hrefs(card.getByRole('list', { name: `${name}分类` }).getByRole('link'));
    expect(children.length).toBeGreaterThan(0);
    for (const h of children)
      expect(h).toMatch(new RegExp(`^${href.replace(/[?]/g, '\\?')}\\?childId=\\d+$`));
  }
  // At least one discount label is on show.
  await expect(types.getByText(/折|减|优惠|特惠/).first()).toBeVisible();
});

test('hot areas link to /project and to each area', async ({ page }) => {
  await openHome(page);
  const areas = section(page, '热门专区');
  await expect(areas.getByRole('link', { name: '查看更多热门专区' })).toHaveAttribute('href', '/project');
  const cards = areas.getByRole('listitem');
  expect(await cards.count()).toBeGreaterThan(0);
  for (const card of await cards.all()) {
    const name = (await card.getByRole('heading').textContent())!.trim();
    await expect(card.getByRole('link')).toHaveAttribute(
      'href',
      new RegExp(`^/project/[123]/${encodeURIComponent(name).replace(/[()]/g, '\\$&')}(\\?childId=\\d+)?$`),
    );
  }
  // An area with a child category lists that category's items only: 电镜专区 → 形貌表征.
  await areas.getByRole('link', { name: /电镜专区/ }).click();
  await expect(page).toHaveURL(/\/project\/1\/.+\?childId=12$/);
  await expect(page).toHaveTitle(/电镜专区 · 形貌表征/);
});

test('the process guide switches between institution and enterprise steps', async ({ page }) => {
  await openHome(page);
  const guide = section(page, '服务流程');
  const org = guide.getByRole('tab', { name: '机构客户' });
  const biz = guide.getByRole('tab', { name: '企业客户' });
  await expect(org).toHaveAttribute('aria-selected', 'true');
  const panel = guide.getByRole('tabpanel');
  await expect(panel).toHaveCount(1);
  await expect(panel).toContainText('注册并完善资料');
  await expect(panel).toContainText('上海、苏州免费上门取样');
  await expect(panel).toContainText('2 小时内电话联系');
  await expect(panel).toContainText('48 小时内寄回样品');
  await expect(panel).toContainText('测后付款');
  await expect(panel).not.toContainText('全额预付');

  await biz.click();
  await expect(biz).toHaveAttribute('aria-selected', 'true');
  await expect(org).toHaveAttribute('aria-selected', 'false');
  await expect(panel).toHaveCount(1);
  for (const step of ['专属顾问', '精准报价', '签订合同', '全额预付', '安排测试', '交付数据', '开具发票']) {
    await expect(panel).toContainText(step);
  }
  await expect(panel).not.toContainText('注册并完善资料');
});

withSession(
  'a logged-in enterprise customer sees the enterprise process first',
  async ({ page, session }) => {
    const res = await session.call('/api/auth/update4profile', {
      ...COMPLETE_PROFILE,
      email: `u${session.phone}@example.com`,
      organization: 2,
      company: '苏州示例新材料有限公司',
      company_leader: '李四',
      company_leader_phone: '13900001111',
    });
    expect(res, JSON.stringify(res)).toMatchObject({ code: 1 });
    // The user record as the header keeps it after user/info.
    await page.addInitScript((phone) => {
      localStorage.setItem('portal:user', JSON.stringify({ account: phone, organization: 2, addresses: [] }));
    }, session.phone);
    await openHome(page);
    const guide = section(page, '服务流程');
    await expect(guide.getByRole('tab', { name: '企业客户' })).toHaveAttribute('aria-selected', 'true');
    await expect(guide.getByRole('tabpanel')).toContainText('全额预付');
  },
);

test('popular items show order counts and link to /detail/{rid}', async ({ page }) => {
  await openHome(page);
  const items = section(page, '热门项目').getByRole('link');
  expect(await items.count()).toBeGreaterThanOrEqual(4);
  for (const item of await items.all()) {
    await expect(item).toHaveAttribute('href', /^\/detail\/[^/]+$/);
    await expect(item).toContainText(/已下单\s*[\d,]+\s*次/);
  }
});

test('cases open their source in a new tab or the article page; view more goes to /list/service', async ({
  page,
}) => {
  await openHome(page);
  const cases = section(page, '能力展示');
  await expect(cases.getByRole('link', { name: '查看更多能力展示' })).toHaveAttribute(
    'href',
    '/list/service',
  );
  const cards = cases.getByRole('listitem');
  expect(await cards.count()).toBeGreaterThan(0);
  for (const card of await cards.all()) {
    const link = card.getByRole('link');
    const href = (await link.getAttribute('href'))!;
    if (href.startsWith('http')) await expect(link).toHaveAttribute('target', '_blank');
    else expect(href).toMatch(/^\/article\/[^/]+$/);
    await expect(card.locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  }
});

test('the acknowledgement table: five columns, at most 5 rows, 查看原文 in a new tab', async ({ page }) => {
  await openHome(page);
  const thanks = section(page, '文章致谢');
  await expect(thanks.getByRole('link', { name: '查看更多文章致谢' })).toHaveAttribute(
    'href',
    '/list/thanks',
  );
  const table = thanks.getByRole('table');
  for (const col of ['作者信息', '服务项目', '期刊信息', '致谢内容', '文章摘要']) {
    await expect(table.getByRole('columnheader', { name: col })).toBeVisible();
  }
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  const n = await rows.count();
  expect(n).toBeGreaterThan(0);
  expect(n).toBeLessThanOrEqual(5);
  for (const row of await rows.all()) {
    const link = row.getByRole('link', { name: /查看原文/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', /^https?:\/\//);
  }
});

test('the partner strip keeps moving', async ({ page }) => {
  await openHome(page);
  const strip = section(page, '合作伙伴');
  // It starts when it comes near the viewport.
  await strip.scrollIntoViewIfNeeded();
  // Four partners (spec section 9); the loop's copies are hidden from assistive technology.
  expect(await strip.getByRole('img').count()).toBe(4);
  const wrapper = strip.locator('.swiper-wrapper');
  const position = () => wrapper.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41);
  const before = await position();
  // Within the usual expectation time: on a loaded machine the carousel's script can start late.
  await expect.poll(position).not.toBe(before);
});

test('the promotion popup closes and stays closed for the session', async ({ page }) => {
  await openHome(page, { keepPromo: true });
  const popup = page.getByRole('dialog', { name: '热门活动' });
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: '关闭活动弹窗' }).click();
  await expect(popup).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: '服务项目' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: '热门活动' })).toHaveCount(0);
});

test('@mobile the promotion is a picture on a wide screen and a one-line strip on a phone', async ({
  page,
}) => {
  await openHome(page, { keepPromo: true });
  const popup = page.getByRole('dialog', { name: '热门活动' });
  await expect(popup).toBeVisible();
  const box = (await popup.boundingBox())!;
  const phone = page.viewportSize()!.width < 640;
  await expect(popup.getByRole('img')).toBeVisible({ visible: !phone });
  // A phone keeps most of its screen: the strip is a line of text, not a third of the screen.
  if (phone) expect(box.height).toBeLessThan(72);
  else expect(box.height).toBeGreaterThan(150);
});

test('clicking the promotion opens it in a new tab and closes the popup', async ({ page, context }) => {
  // Keep the test offline: answer the external article with a stub page.
  await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>活动</title>' }),
  );
  await openHome(page, { keepPromo: true });
  const popup = page.getByRole('dialog', { name: '热门活动' });
  const link = popup.getByRole('link');
  const href = await link.getAttribute('href');
  const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await tab.waitForURL(href!);
  await expect(popup).toHaveCount(0);
});

test('@mobile the home page fits 375 px without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openHome(page);
  await expect(section(page, '文章致谢')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(
    section(page, '文章致谢')
      .getByRole('link', { name: /查看原文/ })
      .first(),
  ).toBeVisible();
});

test('every internal link of the home page leads to a page that exists', async ({ page }) => {
  await openHome(page);
  const internal = new Set(
    (await hrefs(page.getByRole('main').getByRole('link'))).filter((h) => h.startsWith('/')),
  );
  expect(internal.size).toBeGreaterThan(20);
  for (const href of internal) {
    const res = await page.request.get(href);
    expect(res.status(), href).toBe(200);
  }
  // And a click lands where the link says: a category opens its project listing.
  await section(page, '服务项目').getByRole('link', { name: '送样检测', exact: true }).click();
  await expect(page).toHaveURL(`/project/1/${encodeURIComponent('送样检测')}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('送样检测');
});
