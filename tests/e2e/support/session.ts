// Logged-in browser sessions for e2e tests: a new account made by the dev login (or registered
// with a code from the dev SMS outbox), its token put where the session code keeps it, and a
// `call` helper that posts /api/auth calls as that user. Each test is its own visitor
// (X-Real-IP), so per-address limits of the accounts API never spill from one test into the next.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect as baseExpect, test as base } from './base.ts';
import { AGREEMENT_VERSION } from '../../../src/lib/shared/accounts/auth.ts';

export const expect = baseExpect;

export const PASSWORD = 'Kettle-Lab-2026';
const rand = (n: number) => Math.floor(Math.random() * n);
const newPhone = () => `137${String(rand(1e8)).padStart(8, '0')}`;

/** A complete profile in Shanghai (a served district), as the profile dialog sends it. */
export const COMPLETE_PROFILE = {
  name: '张三',
  email: 'zhang@example.com',
  organization: 3,
  company: '复旦大学',
  region: '上海市-上海市-闵行区-310112',
  address: '东川路800号',
};

export type Envelope<T = Record<string, unknown>> = { code: number; msg: string; data: T };

export type Session = {
  phone: string;
  /** The access token, for calls made outside `call`. */
  token: string;
  /** POST an /api/auth call as this user; resolves the envelope. */
  call: <T = Record<string, unknown>>(path: string, body?: unknown) => Promise<Envelope<T>>;
};

/** The token record as the session store keeps it (src/lib/client/stores.ts). */
type TokenRecord = { access: string; refresh: string; expires: number };

/**
 * A new account. With an inviter's code it registers through the API as a friend following an
 * invitation link would, with the code read from the dev SMS outbox; otherwise it is created by
 * the dev login (/api/dev/login: no SMS code, one argon2 hash per server), which leaves the same
 * account. auth.spec.ts keeps the real registration and password login journeys.
 */
export async function registerByApi(
  request: APIRequestContext,
  ip: string,
  inviterCode?: string,
): Promise<string> {
  if (!inviterCode) return (await devLogin(request, ip)).phone;
  const phone = newPhone();
  const headers = { 'x-real-ip': ip };
  const sent = await request.post('/api/open/code4sms', { data: { phone, useFor: 0 }, headers });
  expect(await sent.json()).toMatchObject({ code: 1 });
  let code = '';
  await expect
    .poll(async () => {
      const body = await (await request.get(`/api/dev/outbox?phone=${phone}`)).json();
      code = /(\d{6})/.exec(body.data?.list?.[0]?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  const signed = await request.post('/api/open/sign', {
    data: { phone, password: PASSWORD, code, inviterCode, agreement_version: AGREEMENT_VERSION },
    headers,
  });
  expect(await signed.json()).toMatchObject({ code: 1 });
  return phone;
}

/**
 * Logs a phone in through the dev login, creating the account (password PASSWORD, the current
 * agreement accepted) when it does not exist; `staff` asks for a console session.
 */
export async function devLogin(
  request: APIRequestContext,
  ip: string,
  options: { phone?: string; staff?: boolean } = {},
): Promise<{ phone: string; record: TokenRecord }> {
  const phone = options.phone ?? newPhone();
  const res = await request.post('/api/dev/login', {
    data: { phone, password: PASSWORD, agreement_version: AGREEMENT_VERSION, staff: options.staff ?? false },
    headers: { 'x-real-ip': ip },
  });
  const login = await res.json();
  expect(login, JSON.stringify(login)).toMatchObject({ code: 1 });
  return {
    phone,
    record: {
      access: login.data.token,
      refresh: login.data.refreshToken,
      expires: Number(login.data.expires),
    },
  };
}

/**
 * Moves the server's clock forward (POST /api/dev/clock, decision 0063), so a time rule (a
 * rebate's freeze, an expiry) is passed instead of waited for. Every test shares the server:
 * move only as far as the rule needs (the e2e server keeps such rules short), never days.
 */
export async function advanceClock(request: APIRequestContext, seconds: number): Promise<void> {
  const res = await request.post('/api/dev/clock', { data: { advance_seconds: Math.ceil(seconds) } });
  expect(await res.json()).toMatchObject({ code: 1 });
}

/** A new user logged in through the API only (no page involved). */
export async function newAccount(
  request: APIRequestContext,
  ip: string,
): Promise<Session & { record: TokenRecord }> {
  const { phone, record } = await devLogin(request, ip);
  const headers = { 'x-real-ip': ip };
  const call = async <T>(path: string, body: unknown = {}) =>
    (await (
      await request.post(path, {
        data: body,
        headers: { ...headers, authorization: `Bearer ${record.access}` },
      })
    ).json()) as Envelope<T>;
  return { phone, token: record.access, record, call };
}

/** Starts the page logged in: the token where the session store keeps it. */
export async function storeToken(page: Page, record: TokenRecord): Promise<void> {
  // Once per tab, as a login would: a later logout (or account closing) is not undone by the next page.
  await page.addInitScript((t) => {
    if (sessionStorage.getItem('e2e:token-stored')) return;
    sessionStorage.setItem('e2e:token-stored', '1');
    localStorage.setItem('portal:token', JSON.stringify(t));
  }, record);
}

/** Registers and logs in a new user; the page starts with its token stored. */
export async function loginByApi(page: Page, request: APIRequestContext, ip: string): Promise<Session> {
  const account = await newAccount(request, ip);
  await storeToken(page, account.record);
  return account;
}

async function assignIp({ context }: { context: BrowserContext }, use: (ip: string) => Promise<void>) {
  const ip = `10.${rand(250)}.${rand(250)}.${rand(250) + 1}`;
  await context.setExtraHTTPHeaders({ 'x-real-ip': ip });
  await use(ip);
}
/** The `ip` fixture: this test's own visitor address, sent as X-Real-IP on every request. */
export const visitorIp: [typeof assignIp, { auto: boolean }] = [assignIp, { auto: true }];

/**
 * `ip`: a per-test visitor address. `session`: a logged-in user with incomplete basic info.
 * `customer`: a logged-in user whose basic info is complete (may place orders).
 */
export const test = base.extend<{ ip: string; session: Session; customer: Session }>({
  ip: visitorIp,
  session: async ({ page, request, ip }, use) => {
    await use(await loginByApi(page, request, ip));
  },
  customer: async ({ page, request, ip }, use) => {
    const s = await loginByApi(page, request, ip);
    const res = await s.call('/api/auth/update4profile', {
      ...COMPLETE_PROFILE,
      email: `u${s.phone}@example.com`,
    });
    expect(res, JSON.stringify(res)).toMatchObject({ code: 1 });
    await use(s);
  },
});

/**
 * The shared 操作失败！ alert with the given text: how a refusal from the server is shown (spec
 * section 8). Close it with its 确认 button before going on; it is modal.
 */
export const failAlert = (page: Page, text: string) =>
  page.getByRole('dialog', { name: '操作失败！' }).filter({ hasText: text });

/** A toast with the given text (src/lib/client/toast.ts renders them with data-toast). */
export const toast = (page: Page, text: string) => page.locator('[data-toast]', { hasText: text }).first();

/**
 * Opens the console (/admin/) logged in as a staff member, by a console session from the dev
 * login kept where the console keeps it (src/admin/session.ts), instead of typing the password:
 * console.spec.ts keeps the real console login. Replaces whichever console session the tab had.
 */
export async function consoleSession(page: Page, phone: string): Promise<void> {
  const { record } = await devLogin(page.request, '127.0.0.1', { phone, staff: true });
  // Any page of the site gives its localStorage; the health check is the lightest.
  if (!page.url().startsWith('http')) await page.goto('/healthz');
  await page.evaluate((r) => localStorage.setItem('portal:console', JSON.stringify(r)), record);
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible();
}
