// 预计与实际开始测试 (issue 35, decision 0097): the start estimate kept on an order's lines when it
// was ordered or quoted, against the working days from its receipt to its first 开始检测 (the
// order_turnaround row's moments, decision 0083), on the lab's calendar.
import { and, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { orderDirectory, orderLineDirectory } from '../orders/index.ts';
import { labCalendar } from '../calendar/index.ts';
import { orderTurnaround } from './tables.ts';
import { addDays, shanghaiMidnight } from '../../shared/slots.ts';
import { shanghaiDate, shanghaiIso } from '../../shared/time.ts';
import { workingDaysAfter } from '../../shared/worklist/work.ts';
import {
  ESTIMATE_ROW_LIMIT,
  type EstimateRow,
  type Estimates,
  type EstimatesQuery,
} from '../../shared/analytics/estimates.ts';

const mean = (xs: number[]) =>
  xs.length === 0 ? null : Math.round((10 * xs.reduce((a, b) => a + b, 0)) / xs.length) / 10;

export async function estimatesReport(s: Services, q: EstimatesQuery): Promise<Estimates> {
  const start = new Date(shanghaiMidnight(q.from)!);
  const end = new Date(shanghaiMidnight(addDays(q.to, 1))!);
  const o = orderDirectory('e_order');
  const l = orderLineDirectory('e_line');
  const t = orderTurnaround;
  const found = await s.db
    .select({
      rid: o.rid,
      orderNo: o.orderNo,
      items: sql<string>`string_agg(${l.name}, '、' order by ${l.id})`,
      estimate: sql<number>`max(${l.startEstimateDays})::int`,
      receivedAt: t.receivedAt,
      startedAt: t.startedAt,
    })
    .from(t)
    .innerJoin(o, eq(o.id, t.orderId))
    .innerJoin(l, eq(l.orderId, t.orderId))
    .where(and(gte(t.receivedAt, start), lt(t.receivedAt, end), isNotNull(l.startEstimateDays)))
    .groupBy(o.id, o.rid, o.orderNo, t.receivedAt, t.startedAt)
    .orderBy(desc(t.receivedAt), desc(o.id));
  const { calendar } = await labCalendar(s);
  const today = shanghaiDate(s.now());
  const rows: EstimateRow[] = found.map((r) => {
    const received = shanghaiDate(r.receivedAt);
    const actual = workingDaysAfter(received, r.startedAt ? shanghaiDate(r.startedAt) : today, calendar);
    return {
      order_rid: r.rid,
      order_no: r.orderNo,
      items: r.items,
      estimate_days: r.estimate,
      received_at: shanghaiIso(r.receivedAt),
      started_at: r.startedAt ? shanghaiIso(r.startedAt) : null,
      actual_days: actual,
      outcome: actual > r.estimate ? 'late' : r.startedAt ? 'kept' : 'waiting',
    };
  });
  const started = rows.filter((r) => r.started_at !== null);
  const kept = started.filter((r) => r.outcome === 'kept').length;
  return {
    from: q.from,
    to: q.to,
    orders: rows.length,
    started: started.length,
    kept,
    kept_pct: started.length ? Math.round((1000 * kept) / started.length) / 10 : null,
    mean_estimate_days: mean(started.map((r) => r.estimate_days)),
    mean_actual_days: mean(started.map((r) => r.actual_days)),
    rows: rows.slice(0, ESTIMATE_ROW_LIMIT),
  };
}
