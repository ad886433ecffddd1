// Where an order list's time goes: fills a database the way `npm run bench` leaves it (BENCH_ORDERS
// orders, default 10,000, from 4 customers, 1 in 5 the enterprise's, all 待寄样), then for the
// customer's list (order/list4person) and the staff list by status (order/list) prints every
// statement one request runs, with its time and EXPLAIN ANALYZE, and the request's time
// in-process (no HTTP, one request at a time: what each of 50 queued connections waits for).
//   node scripts/bench/explain-orders.ts                 embedded PGlite (in memory)
//   node scripts/bench/explain-orders.ts postgres://…    a temporary database next to that one
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database } from '../../src/lib/server/platform/db/client.ts';
import { readEnv } from '../../src/lib/server/platform/env.ts';
import { createServices } from '../../src/lib/server/platform/services.ts';
import { createApi } from '../../src/lib/server/app.ts';
import { loadContentStore } from '../../src/lib/server/content/store.ts';
import { insertUser } from '../../src/lib/server/accounts/users.ts';
import { createSession } from '../../src/lib/server/accounts/tokens.ts';
import { DEMO_STAFF_PHONE, ensureDemoStaff } from '../../src/lib/server/staff/index.ts';
import { createTempPgDatabase } from '../../tests/setup/pg.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const RUNS = 200;
const STAFF_PASSWORD = 'Bench-Staff-2026';

type Statement = { text: string; params: unknown[]; ms: number };
let recording: Statement[] | undefined;

/** Records each statement sent to the driver (PGlite's client or node-postgres' pool). */
function recordStatements(database: Database) {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } })
    .$client;
  const query = client.query;
  client.query = async function (this: unknown, ...args: unknown[]) {
    const started = performance.now();
    try {
      return await query.apply(this, args);
    } finally {
      const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[]?];
      const text = typeof first === 'string' ? first : first.text;
      const params = (typeof first === 'string' ? second : (first.values ?? second)) ?? [];
      recording?.push({ text, params, ms: performance.now() - started });
    }
  };
  return query.bind(client) as (text: string, params?: unknown[]) => Promise<unknown>;
}

async function fill(database: Database, customerIds: number[]) {
  const [i1, i2, i3, enterprise] = customerIds;
  // Placed one per second up to now, five to a transaction; every fifth the enterprise's (quoted,
  // prepaid), the rest the three institutions' in turn (pay after the test): all waiting for
  // their samples.
  for (let from = 1; from <= ORDERS; from += 5)
    await database.db.execute(sql`
    insert into orders (rid, order_no, user_id, type_id, status, customer_kind, pay_mode,
                        amount_fen, quoted_fen, paid_fen, delivery, created_at, updated_at)
    select 'bench' || g, 'LPB' || lpad(g::text, 9, '0'),
           case when g % 5 = 0 then ${enterprise}::int else (array[${i1}, ${i2}, ${i3}]::int[])[1 + g % 3] end,
           case when g % 2 = 0 then 1 else 3 end, 'awaiting_sample',
           case when g % 5 = 0 then 'enterprise' else 'institution' end,
           case when g % 5 = 0 then 'before' else 'after' end,
           case when g % 5 = 0 then 100 else 5000 * (1 + g % 3) end,
           case when g % 5 = 0 then 100 end,
           case when g % 5 = 0 then 100 else 0 end,
           '{"type":0,"message":"压测"}'::jsonb,
           now() - (${ORDERS}::int - g) * interval '1 second', now() - (${ORDERS}::int - g) * interval '1 second'
    from generate_series(${from}::int, ${Math.min(ORDERS, from + 4)}::int) g`);
  await database.db.execute(sql`
    insert into order_items (order_id, item_rid, name, price_fen, unit, sample_count, parameters,
                             source, disposal, line_fen)
    select id, 'bench-item', case when type_id = 1 then 'X射线衍射' else '数据分析' end, 5000, '样',
           1, '{}'::jsonb, 1, 0, amount_fen
    from orders`);
  // Names and organisations for the staff search by customer (decision 0084).
  await database.db.execute(sql`
    update users set name = '压测客户' || id, company = '某某大学' || id
    where id = any(${`{${customerIds.join(',')}}`}::int[])`);
  await database.db.execute(sql`analyze`);
}

async function main() {
  const url = process.argv[2];
  const temp = url ? await createTempPgDatabase(url) : undefined;
  const database = await openDatabase(temp ? { url: temp.url } : {});
  try {
    await database.migrate();
    const env = readEnv({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', STAFF_PASSWORD });
    const services = createServices(
      env,
      database,
      await loadContentStore('dist/client/content/manifest.json'),
    );
    const api = createApi(services);
    const customers = [];
    for (let i = 0; i < 4; i++) {
      const phone = `1390000${String(i).padStart(4, '0')}`;
      const user = await database.db.transaction((tx) =>
        insertUser(tx, { phone, passwordHash: null, now: Date.now() }),
      );
      customers.push({
        id: user!.id,
        phone,
        ...(await createSession(services, user!.id, { ip: '', userAgent: '' })),
      });
    }
    await ensureDemoStaff(services);
    const [staff] = rowsOf<{ id: number }>(
      await database.db.execute(sql`select id from users where phone = ${DEMO_STAFF_PHONE}`),
    );
    const staffToken = (await createSession(services, staff.id, { ip: '', userAgent: '' }, 'staff')).token;
    await fill(
      database,
      customers.map((c) => c.id),
    );
    const send = recordStatements(database);

    const requests = [
      {
        name: 'order/list4person (first customer, page 1 of 10)',
        path: '/api/auth/order/list4person',
        token: customers[0].token,
        body: { page: 1, size: 10 },
      },
      {
        name: 'staff order/list by status 待寄样 (page 1 of 20)',
        path: '/api/admin/order/list',
        token: staffToken,
        body: { page: 1, size: 20, status: 'awaiting_sample' },
      },
      // The one search box (decision 0084): a customer's phone, name, organisation; an item name.
      ...[customers[1].phone, `压测客户${customers[2].id}`, `某某大学${customers[3].id}`, '衍射'].map(
        (q) => ({
          name: `staff order/list search "${q}" (page 1 of 20)`,
          path: '/api/admin/order/list',
          token: staffToken,
          body: { page: 1, size: 20, q },
        }),
      ),
    ];
    console.log(`${database.kind}, ${ORDERS.toLocaleString('en')} orders`);
    for (const r of requests) {
      const call = async () => {
        const res = await api.request(r.path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${r.token}` },
          body: JSON.stringify(r.body),
        });
        const envelope = (await res.json()) as { code: number; msg: string; data: { total: number } };
        if (envelope.code !== 1) throw new Error(`${r.path}: ${envelope.msg}`);
        return envelope.data;
      };
      await call(); // warm-up: prepared statements, caches
      recording = [];
      const data = await call();
      const statements = recording;
      recording = undefined;
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await call();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
      console.log(
        `\n## ${r.name}: total ${data.total}; ${statements.length} statements; ` +
          `in-process mean ${(times.reduce((a, b) => a + b, 0) / RUNS).toFixed(1)} ms, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`,
      );
      for (const s of statements) {
        console.log(`\n-- ${s.ms.toFixed(1)} ms: ${s.text}\n-- params ${JSON.stringify(s.params)}`);
        if (!/^\s*select/i.test(s.text)) continue;
        const plan = rowsOf<Record<string, string>>(
          await send(`explain (analyze, buffers) ${s.text}`, s.params),
        );
        for (const line of plan) console.log(`   ${Object.values(line)[0]}`);
      }
    }
  } finally {
    await database.close();
    await temp?.drop();
  }
}

await main();
