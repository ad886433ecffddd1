import { asc, eq, sql } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db } from '../platform/db/client.ts';
import { orderRemarks } from './tables.ts';
import type { OrderRemark } from '../../shared/orders/responses.ts';
import { findOrder } from './read.ts';
import { userDirectory } from '../accounts/index.ts';

const author = userDirectory('author');

/** An order's internal remarks, oldest first, each with its author's name (or phone). */
export async function listRemarks(db: Db, orderId: number): Promise<OrderRemark[]> {
  const rows = await db
    .select({
      at: orderRemarks.at,
      author: sql<string>`coalesce(nullif(${author.name}, ''), ${author.phone})`,
      text: orderRemarks.text,
    })
    .from(orderRemarks)
    .innerJoin(author, eq(author.id, orderRemarks.authorId))
    .where(eq(orderRemarks.orderId, orderId))
    .orderBy(asc(orderRemarks.id));
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}

/** Adds a staff-only note to an order; resolves the order's remarks. */
export async function addRemark(s: Services, authorId: number, rid: string, text: string) {
  const order = await findOrder(s.db, rid);
  await s.db.insert(orderRemarks).values({ orderId: order.id, authorId, text, at: new Date(s.now()) });
  return listRemarks(s.db, order.id);
}
