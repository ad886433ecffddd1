// Staff's side: a customer's points, a manual adjustment with a reason, and the periodic expiry.
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { pointsEntries, pointsLots, users } from '../platform/db/schema.ts';
import { DomainError } from '../platform/errors.ts';
import { moneyTransaction } from '../money/index.ts';
import { addPoints, DAY_MS, expireDue, lockOne, spendPoints } from './book.ts';
import { earnedTotal, pointsSummary } from './read.ts';

/** The periodic job that expires lots whose date has passed. */
export const POINTS_EXPIRE = 'points.expire';

export async function customerByRid(s: Services, rid: string) {
  const [u] = await s.db
    .select({ id: users.id, rid: users.rid, phone: users.phone, name: users.name, company: users.company })
    .from(users)
    .where(eq(users.rid, rid));
  if (!u) throw new DomainError('用户不存在', 200, 'NOT_FOUND');
  return u;
}

/** points/customer: the summary, who it is and what orders have earned all told. */
export async function customerPoints(s: Services, userRid: string) {
  const u = await customerByRid(s, userRid);
  const summary = await pointsSummary(s, u.id);
  return {
    ...summary,
    customer: { rid: u.rid, phone: u.phone, name: u.name, company: u.company },
    earned_total: await earnedTotal(s.db, u.id),
  };
}

/**
 * points/adjust: adds (a new lot, valid the usual time) or takes (oldest first, never below
 * zero) points with a reason the customer sees. The same key again answers the same.
 */
export async function adjustPoints(
  s: Services,
  staffId: number,
  input: { user_rid: string; points: number; reason: string; idempotency_key: string },
) {
  const u = await customerByRid(s, input.user_rid);
  const now = s.now();
  const key = `adjust:${u.id}:${input.idempotency_key}`;
  return moneyTransaction(s.db, async (tx) => {
    const account = await lockOne(tx, u.id, now);
    const [earlier] = await tx.select().from(pointsEntries).where(eq(pointsEntries.idempotencyKey, key));
    if (earlier) {
      if (earlier.points !== input.points) throw new DomainError('该请求标识已用于另一笔调整');
      return { balance: account.balance, duplicate: true };
    }
    const entry = { kind: 'adjust' as const, key, actorId: staffId, note: input.reason, now };
    if (input.points > 0)
      await addPoints(tx, account, { ...entry, points: input.points }, [
        { points: input.points, expiresAt: now + s.env.POINTS_VALID_DAYS * DAY_MS },
      ]);
    else await spendPoints(tx, account, { ...entry, points: -input.points });
    return { balance: account.balance, duplicate: false };
  });
}

/** Expires every due lot, one customer per transaction; returns the points expired. */
export async function expirePoints(s: Services): Promise<number> {
  const now = s.now();
  let total = 0;
  for (let round = 0; round < 20; round++) {
    const due = await s.db
      .selectDistinct({ userId: pointsLots.userId })
      .from(pointsLots)
      .where(and(gt(pointsLots.remaining, 0), lte(pointsLots.expiresAt, new Date(now))))
      .limit(200);
    if (due.length === 0) break;
    for (const { userId } of due)
      total += await moneyTransaction(s.db, async (tx) => expireDue(tx, await lockOne(tx, userId, now), now));
  }
  return total;
}
