// The turnaround report (issue 32, decision 0083) over 100,000 received orders on PostgreSQL: the
// orders, their steps, results with instruments and technicians, and first reports are written
// straight into a fresh migrated database (two years of receipts), then the report's statement
// runs 20 times over the whole range in working days, alternating groupings. Target: p90 <= 500 ms.
// Alone: `node scripts/bench/turnaround.ts` (BENCH_DATABASE_URL or the local test PostgreSQL;
// BENCH_RUNS, BENCH_PG_ORDERS; BENCH_KEEP=1 keeps the filled database for EXPLAIN).
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type Tx } from '../../src/lib/server/platform/db/client.ts';
import type { Services } from '../../src/lib/server/platform/services.ts';
import { turnaroundReport } from '../../src/lib/server/analytics/turnaround.ts';
import type { Grouping } from '../../src/lib/shared/analytics/turnaround.ts';
import { addDays } from '../../src/lib/shared/slots.ts';
import { shanghaiDate } from '../../src/lib/shared/time.ts';
import { createTempPgDatabase } from '../../tests/setup/pg.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const TARGET_MS = 500;
const DAYS = 730;

type Row = [measure: string, result: string, target: string, status: string];

/** 100,000 orders received over the last two years, each with its steps, results and report. */
async function fill(db: Services['db'], orders: number, now: number) {
  // Written with triggers off (replica role), then derived.order_turnaround rebuilt in one statement,
  // as the migration fills it: 500,000 row-by-row refreshes would only slow the setup.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await write(tx, orders, now);
  });
  await db.execute(sql`analyze`);
  await db.execute(sql`select derived.rebuild_order_turnaround()`);
  await db.execute(sql`analyze derived.order_turnaround`);
}

async function write(db: Tx, orders: number, now: number) {
  const span = (DAYS * 86_400_000) / orders;
  const base = now - DAYS * 86_400_000;
  await db.execute(sql`insert into users (id, rid, phone, name, invite_code)
    select g, 'Ubench' || g, '1390000' || lpad(g::text, 4, '0'), '实验员' || g, 'bench' || g
    from generate_series(1, 6) g`);
  await db.execute(sql`insert into orders (id, rid, order_no, user_id, type_id, status, customer_kind, pay_mode,
      amount_fen, delivery, created_at, updated_at, due_date, promised_days)
    select i, 'Obench' || i, 'LPB' || lpad(i::text, 9, '0'), 1 + i % 6, 1, 'delivered', 'institution', 'after',
      100, '{"type":0}'::jsonb, c, c, ((c + interval '7 days') at time zone 'Asia/Shanghai')::date, 5
    from (select i, to_timestamp((${base}::float8 + i * ${span}::float8) / 1000.0) as c from generate_series(1, ${orders}) i) x`);
  await db.execute(sql`insert into order_items (id, order_id, item_rid, name, price_fen, unit, sample_count,
      parameters, source, disposal, line_fen, turnaround_days)
    select i, i, 'Ibench' || (i % 20), '检测项目' || (i % 20), 100, '样', 2, '{}'::jsonb, 1, 0, 100, 5
    from generate_series(1, ${orders}) i`);
  // Steps: received (i % 48) h after placing, started (i % 30) h later, delivered with the report.
  await db.execute(sql`insert into order_events (order_id, from_status, to_status, action, actor_kind, at)
    select o.id, s.f, s.t, s.a, 'staff', o.created_at + s.after
    from orders o cross join lateral (values
      ('awaiting_sample', 'received', 'receive', make_interval(hours => o.id % 48)),
      ('received', 'testing', 'start', make_interval(hours => o.id % 48 + o.id % 30)),
      ('testing', 'delivered', 'deliver', make_interval(hours => o.id % 48 + o.id % 30 + o.id % 72 + o.id % 24 + 2))
    ) s(f, t, a, after)
    where o.rid like 'Obench%'`);
  await db.execute(sql`insert into results (id, rid, order_id, order_item_id, sample_id, item_rid, item_name, status,
      round, submitted_at, submitted_by, approved_at, created_at)
    select o.id, 'Tbench' || o.id, o.id, o.id, null, 'Ibench', '检测项目', 'approved', 1,
      o.created_at + make_interval(hours => o.id % 48 + o.id % 30 + o.id % 72),
      1 + o.id % 6,
      o.created_at + make_interval(hours => o.id % 48 + o.id % 30 + o.id % 72 + o.id % 24),
      o.created_at
    from orders o where o.rid like 'Obench%'`);
  await db.execute(sql`insert into result_entries (result_id, field_key, field_name, value, instrument, technician_id,
      technician_name, entered_at)
    select r.id, '_text', '结果', '合格', '仪器' || (r.order_id % 8), 1 + r.order_id % 6, '实验员' || (1 + r.order_id % 6), r.submitted_at
    from results r where r.rid like 'Tbench%'`);
  await db.execute(sql`insert into reports (id, order_id, base_no, created_at)
    select o.id, o.id, 'BGB' || o.id, o.created_at from orders o where o.rid like 'Obench%' and o.id % 10 <> 0`);
  await db.execute(sql`insert into report_versions (rid, report_id, version, report_no, code_hash, document, summary,
      pdf_key, pdf_sha256, pdf_size, approver_id, issued_at, retain_until)
    select 'Vbench' || rp.id, rp.id, 0, rp.base_no, 'x', '{}'::jsonb, '{}'::jsonb, 'bench/' || rp.id, 'x', 1, 1,
      e.at, '2099-01-01'
    from reports rp join order_events e on e.order_id = rp.order_id and e.action = 'deliver'
    where rp.base_no like 'BGB%'`);
}

export async function turnaroundRows(
  url: string,
  orders = 100_000,
): Promise<{ rows: Row[]; notes: string[] }> {
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
    // Receipts run up to 47 h after the last placement: the range ends two days ahead.
    const range = { from: addDays(today, -DAYS - 1), to: addDays(today, 2) };
    const groups: Grouping[] = ['month', 'item', 'instrument', 'technician'];
    const first = await turnaroundReport(s, { ...range, group: 'month', unit: 'working' });
    const counted = first.totals.find((r) => r.segment === 'placed')?.count ?? 0;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await turnaroundReport(s, { ...range, group: groups[i % groups.length], unit: 'working' });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p90 = times[Math.ceil(times.length * 0.9) - 1];
    const median = times[Math.floor(times.length / 2)];
    return {
      rows: [
        [
          `turnaround report: ${counted.toLocaleString('en')} orders, working days (PostgreSQL)`,
          `p90 ${Math.round(p90)} ms, median ${Math.round(median)} ms`,
          `<= ${TARGET_MS} ms`,
          counted === orders && p90 <= TARGET_MS ? 'pass' : 'FAIL',
        ],
      ],
      notes: [
        `turnaround report: ${orders} orders written in ${Math.round(fillMs / 1000)} s; ${RUNS} runs over two years of receipts, by month, item, instrument and technician in turn`,
      ],
    };
  } finally {
    await database.close();
    // BENCH_KEEP=1 keeps the filled database for EXPLAIN (its address is printed).
    if (process.env.BENCH_KEEP) console.log(`kept ${temp.url}`);
    else await temp.drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const { rows, notes } = await turnaroundRows(url, Number(process.env.BENCH_PG_ORDERS ?? 100_000));
  for (const r of rows) console.log(r.join(' | '));
  for (const n of notes) console.log(n);
}
