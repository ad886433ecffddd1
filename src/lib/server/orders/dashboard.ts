import { and, count, gte, inArray, isNotNull, eq, sql } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import {
  creditApplications,
  moneyApprovals,
  prestoreApplications,
  transferApplications,
} from '../money/tables.ts';
import { orderEvents, orders } from './tables.ts';
import { shanghaiMidnight } from '../../shared/slots.ts';
import { shanghaiDate } from '../../shared/time.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../shared/orders/order-status.ts';
import { overdueCounts } from './operations.ts';

/**
 * The console's dashboard: orders per status, today's receipts and deliveries (Shanghai day),
 * the orders past each service promise of the spec (decision 0032), and money waiting for finance.
 */
export async function dashboard(s: Services) {
  const now = s.now();
  const today = new Date(shanghaiMidnight(shanghaiDate(new Date(now)))!);
  const db = s.db;
  const [perStatus, todays, overdue, [prestore], [transfers], [credit], [approvals]] = await Promise.all([
    db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status),
    db
      .select({ action: orderEvents.action, n: count() })
      .from(orderEvents)
      .where(and(inArray(orderEvents.action, ['receive', 'deliver']), gte(orderEvents.at, today)))
      .groupBy(orderEvents.action),
    overdueCounts(s),
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
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((st) => [st, 0])) as Record<OrderStatus, number>;
  for (const r of perStatus) byStatus[r.status] = r.n;
  const todayCount = (action: string) => todays.find((t) => t.action === action)?.n ?? 0;
  return {
    orders: byStatus,
    today: { received: todayCount('receive'), delivered: todayCount('deliver') },
    overdue,
    money: {
      prestore_reviewing: prestore.reviewing,
      prestore_refunds: prestore.refunds,
      transfers_reviewing: transfers.n,
      credit_reviewing: credit.n,
      credits_awaiting_second: approvals.n,
    },
  };
}
