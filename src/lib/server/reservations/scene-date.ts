import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { reservations } from './tables.ts';
import { ACTIVE_RESERVATION } from '../../shared/reservations/reservation-rules.ts';
import { shanghaiDate } from '../../shared/time.ts';

/**
 * The user's scene date: the Shanghai date of their earliest reservation that still holds its
 * slots and has not ended; pickups on or after it are refused (spec: sampling rules). Member and
 * orders check pickups against it; they sit below reservations, so the app hands it to them.
 */
export async function sceneDateOf(db: Db | Tx, userId: number, now: number): Promise<string | null> {
  const [row] = await db
    .select({ start: reservations.startAt })
    .from(reservations)
    .where(
      and(
        eq(reservations.userId, userId),
        inArray(reservations.status, [...ACTIVE_RESERVATION]),
        gt(reservations.endAt, new Date(now)),
      ),
    )
    .orderBy(asc(reservations.startAt))
    .limit(1);
  return row ? shanghaiDate(row.start) : null;
}
