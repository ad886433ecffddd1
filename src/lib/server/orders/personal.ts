// The orders' part of a person's data (privacy, decision 0044): what keeps an account open, and
// what the data export lists.
import { and, asc, count, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { orderEvents, orderItems, orders } from './tables.ts';

/** How many of the user's orders are not completed or cancelled yet. */
export async function openOrderCount(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), notInArray(orders.status, ['completed', 'cancelled'])));
  return row?.n ?? 0;
}

/** The user's orders, oldest first, each with its lines and timeline. */
export async function ordersOfPerson(db: Db, userId: number) {
  const mine = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.id));
  const ids = mine.map((o) => o.id);
  const [lines, events] = ids.length
    ? await Promise.all([
        db.select().from(orderItems).where(inArray(orderItems.orderId, ids)),
        db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(asc(orderEvents.id)),
      ])
    : [[], []];
  return mine.map((o) => ({
    ...o,
    items: lines.filter((l) => l.orderId === o.id),
    timeline: events.filter((e) => e.orderId === o.id),
  }));
}
