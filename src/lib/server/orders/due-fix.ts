// Fixing an order's due date at receipt (decision 0079), inside the receive transition: the
// quote's promise, else the longest of its lines', on the lab's calendar and cut-off as stored.
import { eq } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { labCalendar } from '../calendar/index.ts';
import { orderItems, orders } from './tables.ts';
import { dueDateAfter } from '../../shared/calendar/due.ts';
import { orderPromiseDays } from '../../shared/calendar/promise.ts';
import type { OrderStatus } from '../../shared/orders/order-status.ts';

type OrderRow = typeof orders.$inferSelect;

/** Statuses of an order whose samples (or data) have been received. */
export const RECEIVED_STATUSES: readonly OrderStatus[] = [
  'received',
  'testing',
  'delivered',
  'unsettled',
  'completed',
];

/** The order's promised working days: its quote's, else the longest of its lines'. */
async function promisedDays(tx: Tx, order: OrderRow): Promise<number | null> {
  const lines = await tx
    .select({ days: orderItems.turnaroundDays })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  return orderPromiseDays(
    order.quote?.turnaround_days,
    lines.map((l) => l.days),
  );
}

/**
 * Fixes the due date of an order received at `at` (inside the receipt's transaction, the order
 * locked). An order without any promise gets none. Samples received again after a refusal start
 * the count again.
 */
export async function fixDueDate(tx: Tx, order: OrderRow, at: number): Promise<string | null> {
  const days = await promisedDays(tx, order);
  if (days === null) return null;
  const { calendar, cutoffMinute } = await labCalendar({ db: tx });
  const due = dueDateAfter(at, days, cutoffMinute, calendar);
  await tx.update(orders).set({ dueDate: due, promisedDays: days }).where(eq(orders.id, order.id));
  return due;
}
