import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { PROFILE } from '../factories/users.ts';
import { beforeAll, expect } from 'vitest';
import type { TestContext } from '../setup/api.ts';
import { accounts, PASSWORD } from './accounts.ts';
import { item } from '#server/catalogue/tables.ts';
import { users } from '#server/accounts/tables.ts';
import { createLocalStorage } from '#server/platform/adapters/storage/local.ts';
import { DEMO_STAFF_PHONE, ensureDemoStaff } from '#server/staff/index.ts';
import { createSession } from '#server/accounts/tokens.ts';
import { addDays } from '#shared/slots.ts';
import { shanghaiDate } from '#shared/time.ts';
import { firstEnabledSlot, pickupDateProblem, pickupSlots } from '#shared/member/pickup-dates.ts';
import { getPublicSettings } from '#server/catalogue/settings.ts';
import { FREE_TEXT_KEY } from '#shared/results/results.ts';
import type { ResultView } from '#shared/results/responses.ts';
import { renderReport } from '#server/reports/render.ts';
import { signReport, type KeyBundle, type SelfSignedKeyStore } from '#server/reports/signing.ts';
import { keySourceOf } from '#server/reports/signing-key-store.ts';
import { reportDocument } from './report-fixture.ts';

let workerKey: Promise<KeyBundle> | undefined;
/**
 * What the first release of a file pays once (loading the CJK fonts, making the signing key),
 * paid before its tests under the hook's limit rather than inside the first test's 20 s: one
 * self-signed key per test worker, made once and put in each file's database (decision 0085).
 */
async function warmReleases(t: TestContext) {
  workerKey ??= (async () => {
    let made: KeyBundle | null = null;
    const store: SelfSignedKeyStore = {
      read: async () => made,
      add: async (bundle) => {
        made ??= bundle;
      },
    };
    await signReport({ env: t.services.env, store }, await renderReport(reportDocument()), { name: '预热' });
    return made!;
  })();
  await keySourceOf(t.services).store.add(await workerKey);
}

/** A minimal valid PDF: enough for content sniffing (starts with %PDF-). */
export const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** A 1×1 PNG. */
export const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/** A console (staff) session for a staff account, as /api/open/staff/login would make it. */
export async function staffToken(t: TestContext, phone: string): Promise<string> {
  const [u] = await t.services.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  return (await createSession(t.services, u.id, { ip: 'unknown', userAgent: '' }, 'staff')).token;
}

export type Customer = { id: number; rid: string; phone: string; token: string; h: Record<string, string> };

/**
 * Order helpers over a setupApi() context: customers with complete basic info (institution or
 * enterprise), the seeded staff account, demo items, uploads into a temporary DATA_DIR.
 */
export function orderHelpers(t: TestContext) {
  const a = accounts(t);
  beforeAll(() => warmReleases(t));
  // The real local storage adapter, in a directory this test file owns.
  t.services.storage = createLocalStorage(join(mkdtempSync(join(tmpdir(), 'lp-uploads-')), 'uploads'));

  async function customer(
    kind: 'institution' | 'enterprise' | 'individual' = 'institution',
    email = true,
  ): Promise<Customer> {
    const u = await a.user();
    const h = a.bearer(u.token);
    // The profile dialog's call: complete basic info, as a teacher, an enterprise or an individual.
    const profile =
      kind === 'enterprise'
        ? {
            ...PROFILE,
            organization: 2,
            company: '某材料科技有限公司',
            company_leader: '王总',
            company_leader_phone: '13800002222',
          }
        : kind === 'individual'
          ? { ...PROFILE, organization: 1, company: '个人', teacher: '' }
          : { ...PROFILE, organization: 3 };
    const res = await t.post(
      '/api/auth/update4profile',
      { ...profile, email: email ? `u${u.phone}@example.com` : '' },
      h,
    );
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
    const [row] = await t.services.db.select().from(users).where(eq(users.phone, u.phone));
    return { id: row.id, rid: row.rid, phone: u.phone, token: u.token, h };
  }

  let staffHeaders: Record<string, string> | undefined;
  let staffSince = 0;
  /**
   * A console session of the demo staff account (admin), made straight in the database like the
   * customers (the login itself has its own tests), and made again before its two hours run out
   * on the test clock (which moves 2 h per new customer).
   */
  async function staff(): Promise<Record<string, string>> {
    if (staffHeaders && t.services.now() - staffSince < 3600_000) return staffHeaders;
    await ensureDemoStaff(t.services);
    staffHeaders = a.bearer(await staffToken(t, DEMO_STAFF_PHONE));
    staffSince = t.services.now();
    return staffHeaders;
  }

  /** An on-sale item of a project type (the nth, from 0), with the parameters it requires filled in. */
  async function demoItem(typeId: 1 | 3, quoteOnly = false, nth = 0) {
    const [it] = await t.services.db
      .select()
      .from(item)
      .where(and(eq(item.typeId, typeId), eq(item.quoteOnly, quoteOnly), eq(item.onSale, true)))
      .orderBy(item.id)
      .offset(nth)
      .limit(1);
    const parameters = Object.fromEntries(
      it.options.parameters.filter((p) => p.required).map((p) => [p.name, p.choices[0] ?? '常规']),
    );
    return {
      rid: it.rid,
      name: it.name,
      price: it.priceFen,
      typeId: it.typeId,
      childId: it.childId,
      parameters,
    };
  }

  /** A pickup in a served district on the first date and slot the settings allow. */
  async function pickup() {
    const { samplingSetting } = await getPublicSettings(t.services);
    const now = new Date(t.services.now());
    let date = addDays(shanghaiDate(now), 1);
    while (pickupDateProblem(date, samplingSetting, { today: now })) date = addDays(date, 1);
    return {
      type: 1,
      date,
      time: firstEnabledSlot(pickupSlots(date, samplingSetting, now)),
      name: '张三',
      phone: '13912345678',
      province: '上海市',
      city: '上海市',
      area: '闵行区',
      address: '东川路800号',
      address_code: '310112',
      message: '',
    };
  }

  async function admin<T = unknown>(path: string, body: unknown) {
    return t.post<T>(`/api/admin/${path}`, body, await staff());
  }
  /** A staff move that must succeed. */
  async function move(path: string, body: Record<string, unknown>) {
    const res = await admin<{ status: string }>(path, body);
    expect(res.body, `${path} ${JSON.stringify(res.body)}`).toMatchObject({ code: 1 });
    return res.body.data.status;
  }
  let secondPair: Record<string, string> | undefined;
  /** A second staff member (finance unless told) with a console session: the four-eyes steps. */
  async function anotherStaff(role = 'finance') {
    const u = await a.user();
    expect((await admin('staff/save', { phone: u.phone, role })).body.code).toBe(1);
    return a.bearer(await staffToken(t, u.phone));
  }

  /**
   * A manual credit; one at or above the second-approval amount (decision 0045) is approved by
   * another staff member, as the console would have it.
   */
  async function credit(userRid: string, fen: number, key = `k${Math.random()}`) {
    const res = await admin<{ balance_fen: number; pending: boolean; approval_rid: string | null }>(
      'balance/credit',
      { user_rid: userRid, amount_fen: fen, idempotency_key: key },
    );
    expect(res.body.code).toBe(1);
    if (!res.body.data.pending) return res.body.data.balance_fen;
    if (!secondPair || t.services.now() - staffSince > 3600_000) secondPair = await anotherStaff();
    const approved = await t.post<{ balance_fen: number }>(
      '/api/admin/money/approval/approve',
      { rid: res.body.data.approval_rid },
      secondPair,
    );
    expect(approved.body, JSON.stringify(approved.body)).toMatchObject({ code: 1 });
    return approved.body.data.balance_fen;
  }

  async function upload(
    path: string,
    h: Record<string, string>,
    bytes: Uint8Array,
    name: string,
    fields: Record<string, string> = {},
  ) {
    const form = new FormData();
    form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const res = await t.api.request(path, { method: 'POST', body: form, headers: h });
    return {
      status: res.status,
      body: (await res.json()) as { code: number; msg: string; data: { rid: string } },
    };
  }

  /** A customer's file as the console reads it (its staff session, the demo admin's unless told). */
  async function staffFile(rid: string, h?: Record<string, string>, thumb = false) {
    return t.api.request('/api/admin/file/download', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(h ?? (await staff())) },
      body: JSON.stringify({ rid, thumb }),
    });
  }

  /**
   * A bank top-up of `fen` the customer applied for (with `more`, e.g. an invoice wish), sent the
   * voucher of and finance credited: its rid.
   */
  async function topUp(c: Customer, fen: number, more: Record<string, unknown> = {}) {
    const wish = { amount_fen: fen, bonus_kind: 1, payer: '某大学', ...more };
    const added = await t.post<{ rid: string }>('/api/auth/prestoreApply/add', wish, c.h);
    const pic = await upload('/api/auth/file/upload4pic', c.h, PNG, 'v.png');
    const voucher = {
      payer_name: '某大学',
      bank: '建设银行',
      serial: `S${Math.random()}`,
      amount_fen: fen,
      paid_on: '2026-01-05',
      file_rid: pic.body.data.rid,
    };
    const edit = { rid: added.body.data.rid, ...wish, voucher };
    const sent = await t.post('/api/auth/prestoreApply/edit', edit, c.h);
    expect(sent.body, sent.body.msg).toMatchObject({ code: 1 });
    const approved = await admin('prestore/approve', { rid: added.body.data.rid });
    expect(approved.body, approved.body.msg).toMatchObject({ code: 1 });
    return added.body.data.rid;
  }

  /** A self-delivered order of the first demo 送样检测 item, quoted by staff at `fen`: its rid. */
  async function quotedOrder(c: Customer, fen: number): Promise<string> {
    const it = await demoItem(1);
    const placed = await t.post<{ list: { rid: string }[] }>(
      '/api/auth/order/add',
      { items: [{ item_rid: it.rid, parameters: it.parameters }], delivery: { type: 0 } },
      c.h,
    );
    const rid = placed.body.data.list[0].rid;
    await move('order/quote', { rid, quoted_fen: fen });
    return rid;
  }

  let lab: { tech: string; signer: string } | undefined;
  let signUntil = 0;
  /**
   * The lab's people for release(): a technician, and a manager who is the report template's
   * authorised signatory (the template written once per file; the demo admin reviews). Fresh
   * sessions each time, as the test clock runs on.
   */
  async function labPeople() {
    if (!lab) {
      const [tech, signer] = [await a.user(), await a.user()];
      expect((await admin('staff/save', { phone: tech.phone, role: 'technician' })).body.code).toBe(1);
      expect((await admin('staff/save', { phone: signer.phone, role: 'manager' })).body.code).toBe(1);
      const me = await t.post<{ rid: string }>(
        '/api/admin/me',
        {},
        a.bearer(await staffToken(t, signer.phone)),
      );
      const saved = await admin('report/template/save', {
        lab_name: '科研检测服务平台实验室',
        address: '上海市闵行区东川路800号',
        phone: '021-00000000',
        accreditation: 'CNAS L0000',
        statements: [],
        signatories: [{ staff_rid: me.body.data.rid, name: '赵签字', title: '授权签字人' }],
      });
      expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ code: 1 });
      lab = { tech: tech.phone, signer: signer.phone };
    }
    return {
      tech: a.bearer(await staffToken(t, lab.tech)),
      signer: a.bearer(await staffToken(t, lab.signer)),
    };
  }

  /**
   * 出具数据 the only way there is (decision 0081): a technician enters and submits every result
   * of the order (each required field, or a free-form text), the demo admin reviews them, the
   * template's signatory confirms their password and releases the signed report, which moves an
   * order in 检测中 to 已出数据. Resolves the released version.
   */
  async function release(rid: string) {
    const { tech, signer } = await labPeople();
    const call = async <T>(h: Record<string, string>, path: string, body: unknown) => {
      const res = await t.post<T>(`/api/admin/${path}`, body, h);
      expect(res.body, `${path} ${JSON.stringify(res.body)}`).toMatchObject({ code: 1 });
      return res.body.data;
    };
    const { results } = await call<{ results: ResultView[] }>(tech, 'result/list', { rid });
    for (const r of results) {
      if (r.status === 'draft' || r.status === 'returned') {
        const entries = r.fields.length
          ? r.fields
              .filter((f) => f.required)
              .map((f) => ({ key: f.key, value: f.type === 'number' ? String(f.min ?? f.max ?? 1) : '合格' }))
          : [{ key: FREE_TEXT_KEY, value: '检测完成，结果见正文' }];
        const method = r.method || '实验室作业指导书 SOP-01';
        await call(tech, 'result/save', { rid: r.rid, method, instrument: '分析仪', entries });
        await call(tech, 'result/submit', { rid: r.rid });
      }
      if (r.status !== 'approved')
        await call(await staff(), 'result/review', { rid: r.rid, verdict: 'approve' });
    }
    // The password once per 30-minute window, as the console asks (the test clock moves 2 h a test).
    if (t.services.now() >= signUntil) {
      await call(signer, 'staff/reauth', { password: PASSWORD, purpose: 'sign' });
      signUntil = t.services.now() + 25 * 60_000;
    }
    return call<{ rid: string; report_no: string; code: string }>(signer, 'report/release', { rid });
  }

  /** An institution's order tested, reported, delivered and billed by staff (待结算). */
  async function billedOrder(me: Customer, count = 1) {
    const it = await demoItem(1);
    const res = await t.post<{ list: { rid: string; order_no: string; amount_fen: number }[] }>(
      '/api/auth/order/add',
      { items: [{ item_rid: it.rid, count, parameters: it.parameters }], delivery: { type: 0 } },
      me.h,
    );
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
    const order = res.body.data.list[0];
    await move('order/receive', { rid: order.rid });
    await move('order/start', { rid: order.rid });
    await release(order.rid);
    expect(await move('order/bill', { rid: order.rid })).toBe('unsettled');
    return order;
  }

  return {
    a,
    customer,
    staff,
    anotherStaff,
    demoItem,
    pickup,
    admin,
    move,
    credit,
    upload,
    staffFile,
    topUp,
    quotedOrder,
    release,
    billedOrder,
  };
}
