import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { statements } from './tables.ts';

/** How many of the user's statements wait for confirmation or are disputed (privacy, decision 0044). */
export async function openStatementCount(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(statements)
    .where(and(eq(statements.userId, userId), inArray(statements.status, ['pending', 'disputed'])));
  return row?.n ?? 0;
}
