// What the turnaround reports (analytics, decision 0083) read of orders: a published subquery, so
// analytics never names the orders' tables. The moments and groups themselves are kept in
// derived.order_turnaround by triggers (migrations 0068, 0070).
import { sql, type SQL } from 'drizzle-orm';
import { orders } from './tables.ts';

/** The order numbers (order_id, rid, order_no) of the orders whose ids `orderIds` selects. */
export function turnaroundOrderRefs(orderIds: SQL): SQL {
  return sql`select ${orders.id} as order_id, ${orders.rid} as rid, ${orders.orderNo} as order_no
    from ${orders} where ${orders.id} in (${orderIds})`;
}
