import { count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { creditApplications, moneyApprovals, prestoreApplications, transferApplications } from './tables.ts';

/** What waits for finance, for the console's dashboard: requests in review and second approvals. */
export async function waitingForFinance(db: Db) {
  const [[prestore], [transfers], [credit], [approvals]] = await Promise.all([
    db
      .select({
        reviewing: sql<number>`count(*) filter (where ${prestoreApplications.status} = 'reviewing')`.mapWith(
          Number,
        ),
        refunds:
          sql<number>`count(*) filter (where ${prestoreApplications.status} = 'credited' and ${isNotNull(prestoreApplications.refundRequestedAt)})`.mapWith(
            Number,
          ),
      })
      .from(prestoreApplications),
    db.select({ n: count() }).from(transferApplications).where(eq(transferApplications.status, 'reviewing')),
    db.select({ n: count() }).from(creditApplications).where(eq(creditApplications.status, 'reviewing')),
    db.select({ n: count() }).from(moneyApprovals).where(eq(moneyApprovals.status, 'pending')),
  ]);
  return {
    prestore_reviewing: prestore.reviewing,
    prestore_refunds: prestore.refunds,
    transfers_reviewing: transfers.n,
    credit_reviewing: credit.n,
    credits_awaiting_second: approvals.n,
  };
}
