// No page is wider than the screen: every kind of page, public and member, at 1280 px and (the
// @mobile project) at 375 px, scrolls only downwards.
import type { Page } from '@playwright/test';
import { demoItems, expect, newCustomer, test } from './support/orders.ts';
import { COMPLETE_PROFILE, newAccount, registerByApi } from './support/session.ts';

const SHOTS = process.env.WIDTH_SHOTS;

async function overflow(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * What in the page's main column lies outside the screen or outside its card: a table scrolled
 * sideways inside its box or a row spilling over a card's edge does not widen the page, so the
 * page's own width does not show it.
 */
async function outside(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return page.locator('main').evaluate((main) => {
    const screen = window.innerWidth;
    const found: string[] = [];
    for (const el of main.querySelectorAll<HTMLElement>('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      const card = el.parentElement?.closest<HTMLElement>('.card');
      const box = card?.getBoundingClientRect() ?? { left: 0, right: screen };
      const edge = Math.min(box.right, screen);
      if (r.right > edge + 1 || r.left < box.left - 1) {
        const name = `${el.tagName.toLowerCase()} 「${(el.textContent ?? '').trim().slice(0, 16)}」`;
        found.push(`${name} ${Math.round(r.left)}–${Math.round(r.right)}px`);
      }
    }
    return found;
  });
}

test('public pages fit the screen @mobile', async ({ page, request }) => {
  const index = (await (await request.get('/api/open/web/index')).json()) as {
    data: { hotItems: { rid: string }[] };
  };
  const devices = (await (await request.get('/api/open/web/device/search')).json()) as {
    data: { list: { rid: string }[] };
  };
  const wide: string[] = [];
  for (const path of [
    '/',
    '/project',
    '/project/1',
    '/project/2',
    `/detail/${index.data.hotItems[0].rid}`,
    '/device',
    `/device/${devices.data.list[0].rid}`,
    '/search?kw=XRD',
    '/list/news',
    '/list/thanks',
    '/article/n-launch',
    '/about/profile',
    '/guide',
    '/contact',
    '/televised',
    '/require',
    '/no-such-page',
  ]) {
    await page.goto(path);
    const extra = await overflow(page);
    if (extra > 0) wide.push(`${path} +${extra}px`);
  }
  expect(wide).toEqual([]);
});

// Two halves of the member pages, run side by side: each page waits for the network to rest.
const MEMBER_PAGES = (rid: string) => [
  [
    '/member/center',
    '/member/information',
    '/member/address',
    '/member/order',
    `/member/order?rid=${rid}`,
    '/member/oquery',
    '/member/reservation',
    '/member/sample',
    '/member/unpaid',
    '/member/unsettled',
    '/member/prestore',
  ],
  [
    '/member/prestore#records',
    '/member/prestore#detail',
    '/member/prestore#transfer',
    '/member/prestore#credit',
    '/member/coupon',
    '/member/coupon#used',
    '/member/invoiceMg',
    '/member/invoiceLs',
    '/member/communityMg',
    '/member/communityJn',
    '/experiment/plan',
    '/experiment/contract',
  ],
];

for (const half of [0, 1]) {
  test(`member pages and an order with related instruments fit the screen (part ${half + 1}) @mobile`, async ({
    page,
    request,
    ip,
  }) => {
    const me = await newCustomer(page, request, ip);
    const items = (await demoItems(request, 1)).filter((i) => i.rid !== 'xps');
    // XPS runs on a listed instrument: its order shows the 相关仪器 card.
    const placed = await me.order([{ item_rid: items[0].rid }, { item_rid: 'xps' }]);
    const wide: string[] = [];
    for (const path of MEMBER_PAGES(placed.rid)[half]) {
      await page.goto(path);
      const extra = await overflow(page);
      if (extra > 0) wide.push(`${path} +${extra}px`);
    }
    expect(wide).toEqual([]);
  });
}

test('the invite page with a friend and the group page with a group fit a phone @mobile', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip);
  const init = await me.call<{ invite_code: string }>('/api/auth/invite/init');
  await registerByApi(request, ip, init.data.invite_code);
  const group = await me.call<{ rid: string }>('/api/auth/cluster/add', {
    name: '纳米材料与能源催化课题组',
    institution: '某大学材料科学与工程学院',
    pi_name: '王教授',
  });
  expect(group.code).toBe(1);
  // One joins with the group's code (a member row with its buttons); one applies and waits.
  const { data } = await me.call<{ join_code: string }>('/api/auth/cluster/detail', { rid: group.data.rid });
  for (const apply of [
    { code: data.join_code },
    { rid: group.data.rid, message: '申请加入，做光催化测试' },
  ]) {
    const other = await newAccount(request, ip);
    await other.call('/api/auth/update4profile', {
      ...COMPLETE_PROFILE,
      email: `u${other.phone}@example.com`,
    });
    expect(await other.call('/api/auth/cluster/apply', apply)).toMatchObject({ code: 1 });
  }

  const width = page.viewportSize()!.width;
  await page.goto('/member/invite');
  const friends = page.getByRole('region', { name: '我邀请的好友' });
  const view = friends.getByRole('button', { name: /查看 .* 的订单/ });
  await expect(view).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/invite-${width}.png`, fullPage: true });
  // Scrolled down to it, the button is wholly on the screen (not cut off at the right).
  await view.scrollIntoViewIfNeeded();
  await expect(view).toBeInViewport({ ratio: 1 });
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await outside(page)).toEqual([]);

  await page.goto('/member/communityMg');
  await expect(page.locator('[data-group]')).toContainText('纳米材料与能源催化课题组');
  await expect(page.getByRole('link', { name: '月度对账单' })).toBeVisible();
  await expect(page.getByRole('button', { name: '设置限额' })).toBeVisible();
  await expect(page.getByRole('button', { name: '同意' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/communityMg-${width}.png`, fullPage: true });
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await outside(page)).toEqual([]);
});
