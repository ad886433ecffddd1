// Staff's side: a customer's points, a manual adjustment with a reason, and the periodic expiry.
import { and, count, desc, eq, gt, lte, sql, type AnyColumn } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Tx } from '../platform/db/client.ts';
import { pointsAdjustRequests, pointsEntries, pointsItems, pointsLots } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { formatFen } from '../../shared/money.ts';
import { moneyTransaction, secondApprovalFen } from '../money/index.ts';
import { addPoints, balanceOf, DAY_MS, expireDue, lockOne, spendPoints } from './book.ts';
import { earnedTotal, pointsSummary } from './read.ts';
import { userDirectory } from '../accounts/index.ts';

/** The periodic job that expires lots whose date has passed. */
export const POINTS_EXPIRE = 'points.expire';

export async function customerByRid(s: Services, rid: string) {
  const [u] = await s.db
    .select({
      id: customer.id,
      rid: customer.rid,
      phone: customer.phone,
      name: customer.name,
      company: customer.company,
    })
    .from(customer)
    .where(eq(customer.rid, rid));
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

/** What a number of points buys at the catalogue's best active rate (at least the seeded 1 fen a point). */
async function pointsValueFen(s: Services, points: number): Promise<number> {
  const active = await s.db
    .select({ points: pointsItems.points, valueFen: pointsItems.valueFen })
    .from(pointsItems)
    .where(eq(pointsItems.status, 'active'));
  const rate = Math.max(1, ...active.filter((i) => i.points > 0).map((i) => i.valueFen / i.points));
  return Math.ceil(Math.abs(points) * rate);
}

type Adjustment = { userId: number; points: number; reason: string; key: string; staffId: number };

/** Adds (a new lot, valid the usual time) or takes (oldest first, never below zero) points. */
async function applyAdjust(s: Services, tx: Tx, a: Adjustment, now: number) {
  const account = await lockOne(tx, a.userId, now);
  const [earlier] = await tx.select().from(pointsEntries).where(eq(pointsEntries.idempotencyKey, a.key));
  if (earlier) {
    if (earlier.points !== a.points) throw new DomainError(KEY_REUSED);
    return { balance: account.balance, duplicate: true };
  }
  const entry = { kind: 'adjust' as const, key: a.key, actorId: a.staffId, note: a.reason, now };
  if (a.points > 0)
    await addPoints(tx, account, { ...entry, points: a.points }, [
      { points: a.points, expiresAt: now + s.env.POINTS_VALID_DAYS * DAY_MS },
    ]);
  else await spendPoints(tx, account, { ...entry, points: -a.points });
  return { balance: account.balance, duplicate: false };
}

const KEY_REUSED = '该请求标识已用于另一笔调整';

/**
 * points/adjust, with a reason the customer sees; the same key again answers the same. Worth
 * MONEY_SECOND_APPROVAL_YUAN or more in the exchange catalogue, it becomes a request that another
 * staff member approves (issue 28; decision 0048), like a large manual credit.
 */
export async function adjustPoints(
  s: Services,
  staffId: number,
  input: { user_rid: string; points: number; reason: string; idempotency_key: string },
) {
  const u = await customerByRid(s, input.user_rid);
  const now = s.now();
  const a = {
    userId: u.id,
    points: input.points,
    reason: input.reason,
    key: `adjust:${u.id}:${input.idempotency_key}`,
    staffId,
  };
  // A key already sent is answered as it was, whichever side of the threshold it is now.
  const [asked] = await s.db
    .select()
    .from(pointsAdjustRequests)
    .where(eq(pointsAdjustRequests.idempotencyKey, a.key));
  if (asked) {
    if (asked.points !== a.points) throw new DomainError(KEY_REUSED);
    return { balance: await balanceOf(s.db, u.id), duplicate: true, pending: true, approval_rid: asked.rid };
  }
  const valueFen = await pointsValueFen(s, input.points);
  const [applied] = await s.db
    .select({ id: pointsEntries.id })
    .from(pointsEntries)
    .where(eq(pointsEntries.idempotencyKey, a.key));
  if (applied || valueFen < secondApprovalFen(s))
    return {
      ...(await moneyTransaction(s.db, (tx) => applyAdjust(s, tx, a, now))),
      pending: false,
      approval_rid: null,
    };
  const [made] = await s.db
    .insert(pointsAdjustRequests)
    .values({
      rid: newRid('pointsAdjustRequest'),
      userId: u.id,
      points: a.points,
      valueFen,
      reason: a.reason,
      idempotencyKey: a.key,
      requestedBy: staffId,
      status: 'pending',
      createdAt: new Date(now),
    })
    .onConflictDoNothing({ target: pointsAdjustRequests.idempotencyKey })
    .returning({ rid: pointsAdjustRequests.rid });
  let rid = made?.rid;
  if (!rid) {
    const [earlier] = await s.db
      .select()
      .from(pointsAdjustRequests)
      .where(eq(pointsAdjustRequests.idempotencyKey, a.key));
    if (earlier.points !== a.points) throw new DomainError(KEY_REUSED);
    rid = earlier.rid;
  }
  return { balance: await balanceOf(s.db, u.id), duplicate: !made, pending: true, approval_rid: rid };
}

/** How the requester is told that a large adjustment waits for a colleague. */
export const adjustPendingMessage = (s: Services) =>
  `积分价值达到 ${formatFen(secondApprovalFen(s))}，已提交复核，需另一位同事批准后生效`;

const decidedText = (status: string) => (status === 'approved' ? '该笔调整已批准' : '该笔调整已驳回');

/** The second pair of eyes: makes the adjustment and closes the request in one transaction. */
export async function approveAdjust(s: Services, staffId: number, rid: string) {
  const now = s.now();
  return moneyTransaction(s.db, async (tx) => {
    const [r] = await tx
      .select()
      .from(pointsAdjustRequests)
      .where(eq(pointsAdjustRequests.rid, rid))
      .for('update');
    if (!r) throw new DomainError('调整申请不存在', 200, 'NOT_FOUND');
    if (r.status !== 'pending') throw new DomainError(decidedText(r.status));
    if (r.requestedBy === staffId) throw new DomainError('不能批准自己提交的积分调整，请另一位同事复核', 403);
    const done = await applyAdjust(
      s,
      tx,
      { userId: r.userId, points: r.points, reason: r.reason, key: r.idempotencyKey, staffId: r.requestedBy },
      now,
    );
    await tx
      .update(pointsAdjustRequests)
      .set({ status: 'approved', decidedBy: staffId, decidedAt: new Date(now) })
      .where(eq(pointsAdjustRequests.id, r.id));
    return { rid, status: 'approved' as const, balance: done.balance };
  });
}

/** Refused (or withdrawn by the requester): nothing moves. */
export async function rejectAdjust(s: Services, staffId: number, rid: string, reason: string) {
  const [done] = await s.db
    .update(pointsAdjustRequests)
    .set({ status: 'rejected', decidedBy: staffId, decidedAt: new Date(s.now()), rejectReason: reason })
    .where(and(eq(pointsAdjustRequests.rid, rid), eq(pointsAdjustRequests.status, 'pending')))
    .returning({ rid: pointsAdjustRequests.rid });
  if (done) return { rid, status: 'rejected' as const, balance: null };
  const [r] = await s.db.select().from(pointsAdjustRequests).where(eq(pointsAdjustRequests.rid, rid));
  if (!r) throw new DomainError('调整申请不存在', 200, 'NOT_FOUND');
  throw new DomainError(decidedText(r.status));
}

const customer = userDirectory('customer');
const requester = userDirectory('requester');
const decider = userDirectory('decider');
const who = (u: { name: AnyColumn; phone: AnyColumn }) =>
  sql<string>`coalesce(nullif(${u.name}, ''), ${u.phone})`;

/** The requests, newest first, filtered by status. */
export async function listAdjustRequests(
  s: Services,
  q: { status?: 'pending' | 'approved' | 'rejected'; page?: number; size?: number },
) {
  const where = q.status ? eq(pointsAdjustRequests.status, q.status) : undefined;
  const { size, offset } = pageWindow(q.page, q.size);
  const [rows, [{ total }]] = await Promise.all([
    s.db
      .select({
        r: pointsAdjustRequests,
        customer: {
          rid: customer.rid,
          phone: customer.phone,
          name: customer.name,
          company: customer.company,
        },
        requestedBy: who(requester),
        decidedBy: sql<
          string | null
        >`case when ${pointsAdjustRequests.decidedBy} is null then null else ${who(decider)} end`,
      })
      .from(pointsAdjustRequests)
      .innerJoin(customer, eq(customer.id, pointsAdjustRequests.userId))
      .innerJoin(requester, eq(requester.id, pointsAdjustRequests.requestedBy))
      .leftJoin(decider, eq(decider.id, pointsAdjustRequests.decidedBy))
      .where(where)
      .orderBy(desc(pointsAdjustRequests.id))
      .limit(size)
      .offset(offset),
    s.db.select({ total: count() }).from(pointsAdjustRequests).where(where),
  ]);
  return {
    total,
    list: rows.map(({ r, ...x }) => ({
      rid: r.rid,
      status: r.status,
      points: r.points,
      value_fen: r.valueFen,
      reason: r.reason,
      reject_reason: r.rejectReason,
      customer: x.customer,
      requested_by: x.requestedBy,
      decided_by: x.decidedBy,
      created: r.createdAt.toISOString(),
      decided_at: r.decidedAt?.toISOString() ?? null,
    })),
  };
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
