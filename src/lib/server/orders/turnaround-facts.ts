// What the turnaround reports (analytics, decision 0083) read of orders: published subqueries, so
// analytics never names the orders' tables.
import { sql, type SQL } from 'drizzle-orm';
import { orderEvents, orderItems, orders } from './tables.ts';

/**
 * One row per order whose last receipt (确认收样) falls in [from, to): order_id, rid, order_no,
 * created_at, received_at, started_at (the first 开始检测 after that receipt), delivered_at (the
 * first 出具数据 after it), due_date. Driven by the receipts of the range (index
 * order_events_action_at_idx); each order's later steps, and whether it was received again, come
 * from one lookup of its own events.
 */
export function turnaroundOrderFacts(from: Date, to: Date): SQL {
  return sql`select o.id as order_id, o.rid, o.order_no, o.created_at,
      r.at as received_at, steps.started_at, steps.delivered_at, o.due_date
    from ${orderEvents} r
    join ${orders} o on o.id = r.order_id
    cross join lateral (
      select min(e.at) filter (where e.action = 'start') as started_at,
             min(e.at) filter (where e.action = 'deliver') as delivered_at,
             bool_or(e.action = 'receive') as received_again
      from ${orderEvents} e
      where e.order_id = r.order_id and e.id > r.id and e.action in ('start', 'deliver', 'receive')
    ) steps
    where r.action = 'receive' and r.at >= ${from.toISOString()}::timestamptz and r.at < ${to.toISOString()}::timestamptz
      and steps.received_again is not true`;
}

/** The items (key = item rid, label = its name) of the orders whose ids `orderIds` selects. */
export function turnaroundOrderItems(orderIds: SQL): SQL {
  return sql`select distinct ${orderItems.orderId} as order_id, ${orderItems.itemRid} as key, ${orderItems.name} as label
    from ${orderItems} where ${orderItems.orderId} in (${orderIds})`;
}
