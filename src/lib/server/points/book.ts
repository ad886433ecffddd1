// The points book (decision 0027): a per-customer account row with the cached balance, the
// append-only history, and lots that expire. Every change runs under the account row's lock, in
// the transaction that writes the entry, the lots and the balance; the one lock order is money
// accounts first (when a movement of money goes with it), then points accounts in ascending user id.
import { and, asc, eq, gt, inArray, lte, sql, type AnyColumn } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../platform/db/client.ts';
import { pointsAccounts, pointsEntries, pointsLots, pointsSpends } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { NOT_ENOUGH_POINTS, takeFromLots, type EntryKind } from '../../shared/points/points.ts';

export type PointsAccount = typeof pointsAccounts.$inferSelect;
export type Entry = typeof pointsEntries.$inferSelect;

export const DAY_MS = 86_400_000;

/**
 * Locks the points accounts of these users (created on first need), in ascending user id, and
 * hands back their fresh rows. NO KEY UPDATE: the history and lots reference the user, not this row.
 */
export async function lockPoints(tx: Tx, userIds: readonly number[], now: number) {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  const existing = await tx
    .select({ userId: pointsAccounts.userId })
    .from(pointsAccounts)
    .where(inArray(pointsAccounts.userId, ids));
  const missing = ids.filter((id) => !existing.some((e) => e.userId === id));
  if (missing.length)
    await tx
      .insert(pointsAccounts)
      .values(missing.map((userId) => ({ userId, updatedAt: new Date(now) })))
      .onConflictDoNothing();
  const rows = await tx
    .select()
    .from(pointsAccounts)
    .where(inArray(pointsAccounts.userId, ids))
    .orderBy(asc(pointsAccounts.userId))
    .for('no key update');
  return new Map(rows.map((r) => [r.userId, r]));
}

export async function lockOne(tx: Tx, userId: number, now: number): Promise<PointsAccount> {
  return (await lockPoints(tx, [userId], now)).get(userId)!;
}

/** The balance without locking (reads): 0 before the account exists. */
/** balanceOf as a subquery over `userId`, a column of the caller's query (the home page's one statement). */
export const pointsBalanceOf = (userId: AnyColumn) =>
  sql<number>`coalesce((select ${pointsAccounts.balance} from ${pointsAccounts} where ${pointsAccounts.userId} = ${userId}), 0)`.mapWith(
    Number,
  );

export async function balanceOf(db: Db | Tx, userId: number): Promise<number> {
  const [a] = await db
    .select({ balance: pointsAccounts.balance })
    .from(pointsAccounts)
    .where(eq(pointsAccounts.userId, userId));
  return a?.balance ?? 0;
}

export type NewEntry = {
  kind: EntryKind;
  /** Signed. */
  points: number;
  key?: string | null;
  orderId?: number | null;
  refRid?: string | null;
  counterpartId?: number | null;
  actorId?: number | null;
  note?: string;
  now: number;
};

/**
 * Appends one entry and moves the cached balance of a locked account. Null, writing nothing,
 * when the key was used before. Refuses to go below zero.
 */
async function addEntry(tx: Tx, account: PointsAccount, e: NewEntry): Promise<Entry | null> {
  const after = account.balance + e.points;
  if (after < 0) throw new DomainError(NOT_ENOUGH_POINTS);
  const [entry] = await tx
    .insert(pointsEntries)
    .values({
      rid: newRid('pointsEntry'),
      userId: account.userId,
      kind: e.kind,
      points: e.points,
      balanceAfter: after,
      idempotencyKey: e.key ?? null,
      orderId: e.orderId ?? null,
      refRid: e.refRid ?? null,
      counterpartId: e.counterpartId ?? null,
      actorId: e.actorId ?? null,
      note: e.note ?? '',
      at: new Date(e.now),
    })
    .onConflictDoNothing({ target: pointsEntries.idempotencyKey })
    .returning();
  if (!entry) return null;
  account.balance = after;
  await tx
    .update(pointsAccounts)
    .set({ balance: after, updatedAt: new Date(e.now) })
    .where(eq(pointsAccounts.userId, account.userId));
  return entry;
}

/**
 * Adds points to a locked account: the entry and its lots, one per expiry date (a transfer
 * keeps the dates the points had; anything else gets one new lot).
 */
export async function addPoints(
  tx: Tx,
  account: PointsAccount,
  e: NewEntry,
  lots: readonly { points: number; expiresAt: number }[],
): Promise<Entry | null> {
  const entry = await addEntry(tx, account, e);
  if (!entry) return null;
  await tx.insert(pointsLots).values(
    lots
      .filter((l) => l.points > 0)
      .map((l) => ({
        userId: account.userId,
        entryId: entry.id,
        points: l.points,
        remaining: l.points,
        expiresAt: new Date(l.expiresAt),
      })),
  );
  return entry;
}

/**
 * Spends points of a locked account, the oldest lots first (`prefer` lots before all others),
 * after expiring what is due: the entry (negative), the lots reduced and which lots paid what,
 * so a return gives the same lots back. Refuses when the lots hold too little.
 */
export async function spendPoints(
  tx: Tx,
  account: PointsAccount,
  e: NewEntry & { points: number },
  prefer: readonly number[] = [],
): Promise<{ entry: Entry; taken: { lotId: number; points: number; expiresAt: number }[] } | null> {
  await expireDue(tx, account, e.now);
  const lots = await openLots(tx, account.userId);
  const taken = takeFromLots(lots, e.points, e.now, prefer);
  if (!taken) throw new DomainError(NOT_ENOUGH_POINTS);
  const entry = await addEntry(tx, account, { ...e, points: -e.points });
  if (!entry) return null;
  for (const t of taken)
    await tx
      .update(pointsLots)
      .set({ remaining: sql`${pointsLots.remaining} - ${t.points}` })
      .where(eq(pointsLots.id, t.lotId));
  if (taken.length)
    await tx
      .insert(pointsSpends)
      .values(taken.map((t) => ({ entryId: entry.id, lotId: t.lotId, points: t.points })));
  const expiry = new Map(lots.map((l) => [l.id, l.expiresAt]));
  return { entry, taken: taken.map((t) => ({ ...t, expiresAt: expiry.get(t.lotId)! })) };
}

/** Gives a spend's points back to the lots it took them from (a rejected exchange). */
export async function returnSpend(tx: Tx, account: PointsAccount, spentEntryId: number, e: NewEntry) {
  const spends = await tx.select().from(pointsSpends).where(eq(pointsSpends.entryId, spentEntryId));
  const total = spends.reduce((n, s) => n + s.points, 0);
  const entry = await addEntry(tx, account, { ...e, points: total });
  if (!entry) return null;
  for (const s of spends)
    await tx
      .update(pointsLots)
      .set({ remaining: sql`${pointsLots.remaining} + ${s.points}` })
      .where(eq(pointsLots.id, s.lotId));
  // A lot that expired meanwhile expires again at once: returned points keep their date.
  await expireDue(tx, account, e.now);
  return entry;
}

/** The account's lots that still hold points, oldest expiry first. */
async function openLots(db: Db | Tx, userId: number) {
  const rows = await db
    .select({ id: pointsLots.id, remaining: pointsLots.remaining, expiresAt: pointsLots.expiresAt })
    .from(pointsLots)
    .where(and(eq(pointsLots.userId, userId), gt(pointsLots.remaining, 0)))
    .orderBy(asc(pointsLots.expiresAt), asc(pointsLots.id));
  return rows.map((r) => ({ id: r.id, remaining: r.remaining, expiresAt: r.expiresAt.getTime() }));
}

/** Expires a locked account's lots whose date has passed: one 'expired' entry for all of them. */
export async function expireDue(tx: Tx, account: PointsAccount, now: number): Promise<number> {
  const due = await tx
    .select({ id: pointsLots.id, remaining: pointsLots.remaining })
    .from(pointsLots)
    .where(
      and(
        eq(pointsLots.userId, account.userId),
        gt(pointsLots.remaining, 0),
        lte(pointsLots.expiresAt, new Date(now)),
      ),
    );
  const total = due.reduce((n, l) => n + l.remaining, 0);
  if (total === 0) return 0;
  await tx
    .update(pointsLots)
    .set({ remaining: 0 })
    .where(
      inArray(
        pointsLots.id,
        due.map((l) => l.id),
      ),
    );
  await addEntry(tx, account, { kind: 'expired', points: -total, note: '积分有效期已到', now });
  return total;
}

/** The checks tests run: every balance equals its lots and its history, nothing negative. */
export async function pointsProblems(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select a.user_id, a.balance,
      (select coalesce(sum(remaining), 0) from points_lots l where l.user_id = a.user_id) as lots,
      (select coalesce(sum(points), 0) from points_entries e where e.user_id = a.user_id) as history,
      (select balance_after from points_entries e where e.user_id = a.user_id order by id desc limit 1) as last_after
    from points_accounts a`);
  const rows = rowsOf<{
    user_id: number;
    balance: number;
    lots: string | number;
    history: string | number;
    last_after: number | null;
  }>(result);
  return rows
    .filter(
      (r) =>
        Number(r.lots) !== r.balance ||
        Number(r.history) !== r.balance ||
        (r.last_after ?? 0) !== r.balance ||
        r.balance < 0,
    )
    .map((r) => `points drift ${JSON.stringify(r)}`);
}
