// On-site instrument reservations in the browser: the instrument list and its search, the week
// calendar, booking, the member list with cancellation, a slot lost to someone else, the login
// popup for visitors, and the calendar on a phone. Each test books on its own instrument (or its
// own day), so tests running side by side never compete for a slot.
import type { APIRequestContext, Page } from '@playwright/test';
import { test as base } from './support/base.ts';
import {
  COMPLETE_PROFILE,
  devLogin,
  expect,
  newAccount,
  storeToken,
  visitorIp,
  type Session,
} from './support/session.ts';

const SCENE_DATE_WARNING =
  '为确保现场测试的顺利进行，请您预留足够的时间用于制样和交接样品，详情请联系业务经理';
const SLOT_GONE = '该时段已被预约，请刷新后重新选择';
type Customer = Session;

const test = base.extend<{ ip: string; customer: (opts?: { browser?: boolean }) => Promise<Customer> }>({
  ip: visitorIp,
  customer: async ({ page, request, ip }, use) => {
    await use((opts) => newCustomer(page, request, ip, opts?.browser ?? true));
  },
});

/** Registers (code from the dev outbox), logs in, completes the profile; optionally hands the token to the page. */
async function newCustomer(
  page: Page,
  request: APIRequestContext,
  ip: string,
  browser: boolean,
): Promise<Customer> {
  const account = await newAccount(request, ip);
  expect(
    await account.call('/api/auth/update4profile', {
      ...COMPLETE_PROFILE,
      email: `u${account.phone}@example.com`,
    }),
  ).toMatchObject({ code: 1 });
  if (browser) await storeToken(page, account.record);
  return account;
}

/** Calls the staff API as the seeded demo staff account (a console session from the dev login). */
async function staffCall<T>(request: APIRequestContext, ip: string, path: string, body: unknown): Promise<T> {
  const headers = { 'x-real-ip': ip };
  const { record } = await devLogin(request, ip, { phone: '13800000000', staff: true });
  const res = await (
    await request.post(`/api/admin/${path}`, {
      data: body,
      headers: { ...headers, authorization: `Bearer ${record.access}` },
    })
  ).json();
  expect(res, JSON.stringify(res)).toMatchObject({ code: 1 });
  return res.data as T;
}

// Dates as the calendar shows them, in Shanghai time (the browser runs in Asia/Shanghai too).
const DAY = 86_400_000;
const shanghaiToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
}
/** The Monday of the week `weeks` after this one. */
function mondayIn(weeks: number): string {
  const today = shanghaiToday();
  const week = new Date(`${today}T00:00:00Z`).getUTCDay();
  return addDays(today, -((week + 6) % 7) + weeks * 7);
}
const WEEKDAY = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
/** The accessible name of a slot cell: '11月24日 周二 08:30–09:30 可预约'. */
function slotName(date: string, from: string, to: string, status = '可预约'): string {
  const d = new Date(`${date}T00:00:00Z`);
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日 ${WEEKDAY[d.getUTCDay()]} ${from}–${to} ${status}`;
}
const iso = (date: string, time: string) => `${date}T${time}:00+08:00`;

/** Opens an instrument page and moves the calendar `weeks` weeks ahead. */
async function openWeek(page: Page, rid: string, weeks: number) {
  await page.goto(`/device/${rid}`);
  const next = page.getByRole('button', { name: '下一周' });
  for (let i = 0; i < weeks; i++) {
    await expect(next).toBeEnabled();
    await next.click();
  }
  await expect(page.getByRole('group', { name: '切换周' })).toContainText(monthDayText(mondayIn(weeks)));
  await expect(next).toBeEnabled();
}
const monthDayText = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;

test('the instrument list: header link, category filter, search by model; a card opens the instrument', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: '仪器预约' }).click();
  await expect(page).toHaveURL(/\/device$/);
  await expect(page.getByRole('heading', { level: 1, name: '仪器预约' })).toBeVisible();
  const cards = page.getByRole('list', { name: '可预约仪器' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();

  await page.getByRole('navigation', { name: '仪器类别' }).getByRole('link', { name: '电子显微镜' }).click();
  await expect(page).toHaveURL(/category=/);
  await expect(cards.first()).toBeVisible();
  await expect(cards.filter({ hasNotText: '电子显微镜' })).toHaveCount(0);
  await page.getByRole('link', { name: '全部仪器' }).click();
  await page.getByRole('searchbox', { name: '搜索仪器' }).fill('Sigma 300');
  await page.getByRole('searchbox', { name: '搜索仪器' }).press('Enter');
  await expect(page).toHaveURL(/kw=Sigma/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(/400\s*元\/小时/);
  await expect(cards.first()).toContainText('最短 60 分钟');
  await expect(cards.first()).toContainText('提前 24 小时');
  await page.getByRole('searchbox', { name: '搜索仪器' }).fill('没有这种仪器');
  await page.getByRole('searchbox', { name: '搜索仪器' }).press('Enter');
  await expect(page.getByText('没有找到匹配的仪器')).toBeVisible();
  await page.getByRole('searchbox', { name: '搜索仪器' }).fill('苏州');
  await page.getByRole('searchbox', { name: '搜索仪器' }).press('Enter');
  await expect(cards.first()).toBeVisible();
  await expect(cards.filter({ hasNotText: '苏州' })).toHaveCount(0);

  await page.getByRole('searchbox', { name: '搜索仪器' }).fill('Sigma 300');
  await page.getByRole('searchbox', { name: '搜索仪器' }).press('Enter');
  await cards.first().getByRole('link', { name: '预约 场发射扫描电子显微镜' }).click();
  await expect(page).toHaveURL(/\/device\/dev-sem-sigma300$/);
  await expect(page.getByRole('heading', { level: 1, name: '场发射扫描电子显微镜' })).toBeVisible();
  await expect(page.getByLabel('价格')).toHaveText(/400\s*元\/小时/);
  await expect(page.getByLabel('预约规则')).toContainText('60 分钟');
  // The week calendar: this week first, no way back from it.
  await expect(page.getByRole('button', { name: '上一周' })).toBeDisabled();
  await expect(page.getByRole('group', { name: '切换周' })).toContainText(monthDayText(mondayIn(0)));
  await expect(page.getByText('周日不开放预约。')).toBeVisible();
});

test('the site search lists matching instruments and leads to the instrument search', async ({ page }) => {
  await page.goto(`/search?kw=${encodeURIComponent('衍射')}`);
  const found = page.getByRole('list', { name: '仪器搜索结果' }).getByRole('listitem');
  await expect(found.first()).toBeVisible();
  await expect(found.filter({ hasText: 'X 射线粉末衍射仪' })).toHaveCount(1);
  await page.getByRole('link', { name: '在仪器预约中查看全部' }).click();
  await expect(page).toHaveURL(/\/device\?kw=/);
  await expect(page.getByRole('searchbox', { name: '搜索仪器' })).toHaveValue('衍射');
  await page.goBack();
  await found.filter({ hasText: 'X 射线粉末衍射仪' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/device\/dev-xrd-d8$/);
});

test('book two contiguous slots, see it in 我的预约, cancel it, the slots are free again', async ({
  page,
  customer,
}) => {
  await customer();
  const day = addDays(mondayIn(2), 1); // a Tuesday two weeks ahead: past any lead time
  await openWeek(page, 'dev-sem-sigma300', 2);

  const first = page.getByRole('button', { name: slotName(day, '08:30', '09:30') });
  const second = page.getByRole('button', { name: slotName(day, '09:30', '10:30') });
  await first.click();
  await second.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  const picked = page.getByLabel('已选时段');
  await expect(picked).toContainText(day);
  await expect(picked).toContainText('08:30–10:30');
  await expect(picked).toContainText('2 小时（2 个时段）');
  await expect(picked).toContainText('¥800.00');

  await page.getByLabel('备注').fill('带两块样品');
  await page.getByRole('button', { name: '立即预约' }).click();
  await expect(page.getByRole('heading', { name: '预约成功' })).toBeVisible();
  await expect(page.getByText(SCENE_DATE_WARNING)).toBeVisible();
  const orderNo = (await page.getByLabel('预约结果').locator('dd').first().textContent())?.trim() ?? '';
  expect(orderNo).not.toBe('');
  await expect(page.getByRole('link', { name: '查看订单' })).toHaveAttribute(
    'href',
    /^\/member\/order\?rid=.+/,
  );
  // The pickup form's limit: the on-site date is kept in the scene store.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('portal:scene') ?? 'null'))).toMatchObject(
    {
      date: day,
    },
  );
  // The pickup form knows the on-site date now and warns about it.
  await page.getByRole('banner').getByRole('button', { name: '上门取样' }).click();
  const sampling = page.getByRole('dialog', { name: '预约上门取样' });
  await expect(sampling.getByText(SCENE_DATE_WARNING)).toBeVisible();
  await sampling.getByRole('button', { name: '关闭' }).click();
  await expect(sampling).toBeHidden();
  // The calendar refreshed: both slots are taken now.
  await expect(first).toHaveCount(0);
  await expect(page.getByText(slotName(day, '08:30', '09:30', '已约满'))).toBeAttached();

  await page.getByRole('link', { name: '我的预约' }).click();
  await expect(page).toHaveURL(/\/member\/reservation$/);
  const rows = page.getByRole('list', { name: '即将开始的预约' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText('场发射扫描电子显微镜');
  await expect(row).toContainText(`${day} 周二 08:30–10:30`);
  await expect(row).toContainText('¥800.00');
  await expect(row).toContainText(orderNo);
  await expect(row).toContainText('备注：带两块样品');
  await expect(row).toContainText(/可在 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 前取消/);

  await row.getByRole('button', { name: /^取消预约/ }).click();
  const confirm = page.getByRole('dialog', { name: '取消预约' });
  await expect(confirm.getByRole('button', { name: '再想想' })).toBeVisible();
  await confirm.getByRole('button', { name: '确认取消' }).click();
  await expect(page.getByText('暂无待上机的预约')).toBeVisible();
  // No on-site date any more: pickups are no longer limited by it.
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('portal:scene') ?? 'null')?.date ?? null))
    .toBeNull();
  await page.getByRole('tab', { name: '已取消' }).click();
  const cancelled = page.getByRole('list', { name: '已取消的预约' }).getByRole('listitem');
  await expect(cancelled).toHaveCount(1);
  await expect(cancelled.first()).toContainText('已取消');
  await expect(cancelled.first().getByRole('button', { name: /^取消预约/ })).toHaveCount(0);

  // Free again for everyone.
  await openWeek(page, 'dev-sem-sigma300', 2);
  await expect(page.getByRole('button', { name: slotName(day, '08:30', '09:30') })).toBeVisible();
  await expect(page.getByRole('button', { name: slotName(day, '09:30', '10:30') })).toBeVisible();
});

test('a slot booked by someone else meanwhile: the message shows and the calendar refreshes', async ({
  page,
  customer,
}) => {
  await customer();
  const other = await customer({ browser: false });
  const day = addDays(mondayIn(2), 2); // Wednesday

  await openWeek(page, 'dev-sem-regulus', 2);
  const slot = page.getByRole('button', { name: slotName(day, '10:30', '11:30') });
  await slot.click();
  await expect(slot).toHaveAttribute('aria-pressed', 'true');

  // The other customer takes it first.
  const taken = await other.call('/api/auth/reservation/add', {
    device_rid: 'dev-sem-regulus',
    start: iso(day, '10:30'),
    end: iso(day, '11:30'),
  });
  expect(taken).toMatchObject({ code: 1 });

  await page.getByRole('button', { name: '立即预约' }).click();
  await expect(page.getByRole('alert')).toHaveText(SLOT_GONE);
  await expect(page.getByRole('heading', { name: '预约成功' })).toHaveCount(0);
  await expect(slot).toHaveCount(0);
  await expect(page.getByText(slotName(day, '10:30', '11:30', '已约满'))).toBeAttached();
  await expect(page.getByRole('button', { name: '立即预约' })).toBeDisabled();
  // The next slot is still there to choose.
  await page.getByRole('button', { name: slotName(day, '11:30', '12:30') }).click();
  await expect(page.getByRole('button', { name: '立即预约' })).toBeEnabled();
});

test('a visitor who is not logged in gets the login popup instead of a booking', async ({ page }) => {
  await openWeek(page, 'dev-raman-labram', 1);
  // The legend tells slots that have begun (已过) from those inside the lead time (需提前预约).
  const legend = page.getByRole('list', { name: '图例' });
  await expect(legend).toContainText('需提前预约');
  await expect(legend).toContainText('已过');
  const day = addDays(mondayIn(1), 4); // Friday
  await page.getByRole('button', { name: slotName(day, '14:30', '15:30') }).click();
  await page.getByRole('button', { name: '立即预约' }).click();
  const popup = page.getByRole('dialog', { name: '登录注册' });
  await expect(popup.getByRole('heading', { name: '欢迎登录' })).toBeVisible();
  // Nothing was booked: the slot is still free and selected.
  await popup.getByRole('button', { name: '关闭' }).first().click();
  await expect(page.getByRole('button', { name: slotName(day, '14:30', '15:30') })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('picking slots: Shift-click extends over free slots, a click on an end shrinks, 清除选择 clears', async ({
  page,
}) => {
  await openWeek(page, 'dev-raman-labram', 1);
  const day = addDays(mondayIn(1), 3); // Thursday
  const slot = (from: string, to: string) => page.getByRole('button', { name: slotName(day, from, to) });
  const picked = page.getByLabel('已选时段');
  const book = page.getByRole('button', { name: '立即预约' });
  await expect(book).toBeDisabled();

  await slot('09:30', '10:30').click();
  await slot('12:30', '13:30').click({ modifiers: ['Shift'] });
  for (const [from, to] of [
    ['09:30', '10:30'],
    ['10:30', '11:30'],
    ['11:30', '12:30'],
    ['12:30', '13:30'],
  ])
    await expect(slot(from, to)).toHaveAttribute('aria-pressed', 'true');
  await expect(picked).toContainText('09:30–13:30');
  await expect(picked).toContainText('4 小时（4 个时段）');
  await expect(picked).toContainText('¥1200.00');

  await slot('09:30', '10:30').click();
  await expect(slot('09:30', '10:30')).toHaveAttribute('aria-pressed', 'false');
  await expect(picked).toContainText('10:30–13:30');
  // A plain click away from the selection starts a new one.
  await slot('15:30', '16:30').click();
  await expect(picked).toContainText('15:30–16:30');
  await expect(slot('11:30', '12:30')).toHaveAttribute('aria-pressed', 'false');
  await expect(book).toBeEnabled();

  await page.getByRole('button', { name: '清除选择' }).click();
  await expect(page.getByText('请在日历中选择可预约的时段')).toBeVisible();
  await expect(book).toBeDisabled();
});

test('the calendar works on a phone: one day at a time, book and see the success @mobile', async ({
  page,
  customer,
}, testInfo) => {
  await customer();
  // The desktop and phone runs of this test book different days of the same instrument.
  const phone = testInfo.project.name === 'mobile';
  const day = addDays(mondayIn(3), phone ? 3 : 4);

  await openWeek(page, 'dev-nmr-400', 3);
  // No sideways scrolling of the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  const tab = page.getByRole('tab', { name: new RegExp(monthDayText(day)) });
  if (phone) {
    await expect(page.locator('[data-calendar=week]')).toBeHidden();
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    // The day tabs follow the arrow keys.
    await page.keyboard.press('ArrowRight');
    await expect(tab).toHaveAttribute('aria-selected', 'false');
    await page.keyboard.press('ArrowLeft');
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(tab).toBeFocused();
  }
  const a = page.getByRole('button', { name: slotName(day, '13:30', '14:00') });
  const b = page.getByRole('button', { name: slotName(day, '14:00', '14:30') });
  await a.click();
  await b.click();
  await expect(page.getByLabel('已选时段')).toContainText('13:30–14:30');
  await expect(page.getByLabel('已选时段')).toContainText('¥150.00');
  await page.getByRole('button', { name: '立即预约' }).click();
  await expect(page.getByRole('heading', { name: '预约成功' })).toBeVisible();
  await expect(page.getByText(SCENE_DATE_WARNING)).toBeVisible();
  await expect(page.getByRole('link', { name: '我的预约' })).toBeVisible();
});

test('own equipment: register it, attach it to a booking, the staff review shows in 我的预约', async ({
  page,
  customer,
  request,
  ip,
}) => {
  const me = await customer();
  const day = addDays(mondayIn(2), 3); // Thursday

  await page.goto('/member/reservation');
  await expect(page.getByText('暂无待上机的预约')).toBeVisible();
  await page.getByRole('button', { name: '登记设备' }).click();
  const form = page.getByRole('dialog', { name: '登记自带设备' });
  await form.getByRole('button', { name: '提交审核' }).click();
  await expect(page.locator('[data-toast="error"]', { hasText: '[设备名称]不能为空' })).toBeVisible();
  await form.getByLabel('设备名称').fill('原位拉伸台');
  await form.getByLabel('型号').fill('Deben 5kN');
  await form.getByLabel('设备说明').fill('SEM 原位拉伸，需 220V 供电');
  await form.getByRole('button', { name: '提交审核' }).click();
  await expect(form).toBeHidden();
  const equipment = page.getByRole('list', { name: '登记的设备' }).getByRole('listitem');
  await expect(equipment).toHaveCount(1);
  await expect(equipment.first()).toContainText('原位拉伸台');
  await expect(equipment.first()).toContainText('待审核');

  await openWeek(page, 'dev-afm-icon', 2);
  await page.getByRole('button', { name: slotName(day, '10:30', '11:30') }).click();
  await page
    .getByRole('group', { name: '自带设备' })
    .getByRole('checkbox', { name: /原位拉伸台/ })
    .check();
  await page.getByRole('button', { name: '立即预约' }).click();
  await expect(page.getByRole('heading', { name: '预约成功' })).toBeVisible();
  // Equipment serves one upcoming session at a time.
  await page.getByRole('button', { name: '继续预约其他时段' }).click();
  const attached = page
    .getByRole('group', { name: '自带设备' })
    .getByRole('checkbox', { name: /原位拉伸台/ });
  await expect(attached).toBeDisabled();
  await expect(page.getByRole('group', { name: '自带设备' })).toContainText('已关联其他预约');

  // Staff approve the equipment with a note.
  const list = await me.call<{ list: { rid: string; reservation_rid: string | null }[] }>(
    '/api/auth/tempDevice/list',
    { page: 1, size: 10 },
  );
  expect(list.data.list[0]?.reservation_rid).toBeTruthy();
  await staffCall(request, ip, 'tempDevice/operate', {
    rid: list.data.list[0]!.rid,
    action: 'approve',
    note: '请提前 30 分钟到场安装',
  });

  await page.goto('/member/reservation');
  const row = page.getByRole('list', { name: '即将开始的预约' }).getByRole('listitem').first();
  await expect(row).toContainText('原子力显微镜');
  await expect(row).toContainText('自带设备：原位拉伸台（已通过）');
  await expect(equipment.first()).toContainText('已通过');
  await expect(equipment.first()).toContainText('审核意见：请提前 30 分钟到场安装');
  await expect(equipment.first().getByRole('button', { name: '删除' })).toHaveCount(0);
});

test('a maintenance block shows as 维护中 with its reason and cannot be picked', async ({
  page,
  request,
  ip,
}) => {
  const day = addDays(mondayIn(2), 5); // Saturday
  await staffCall(request, ip, 'block/add', {
    kind: 'maintenance',
    device_rid: 'dev-confocal-lsm980',
    start: iso(day, '08:30'),
    end: iso(day, '10:30'),
    reason: '更换激光器',
  });
  await openWeek(page, 'dev-confocal-lsm980', 2);
  await expect(
    page.getByText(`${slotName(day, '08:30', '09:30', '维护中')}（维护：更换激光器）`),
  ).toBeAttached();
  await expect(page.getByRole('button', { name: slotName(day, '08:30', '09:30') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: slotName(day, '10:30', '11:30') })).toBeVisible();
});
