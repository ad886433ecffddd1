import { eq } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { users } from './tables.ts';

/**
 * Serialises one user's changes of a kind (address book, experiment plan) by locking the user
 * row: a row that does not exist yet cannot be locked, so "select … for update, then insert"
 * alone lets two identical requests both insert.
 */
export async function lockUser(tx: Tx, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
