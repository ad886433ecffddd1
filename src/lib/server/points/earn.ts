// Points for completed orders: 1 per whole yuan of cash or credit the customer actually paid on
// the order, as its money movements say (bonus money and coupons earn nothing), awarded once when
// the order reaches 已完成 and taken back when money of it is refunded later.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Tx } from '../platform/db/client.ts';
import { pointsEntries, pointsLots } from './tables.ts';
import { moneyTransaction, paidOnOrder } from '../money/index.ts';
import { pointsForFen } from '../../shared/points/points.ts';
import { addPoints, DAY_MS, expireDue, lockOne, spendPoints } from './book.ts';
import { orderDirectory } from '../orders/index.ts';

const ord = orderDirectory('ord');

/** The points an order has given so far (earned less taken back). */
async function pointsOfOrder(tx: Tx, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${pointsEntries.points}), 0)` })
    .from(pointsEntries)
    .where(and(eq(pointsEntries.orderId, orderId), inArray(pointsEntries.kind, ['earn', 'reverse'])));
  return Number(row.sum);
}

/**
 * The job of a completed order ('orders.completed'): awards its points, once (the entry's key
 * is the order's). An order no longer completed, or paid nothing in cash, earns nothing.
 */
export async function awardOrderPoints(s: Services, orderRid: string): Promise<void> {
  const now = s.now();
  const [order] = await s.db
    .select({ id: ord.id, userId: ord.userId, orderNo: ord.orderNo, status: ord.status })
    .from(ord)
    .where(eq(ord.rid, orderRid));
  if (!order || order.status !== 'completed') return;
  await moneyTransaction(s.db, async (tx) => {
    const account = await lockOne(tx, order.userId, now);
    const points = pointsForFen(await paidOnOrder(tx, order.id)) - (await pointsOfOrder(tx, order.id));
    if (points <= 0) return;
    await addPoints(
      tx,
      account,
      {
        kind: 'earn',
        points,
        key: `earn:${order.id}`,
        orderId: order.id,
        note: `订单 ${order.orderNo} 已完成`,
        now,
      },
      [{ points, expiresAt: now + s.env.POINTS_VALID_DAYS * DAY_MS }],
    );
  });
}

/**
 * After money of an order came back (a refund posted in `tx`, after completion), takes back the
 * points that money earned: what the order has given beyond what its net payment now earns. The
 * order's own lot pays first, then the oldest. Points already spent are taken only as far as the
 * balance reaches (never below zero); the entry's note says what could not be taken. Runs again
 * harmlessly: the key is the order and the level it brings the order down to.
 */
export async function reverseOrderPoints(
  tx: Tx,
  orderId: number,
  now: number,
): Promise<{ points: number; short: number }> {
  const [order] = await tx
    .select({ userId: ord.userId, orderNo: ord.orderNo })
    .from(ord)
    .where(eq(ord.id, orderId));
  if (!order) return { points: 0, short: 0 };
  const account = await lockOne(tx, order.userId, now);
  const target = pointsForFen(await paidOnOrder(tx, orderId));
  const given = await pointsOfOrder(tx, orderId);
  const owed = given - target;
  if (owed <= 0) return { points: 0, short: 0 };
  const ownLots = await tx
    .select({ id: pointsLots.id })
    .from(pointsLots)
    .innerJoin(pointsEntries, eq(pointsEntries.id, pointsLots.entryId))
    .where(and(eq(pointsEntries.orderId, orderId), eq(pointsEntries.kind, 'earn')));
  // Expired or spent points cannot come back: take what the account still holds.
  await expireDue(tx, account, now);
  const points = Math.min(owed, account.balance);
  const short = owed - points;
  if (points === 0) return { points: 0, short };
  const spent = await spendPoints(
    tx,
    account,
    {
      kind: 'reverse',
      points,
      key: `reverse:${orderId}:${target}`,
      orderId,
      note: short
        ? `订单 ${order.orderNo} 退款，扣回 ${points} 积分（另有 ${short} 积分已使用，未扣回）`
        : `订单 ${order.orderNo} 退款，扣回 ${points} 积分`,
      now,
    },
    ownLots.map((l) => l.id),
  );
  return spent ? { points, short } : { points: 0, short: 0 };
}

/**
 * The inviter's points when someone registers with their code (POINTS_INVITE), in the
 * registration's transaction; once per invitee.
 */
export async function awardInvitePoints(
  tx: Tx,
  input: { inviterId: number; inviteeId: number; points: number; validDays: number; now: number },
): Promise<void> {
  if (input.points <= 0) return;
  const account = await lockOne(tx, input.inviterId, input.now);
  await addPoints(
    tx,
    account,
    {
      kind: 'invite',
      points: input.points,
      key: `invite:${input.inviteeId}`,
      note: '邀请好友注册',
      now: input.now,
    },
    [{ points: input.points, expiresAt: input.now + input.validDays * DAY_MS }],
  );
}
