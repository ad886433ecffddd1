import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { promoters, promoterWithdrawals } from './tables.ts';

/** A promoter's unpaid commission and pending withdrawals, if the user is one (privacy, decision 0044). */
export async function promoterDues(db: Db | Tx, userId: number) {
  const [row] = await db
    .select({
      balance: promoters.balanceFen,
      withdrawing:
        sql<number>`(select count(*) from ${promoterWithdrawals} where ${promoterWithdrawals.promoterId} = ${promoters.id} and ${promoterWithdrawals.status} = 'pending')`.mapWith(
          Number,
        ),
    })
    .from(promoters)
    .where(eq(promoters.userId, userId));
  return row;
}
