import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { reservations } from './tables.ts';

/** How many of the user's reservations are still pending or confirmed (privacy, decision 0044). */
export async function openReservationCount(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reservations)
    .where(and(eq(reservations.userId, userId), inArray(reservations.status, ['pending', 'confirmed'])));
  return row?.n ?? 0;
}
