// Property-based fuzzing of the whole API: every route of createApi, as an anonymous visitor, a
// customer and a staff member, with hostile bodies and query strings built from the field names
// of the shared zod schemas. Whatever comes in, the answer is the {code, msg, data} envelope
// with a Chinese message, never a 5xx. Runs on PGlite only (decision 0094: the same PostgreSQL
// engine answers the same input the same way), from the tests/api/fuzz-*.pglite.test.ts files,
// each with its share of the routes.
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from '#shared/zod.ts';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from './orders.ts';
import { eq } from 'drizzle-orm';
import { staffMembers } from '#server/staff/tables.ts';
import { users } from '#server/accounts/tables.ts';
import { ROLES } from '#shared/staff/permissions.ts';
import { createSession } from '#server/accounts/tokens.ts';
import { DEMO_STAFF_PHONE } from '#server/staff/index.ts';

/**
 * Defines the fuzz suites for every `parts`-th route starting at `part`: the routes are split over a
 * few test files (fuzz-*.pglite.test.ts) so that Vitest's workers share the heaviest file of the run.
 */
export async function fuzzRoutes(part: number, parts: number): Promise<void> {
  const t = await setupApi();
  const o = orderHelpers(t);

  const hasChinese = (s: unknown) => typeof s === 'string' && /[\u4e00-\u9fff]/.test(s);

  /** Answers that are not the envelope by design: WeChat's server protocol, files, the contract. */
  const RAW_ANSWERS = [
    '/api/open/wx/callback',
    '/api/auth/order/protocol/:rid',
    '/api/auth/order/labels/:rid',
    '/api/admin/order/labels',
    '/api/admin/sample/trail-pdf',
    '/api/admin/report/template/preview',
    '/api/auth/report/pdf/:rid',
    '/api/admin/report/pdf',
    '/api/auth/file/download/:rid',
    '/api/admin/file/download',
    '/api/auth/user/export',
    '/api/open/plan/sheet/:rid',
    '/api/openapi.json',
    '/api/docs',
  ];
  /** Answered in a payment provider's own protocol, success or refusal alike (never the envelope). */
  const PROVIDER_ANSWERS = ['/api/open/pay/notify/:provider'];

  const routes = [
    ...new Map(
      t.api.routes.filter((r) => r.method !== 'ALL').map((r) => [`${r.method} ${r.path}`, r]),
    ).values(),
  ]
    .map((r) => ({ method: r.method, path: r.path }))
    .filter((_, i) => i % parts === part);

  /** Every field name any shared request schema knows, read from their JSON Schema form. */
  function schemaFields(): string[] {
    const modules = import.meta.glob('../../src/lib/shared/**/*.ts', { eager: true });
    const names = new Set<string>(['rid', 'rids', 'page', 'size', 'token', 'kw', 'file', 'kind']);
    const collect = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      const props = (node as { properties?: Record<string, unknown> }).properties;
      if (props) for (const k of Object.keys(props)) names.add(k);
      for (const v of Object.values(node)) collect(v);
    };
    for (const mod of Object.values(modules))
      for (const value of Object.values(mod as Record<string, unknown>))
        if (value instanceof z.ZodType)
          try {
            collect(z.toJSONSchema(value, { unrepresentable: 'any', io: 'input' }));
          } catch {
            // A schema with no JSON form (a function, a refinement on a date) has no fields to add.
          }
    return [...names];
  }

  // Real ids in the mix, so hostile values also reach code behind a successful lookup.
  const me = await o.customer();
  const item = await o.demoItem(1);
  const placed = await t.post<{ list: { rid: string }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: item.rid, parameters: item.parameters }], delivery: { type: 0 } },
    me.h,
  );
  const realIds = [item.rid, me.rid, me.phone, placed.body.data.list[0].rid];

  const hostileText = fc.oneof(
    fc.constantFrom(
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\udfffy',
      '\u202e\u200b',
      '𠮷野家',
      '',
      ' ',
      'null',
      '<script>alert(1)</script>',
      "' OR 1=1 --",
      '%00',
      '../../etc/passwd',
      '2026-02-30',
      '9'.repeat(40),
      'x'.repeat(5000),
    ),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom(...realIds),
  );
  const hostileNumber = fc.oneof(
    fc.constantFrom(2147483647, 2147483648, -2147483649, 2 ** 53 + 2, 1e308, -1, 0, 0.5, -0),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );
  const scalar = fc.oneof(hostileText, hostileNumber, fc.boolean(), fc.constant(null));
  const hostileValue = fc.oneof(
    { weight: 4, arbitrary: scalar },
    fc.array(scalar, { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }),
    fc.array(fc.record({ item_rid: hostileText, rid: hostileText, count: hostileNumber }), { maxLength: 3 }),
  );

  const fields = schemaFields();
  const hostileBody = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .dictionary(fc.constantFrom(...fields), hostileValue, { maxKeys: 6 })
        .map((b) => JSON.stringify(b)),
    },
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc.constantFrom(
      '',
      '{',
      '[]',
      'null',
      '"\\ud800"',
      '{"rid":"\\u0000"}',
      '{"__proto__":{"admin":true}}',
      '['.repeat(3000) + ']'.repeat(3000),
      '{"a":' + '1'.repeat(400) + '}',
    ),
  );
  const hostileQuery = fc
    .dictionary(fc.constantFrom(...fields), hostileText, { maxKeys: 4 })
    .map((q) => new URLSearchParams(q).toString());
  /** Every byte percent-encoded (encodeURIComponent refuses lone surrogates); plus raw bad escapes. */
  const percentEncode = (s: string) =>
    [...Buffer.from(s.slice(0, 200))].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  const hostileParam = fc.oneof(
    hostileText.map((s) => percentEncode(s) || '%00'),
    fc.constantFrom('%ED%A0%80', '%FF', '%', '%zz', '..', '2147483648'),
  );

  const figures = { requests: 0, byStatus: new Map<number, number>(), refused: 0, answered: 0 };
  afterAll(() => {
    const statuses = [...figures.byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    console.log(
      `fuzz ${part + 1}/${parts}: ${routes.length} routes, ${figures.requests} requests (${statuses.join(', ')}); ` +
        `code 0: ${figures.refused}, code 1: ${figures.answered}`,
    );
  });

  async function check(
    method: string,
    route: string,
    url: string,
    body: string | undefined,
    headers: Record<string, string>,
  ) {
    const res = await t.api.request(url, { method, body, headers });
    figures.requests++;
    figures.byStatus.set(res.status, (figures.byStatus.get(res.status) ?? 0) + 1);
    const text = await res.text();
    const where = `${method} ${url} ${body?.slice(0, 200) ?? ''} → ${res.status} ${text.slice(0, 200)}`;
    expect(res.status, where).toBeLessThan(500);
    if (PROVIDER_ANSWERS.includes(route)) return;
    // A raw answer is checked as such when it succeeds (the file, the document); refusals are envelopes.
    if (
      RAW_ANSWERS.includes(route) &&
      (res.status === 200 || !res.headers.get('content-type')?.includes('json'))
    )
      return;
    const envelope = JSON.parse(text) as { code: number; msg: unknown; data: unknown };
    expect(Object.keys(envelope).sort(), where).toEqual(['code', 'data', 'msg']);
    expect([0, 1], where).toContain(envelope.code);
    expect(hasChinese(envelope.msg) || envelope.msg === 'ok', where).toBe(true);
    if (envelope.code === 0) figures.refused++;
    else figures.answered++;
  }

  await o.staff();
  const [staffUser] = await t.services.db.select().from(users).where(eq(users.phone, DEMO_STAFF_PHONE));

  /** Fresh sessions for each route, so a fuzzed logout or password change cannot blind the rest. */
  async function sessions() {
    const bearer = async (userId: number, kind: 'customer' | 'staff' = 'customer') => ({
      authorization: `Bearer ${(await createSession(t.services, userId, { ip: 'unknown', userAgent: '' }, kind)).token}`,
    });
    return { anonymous: {}, customer: await bearer(me.id), staff: await bearer(staffUser.id, 'staff') };
  }

  describe('every route answers hostile input with the Chinese envelope, never a 5xx', () => {
    it.each(routes)('$method $path', async ({ method, path }) => {
      const roles = await sessions();
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...(Object.keys(roles) as (keyof typeof roles)[])),
          hostileBody,
          hostileQuery,
          hostileParam,
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', undefined),
          async (role, body, query, param, contentType) => {
            const url = `${path.replace(/:[a-z]+/gi, param)}${query ? `?${query}` : ''}`;
            const headers: Record<string, string> = { ...roles[role] };
            if (contentType) headers['content-type'] = contentType;
            await check(method, path, url, method === 'GET' ? undefined : body, headers);
          },
        ),
        { numRuns: 100 },
      );
    });
  });

  /** A staff member of each role, made once; each route gets fresh console sessions for them. */
  const staffIds: number[] = [];
  for (const role of ROLES) {
    const u = await o.a.user();
    const [row] = await t.services.db.select({ id: users.id }).from(users).where(eq(users.phone, u.phone));
    await t.services.db
      .insert(staffMembers)
      .values({ userId: row.id, role, createdAt: new Date(t.services.now()) });
    staffIds.push(row.id);
  }
  const staffSessions = () =>
    Promise.all(
      staffIds.map(async (id) => ({
        authorization: `Bearer ${(await createSession(t.services, id, { ip: 'unknown', userAgent: '' }, 'staff')).token}`,
      })),
    );

  /** Bodies nested 3,000 deep (objects and arrays, with the fields the audit log reads at the top). */
  const DEEP_BODIES = [
    `{"rid":"x","user_rid":"x","a":${'{"a":'.repeat(3000)}1${'}'.repeat(3001)}`,
    `{"rid":"x","list":${'['.repeat(3000)}${']'.repeat(3000)}}`,
  ];

  describe('bodies nested 3,000 deep, as a customer and as each staff role, never a 5xx', () => {
    it.each(routes.filter((r) => r.method !== 'GET'))('$method $path', async ({ method, path }) => {
      const roles = [(await sessions()).customer, ...(await staffSessions())];
      const url = path.replace(/:[a-z]+/gi, 'x');
      for (const headers of roles)
        for (const body of DEEP_BODIES)
          await check(method, path, url, body, { ...headers, 'content-type': 'application/json' });
    });
  });
}
