// What the turnaround reports (analytics, decision 0083) read of orders: published subqueries, so
// analytics never names the orders' tables. The moments themselves
// are kept in derived.order_turnaround by triggers (migration 0068).
import { sql, type SQL } from 'drizzle-orm';
import { orderItems, orders } from './tables.ts';

/** The order numbers (order_id, rid, order_no) of the orders whose ids `orderIds` selects. */
export function turnaroundOrderRefs(orderIds: SQL): SQL {
  return sql`select ${orders.id} as order_id, ${orders.rid} as rid, ${orders.orderNo} as order_no
    from ${orders} where ${orders.id} in (${orderIds})`;
}

/** The items (key = item rid, label = its name) of the orders whose ids `orderIds` selects. */
export function turnaroundOrderItems(orderIds: SQL): SQL {
  return sql`select distinct ${orderItems.orderId} as order_id, ${orderItems.itemRid} as key, ${orderItems.name} as label
    from ${orderItems} where ${orderItems.orderId} in (${orderIds})`;
}
