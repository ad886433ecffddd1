import { asc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { pointsEntries } from './tables.ts';

/** The user's points entries, oldest first, for the data export (privacy, decision 0044). */
export async function pointsEntriesOf(db: Db, userId: number) {
  return db
    .select()
    .from(pointsEntries)
    .where(eq(pointsEntries.userId, userId))
    .orderBy(asc(pointsEntries.id));
}
