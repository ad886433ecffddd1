// On-site instrument reservations in the browser: the instrument list and its search, the week
// calendar, booking, the member list with cancellation, a slot lost to someone else, the login
// popup for visitors, and the calendar on a phone. Each test books on its own instrument (or its
// own day), so tests running side by side never compete for a slot.
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';

const PASSWORD = 'Lab-Passw0rd';
const rand = (n: number) => Math.floor(Math.random() * n);
const newPhone = () => `137${String(rand(1e8)).padStart(8, '0')}`;

/** A complete profile (basic info is needed before anything can be ordered). */
const PROFILE = {
  name: '张三',
  email: 'zhang@example.com',
  organization: 3,
  company: '复旦大学',
  region: '上海市-上海市-闵行区-310112',
  address: '东川路800号',
};

type Envelope<T = Record<string, unknown>> = { code: number; msg: string; data: T };
type Customer = {
  phone: string;
  token: string;
  call: <T>(path: string, body?: unknown) => Promise<Envelope<T>>;
};

const test = base.extend<{ ip: string; customer: (opts?: { browser?: boolean }) => Promise<Customer> }>({
  ip: [
    async ({ context }, use) => {
      const ip = `10.${rand(250)}.${rand(250)}.${rand(250) + 1}`;
      await context.setExtraHTTPHeaders({ 'x-real-ip': ip });
      await use(ip);
    },
    { auto: true },
  ],
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
  const phone = newPhone();
  const headers = { 'x-real-ip': ip };
  expect(
    await (await request.post('/api/open/code4sms', { data: { phone, useFor: 0 }, headers })).json(),
  ).toMatchObject({ code: 1 });
  let code = '';
  await expect
    .poll(async () => {
      const body = await (await request.get(`/api/dev/outbox?phone=${phone}`)).json();
      code = /(\d{6})/.exec(body.data?.list?.[0]?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  const signed = await request.post('/api/open/sign', { data: { phone, password: PASSWORD, code }, headers });
  expect(await signed.json()).toMatchObject({ code: 1 });
  const login = await (
    await request.post('/api/open/login', { data: { account: phone, password: PASSWORD }, headers })
  ).json();
  expect(login).toMatchObject({ code: 1 });
  const token = login.data.token as string;
  const call = async <T>(path: string, body: unknown = {}) =>
    (await (
      await request.post(path, { data: body, headers: { ...headers, authorization: `Bearer ${token}` } })
    ).json()) as Envelope<T>;
  expect(
    await call('/api/auth/update4profile', { ...PROFILE, email: `u${phone}@example.com` }),
  ).toMatchObject({
    code: 1,
  });
  if (browser) {
    const record = { access: token, refresh: login.data.refreshToken, expires: Number(login.data.expires) };
    // The session store's key and shape (src/lib/client/stores.ts).
    await page.addInitScript((t) => localStorage.setItem('portal:token', JSON.stringify(t)), record);
  }
  return { phone, token, call };
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

test('a visitor who is not logged in gets the login popup instead of a booking', async ({ page }) => {
  await openWeek(page, 'dev-raman-labram', 1);
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
