// The revenue and utilisation reports (issue 35, decision 0092) over 100,000 paid orders on
// PostgreSQL: customers with accounts, orders with a line each (every fifth with two), their payments (every tenth with a
// coupon), price refunds and cancellations' refunds, 20 instruments and a booking for every fifth
// order are written straight into a fresh migrated database (one year), then each report runs
// BENCH_RUNS times over the year (revenue alternating groupings). Target: p90 <= 500 ms each.
// Alone: `node scripts/bench/revenue.ts` (BENCH_DATABASE_URL or the local test PostgreSQL;
// BENCH_RUNS, BENCH_PG_ORDERS; BENCH_KEEP=1 keeps the filled database).
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../../src/lib/server/platform/db/client.ts';
import type { Services } from '../../src/lib/server/platform/services.ts';
import { writeOrderMovements } from '../../src/lib/server/money/order-movements.ts';
import { revenueReport } from '../../src/lib/server/analytics/revenue.ts';
import { utilisationReport } from '../../src/lib/server/analytics/utilisation.ts';
import { REVENUE_GROUPINGS } from '../../src/lib/shared/analytics/revenue.ts';
import { addDays } from '../../src/lib/shared/slots.ts';
import { shanghaiDate } from '../../src/lib/shared/time.ts';
import { createTempPgDatabase } from '../../tests/setup/pg.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const TARGET_MS = 500;
const DAYS = 365;
const CUSTOMERS = 2_000;
const DEVICES = 20;

type Row = [measure: string, result: string, target: string, status: string];

async function fill(db: Db, orders: number, now: number) {
  const span = (DAYS * 86_400_000) / orders;
  const base = now - DAYS * 86_400_000;
  await db.execute(sql`insert into users (id, rid, phone, name, company, inviter_id, invite_code)
    select g, 'Ubench' || g, '139' || lpad(g::text, 8, '0'), '客户' || g, '单位' || (g % 50),
      case when g > 10 and g % 7 = 0 then g % 10 + 1 end, 'bench' || g
    from generate_series(1, ${CUSTOMERS}) g`);
  await db.execute(sql`insert into money_accounts (rid, owner_kind, owner_id, updated_at)
    select 'Abench' || g, 'user', g, now() from generate_series(1, ${CUSTOMERS}) g`);
  await db.execute(sql`insert into project_type (id, name, img) values (901, '基准测试', '')`);
  await db.execute(sql`insert into project_child (id, type_id, name) values (901, 901, '基准测试')`);
  await db.execute(sql`insert into item (rid, type_id, child_id, name, description, img, price_fen, unit, options, device_rid)
    select 'Ibench' || g, 901, 901, '检测项目' || g, '', '', 10000, '样', '{"parameters":[]}'::jsonb, 'Dbench' || (g % ${DEVICES})
    from generate_series(0, 39) g`);
  await db.execute(sql`insert into device (rid, item_rid, name, model, category, location, img, price_fen)
    select 'Dbench' || g, null, '仪器' || g, 'M' || g, '测试', '101', '', 30000 from generate_series(0, ${DEVICES - 1}) g`);
  await db.execute(sql`insert into orders (id, rid, order_no, user_id, type_id, status, customer_kind, pay_mode,
      amount_fen, paid_fen, delivery, created_at, updated_at)
    select i, 'Obench' || i, 'LPB' || lpad(i::text, 9, '0'), 1 + i % ${CUSTOMERS}, 1, 'completed',
      case when i % 3 = 0 then 'enterprise' else 'institution' end, 'before',
      10000 + i % 7 * 100, 10000 + i % 7 * 100, '{"type":0}'::jsonb, c, c
    from (select i, to_timestamp((${base}::float8 + i * ${span}::float8) / 1000.0) as c from generate_series(1, ${orders}) i) x`);
  await db.execute(sql`insert into order_items (order_id, item_rid, name, price_fen, unit, sample_count,
      parameters, source, disposal, line_fen)
    select i, 'Ibench' || (i % 40), '检测项目' || (i % 40), 10000 + i % 7 * 100, '样', 1, '{}'::jsonb, 1, 0, 10000 + i % 7 * 100
    from generate_series(1, ${orders}) i`);
  // Every fifth order has a second line (another item), so the item and instrument groupings split it.
  await db.execute(sql`insert into order_items (order_id, item_rid, name, price_fen, unit, sample_count,
      parameters, source, disposal, line_fen)
    select i, 'Ibench' || ((i + 7) % 40), '检测项目' || ((i + 7) % 40), 3000, '样', 1, '{}'::jsonb, 1, 0, 3000
    from generate_series(5, ${orders}, 5) i`);
  // Payments, then a price refund on every 50th order and a refund on every 100th.
  await db.execute(sql`insert into money_transfers (rid, kind, idempotency_key, order_id, at)
    select 'Mpay' || o.id, 'payment', 'pay:' || o.id, o.id, o.created_at from orders o
    union all
    select 'Mpr' || o.id, 'price_refund', 'pr:' || o.id, o.id, o.created_at + interval '3 days' from orders o where o.id % 50 = 0
    union all
    select 'Mrf' || o.id, 'refund', 'rf:' || o.id, o.id, o.created_at + interval '1 day' from orders o where o.id % 100 = 0`);
  await db.execute(sql`with sys as (
      select max(id) filter (where system_code = 'revenue') as revenue,
             max(id) filter (where system_code = 'coupon_expense') as coupon from money_accounts),
    t as (
      select t.id, t.kind, o.amount_fen as amount, a.id as account, o.id as order_id
      from money_transfers t join orders o on o.id = t.order_id
      join money_accounts a on a.owner_kind = 'user' and a.owner_id = o.user_id)
    insert into money_postings (transfer_id, account_id, sub, amount_fen)
    select t.id, p.account, p.sub, p.amount from t cross join sys cross join lateral (values
      (t.account, 'cash', case t.kind when 'payment' then -(t.amount - case when t.order_id % 10 = 0 then 500 else 0 end)
                                       when 'price_refund' then 1000
                                       else t.amount - 1000 - case when t.order_id % 10 = 0 then 500 else 0 end end),
      (sys.coupon, 'cash', case when t.order_id % 10 = 0 then case t.kind when 'payment' then -500 when 'refund' then 500 else 0 end else 0 end),
      (sys.revenue, 'cash', case t.kind when 'payment' then t.amount when 'price_refund' then -1000 else -(t.amount - 1000) end)
    ) p(account, sub, amount)`);
  // The figures `post` keeps beside each order movement (decision 0098), written for the whole fill.
  await writeOrderMovements(db, undefined);
  // A booking of two hours, done, for every fifth order, on working-day mornings or afternoons.
  await db.execute(sql`insert into reservations (rid, user_id, device_id, order_id, start_at, end_at, status,
      actual_start_at, actual_end_at, created_at, updated_at)
    select 'Rbench' || o.id, o.user_id, d.id, o.id, s, s + interval '2 hours', 'done', s, s + interval '100 minutes', s, s
    from orders o
    join device d on d.rid = 'Dbench' || (o.id / 5 % ${DEVICES})
    cross join lateral (select date_trunc('day', o.created_at at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'
      + make_interval(hours => 9 + (o.id / 5 % 4) * 2) as s) x
    where o.id % 5 = 0`);
  await db.execute(sql`analyze`);
}

const stats = (times: number[]) => {
  times.sort((a, b) => a - b);
  return { p90: times[Math.ceil(times.length * 0.9) - 1], median: times[Math.floor(times.length / 2)] };
};

export async function revenueRows(url: string, orders = 100_000): Promise<{ rows: Row[]; notes: string[] }> {
  const temp = await createTempPgDatabase(url);
  const database = await openDatabase({ url: temp.url });
  try {
    await database.migrate();
    const now = Date.now();
    const filled = performance.now();
    await fill(database.db, orders, now);
    const fillMs = performance.now() - filled;
    const s = { db: database.db, now: () => now } as Services;
    const today = shanghaiDate(now);
    const range = { from: addDays(today, -DAYS - 1), to: today };
    const first = await revenueReport(s, { ...range, group: 'month' });
    const revenueTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await revenueReport(s, { ...range, group: REVENUE_GROUPINGS[i % REVENUE_GROUPINGS.length] });
      revenueTimes.push(performance.now() - started);
    }
    const usage = await utilisationReport(s, range);
    const utilisationTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await utilisationReport(s, range);
      utilisationTimes.push(performance.now() - started);
    }
    const r = stats(revenueTimes);
    const u = stats(utilisationTimes);
    const counted = first.total.orders;
    const used = usage.rows.reduce((n, x) => n + x.used_hours, 0);
    return {
      rows: [
        [
          `revenue report: ${counted.toLocaleString('en')} orders over a year (PostgreSQL)`,
          `p90 ${Math.round(r.p90)} ms, median ${Math.round(r.median)} ms`,
          `<= ${TARGET_MS} ms`,
          counted === orders && r.p90 <= TARGET_MS ? 'pass' : 'FAIL',
        ],
        [
          `utilisation report: ${DEVICES} instruments, ${(orders / 5).toLocaleString('en')} bookings over a year (PostgreSQL)`,
          `p90 ${Math.round(u.p90)} ms, median ${Math.round(u.median)} ms`,
          `<= ${TARGET_MS} ms`,
          used > 0 && u.p90 <= TARGET_MS ? 'pass' : 'FAIL',
        ],
      ],
      notes: [
        `revenue and utilisation: ${orders} orders written in ${Math.round(fillMs / 1000)} s; ${RUNS} runs each over one year, revenue by each grouping in turn`,
      ],
    };
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP) console.log(`kept ${temp.url}`);
    else await temp.drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const { rows, notes } = await revenueRows(url, Number(process.env.BENCH_PG_ORDERS ?? 100_000));
  for (const r of rows) console.log(r.join(' | '));
  for (const n of notes) console.log(n);
}
