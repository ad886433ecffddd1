// What a test report prints of its order (decision 0080): the number, the customer, the lines
// with their parameters, and the day the lab confirmed receipt.
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { orderEvents, orderItems, orders } from './tables.ts';
import { shanghaiDate } from '../../shared/time.ts';

export type OrderReportFacts = {
  orderNo: string;
  userId: number;
  typeId: number;
  lines: { id: number; name: string; parameters: Record<string, string>; sampleCount: number }[];
  /** The Shanghai date of the order's first 收样 (or data received) step; null before it. */
  receivedOn: string | null;
};

export async function orderReportFacts(db: Db | Tx, orderId: number): Promise<OrderReportFacts> {
  const [o] = await db
    .select({ orderNo: orders.orderNo, userId: orders.userId, typeId: orders.typeId })
    .from(orders)
    .where(eq(orders.id, orderId));
  const lines = await db
    .select({
      id: orderItems.id,
      name: orderItems.name,
      parameters: orderItems.parameters,
      sampleCount: orderItems.sampleCount,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const [received] = await db
    .select({ at: orderEvents.at })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.action, 'receive')))
    .orderBy(asc(orderEvents.id))
    .limit(1);
  return { ...o, lines, receivedOn: received ? shanghaiDate(received.at) : null };
}
