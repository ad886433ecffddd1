// Browser-test helpers for orders, over HTTP against the e2e server: a customer with complete
// basic info (made by the dev login, its token where the session store keeps it), orders placed
// through the API, and the seeded staff account moving them through /api/admin/*.
import type { APIRequestContext, Page } from '@playwright/test';
import { COMPLETE_PROFILE, devLogin, expect, loginByApi, test, toast, type Envelope } from './session.ts';
import { PASSWORD } from './session.ts';
import { signerCall } from './global-setup.ts';

const STAFF_PHONE = '13800000000';
const rand = (n: number) => Math.floor(Math.random() * n);

/** A minimal valid PDF (the server sniffs the type from the bytes). */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

type Placed = { rid: string; order_no: string; status: string; amount_fen: number };
/** What release() reads of a result (result/list). */
type LabResult = {
  rid: string;
  status: string;
  method: string;
  fields: { key: string; type: string; min: number | null; max: number | null; required: boolean }[];
};

export type Customer = {
  phone: string;
  /** POST an /api/auth call as this customer. */
  call: <T = Record<string, unknown>>(path: string, body?: unknown) => Promise<Envelope<T>>;
  /** A multipart upload (upload4file, upload4pic) as this customer; resolves the file's rid. */
  upload: (path: string, file: { name: string; mimeType: string; buffer: Buffer }) => Promise<string>;
  /** order/add with the given items (self-delivery unless `delivery` says otherwise). */
  order: (
    items: { item_rid: string; disposal?: number; count?: number }[],
    delivery?: Record<string, unknown>,
  ) => Promise<Placed>;
};

export type Staff = {
  call: <T = Record<string, unknown>>(path: string, body?: unknown) => Promise<Envelope<T>>;
  /** A staff move that must succeed (order/receive, order/start, …). */
  move: (path: string, body: Record<string, unknown>) => Promise<string>;
  /**
   * 出具数据 the only way there is (decision 0081): a technician enters and submits the order's
   * results, this administrator reviews them, and the template's signatory account
   * (global-setup.ts) confirms its password and releases the signed report. Resolves the version.
   */
  release: (rid: string) => Promise<{ rid: string; report_no: string; code: string }>;
  /** Credits a customer's balance (by phone) as a ledger entry; resolves the new balance. */
  credit: (phone: string, fen: number) => Promise<number>;
};

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
  const { phone, call, token } = await loginByApi(page, request, ip);
  const updated = await call('/api/auth/update4profile', {
    ...COMPLETE_PROFILE,
    email: `u${phone}@example.com`,
    ...profile,
  });
  expect(updated, JSON.stringify(updated)).toMatchObject({ code: 1 });
  return {
    phone,
    call,
    async upload(path, file) {
      const res = await request.post(path, {
        headers: { 'x-real-ip': ip, authorization: `Bearer ${token}` },
        multipart: { file },
      });
      const body = (await res.json()) as Envelope<{ rid: string }>;
      expect(body, JSON.stringify(body)).toMatchObject({ code: 1 });
      return body.data.rid;
    },
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

export async function requiredParameters(request: APIRequestContext, rid: string) {
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

/** The seeded staff account (README: 13800000000), in a console session. */
export async function staff(request: APIRequestContext, ip: string): Promise<Staff> {
  const headers = { 'x-real-ip': ip };
  // A console session from the dev login: the console's password login has its own tests.
  const t = { token: (await devLogin(request, ip, { phone: STAFF_PHONE, staff: true })).record.access };
  const call = caller(request, headers, t.token);
  let tech: Promise<typeof call> | undefined;
  return {
    call,
    async move(path, body) {
      const res = await call<{ status: string }>(`/api/admin/${path}`, body);
      expect(res, `${path} ${JSON.stringify(res)}`).toMatchObject({ code: 1 });
      return res.data.status;
    },
    async release(rid) {
      const ok = async <T>(as: typeof call, path: string, body: unknown) => {
        const res = await as<T>(`/api/admin/${path}`, body);
        expect(res, `${path} ${JSON.stringify(res)}`).toMatchObject({ code: 1 });
        return res.data;
      };
      tech ??= (async () => {
        const { phone } = await devLogin(request, ip);
        await ok(call, 'staff/save', { phone, role: 'technician' });
        return caller(request, headers, (await devLogin(request, ip, { phone, staff: true })).record.access);
      })();
      const technician = await tech;
      const { results } = await ok<{ results: LabResult[] }>(technician, 'result/list', { rid });
      for (const r of results) {
        if (r.status === 'draft' || r.status === 'returned') {
          const entries = r.fields.length
            ? r.fields
                .filter((f) => f.required)
                .map((f) => ({
                  key: f.key,
                  value: f.type === 'number' ? String(f.min ?? f.max ?? 1) : '合格',
                }))
            : [{ key: '_text', value: '检测完成，结果见正文' }];
          const method = r.method || '实验室作业指导书 SOP-01';
          await ok(technician, 'result/save', { rid: r.rid, method, instrument: '分析仪', entries });
          await ok(technician, 'result/submit', { rid: r.rid });
        }
        if (r.status !== 'approved') await ok(call, 'result/review', { rid: r.rid, verdict: 'approve' });
      }
      const signer = await signerCall(request, ip);
      await ok(signer, 'staff/reauth', { password: PASSWORD, purpose: 'sign' });
      return ok<{ rid: string; report_no: string; code: string }>(signer, 'report/release', { rid });
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

export { expect, test, toast };
