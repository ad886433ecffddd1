// Order rows of the benchmark, against a running server (embedded PGlite or PostgreSQL):
// placing orders until the database holds BENCH_ORDERS (10,000) of them, staff quoting the
// enterprise ones, paying them from balance, and the order lists with all those rows present.
// Everything goes through the HTTP API, exactly as customers and staff use it.
import autocannon from 'autocannon';
import { createBenchAccount, post, staffLogin } from './accounts.ts';

export type OrderFigures = {
  placed: number;
  placeRps: number;
  placeP99: number;
  quoteRps: number;
  paid: number;
  payRps: number;
  payP99: number;
  transfers: number;
  transferRps: number;
  transferP99: number;
  listRps: number;
  listP99: number;
  staffListRps: number;
  staffListP99: number;
  /** The staff's one search box by customer name, phone or organisation, 10 connections (0084). */
  searchRps: number;
  searchP99: number;
  totalOrders: number;
  problems: string[];
};

/** A customer's profile as the bench fills it in (organization added per customer kind). */
export const PROFILE = {
  name: '压测用户',
  company: '某某大学',
  teacher: '李老师',
  teacher_phone: '13800001111',
  teacher_mail: 'li@example.com',
  region: '上海市-上海市-闵行区-310112',
  address: '东川路800号',
};
const ENTERPRISE = {
  organization: 2,
  company: '某材料科技有限公司',
  company_leader: '王总',
  company_leader_phone: '13800002222',
};
const STAFF_PHONE = '13800000000';
const CONNECTIONS = 50;

type Shot = { method: 'POST'; path: string; headers: Record<string, string>; body: string };
type Run = { rps: number; p99: number; ok: number; failed: number; samples: string[] };

/** `amount` requests (or `seconds` of them) at 50 connections; `next()` makes each request. */
async function load(
  origin: string,
  next: () => Shot,
  opts: { amount?: number; seconds?: number; connections?: number },
): Promise<Run> {
  let ok = 0;
  let failed = 0;
  const samples: string[] = [];
  const started = Date.now();
  const r = await autocannon({
    url: origin,
    connections: opts.connections ?? CONNECTIONS,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.seconds ?? 10 }),
    requests: [
      {
        setupRequest: (req) => ({ ...req, ...next() }),
        onResponse: (status: number, body: string) => {
          if (status === 200 && body.startsWith('{"code":1')) ok += 1;
          else {
            failed += 1;
            if (samples.length < 3) samples.push(`${status} ${body.slice(0, 160)}`);
          }
        },
      },
    ],
  });
  const elapsed = (Date.now() - started) / 1000;
  return { rps: ok / elapsed, p99: r.latency.p99, ok, failed, samples };
}

const json = (token: string) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });

type Line = { item_rid: string; parameters: Record<string, string> };

/** An item of the type that needs no quote, with its required test parameters filled in. */
async function orderableLine(origin: string, typeId: number): Promise<Line> {
  const data = await post<{ list: { rid: string; quote_only?: boolean }[] }>(
    origin,
    '/api/open/project/list',
    {
      typeId,
      page: 1,
      size: 50,
    },
  );
  const it = data.list.find((i) => !i.quote_only);
  if (!it) throw new Error(`no items of type ${typeId}`);
  const detail = await post<{ options: { parameters: { name: string; choices: string[] }[] } }>(
    origin,
    '/api/open/project/detail',
    { rid: it.rid },
  );
  const parameters = Object.fromEntries(
    detail.options.parameters.map((p) => [p.name, p.choices[0] ?? '常规']),
  );
  return { item_rid: it.rid, parameters };
}

export async function orderRows(
  origin: string,
  opts: { orders: number; seconds: number; staffPassword: string },
): Promise<OrderFigures> {
  const problems: string[] = [];
  // Institution customers (pay after the test) and enterprise customers (quote, then prepay).
  const institutions = await Promise.all([1, 2, 3].map(() => createBenchAccount(origin)));
  const enterprise = await createBenchAccount(origin);
  // Each with a name and organisation of its own, for the search by customer.
  for (const [i, u] of institutions.entries())
    await post(
      origin,
      '/api/auth/update4profile',
      {
        ...PROFILE,
        name: `压测客户${i + 1}`,
        company: `某某大学${i + 1}`,
        organization: 3,
        email: `b${u.phone}@example.com`,
      },
      json(u.token),
    );
  await post(
    origin,
    '/api/auth/update4profile',
    { ...PROFILE, ...ENTERPRISE, email: `e${enterprise.phone}@example.com` },
    json(enterprise.token),
  );
  const staff = await staffLogin(origin, STAFF_PHONE, opts.staffPassword);
  const lines = [await orderableLine(origin, 1), await orderableLine(origin, 3)];

  // 1. Placement: one in five orders is the enterprise customer's (it pays before the test).
  const enterpriseShare = Math.min(2000, Math.floor(opts.orders / 5));
  let n = 0;
  const place = await load(
    origin,
    () => {
      n += 1;
      const who = n % 5 === 0 ? enterprise : institutions[n % institutions.length];
      return {
        method: 'POST',
        path: '/api/auth/order/add',
        headers: json(who.token),
        body: JSON.stringify({
          items: [{ ...lines[n % 2], count: 1 + (n % 3) }],
          delivery: { type: 0, message: '压测' },
          remark: '',
        }),
      };
    },
    { amount: opts.orders },
  );
  if (place.failed) problems.push(`order/add: ${place.failed} failed, e.g. ${place.samples.join(' | ')}`);

  // 2. Staff quote the enterprise orders (待报价) so that they can be paid.
  const quoting: string[] = [];
  const quoteStarted = Date.now();
  for (let page = 1; quoting.length < enterpriseShare; page++) {
    const data = await post<{ list: { rid: string }[] }>(
      origin,
      '/api/admin/order/list',
      { page: 1, size: 100, status: 'quoting' },
      json(staff),
    );
    if (!data.list.length || page > 200) break;
    // Quote this page before asking for the next one (quoted orders leave the 待报价 list).
    const rids = data.list.map((o) => o.rid);
    quoting.push(...rids);
    await Promise.all(
      rids.map((rid) => post(origin, '/api/admin/order/quote', { rid, quoted_fen: 100 }, json(staff))),
    );
  }
  const quoteRps = quoting.length / Math.max(0.001, (Date.now() - quoteStarted) / 1000);
  const user = await post<{ rid: string }>(
    origin,
    '/api/admin/user/find',
    { phone: enterprise.phone },
    json(staff),
  );
  await post(
    origin,
    '/api/admin/balance/credit',
    { user_rid: user.rid, amount_fen: 100 * quoting.length + 100, idempotency_key: `bench-${Date.now()}` },
    json(staff),
  );

  // 3. Payment: every request pays a different order (each exactly once).
  let p = 0;
  const pay: Run = !quoting.length
    ? { rps: 0, p99: 0, ok: 0, failed: 0, samples: [] }
    : await load(
        origin,
        () => {
          const rid = quoting[p++ % quoting.length];
          return {
            method: 'POST',
            path: '/api/auth/web/order/pay',
            headers: json(enterprise.token),
            body: JSON.stringify({ rid }),
          };
        },
        { amount: quoting.length },
      );
  if (pay.failed) problems.push(`web/order/pay: ${pay.failed} failed, e.g. ${pay.samples.join(' | ')}`);

  // 4. Transfers of cash around a ring of the four customers (each 0.01 yuan, each key once):
  // every transfer locks two accounts that the neighbouring transfers also lock.
  const ring = [...institutions, enterprise];
  for (const u of ring) {
    const found = await post<{ rid: string }>(
      origin,
      '/api/admin/user/find',
      { phone: u.phone },
      json(staff),
    );
    await post(
      origin,
      '/api/admin/balance/credit',
      { user_rid: found.rid, amount_fen: 10_000, idempotency_key: `bench-ring-${u.phone}-${Date.now()}` },
      json(staff),
    );
  }
  const transferCount = Math.max(200, Math.min(2000, Math.floor(opts.orders / 5)));
  let t = 0;
  const stamp = Date.now();
  const transfer = await load(
    origin,
    () => {
      t += 1;
      const from = ring[t % ring.length];
      const to = ring[(t + 1) % ring.length];
      return {
        method: 'POST',
        path: '/api/auth/transferApply/add',
        headers: json(from.token),
        body: JSON.stringify({ to_account: to.phone, amount_fen: 1, idempotency_key: `bench-${stamp}-${t}` }),
      };
    },
    { amount: transferCount },
  );
  if (transfer.failed)
    problems.push(`transferApply/add: ${transfer.failed} failed, e.g. ${transfer.samples.join(' | ')}`);

  // 5. Lists with every order in the database: a customer's first page, staff by status.
  const listOwner = institutions[0];
  const list = await load(
    origin,
    () => ({
      method: 'POST',
      path: '/api/auth/order/list4person',
      headers: json(listOwner.token),
      body: JSON.stringify({ page: 1, size: 10 }),
    }),
    { seconds: opts.seconds },
  );
  const staffList = await load(
    origin,
    () => ({
      method: 'POST',
      path: '/api/admin/order/list',
      headers: json(staff),
      body: JSON.stringify({ page: 1, size: 20, status: 'awaiting_sample' }),
    }),
    { seconds: opts.seconds },
  );
  // 6. The staff's one search box (decision 0084): a customer's name, phone, organisation in turn.
  const terms = [institutions[0].phone, '压测客户2', '某材料科技', institutions[2].phone.slice(-6)];
  let s = 0;
  const search = await load(
    origin,
    () => ({
      method: 'POST',
      path: '/api/admin/order/list',
      headers: json(staff),
      body: JSON.stringify({ page: 1, size: 20, q: terms[s++ % terms.length] }),
    }),
    { seconds: opts.seconds, connections: 10 },
  );
  if (search.failed)
    problems.push(`order/list q: ${search.failed} failed, e.g. ${search.samples.join(' | ')}`);
  const all = await post<{ total: number }>(
    origin,
    '/api/admin/order/list',
    { page: 1, size: 1 },
    json(staff),
  );

  return {
    placed: place.ok,
    placeRps: place.rps,
    placeP99: place.p99,
    quoteRps,
    paid: pay.ok,
    payRps: pay.rps,
    payP99: pay.p99,
    transfers: transfer.ok,
    transferRps: transfer.rps,
    transferP99: transfer.p99,
    listRps: list.rps,
    listP99: list.p99,
    staffListRps: staffList.rps,
    staffListP99: staffList.p99,
    searchRps: search.rps,
    searchP99: search.p99,
    totalOrders: all.total,
    problems,
  };
}
