import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import { registerCouponOrderReads, type CouponOrderReads } from '../coupons/index.ts';
import { itemDirectory } from '../catalogue/index.ts';
import { orderItems, orders } from './tables.ts';

const lineItem = itemDirectory('line_item');

/**
 * What coupons read of orders (a 首单 coupon's first paid order, the order a coupon paid, the
 * lines a scope applies to). Coupons sit below orders, so orders registers these when it loads.
 */
const couponOrderReads: CouponOrderReads = {
  paidOrderOf: (userId, exceptOrderId) =>
    sql<boolean>`exists (select 1 from ${orders} where ${and(
      eq(orders.userId, userId),
      exceptOrderId === undefined ? undefined : ne(orders.id, exceptOrderId),
      gt(orders.paidFen, 0),
    )})`,
  orderRidOf: (orderId) =>
    sql<string | null>`(select ${orders.rid} from ${orders} where ${orders.id} = ${orderId})`,
  orderNoOf: (orderId) =>
    sql<string | null>`(select ${orders.orderNo} from ${orders} where ${orders.id} = ${orderId})`,
  linesOf: (db, orderId) =>
    db
      .select({
        item_rid: orderItems.itemRid,
        name: orderItems.name,
        fen: orderItems.lineFen,
        child_id: lineItem.childId,
      })
      .from(orderItems)
      .leftJoin(lineItem, eq(lineItem.rid, orderItems.itemRid))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id)),
};

registerCouponOrderReads(couponOrderReads);
