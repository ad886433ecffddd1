// No page is wider than the screen: every kind of page, public and member, at 1280 px and (the
// @mobile project) at 375 px, scrolls only downwards.
import type { Page } from '@playwright/test';
import { demoItems, expect, newCustomer, test } from './support/orders.ts';

async function overflow(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
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

test('member pages and an order with related instruments fit the screen @mobile', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip);
  const items = (await demoItems(request, 1)).filter((i) => i.rid !== 'xps');
  // XPS runs on a listed instrument: its order shows the 相关仪器 card.
  const placed = await me.order([{ item_rid: items[0].rid }, { item_rid: 'xps' }]);
  const wide: string[] = [];
  for (const path of [
    '/member/center',
    '/member/information',
    '/member/address',
    '/member/order',
    `/member/order?rid=${placed.rid}`,
    '/member/oquery',
    '/member/reservation',
    '/member/sample',
    '/member/unpaid',
    '/member/unsettled',
    '/member/prestore',
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
  ]) {
    await page.goto(path);
    const extra = await overflow(page);
    if (extra > 0) wide.push(`${path} +${extra}px`);
  }
  expect(wide).toEqual([]);
});
