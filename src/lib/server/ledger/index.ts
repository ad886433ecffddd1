import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { accountsBalance, ledgerEntries, users } from '../platform/db/schema.ts';
import { DomainError } from '../platform/errors.ts';
import { pageWindow } from '../../shared/pagination.ts';

export type LedgerKind = 'credit' | 'payment' | 'refund';

/**
 * Locks the user's balance row (creating it at 0 first) and returns the balance. Every change
 * of a balance starts here, so changes for one user run one after another.
 */
export async function lockBalance(tx: Tx, userId: number, now: number): Promise<number> {
  await tx
    .insert(accountsBalance)
    .values({ userId, balanceFen: 0, updatedAt: new Date(now) })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ balance: accountsBalance.balanceFen })
    .from(accountsBalance)
    .where(eq(accountsBalance.userId, userId))
    .for('update');
  return row.balance;
}

/**
 * Appends one entry under a lock taken by lockBalance and moves the cached balance with it.
 * Returns null (writing nothing) when the idempotency key was used before.
 */
export async function appendEntry(
  tx: Tx,
  entry: {
    userId: number;
    deltaFen: number;
    kind: LedgerKind;
    orderId?: number | null;
    actorId?: number | null;
    note?: string;
    idempotencyKey: string;
    balanceFen: number;
    now: number;
  },
): Promise<{ id: number; balanceAfterFen: number } | null> {
  const balanceAfterFen = entry.balanceFen + entry.deltaFen;
  if (balanceAfterFen < 0) throw new DomainError('余额不足，请先充值');
  const [row] = await tx
    .insert(ledgerEntries)
    .values({
      userId: entry.userId,
      deltaFen: entry.deltaFen,
      kind: entry.kind,
      orderId: entry.orderId ?? null,
      actorId: entry.actorId ?? null,
      note: entry.note ?? '',
      idempotencyKey: entry.idempotencyKey,
      balanceAfterFen,
      at: new Date(entry.now),
    })
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
    .returning({ id: ledgerEntries.id });
  if (!row) return null;
  await tx
    .update(accountsBalance)
    .set({ balanceFen: balanceAfterFen, updatedAt: new Date(entry.now) })
    .where(eq(accountsBalance.userId, entry.userId));
  return { id: row.id, balanceAfterFen };
}

/** The balance as the ledger says (the cache row is only read under its lock). */
export async function balanceOf(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerEntries.balanceAfterFen })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(desc(ledgerEntries.id))
    .limit(1);
  return row?.balance ?? 0;
}

/** Staff credit a user's balance; the same key twice credits once and answers the same. */
export async function credit(
  s: Services,
  input: { userRid: string; amountFen: number; idempotencyKey: string; note: string; staffId: number },
): Promise<{ balance_fen: number; duplicate: boolean }> {
  const [user] = await s.db.select({ id: users.id }).from(users).where(eq(users.rid, input.userRid));
  if (!user) throw new DomainError('用户不存在', 200, 'NOT_FOUND');
  const now = s.now();
  const key = `credit:${input.idempotencyKey}`;
  return s.db.transaction(async (tx) => {
    const balanceFen = await lockBalance(tx, user.id, now);
    const [earlier] = await tx
      .select({ userId: ledgerEntries.userId, delta: ledgerEntries.deltaFen })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, key));
    if (earlier) {
      if (earlier.userId !== user.id || earlier.delta !== input.amountFen)
        throw new DomainError('该请求标识已用于另一笔充值');
      return { balance_fen: balanceFen, duplicate: true };
    }
    const entry = await appendEntry(tx, {
      userId: user.id,
      deltaFen: input.amountFen,
      kind: 'credit',
      actorId: input.staffId,
      note: input.note,
      idempotencyKey: key,
      balanceFen,
      now,
    });
    return { balance_fen: entry!.balanceAfterFen, duplicate: false };
  });
}

/** A user's ledger, newest first. */
export async function listEntries(db: Db, userId: number, page?: number, size?: number) {
  const w = pageWindow(page, size);
  const where = eq(ledgerEntries.userId, userId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(ledgerEntries)
      .where(where)
      .orderBy(desc(ledgerEntries.id))
      .limit(w.size)
      .offset(w.offset),
    db.select({ total: count() }).from(ledgerEntries).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      delta_fen: r.deltaFen,
      kind: r.kind,
      balance_after_fen: r.balanceAfterFen,
      note: r.note,
      at: r.at.toISOString(),
    })),
    total,
  };
}

/** Sum of the ledger: what the cached balance must always equal (checked by tests). */
export async function ledgerSum(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.deltaFen}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId)));
  return Number(row.sum);
}
