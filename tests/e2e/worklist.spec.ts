// 我的工作 and 即将超期 (issue 32, decision 0082): a technician takes a sample's work from the
// list, starts it and, with the result entered, marks it done (submitted for review); an order
// within 24 working hours of its deadline appears on the dashboard's 即将超期 with its due date,
// customer and holder. WORKLIST_SHOTS=dir keeps screenshots of both screens.
import type { APIRequestContext, Page } from '@playwright/test';
import { demoItems, expect, newCustomer, staff, test, type Staff } from './support/orders.ts';
import { consoleSession, devLogin, registerByApi } from './support/session.ts';
import { shanghaiDate } from '../../src/lib/shared/time.ts';

const SHOTS = process.env.WORKLIST_SHOTS;
const STAFF_PHONE = '13800000000';
const done = (page: Page, text: string) => expect(page.locator('[data-console-toast="ok"]')).toHaveText(text);
const width = (page: Page) => page.viewportSize()!.width;

/** A new technician: its phone and a caller of the staff API as them. */
async function technician(request: APIRequestContext, ip: string, admin: Staff) {
  const phone = await registerByApi(request, ip);
  expect(await admin.call('/api/admin/staff/save', { phone, role: 'technician' })).toMatchObject({ code: 1 });
  const token = (await devLogin(request, ip, { phone, staff: true })).record.access;
  const call = async (path: string, body: unknown) =>
    (await (
      await request.post(path, { data: body, headers: { 'x-real-ip': ip, authorization: `Bearer ${token}` } })
    ).json()) as { code: number; msg: string; data: Record<string, unknown> };
  return { phone, call };
}

/** A received order of one sample, due today (moved by hand), so it sorts first and is 即将超期. */
async function receivedToday(page: Page, request: APIRequestContext, ip: string, lab: Staff, nth: number) {
  const items = await demoItems(request, 1);
  const it = items[nth % items.length];
  const me = await newCustomer(page, request, ip);
  const placed = await me.order([{ item_rid: it.rid }]);
  await lab.move('order/receive', { rid: placed.rid });
  const moved = await lab.call('/api/admin/order/due', {
    rid: placed.rid,
    due_date: shanghaiDate(Date.now()),
    reason: '客户加急',
  });
  expect(moved, JSON.stringify(moved)).toMatchObject({ code: 1 });
  return { ...placed, item: it };
}

test('a technician takes, starts and finishes work from 我的工作 @mobile', async ({ page, request, ip }) => {
  const lab = await staff(request, ip);
  const tech = await technician(request, ip, lab);
  const order = await receivedToday(page, request, ip, lab, width(page) < 600 ? 2 : 3);

  await consoleSession(page, tech.phone);
  await page.goto('/admin/worklist');
  await expect(page.getByRole('heading', { name: '我的工作' })).toBeVisible();
  await expect(page.getByText('您还没有领取待检的工作')).toBeVisible();
  await page.getByRole('tab', { name: '全部' }).click();
  const row = page.locator('tr', { hasText: order.order_no });
  await expect(row).toContainText('即将超期');
  await expect(row).toContainText('待领取');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/worklist-all-${width(page)}.png`, fullPage: true });
  await row.getByRole('button', { name: /^领取 / }).click();
  await done(page, '已领取');
  await expect(row).toContainText('未开始');

  await page.getByRole('tab', { name: '我的' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /^开始检测 / }).click();
  await done(page, '已开始检测');
  await expect(row).toContainText('已开始');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/worklist-${width(page)}.png`, fullPage: true });

  // The result entered (as on the order page), then 完成 submits it for review.
  const rid = (await row.getAttribute('data-row'))!;
  expect(
    await tech.call('/api/admin/result/save', { rid, entries: [{ key: '_text', value: '见原始数据' }] }),
  ).toMatchObject({ code: 1 });
  await row.getByRole('button', { name: /^完成 / }).click();
  await done(page, '已提交审核');
  await expect(row).toHaveCount(0);
  const order2 = await lab.call<{ status: string }>('/api/admin/order/detail', { rid: order.rid });
  expect(order2.data.status).toBe('testing');
});

test('an order 24 working hours before its deadline is on the dashboard 即将超期 @mobile', async ({
  page,
  request,
  ip,
}) => {
  const lab = await staff(request, ip);
  const tech = await technician(request, ip, lab);
  const order = await receivedToday(page, request, ip, lab, width(page) < 600 ? 4 : 5);
  const list = await tech.call('/api/admin/worklist/list', { view: 'all' });
  const groups = list.data.groups as { items: { rows: { rid: string; order_rid: string }[] }[] }[];
  const work = groups.flatMap((g) => g.items.flatMap((i) => i.rows)).find((r) => r.order_rid === order.rid)!;
  expect(await tech.call('/api/admin/worklist/take', { rid: work.rid })).toMatchObject({ code: 1 });

  await consoleSession(page, STAFF_PHONE);
  const soon = page.getByRole('group', { name: '即将超期' });
  const row = soon.locator('tr', { hasText: order.order_no });
  await expect(row).toBeVisible();
  const [y, m, d] = shanghaiDate(Date.now()).split('-').map(Number);
  await expect(row).toContainText(`${y}年${m}月${d}日`);
  await expect(row).toContainText(tech.phone);
  await expect(row).toContainText('复旦大学');
  if (SHOTS) {
    await soon.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/dashboard-${width(page)}.png`, fullPage: true });
  }
});
