// Accessibility (issue 19): axe-core's WCAG 2.2 AA rules find no violation on the main public,
// member and console screens, each as a user sees it.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { demoItems, newCustomer } from './support/orders.ts';
import { expect, test, consoleSession } from './support/session.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
}

test('public pages have no WCAG 2.2 AA violations', async ({ page, request }) => {
  const [item] = await demoItems(request, 1);
  const found: string[] = [];
  for (const path of [
    '/',
    '/list/news',
    '/article/c-nmr-interpretation',
    `/detail/${item.rid}`,
    '/project',
    '/require',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    found.push(...(await violations(page)).map((v) => `${path} ${v}`));
  }
  // The login dialog.
  await page.goto('/');
  await page.getByRole('button', { name: '登录' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  found.push(...(await violations(page)).map((v) => `login ${v}`));
  expect(found).toEqual([]);
});

test('member pages have no WCAG 2.2 AA violations', async ({ page, request, ip }) => {
  const me = await newCustomer(page, request, ip);
  const [item] = await demoItems(request, 1);
  const placed = await me.order([{ item_rid: item.rid }]);
  const found: string[] = [];
  for (const path of [
    '/member/center',
    '/member/information',
    '/experiment/plan',
    '/member/order',
    `/member/order?rid=${placed.rid}`,
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    found.push(...(await violations(page)).map((v) => `${path} ${v}`));
  }
  expect(found).toEqual([]);
});

test('the main console screens have no WCAG 2.2 AA violations', async ({ page }) => {
  await consoleSession(page, '13800000000');
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible();
  const found: string[] = [];
  for (const path of [
    '/admin/',
    '/admin/orders',
    '/admin/money/prestore',
    '/admin/promotions/coupons',
    '/admin/invoices',
    '/admin/catalogue/devices',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    found.push(...(await violations(page)).map((v) => `${path} ${v}`));
  }
  expect(found).toEqual([]);
});
