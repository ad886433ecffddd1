// What coupons read of orders. Orders imports coupons (an order is paid with one and a
// cancellation gives it back), so coupons cannot import orders: orders registers these reads
// when it loads (orders/coupon-reads.ts), as reservations register their hold with orders, and
// coupons' lists use them inside their one statement (decision 0061).
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../platform/db/client.ts';

/** An order line as a coupon's scope sees it: the item, its list amount, the item's child category. */
export type OrderLine = { item_rid: string; name: string; fen: number; child_id: number | null };

export type CouponOrderReads = {
  /**
   * SQL: whether the customer with this id (or in this column of the caller's query) has paid
   * for an order, other than `exceptOrderId`.
   */
  paidOrderOf(userId: number | AnyColumn, exceptOrderId?: number): SQL<boolean>;
  /** SQL: the rid of the order with this id (a column of the caller's query). */
  orderRidOf(orderId: AnyColumn): SQL<string | null>;
  /** SQL: the number (订单号) of the order with this id (a column of the caller's query). */
  orderNoOf(orderId: AnyColumn): SQL<string | null>;
  /** An order's lines, first to last. */
  linesOf(db: Db | Tx, orderId: number): Promise<OrderLine[]>;
};

let registered: CouponOrderReads | undefined;

export function registerCouponOrderReads(reads: CouponOrderReads): void {
  registered = reads;
}

/** Orders' reads (registered when orders loads, before any coupon is listed or used). */
export function orderReads(): CouponOrderReads {
  if (!registered)
    throw new Error('orders has not registered its reads for coupons (orders/coupon-reads.ts)');
  return registered;
}

/** Whether the customer has paid for an order (other than this one): a 首单 coupon is for the first. */
export async function hasPaidOrder(db: Db | Tx, userId: number, exceptOrderId?: number): Promise<boolean> {
  const [row] = rowsOf<{ paid: boolean }>(
    await db.execute(sql`select ${orderReads().paidOrderOf(userId, exceptOrderId)} as paid`),
  );
  return row.paid;
}
