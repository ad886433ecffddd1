import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { creditApplications, prestoreApplications, transferApplications } from './tables.ts';

/**
 * The user's money requests still open (privacy, decision 0044): top-ups unpaid or in review,
 * transfers and credit applications in review.
 */
export async function openMoneyRequests(db: Db | Tx, userId: number) {
  const [[topups], [transfers], [credits]] = await Promise.all([
    db
      .select({ n: count() })
      .from(prestoreApplications)
      .where(
        and(
          eq(prestoreApplications.userId, userId),
          inArray(prestoreApplications.status, ['unpaid', 'reviewing']),
        ),
      ),
    db
      .select({ n: count() })
      .from(transferApplications)
      .where(and(eq(transferApplications.userId, userId), eq(transferApplications.status, 'reviewing'))),
    db
      .select({ n: count() })
      .from(creditApplications)
      .where(and(eq(creditApplications.userId, userId), eq(creditApplications.status, 'reviewing'))),
  ]);
  return { topups: topups.n, transfers: transfers.n, credits: credits.n };
}
