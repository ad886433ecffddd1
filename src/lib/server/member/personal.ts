// The member's part of a person's data (privacy, decision 0044).
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { addresses, samplings } from './tables.ts';

/** How many of the user's home pickups are still to be done. */
export async function openPickupCount(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(samplings)
    .where(and(eq(samplings.userId, userId), inArray(samplings.status, ['pending', 'picked'])));
  return row?.n ?? 0;
}

/** The user's address book and pickup requests, for the data export. */
export async function memberDataOf(db: Db, userId: number) {
  const [myAddresses, mySamplings] = await Promise.all([
    db.select().from(addresses).where(eq(addresses.userId, userId)),
    db.select().from(samplings).where(eq(samplings.userId, userId)),
  ]);
  return { addresses: myAddresses, samplings: mySamplings };
}

/** A closing account: the address book goes, pickups keep no contact. */
export async function eraseMemberData(tx: Tx, userId: number): Promise<void> {
  await tx.delete(addresses).where(eq(addresses.userId, userId));
  await tx
    .update(samplings)
    .set({ name: '已注销', phone: '', address: '' })
    .where(eq(samplings.userId, userId));
}
