// An order's promised date for its data (issue 32, decision 0079). It is fixed when the samples
// are received (a data-analysis order: when staff confirm its files are complete, the same
// 确认收样 step) from the quote's promise, else the longest of its lines' (copied from the items
// when ordered), on the lab's calendar with its cut-off, read inside the receipt's transaction.
// A calendar edit never moves it; staff move it by hand with a reason (a timeline entry, audited).
import { and, asc, eq, gt, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { DomainError } from '../platform/errors.ts';
import { labCalendar } from '../calendar/index.ts';
import { itemDirectory } from '../catalogue/index.ts';
import { orderEvents, orderItems, orders } from './tables.ts';
import { RECEIVED_STATUSES } from './due-fix.ts';
import { addEvent, lockOrder } from './transition.ts';
import { CHANNELS, queueNotification } from '../notify/index.ts';
import { referencedUser } from '../accounts/index.ts';
import { findOrder } from './read.ts';
import { dueDateAfter } from '../../shared/calendar/due.ts';
import { orderPromiseDays } from '../../shared/calendar/promise.ts';
import { chineseDate, shanghaiDate } from '../../shared/time.ts';

const DUE_NOT_RECEIVED = '订单收样后才有交付日期';
const DUE_UNCHANGED = '新的交付日期与原日期相同';
const DUE_BEFORE_RECEIPT = '交付日期不能早于收样日期';

/**
 * Staff move an order's due date by hand, with a reason: a timeline entry the customer sees
 * (交付日期调整), and the staff audit log's before and after.
 */
export async function moveDueDate(s: Services, staffId: number, rid: string, date: string, reason: string) {
  const o = await findOrder(s.db, rid);
  const now = s.now();
  return s.db.transaction(async (tx) => {
    const order = await lockOrder(tx, o.id);
    if (!RECEIVED_STATUSES.includes(order.status)) throw new DomainError(DUE_NOT_RECEIVED);
    if (order.dueDate === date) throw new DomainError(DUE_UNCHANGED);
    const [received] = await tx
      .select({ at: max(orderEvents.at) })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.action, 'receive')));
    if (received?.at && date < shanghaiDate(received.at)) throw new DomainError(DUE_BEFORE_RECEIPT);
    const [updated] = await tx
      .update(orders)
      .set({ dueDate: date, updatedAt: new Date(now) })
      .where(eq(orders.id, order.id))
      .returning();
    const from = order.dueDate ? chineseDate(order.dueDate) : '未设定';
    const eventId = await addEvent(tx, {
      orderId: order.id,
      from: order.status,
      to: order.status,
      action: 'due_moved',
      actor: 'staff',
      actorId: staffId,
      note: `交付日期由 ${from} 调整为 ${chineseDate(date)}：${reason}`,
      now,
    });
    // The customer hears of the new date and why, as of other order news (decision 0082).
    const user = await referencedUser(tx, order.userId);
    await queueNotification(tx, {
      channels: CHANNELS.due_moved.filter((c) => c !== 'email' || user?.email),
      userId: order.userId,
      orderId: order.id,
      eventId,
      template: 'due_moved',
      vars: { order_no: order.orderNo, amount_fen: '0', note: reason, recycle: '0', due_date: date },
      now,
    });
    return updated;
  });
}

const BATCH = 500;
const lineItem = itemDirectory('due_item');

/**
 * Orders received before due dates existed (or before their items had a promise) get one from
 * their last receipt: the quote's days, else each line's copied days or, for lines ordered before
 * that, the item's promise now. Orders still without any promise are left without a date. Safe to
 * repeat and with several processes (only rows still without a date are written).
 */
export async function backfillDueDates(s: Services): Promise<number> {
  const { calendar, cutoffMinute } = await labCalendar(s);
  let after = 0;
  let done = 0;
  for (;;) {
    const rows = await s.db
      .select({
        id: orders.id,
        quoteDays: sql<string | null>`${orders.quote}->>'turnaround_days'`,
        days: sql<number | null>`max(coalesce(${orderItems.turnaroundDays}, ${lineItem.turnaroundDays}))`,
        receivedAt: sql<
          Date | string | null
        >`(select max(e.at) from ${orderEvents} e where e.order_id = ${orders.id} and e.action = 'receive')`,
      })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .leftJoin(lineItem, eq(lineItem.rid, orderItems.itemRid))
      .where(
        and(isNull(orders.dueDate), inArray(orders.status, [...RECEIVED_STATUSES]), gt(orders.id, after)),
      )
      .groupBy(orders.id)
      .orderBy(asc(orders.id))
      .limit(BATCH);
    if (rows.length === 0) return done;
    after = rows[rows.length - 1].id;
    for (const r of rows) {
      const days = orderPromiseDays(r.quoteDays ? Number(r.quoteDays) : null, [r.days]);
      if (days === null || !r.receivedAt) continue;
      const due = dueDateAfter(new Date(r.receivedAt).getTime(), days, cutoffMinute, calendar);
      const set = await s.db
        .update(orders)
        .set({ dueDate: due, promisedDays: days })
        .where(and(eq(orders.id, r.id), isNull(orders.dueDate)))
        .returning({ id: orders.id });
      done += set.length;
    }
  }
}

/** The periodic job that backfills due dates (hourly; the first run at start). */
export const DUE_BACKFILL = 'orders.due-backfill';
