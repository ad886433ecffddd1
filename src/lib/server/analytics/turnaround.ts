// Turnaround reports (issue 32, decision 0083): how long each segment of an order's life took, over
// the orders received in a date range, computed in one SQL statement over derived.order_turnaround
// (one row of moments per received order, kept by triggers on the owners' tables). Working time is
// computed in SQL too, against two arrays built from the lab's calendar.
import { sql, type SQL } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { rowsOf } from '../platform/db/client.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { addDays, shanghaiMidnight } from '../../shared/slots.ts';
import { shanghaiDate } from '../../shared/time.ts';
import type { WorkingCalendar } from '../../shared/calendar/working-days.ts';
import { labCalendar } from '../calendar/index.ts';
import { turnaroundOrderRefs } from '../orders/index.ts';
import { orderTurnaround } from './tables.ts';
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
 * Runs a report statement with room to sort in memory: its percentiles sort one value per order
 * and segment, which the default work_mem (4 MB) would spill to disk at 100,000 orders. Without
 * JIT: its cost estimate (CTEs have no statistics) makes PostgreSQL compile the statement, which
 * took 4.5 s of 5.4 s at 100,000 orders for a statement that runs in under one.
 */
const sorted = (s: Services, statement: SQL) =>
  s.db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return tx.execute(statement);
  });

/** Each segment's two moments (columns of derived.order_turnaround). */
const SEGMENT_ENDS: Record<Segment, [string, string]> = {
  placed: ['created_at', 'received_at'],
  waiting: ['received_at', 'started_at'],
  testing: ['started_at', 'data_at'],
  review: ['data_at', 'approved_at'],
  report: ['received_at', 'reported_at'],
};
const MOMENTS = ['created_at', 'received_at', 'started_at', 'data_at', 'approved_at', 'reported_at'];

/**
 * The common part of both statements: CTEs o (one row per order received in the range, found by
 * the receipt index, with its receipt's month, each segment's calendar days c_<segment> and
 * working days w_<segment> (only when `working`), null when not measurable, and `within`, whether
 * the promise was kept) and g (the order's groups in `group`; the month is o's own column). A
 * segment's end before its start counts as no time. The inner query is fenced (offset 0) so each
 * moment's working position is computed once per row, not once per use.
 */
async function segmentsOf(
  s: Services,
  range: Range,
  group: Grouping,
  working: boolean,
  /** The orders' moments and items kept too, for the list of orders behind a figure. */
  listing = false,
): Promise<SQL> {
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
  // A moment's working position (null outside the arrays): its Shanghai day's number indexes
  // them. Shanghai keeps a fixed +08:00 offset (shared/time.ts), so the local day and its
  // fraction are float arithmetic on the epoch: no time-zone conversion per row. The arrays are
  // literals (digits the server wrote), not parameters: a parameter's subscripts cost five times
  // as much (1.2 million of them per 100,000 orders).
  const firstDay = Date.parse(`${cal.first}T00:00:00Z`) / 86_400_000 - 1;
  // Each moment as Shanghai days since the epoch (e_<moment>, computed once in the innermost
  // query), then its working position p_<moment>: the day's cum plus, if worked, the fraction.
  const epochDays = sql.raw(
    MOMENTS.map((t) => `(date_part('epoch', t.${t}) + 28800) / 86400 as e_${t}`).join(', '),
  );
  const position = (t: string) => {
    const day = `(floor(e_${t})::int - ${firstDay})`;
    return `('${cal.cum}'::float8[])[${day}] + ('${cal.work}'::float8[])[${day}] * (e_${t} - floor(e_${t})) as p_${t}`;
  };
  const positions = sql.raw(
    working ? MOMENTS.map(position).join(', ') : MOMENTS.map((m) => `null::float8 as p_${m}`).join(', '),
  );
  const spans = sql.raw(
    SEGMENTS.map((k) => {
      const [a, b] = SEGMENT_ENDS[k];
      return `case when ${a} is not null and ${b} is not null
          then greatest(e_${b} - e_${a}, 0) end as c_${k},
        ${working ? `case when ${b} is not null then (case when ${b} >= ${a} then p_${b} else p_${a} end) - p_${a} end` : 'null::float8'} as w_${k}`;
    }).join(',\n'),
  );
  // Only what the statement reads is kept: o is materialised, and narrower rows copy faster.
  const groupArrays = group === 'month' ? [] : [`${group}_keys`, `${group}_labels`];
  const listed = listing ? ['due_date', 'out_at', ...MOMENTS, 'item_labels'] : [];
  const kept = sql.raw(
    [...new Set(['order_id', 'month', ...groupArrays, ...listed])].map((c) => `m.${c}`).join(', '),
  );
  const g = grouped(group);
  return sql`with o as materialized (
      select ${kept}, ${spans},
        case when due_date is null then null
             when out_at is not null then out_at < deadline
             when ${new Date(now).toISOString()}::timestamptz >= deadline then false end as within
      from (
        select e.*, ${positions}
        from (
          select t.*, least(t.delivered_at, t.reported_at) as out_at,
            to_char(t.received_at at time zone ${ZONE}, 'YYYY-MM') as month,
            ((t.due_date + 1)::timestamp at time zone ${ZONE}) as deadline, ${epochDays}
          from ${orderTurnaround} t
          where t.received_at >= ${from.toISOString()}::timestamptz and t.received_at < ${to.toISOString()}::timestamptz
          offset 0
        ) e
        offset 0
      ) m
    ),
    g as (select o.order_id, ${g.key} as key, ${g.label} as label from ${g.from})`;
}

/**
 * The rows of o with their groups in `group`: o itself by month, or o beside each key of the
 * order's own (kept in its derived row, migration 0070, key beside label); an order without an
 * instrument or technician counts in a group of its own.
 */
function grouped(group: Grouping): { from: SQL; key: SQL; label: SQL } {
  // Keys sort byte-wise ("C"): only equal keys need to meet, and it is the cheaper comparison.
  if (group === 'month') return { from: sql`o`, key: sql`o.month collate "C"`, label: sql`o.month` };
  // The arrays unnest in the select list (one projection) rather than a lateral function scan per
  // order; an empty array counts once, under no key, for the instrument and technician groupings.
  const [keys, labels] = [`o.${group}_keys`, `o.${group}_labels`];
  const orNone = (a: string) =>
    group === 'item' ? a : `case when cardinality(${a}) = 0 then '{null}'::text[] else ${a} end`;
  return {
    from: sql.raw(
      `(select o.*, unnest(${orNone(keys)}) as key, unnest(${orNone(labels)}) as label from o) o`,
    ),
    key: group === 'item' ? sql`o.key collate "C"` : sql`coalesce(o.key, '') collate "C"`,
    label: group === 'item' ? sql`o.label` : sql.raw(`coalesce(o.label, '${NONE_LABEL}')`),
  };
}

const round = (v: unknown) =>
  v === null || v === undefined ? null : Math.round(Number(v) * 10_000) / 10_000;

/**
 * Each segment's figures over the rows of o in scope, as columns <figure>_<segment>; the median
 * and p90 come from one sort (pct_<segment>: [median, p90]).
 */
function statsOf(unit: 'calendar' | 'working'): SQL {
  return sql.raw(
    SEGMENTS.map((k) => {
      const d = `o.${unit === 'working' ? 'w' : 'c'}_${k}`;
      return `count(${d})::int as count_${k}, avg(${d}) as mean_${k},
        percentile_cont('{0.5,0.9}'::float8[]) within group (order by ${d}) as pct_${k}, max(${d}) as max_${k},
        count(o.within) filter (where ${d} is not null)::int as promised_${k},
        count(*) filter (where o.within and ${d} is not null)::int as kept_${k}`;
    }).join(',\n'),
  );
}

/** A float8[] as the drivers answer it: numbers, or strings of them. */
const percentiles = (v: unknown): (number | null)[] =>
  Array.isArray(v) ? v.map((x) => (x === null ? null : Number(x))) : [null, null];

/** One row per segment measured in a group (count > 0) from the group's wide row. */
function unpivot(r: Record<string, unknown>): TurnaroundRow[] {
  return SEGMENTS.filter((k) => Number(r[`count_${k}`]) > 0).map((k) => {
    const promised = Number(r[`promised_${k}`]);
    const kept = Number(r[`kept_${k}`]);
    return {
      key: String(r.key),
      label: String(r.label),
      segment: k,
      count: Number(r[`count_${k}`]),
      mean: round(r[`mean_${k}`]),
      median: round(percentiles(r[`pct_${k}`])[0]),
      p90: round(percentiles(r[`pct_${k}`])[1]),
      max: round(r[`max_${k}`]),
      promised,
      kept,
      within_pct: promised ? Math.round((1000 * kept) / promised) / 10 : null,
    };
  });
}

/** The report: per group and segment, and per segment over every order of the range. */
export async function turnaroundReport(s: Services, q: TurnaroundQuery): Promise<Turnaround> {
  const base = await segmentsOf(s, q, q.group, q.unit === 'working');
  const stats = statsOf(q.unit);
  const g = grouped(q.group);
  // One statement: the grouped rows and the totals (an order counted once) side by side.
  const result = await sorted(
    s,
    sql`${base}
    select true as total, ${TOTAL_KEY}::text as key, '合计' as label, ${stats} from o
    union all
    select false as total, ${g.key} as key, max(${g.label}) as label, ${stats}
    from ${g.from} group by ${g.key}`,
  );
  const rows = rowsOf<Record<string, unknown> & { total: boolean }>(result);
  const order = (a: TurnaroundRow, b: TurnaroundRow) =>
    a.label.localeCompare(b.label, 'zh') || SEGMENTS.indexOf(a.segment) - SEGMENTS.indexOf(b.segment);
  return {
    from: q.from,
    to: q.to,
    group: q.group,
    unit: q.unit,
    rows: rows
      .filter((r) => !r.total)
      .flatMap(unpivot)
      .sort(order),
    totals: rows
      .filter((r) => r.total)
      .flatMap(unpivot)
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
  const base = await segmentsOf(s, q, q.group, true, true);
  const [a, b] = SEGMENT_ENDS[q.segment].map((c) => sql.raw(`o.${c}`));
  const [c, wd] = [sql.raw(`o.c_${q.segment}`), sql.raw(`o.w_${q.segment}`)];
  const inGroup =
    q.key === TOTAL_KEY
      ? sql`true`
      : q.group === 'month'
        ? sql`o.month = ${q.key}`
        : sql`o.order_id in (select order_id from g where key = ${q.key})`;
  const result = await sorted(
    s,
    sql`${base}
    select n.rid, n.order_no, ${a} as a, greatest(${a}, ${b}) as b, ${c} as calendar_days, ${wd} as working_days,
      o.due_date::text as due_date, o.out_at, o.within, count(*) over () ::int as total,
      array_to_string(o.item_labels, '、') as items
    from o join (${turnaroundOrderRefs(sql`select order_id from o`)}) n on n.order_id = o.order_id
    where ${c} is not null and ${inGroup}
    order by ${c} desc, n.order_no
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
