import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { orders, userMessages } from '../platform/db/schema.ts';
import { pageWindow } from '../../shared/pagination.ts';

/** In-system messages, newest first, with the unread count the header badge shows. */
export async function listMessages(s: Services, userId: number, page?: number, size?: number) {
  const w = pageWindow(page, size);
  const mine = eq(userMessages.userId, userId);
  const [rows, [{ total }], unread] = await Promise.all([
    s.db
      .select({ m: userMessages, orderRid: orders.rid })
      .from(userMessages)
      .leftJoin(orders, eq(orders.id, userMessages.orderId))
      .where(mine)
      .orderBy(desc(userMessages.id))
      .limit(w.size)
      .offset(w.offset),
    s.db.select({ total: count() }).from(userMessages).where(mine),
    unreadCount(s, userId),
  ]);
  return {
    list: rows.map(({ m, orderRid }) => ({
      rid: m.rid,
      title: m.title,
      body: m.body,
      order_rid: orderRid,
      read: m.readAt !== null,
      created: m.createdAt.toISOString(),
    })),
    total,
    unread,
  };
}

export async function unreadCount(s: Services, userId: number): Promise<number> {
  const [row] = await s.db
    .select({ n: count() })
    .from(userMessages)
    .where(and(eq(userMessages.userId, userId), isNull(userMessages.readAt)));
  return row.n;
}

/** Marks the named messages (all when none are named) as read; returns the unread count. */
export async function markRead(s: Services, userId: number, rids?: string[]): Promise<number> {
  await s.db
    .update(userMessages)
    .set({ readAt: new Date(s.now()) })
    .where(
      and(
        eq(userMessages.userId, userId),
        isNull(userMessages.readAt),
        rids && rids.length > 0 ? inArray(userMessages.rid, rids) : undefined,
      ),
    );
  return unreadCount(s, userId);
}
