// 预计 N 个工作日内开始测试 (issue 35, decision 0097): how long a sample received now waits for its
// instrument, from the samples ahead of it and the instrument's weekly capacity. The queue is the
// worklist's: the samples of the instrument's items on orders committed but not yet on the bench
// (awaiting the samples or received), and the results still waiting on orders in testing.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { resultDirectory } from '../results/index.ts';
import { orderDirectory, orderLineDirectory, registerStartEstimator } from '../orders/index.ts';
import { deviceDirectory, itemDirectory } from '../catalogue/index.ts';
import { labCalendar } from '../calendar/index.ts';
import { estimateIfArrivingTomorrow } from '../../shared/calendar/due.ts';
import { startEstimateDays } from '../../shared/worklist/work.ts';
import { startEstimateText, type StartEstimate } from '../../shared/worklist/estimate.ts';
import type { OrderStatus } from '../../shared/orders/order-status.ts';
import type { ResultStatus } from '../../shared/results/results.ts';

/** Orders whose samples are promised or in the lab but whose testing has not begun. */
const AHEAD: OrderStatus[] = ['awaiting_sample', 'awaiting_pickup', 'received'];
const WAITING: ResultStatus[] = ['draft', 'returned'];

/** Each instrument's queue in samples, for the instruments of the items given. */
async function queues(db: Db | Tx, deviceRids: string[], exceptOrderId = 0): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (deviceRids.length === 0) return out;
  const o = orderDirectory('q_order');
  const l = orderLineDirectory('q_line');
  const i = itemDirectory('q_item');
  const r = resultDirectory('q_result');
  const [lines, results] = await Promise.all([
    db
      .select({ device: i.deviceRid, n: sql<number>`coalesce(sum(${l.sampleCount}), 0)::int` })
      .from(l)
      .innerJoin(o, eq(o.id, l.orderId))
      .innerJoin(i, eq(i.rid, l.itemRid))
      .where(and(inArray(o.status, AHEAD), inArray(i.deviceRid, deviceRids), ne(o.id, exceptOrderId)))
      .groupBy(i.deviceRid),
    db
      .select({ device: i.deviceRid, n: sql<number>`count(*)::int` })
      .from(r)
      .innerJoin(o, eq(o.id, r.orderId))
      .innerJoin(i, eq(i.rid, r.itemRid))
      .where(
        and(
          eq(o.status, 'testing'),
          inArray(r.status, WAITING),
          inArray(i.deviceRid, deviceRids),
          ne(o.id, exceptOrderId),
        ),
      )
      .groupBy(i.deviceRid),
  ]);
  for (const x of [...lines, ...results]) out.set(x.device!, (out.get(x.device!) ?? 0) + x.n);
  return out;
}

type Days = { days: number; queued: number; capacity: number; deviceName: string };

/** Each item's estimate in working days; absent for an item without an instrument or capacity. */
async function estimateDays(
  db: Db | Tx,
  itemRids: string[],
  exceptOrderId?: number,
): Promise<Map<string, Days>> {
  const out = new Map<string, Days>();
  const rids = [...new Set(itemRids)];
  if (rids.length === 0) return out;
  const i = itemDirectory('e_item');
  const d = deviceDirectory('e_device');
  const rows = await db
    .select({ rid: i.rid, device: d.rid, deviceName: d.name, capacity: d.weeklyCapacity })
    .from(i)
    .innerJoin(d, eq(d.rid, i.deviceRid))
    .where(inArray(i.rid, rids));
  const queued = await queues(
    db,
    [...new Set(rows.flatMap((x) => (x.capacity ? [x.device] : [])))],
    exceptOrderId,
  );
  for (const x of rows) {
    const ahead = queued.get(x.device) ?? 0;
    const days = startEstimateDays(ahead, x.capacity);
    if (days !== null)
      out.set(x.rid, { days, queued: ahead, capacity: x.capacity!, deviceName: x.deviceName });
  }
  return out;
}

/**
 * The start estimate of each item given (by rid) as the item page and the quote builder show it,
 * with the date testing starts by if the samples arrive tomorrow; null for an item without an
 * instrument or whose instrument has no capacity set.
 */
export async function startEstimates(
  s: Pick<Services, 'db' | 'now'>,
  itemRids: string[],
): Promise<Map<string, StartEstimate | null>> {
  const [days, { calendar }] = await Promise.all([estimateDays(s.db, itemRids), labCalendar(s)]);
  const now = s.now();
  return new Map(
    itemRids.map((rid) => {
      const e = days.get(rid);
      return [
        rid,
        e
          ? {
              days: e.days,
              text: startEstimateText(e.days),
              start_by: estimateIfArrivingTomorrow(now, e.days, calendar),
              queued: e.queued,
              weekly_capacity: e.capacity,
              device_name: e.deviceName,
            }
          : null,
      ];
    }),
  );
}

// Orders keep the estimate told when a line is placed or quoted.
registerStartEstimator(async (tx, itemRids, exceptOrderId) => {
  const days = await estimateDays(tx, itemRids, exceptOrderId);
  return new Map(itemRids.map((rid) => [rid, days.get(rid)?.days ?? null]));
});
