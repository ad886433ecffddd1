// Browser-test helpers for orders, over HTTP against the e2e server: a customer with complete
// basic info (registered with the code from the dev SMS outbox, logged in where the session
// store keeps the token), orders placed through the API, and the seeded staff account moving
// them through /api/admin/*.
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'Lab-Passw0rd';
const STAFF_PHONE = '13800000000';
const STAFF_PASSWORD = process.env.STAFF_PASSWORD ?? 'Staff-Demo-2026';
const rand = (n: number) => Math.floor(Math.random() * n);

/** A minimal valid PDF (the server sniffs the type from the bytes). */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

export type Envelope<T = Record<string, unknown>> = { code: number; msg: string; data: T };
export type Placed = { rid: string; order_no: string; status: string; amount_fen: number };

export type Customer = {
  phone: string;
  token: string;
  /** POST an /api/auth call as this customer. */
  call: <T = Record<string, unknown>>(path: string, body?: unknown) => Promise<Envelope<T>>;
  /** order/add with the given items (self-delivery unless `delivery` says otherwise). */
  order: (
    items: { item_rid: string; disposal?: number }[],
    delivery?: Record<string, unknown>,
  ) => Promise<Placed>;
};

export type Staff = {
  call: <T = Record<string, unknown>>(path: string, body?: unknown) => Promise<Envelope<T>>;
  /** A staff move that must succeed (order/receive, order/start, …). */
  move: (path: string, body: Record<string, unknown>) => Promise<string>;
  /** Uploads a report file to an order in 检测中. */
  report: (rid: string, name: string, bytes?: Buffer) => Promise<void>;
  /** Credits a customer's balance (by phone) as a ledger entry; resolves the new balance. */
  credit: (phone: string, fen: number) => Promise<number>;
};

/** Registers a new phone through the API, with the code read from the dev SMS outbox. */
async function register(request: APIRequestContext, headers: Record<string, string>): Promise<string> {
  const phone = `137${String(rand(1e8)).padStart(8, '0')}`;
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
  const signed = await request.post('/api/open/sign', { data: { phone, password: PASSWORD, code }, headers });
  expect(await signed.json()).toMatchObject({ code: 1 });
  return phone;
}

async function login(
  request: APIRequestContext,
  headers: Record<string, string>,
  account: string,
  password: string,
) {
  const res = await (await request.post('/api/open/login', { data: { account, password }, headers })).json();
  expect(res, JSON.stringify(res)).toMatchObject({ code: 1 });
  return res.data as { token: string; refreshToken: string; expires: number | string };
}

function caller(request: APIRequestContext, headers: Record<string, string>, token: string) {
  return async <T>(path: string, body: unknown = {}) =>
    (await (
      await request.post(path, { data: body, headers: { ...headers, authorization: `Bearer ${token}` } })
    ).json()) as Envelope<T>;
}

/**
 * A logged-in customer with complete basic info (a teacher: an institution customer who pays
 * after the test), its token put where the session store reads it before the page loads.
 */
export async function newCustomer(
  page: Page,
  request: APIRequestContext,
  ip: string,
  profile: Record<string, unknown> = {},
): Promise<Customer> {
  const headers = { 'x-real-ip': ip };
  const phone = await register(request, headers);
  const t = await login(request, headers, phone, PASSWORD);
  const token = { access: t.token, refresh: t.refreshToken, expires: Number(t.expires) };
  await page.addInitScript((v) => localStorage.setItem('portal:token', JSON.stringify(v)), token);
  const call = caller(request, headers, t.token);
  const updated = await call('/api/auth/update4profile', {
    name: '张三',
    email: `u${phone}@example.com`,
    organization: 3,
    company: '复旦大学',
    teacher: '李老师',
    teacher_phone: '13800001111',
    teacher_mail: 'li@example.com',
    region: '上海市-上海市-闵行区-310112',
    address: '东川路800号',
    ...profile,
  });
  expect(updated, JSON.stringify(updated)).toMatchObject({ code: 1 });
  return {
    phone,
    token: t.token,
    call,
    async order(items, delivery = { type: 0 }) {
      const withParams = await Promise.all(
        items.map(async (i) => ({ ...i, parameters: await requiredParameters(request, i.item_rid) })),
      );
      const res = await call<{ list: Placed[] }>('/api/auth/order/add', { items: withParams, delivery });
      expect(res, JSON.stringify(res)).toMatchObject({ code: 1 });
      return res.data.list[0];
    },
  };
}

type Detail = { options: { parameters: { name: string; required: boolean; choices: string[] }[] } };

async function requiredParameters(request: APIRequestContext, rid: string) {
  const res = (await (
    await request.post('/api/open/project/detail', { data: { rid } })
  ).json()) as Envelope<Detail>;
  return Object.fromEntries(
    res.data.options.parameters.filter((p) => p.required).map((p) => [p.name, p.choices[0] ?? '常规']),
  );
}

export type DemoItem = { rid: string; name: string; price_fen: number; type_id: number };

/** On-sale demo items of a project type that need no exact quote. */
export async function demoItems(request: APIRequestContext, typeId: 1 | 3): Promise<DemoItem[]> {
  const res = (await (
    await request.post('/api/open/project/list', { data: { typeId, size: 20 } })
  ).json()) as Envelope<{ list: (DemoItem & { quote_only: boolean })[] }>;
  const list = res.data.list.filter((i) => !i.quote_only);
  expect(list.length).toBeGreaterThan(1);
  return list;
}

/** The seeded staff account (README: 13800000000, STAFF_PASSWORD). */
export async function staff(request: APIRequestContext, ip: string): Promise<Staff> {
  const headers = { 'x-real-ip': ip };
  const t = await login(request, headers, STAFF_PHONE, STAFF_PASSWORD);
  const call = caller(request, headers, t.token);
  return {
    call,
    async move(path, body) {
      const res = await call<{ status: string }>(`/api/admin/${path}`, body);
      expect(res, `${path} ${JSON.stringify(res)}`).toMatchObject({ code: 1 });
      return res.data.status;
    },
    async report(rid, name, bytes = PDF) {
      const res = await request.post('/api/admin/order/report', {
        headers: { ...headers, authorization: `Bearer ${t.token}` },
        multipart: { rid, file: { name, mimeType: 'application/pdf', buffer: bytes } },
      });
      expect(await res.json()).toMatchObject({ code: 1 });
    },
    async credit(phone, fen) {
      const user = await call<{ rid: string }>('/api/admin/user/find', { phone });
      expect(user, JSON.stringify(user)).toMatchObject({ code: 1 });
      const userRid = user.data.rid;
      const res = await call<{ balance_fen: number }>('/api/admin/balance/credit', {
        user_rid: userRid,
        amount_fen: fen,
        idempotency_key: `e2e-${Date.now()}-${rand(1e9)}`,
      });
      expect(res, JSON.stringify(res)).toMatchObject({ code: 1 });
      return res.data.balance_fen;
    },
  };
}

/** Each test is its own visitor (the e2e server trusts X-Real-IP), so rate limits stay per test. */
export const test = base.extend<{ ip: string }>({
  ip: [
    async ({ context }, use) => {
      const ip = `10.${rand(250)}.${rand(250)}.${rand(250) + 1}`;
      await context.setExtraHTTPHeaders({ 'x-real-ip': ip });
      await use(ip);
    },
    { auto: true },
  ],
});
export { expect };
