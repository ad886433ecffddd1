import { and, countDistinct, gte, inArray, sql } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { waitingForFinance } from '../money/index.ts';
import { orderEvents, orderTallies } from './tables.ts';
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
  const [perStatus, todays, overdue, money] = await Promise.all([
    // From the per-(customer, status) tallies (decision 0066), not a scan of every order.
    db
      .select({ status: orderTallies.status, n: sql<number>`sum(${orderTallies.orders})::int` })
      .from(orderTallies)
      .groupBy(orderTallies.status),
    db
      .select({ action: orderEvents.action, n: countDistinct(orderEvents.orderId) })
      // Orders, not steps: the count equals the order list it links to (received_on, delivered_on).
      .from(orderEvents)
      .where(and(inArray(orderEvents.action, ['receive', 'deliver']), gte(orderEvents.at, today)))
      .groupBy(orderEvents.action),
    overdueCounts(s),
    waitingForFinance(db),
  ]);
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((st) => [st, 0])) as Record<OrderStatus, number>;
  for (const r of perStatus) byStatus[r.status] = r.n;
  const todayCount = (action: string) => todays.find((t) => t.action === action)?.n ?? 0;
  return {
    orders: byStatus,
    today: {
      date: shanghaiDate(new Date(now)),
      received: todayCount('receive'),
      delivered: todayCount('deliver'),
    },
    overdue,
    money,
  };
}
