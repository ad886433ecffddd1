// integration/init and integration/list, and their staff counterparts: the balance, what expires
// next, and the history with pages.
import { and, count, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db } from '../platform/db/client.ts';
import { pointsEntries, pointsExchanges, pointsLots } from './tables.ts';
import { moneyTransaction, userAccount } from '../money/index.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { maskPhone } from '../../shared/accounts/mask.ts';
import { ENTRY_TEXT, EXCHANGE_STATUS_TEXT, type EntryKind } from '../../shared/points/points.ts';
import { balanceOf, DAY_MS, expireDue, lockOne } from './book.ts';
import { sentToday, transferLeft } from './transfer.ts';
import { userDirectory } from '../accounts/index.ts';
import { orderDirectory } from '../orders/index.ts';

const ord = orderDirectory('ord');

/** Expires what is due before a customer looks (the periodic job may not have run yet). */
async function expireNow(s: Services, userId: number) {
  const now = s.now();
  const [due] = await s.db
    .select({ id: pointsLots.id })
    .from(pointsLots)
    .where(
      and(
        eq(pointsLots.userId, userId),
        gt(pointsLots.remaining, 0),
        lte(pointsLots.expiresAt, new Date(now)),
      ),
    )
    .limit(1);
  if (due) await moneyTransaction(s.db, async (tx) => expireDue(tx, await lockOne(tx, userId, now), now));
}

/** The balance and the lots to come: the next date, its points, and what goes within 30 days. */
export async function pointsSummary(s: Services, userId: number) {
  await expireNow(s, userId);
  const now = s.now();
  const [balance, lots, account] = await Promise.all([
    balanceOf(s.db, userId),
    s.db
      .select({
        expiresAt: pointsLots.expiresAt,
        points: sql<string>`sum(${pointsLots.remaining})`.mapWith(Number),
      })
      .from(pointsLots)
      .where(and(eq(pointsLots.userId, userId), gt(pointsLots.remaining, 0)))
      .groupBy(pointsLots.expiresAt)
      .orderBy(pointsLots.expiresAt),
    userAccount(s.db, userId, now),
  ]);
  const next = lots[0];
  return {
    balance,
    next_expire_points: next?.points ?? 0,
    next_expire_at: next ? next.expiresAt.toISOString() : null,
    expiring_30d: lots
      .filter((l) => l.expiresAt.getTime() <= now + 30 * DAY_MS)
      .reduce((n, l) => n + l.points, 0),
    account_rid: account.rid,
    valid_days: s.env.POINTS_VALID_DAYS,
    transfer_daily_limit: s.env.POINTS_TRANSFER_DAILY_LIMIT,
  };
}

/** integration/init. */
export async function pointsInit(s: Services, userId: number) {
  const summary = await pointsSummary(s, userId);
  return { ...summary, transfer_left_today: transferLeft(s, await sentToday(s.db, userId, s.now())) };
}

const counterpart = userDirectory('counterpart');

/** The history, newest first: each entry with its order, exchange or other customer. */
export async function pointsHistory(
  db: Db,
  userId: number,
  f: { page?: number; size?: number; kind?: EntryKind },
) {
  const w = pageWindow(f.page, f.size);
  const where = and(eq(pointsEntries.userId, userId), f.kind ? eq(pointsEntries.kind, f.kind) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        e: pointsEntries,
        orderRid: ord.rid,
        orderNo: ord.orderNo,
        exchangeName: pointsExchanges.name,
        exchangeStatus: pointsExchanges.status,
        counterpartPhone: counterpart.phone,
        // An entry that added points: when they expire (its lots share one date but for transfers).
        expiresAt:
          sql<Date | null>`(select min(${pointsLots.expiresAt}) from ${pointsLots} where ${pointsLots.entryId} = ${pointsEntries.id})`.mapWith(
            pointsLots.expiresAt,
          ),
      })
      .from(pointsEntries)
      .leftJoin(ord, eq(ord.id, pointsEntries.orderId))
      .leftJoin(
        pointsExchanges,
        and(
          eq(pointsExchanges.rid, pointsEntries.refRid),
          sql`${pointsEntries.kind} in ('exchange', 'exchange_return')`,
        ),
      )
      .leftJoin(counterpart, eq(counterpart.id, pointsEntries.counterpartId))
      .where(where)
      .orderBy(desc(pointsEntries.id))
      .limit(w.size)
      .offset(w.offset),
    db.select({ total: count() }).from(pointsEntries).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      rid: r.e.rid,
      kind: r.e.kind,
      kind_text: ENTRY_TEXT[r.e.kind],
      points: r.e.points,
      balance_after: r.e.balanceAfter,
      note: r.e.note,
      order_rid: r.orderRid,
      order_no: r.orderNo,
      exchange:
        r.e.refRid && r.exchangeStatus && r.exchangeName
          ? {
              rid: r.e.refRid,
              name: r.exchangeName,
              status: r.exchangeStatus,
              status_text: EXCHANGE_STATUS_TEXT[r.exchangeStatus],
            }
          : null,
      counterpart: r.counterpartPhone ? maskPhone(r.counterpartPhone) : '',
      expires_at: r.expiresAt ? r.expiresAt.toISOString() : null,
      at: r.e.at.toISOString(),
    })),
    total,
  };
}

/** What a customer has earned from orders, all told (net of reversals), for staff. */
export async function earnedTotal(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${pointsEntries.points}), 0)` })
    .from(pointsEntries)
    .where(and(eq(pointsEntries.userId, userId), sql`${pointsEntries.kind} in ('earn', 'reverse')`));
  return Number(row.sum);
}
