// Turnaround reports (issue 32, decision 0083): how long each segment of an order's life took, over
// the orders received in a date range, computed in one SQL statement from the moments the owning
// domains publish (orders' steps, results' submissions and approvals, reports' first issue).
// Working time is computed in SQL too, against a day table built from the lab's calendar.
import { sql, type SQL } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { rowsOf } from '../platform/db/client.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { addDays, shanghaiMidnight } from '../../shared/slots.ts';
import { shanghaiDate } from '../../shared/time.ts';
import type { WorkingCalendar } from '../../shared/calendar/working-days.ts';
import { labCalendar } from '../calendar/index.ts';
import { turnaroundOrderFacts, turnaroundOrderItems } from '../orders/index.ts';
import { turnaroundResultPeople, turnaroundResultTimes } from '../results/index.ts';
import { turnaroundFirstReports } from '../reports/index.ts';
import {
  NONE_LABEL,
  SEGMENTS,
  TOTAL_KEY,
  type Grouping,
  type Segment,
  type Turnaround,
  type TurnaroundOrder,
  type TurnaroundOrdersQuery,
  type TurnaroundQuery,
  type TurnaroundRow,
} from '../../shared/analytics/turnaround.ts';

/** How far before the range an order's placement may lie and still get a working-time figure. */
const CALENDAR_LEAD_DAYS = 400;
const ZONE = sql.raw(`'Asia/Shanghai'`);

/**
 * The lab's days from `first` to `last` as two SQL arrays indexed by the day's number from `first`
 * (1-based): `cum` counts the working days before the day, `work` is 1 on a working day. A
 * moment's working position is cum + (the fraction of its day, if worked), and a span's working
 * time the difference of its ends' positions. Subscripts of a constant array cost no join.
 */
function calendarArrays(calendar: WorkingCalendar, first: string, last: string) {
  const cum: number[] = [];
  const work: number[] = [];
  let before = 0;
  for (let d = first; d <= last; d = addDays(d, 1)) {
    const working = calendar.isWorkingDay(d);
    cum.push(before);
    work.push(working ? 1 : 0);
    if (working) before++;
  }
  return { first, cum: `{${cum.join(',')}}`, work: `{${work.join(',')}}` };
}

type Range = { from: string; to: string };

/**
 * Runs a report statement with room to sort in memory: its percentiles sort up to five rows per
 * order, which the default work_mem (4 MB) would spill to disk at 100,000 orders.
 */
const sorted = (s: Services, statement: SQL) =>
  s.db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    return tx.execute(statement);
  });

/**
 * The common part of both statements: CTEs o (the orders received in the range), f (their
 * moments), seg (one row per order and measurable segment with its calendar and working days and
 * whether the promise was kept) and g (the order's groups in `group`).
 */
async function segmentsOf(s: Services, range: Range, group: Grouping): Promise<SQL> {
  const now = s.now();
  const { calendar } = await labCalendar(s);
  const today = shanghaiDate(now);
  const from = new Date(shanghaiMidnight(range.from)!);
  const to = new Date(shanghaiMidnight(addDays(range.to, 1))!);
  const cal = calendarArrays(
    calendar,
    addDays(range.from, -CALENDAR_LEAD_DAYS),
    addDays(range.to > today ? range.to : today, 1),
  );
  // A moment's working position (null outside the arrays): its day's number indexes them.
  const position = (t: SQL) => {
    const local = sql`(${t} at time zone ${ZONE})`;
    const day = sql`(${local}::date - ${cal.first}::date + 1)`;
    return sql`(${cal.cum}::float8[])[${day}] + (${cal.work}::float8[])[${day}] * extract(epoch from ${local} - ${local}::date::timestamp)::float8 / 86400`;
  };
  const ids = sql`select order_id from o`;
  const groups: Record<Grouping, SQL> = {
    month: sql`select order_id, to_char(received_at at time zone ${ZONE}, 'YYYY-MM') as key,
        to_char(received_at at time zone ${ZONE}, 'YYYY-MM') as label from o`,
    item: turnaroundOrderItems(ids),
    instrument: sql`select o.order_id, coalesce(p.key, '') as key, coalesce(p.label, ${NONE_LABEL}) as label
        from o left join (${turnaroundResultPeople(ids, 'instrument')}) p on p.order_id = o.order_id`,
    technician: sql`select o.order_id, coalesce(p.key, '') as key, coalesce(p.label, ${NONE_LABEL}) as label
        from o left join (${turnaroundResultPeople(ids, 'technician')}) p on p.order_id = o.order_id`,
  };
  const segmentValues = sql.raw(
    `(values ${SEGMENTS.map((k) => `('${k}', f.${SEGMENT_ENDS[k][0]}, f.${SEGMENT_ENDS[k][1]})`).join(', ')})`,
  );
  return sql`with o as materialized (${turnaroundOrderFacts(from, to)}),
    res as (${turnaroundResultTimes(ids)}),
    rep as (${turnaroundFirstReports(ids)}),
    f as (
      select o.*, res.approved_at, rep.reported_at,
        case when res.order_id is null then o.delivered_at else res.data_at end as data_at,
        least(o.delivered_at, rep.reported_at) as out_at,
        ((o.due_date + 1)::timestamp at time zone ${ZONE}) as deadline
      from o left join res on res.order_id = o.order_id left join rep on rep.order_id = o.order_id
    ),
    seg as (
      select f.order_id, f.rid, f.order_no, f.due_date, f.out_at, x.segment, x.a, x.b,
        (extract(epoch from (x.b - x.a)) / 86400)::float8 as calendar_days,
        (${position(sql`x.b`)}) - (${position(sql`x.a`)}) as working_days,
        case when f.due_date is null then null
             when f.out_at is not null then f.out_at < f.deadline
             when ${new Date(now).toISOString()}::timestamptz >= f.deadline then false end as within
      from f cross join lateral (
        select v.segment, v.a, greatest(v.a, v.b) as b from ${segmentValues} as v(segment, a, b)
        where v.a is not null and v.b is not null
      ) x
    ),
    g as (${groups[group]})`;
}

/** Each segment's two moments (columns of f); an end before its start counts as no time. */
const SEGMENT_ENDS: Record<Segment, [string, string]> = {
  placed: ['created_at', 'received_at'],
  waiting: ['received_at', 'started_at'],
  testing: ['started_at', 'data_at'],
  review: ['data_at', 'approved_at'],
  report: ['received_at', 'reported_at'],
};

const round = (v: unknown) =>
  v === null || v === undefined ? null : Math.round(Number(v) * 10_000) / 10_000;

type StatRow = {
  segment: Segment;
  key: string;
  label: string;
  count: number;
  mean: unknown;
  median: unknown;
  p90: unknown;
  max: unknown;
  promised: number;
  kept: number;
};
const toRow = (r: StatRow): TurnaroundRow => ({
  key: r.key,
  label: r.label,
  segment: r.segment,
  count: Number(r.count),
  mean: round(r.mean),
  median: round(r.median),
  p90: round(r.p90),
  max: round(r.max),
  promised: Number(r.promised),
  kept: Number(r.kept),
  within_pct: Number(r.promised) ? Math.round((1000 * Number(r.kept)) / Number(r.promised)) / 10 : null,
});

/** The report: per group and segment, and per segment over every order of the range. */
export async function turnaroundReport(s: Services, q: TurnaroundQuery): Promise<Turnaround> {
  const base = await segmentsOf(s, q, q.group);
  const d = sql.raw(q.unit === 'working' ? 'seg.working_days' : 'seg.calendar_days');
  const stats = sql`count(*)::int as count, avg(${d}) as mean,
    percentile_cont(0.5) within group (order by ${d}) as median,
    percentile_cont(0.9) within group (order by ${d}) as p90, max(${d}) as max,
    count(seg.within)::int as promised, count(*) filter (where seg.within)::int as kept`;
  // One statement: the grouped rows and the totals (an order counted once) side by side.
  const result = await sorted(
    s,
    sql`${base},
    grouped as (
      select seg.segment, g.key, max(g.label) as label, ${stats}
      from seg join g on g.order_id = seg.order_id where ${d} is not null group by seg.segment, g.key
    ),
    totals as (
      select seg.segment, ${TOTAL_KEY}::text as key, '合计' as label, ${stats}
      from seg where ${d} is not null group by seg.segment
    )
    select true as total, * from totals union all select false as total, * from grouped`,
  );
  const rows = rowsOf<StatRow & { total: boolean }>(result);
  const order = (a: TurnaroundRow, b: TurnaroundRow) =>
    a.label.localeCompare(b.label, 'zh') || SEGMENTS.indexOf(a.segment) - SEGMENTS.indexOf(b.segment);
  return {
    from: q.from,
    to: q.to,
    group: q.group,
    unit: q.unit,
    rows: rows
      .filter((r) => !r.total)
      .map(toRow)
      .sort(order),
    totals: rows
      .filter((r) => r.total)
      .map(toRow)
      .sort(order),
  };
}

type OrderRow = {
  rid: string;
  order_no: string;
  items: string | null;
  a: Date | string;
  b: Date | string;
  calendar_days: unknown;
  working_days: unknown;
  due_date: string | Date | null;
  out_at: Date | string | null;
  within: boolean | null;
  total: number;
};
const iso = (v: Date | string) => new Date(v).toISOString();

/** The orders behind one figure: a group (or TOTAL_KEY) and a segment, longest first. */
export async function turnaroundOrders(
  s: Services,
  q: TurnaroundOrdersQuery,
): Promise<{ list: TurnaroundOrder[]; total: number }> {
  const w = pageWindow(q.page, q.size);
  const base = await segmentsOf(s, q, q.group);
  const inGroup =
    q.key === TOTAL_KEY ? sql`true` : sql`seg.order_id in (select order_id from g where key = ${q.key})`;
  const result = await sorted(
    s,
    sql`${base}
    select seg.rid, seg.order_no, seg.a, seg.b, seg.calendar_days, seg.working_days, seg.due_date::text as due_date,
      seg.out_at, seg.within, count(*) over () ::int as total,
      (select string_agg(distinct i.label, '、') from (${turnaroundOrderItems(sql`seg.order_id`)}) i) as items
    from seg where seg.segment = ${q.segment} and ${inGroup}
    order by seg.calendar_days desc, seg.order_no
    limit ${w.size} offset ${w.offset}`,
  );
  const rows = rowsOf<OrderRow>(result);
  return {
    total: Number(rows[0]?.total ?? 0),
    list: rows.map((r) => ({
      rid: r.rid,
      order_no: r.order_no,
      items: r.items ?? '',
      start: iso(r.a),
      end: iso(r.b),
      calendar_days: round(r.calendar_days) ?? 0,
      working_days: round(r.working_days),
      due_date: r.due_date === null ? null : String(r.due_date).slice(0, 10),
      delivered: r.out_at === null ? null : iso(r.out_at),
      within: r.within,
    })),
  };
}
