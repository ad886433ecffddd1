// Promised turnaround (issue 32, decision 0079): the item page and the plan show the promise and
// the date if the samples arrived tomorrow; the order's due date, fixed at receipt, shows on the
// customer's and the console's order pages; a closure staff add on 工作日历 shows in the grid.
import { demoItems, expect, newCustomer, requiredParameters, staff, test } from './support/orders.ts';
import { consoleSession } from './support/session.ts';

const SHOTS = process.env.TURNAROUND_SHOTS;
const STAFF_PHONE = '13800000000';
const done = (page: import('@playwright/test').Page, text: string) =>
  expect(page.locator('[data-console-toast="ok"]')).toHaveText(text);
const width = (page: { viewportSize(): { width: number } | null }) => page.viewportSize()!.width;

test('the item page and the plan show the promise, and the order page its due date @mobile', async ({
  page,
  request,
  ip,
}) => {
  const lab = await staff(request, ip);
  const items = await demoItems(request, 1);
  const it = items[items.length - 1];
  const saved = await lab.call('/api/admin/catalogue/item/turnaround/save', {
    rid: it.rid,
    turnaround_days: 5,
    expedite_days: 2,
    expedite_fee_fen: 20000,
  });
  expect(saved, JSON.stringify(saved)).toMatchObject({ code: 1 });

  await page.goto(`/detail/${it.rid}`);
  const promise = page.getByLabel('检测周期');
  await expect(promise).toContainText('预计 5 个工作日出数据');
  await expect(promise).toContainText(/若明日送达，预计 \d{4}年\d{1,2}月\d{1,2}日 出数据/);
  await expect(promise).toContainText('可加急：2 个工作日，加急费 200元/样');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/item-${width(page)}.png`, fullPage: false });

  const me = await newCustomer(page, request, ip);
  const added = await me.call('/api/auth/plan/add', {
    item_rid: it.rid,
    parameters: await requiredParameters(request, it.rid),
  });
  expect(added, JSON.stringify(added)).toMatchObject({ code: 1 });
  await page.goto('/experiment/plan');
  await expect(page.getByLabel(`「${it.name}」检测周期`)).toContainText('预计 5 个工作日出数据');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/plan-${width(page)}.png` });

  const placed = await me.order([{ item_rid: it.rid }]);
  await lab.move('order/receive', { rid: placed.rid });
  await page.goto(`/member/order?rid=${placed.rid}`);
  await expect(page.getByLabel('预计出数据日期')).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日$/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-${width(page)}.png` });
});

test('a closure staff add on 工作日历 shows in the grid, and is taken away again @mobile', async ({
  page,
}) => {
  await consoleSession(page, STAFF_PHONE);
  await page.goto('/admin/calendar');
  await expect(page.getByRole('heading', { name: '工作日历' })).toBeVisible();
  const title = page.getByRole('heading', { level: 2 });
  const thisMonth = await title.textContent();
  await page.getByRole('button', { name: '下个月' }).click();
  await expect(title).not.toHaveText(thisMonth!);
  const grid = page.getByRole('grid', { name: `${await title.textContent()}工作日历` });
  // The desktop and phone runs share the server: each closes its own day.
  const day = grid.getByRole('button', { name: / 工作日$/ }).nth(width(page) < 600 ? 6 : 2);
  const label = (await day.getAttribute('aria-label'))!;
  const date = label.replace(/ 工作日$/, '');
  await day.click();
  await page.getByLabel('停工原因').fill('年度设备检修');
  await page.getByRole('button', { name: '设为停工' }).click();
  await done(page, '已设为停工');
  const closed = grid.getByRole('button', { name: `${date} 实验室停工 年度设备检修` });
  await expect(closed).toBeVisible();
  await expect(page.getByRole('region', { name: '本月实验室自定安排' })).toContainText('年度设备检修');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/calendar-${width(page)}.png`, fullPage: true });

  await closed.click();
  await page.getByRole('button', { name: '取消自定安排' }).click();
  await done(page, '已取消自定安排');
  await expect(grid.getByRole('button', { name: `${date} 工作日` })).toBeVisible();
});

test('the console order page shows the due date and moves it with a reason', async ({
  page,
  request,
  ip,
}) => {
  const lab = await staff(request, ip);
  const items = await demoItems(request, 1);
  const it = items[items.length - 2];
  await lab.call('/api/admin/catalogue/item/turnaround/save', { rid: it.rid, turnaround_days: 3 });
  const me = await newCustomer(page, request, ip);
  const placed = await me.order([{ item_rid: it.rid }]);
  await lab.move('order/receive', { rid: placed.rid });

  await consoleSession(page, STAFF_PHONE);
  await page.goto(`/admin/orders/${placed.rid}`);
  const due = page.getByLabel('交付日期', { exact: true });
  await expect(due).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日$/);
  await page.getByRole('button', { name: '调整' }).click();
  const input = page.locator('input[name="due_date"]');
  const current = await input.inputValue();
  const later = new Date(Date.parse(`${current}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
  await input.fill(later);
  await page.locator('input[name="reason"]').fill('客户追加测试');
  await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
  await done(page, '已调整交付日期');
  const [y, m, d] = later.split('-').map(Number);
  await expect(due).toHaveText(`${y}年${m}月${d}日`);
  await expect(page.getByText(/交付日期由 .* 调整为 .*：客户追加测试/)).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-order-${width(page)}.png` });
});
