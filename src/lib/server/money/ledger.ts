import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { moneyAccounts, moneyPostings, moneyTransfers, type TransferKind } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { isRetryable } from '../platform/db/errors.ts';
import { recordOrderMovement } from './order-movements.ts';
import { INSUFFICIENT_BALANCE } from '../../shared/orders/order.ts';

type Sub = 'cash' | 'bonus' | 'credit';
export type Posting = { accountId: number; sub: Sub; amountFen: number };
export type AccountRow = typeof moneyAccounts.$inferSelect;

/** The lab's own accounts: the other side of every movement (seeded by the money migration). */
export type SystemCode = 'bank' | 'bonus_expense' | 'revenue' | 'receivable' | 'clearing' | 'coupon_expense';

const systemIds = new WeakMap<object, Map<SystemCode, number>>();

/** A system account's id (read once per database handle; they never change). */
export async function systemAccount(db: Db | Tx, code: SystemCode): Promise<number> {
  const key = db as object;
  let ids = systemIds.get(key);
  if (!ids) {
    const rows = await db
      .select({ id: moneyAccounts.id, code: moneyAccounts.systemCode })
      .from(moneyAccounts)
      .where(eq(moneyAccounts.ownerKind, 'system'));
    ids = new Map(rows.map((r) => [r.code as SystemCode, r.id]));
    // Transactions are short-lived handles: only the database handle keeps the map.
    if (!('rollback' in db)) systemIds.set(key, ids);
  }
  const id = ids.get(code);
  if (id === undefined) throw new Error(`system account ${code} is missing (money migration not applied?)`);
  return id;
}

/** A user's account, created on first need (every customer has exactly one). */
export async function userAccount(db: Db | Tx, userId: number, now: number): Promise<AccountRow> {
  const [found] = await db
    .select()
    .from(moneyAccounts)
    .where(and(eq(moneyAccounts.ownerKind, 'user'), eq(moneyAccounts.ownerId, userId)));
  if (found) return found;
  await db
    .insert(moneyAccounts)
    .values({ rid: newRid('account'), ownerKind: 'user', ownerId: userId, updatedAt: new Date(now) })
    .onConflictDoNothing();
  const [created] = await db
    .select()
    .from(moneyAccounts)
    .where(and(eq(moneyAccounts.ownerKind, 'user'), eq(moneyAccounts.ownerId, userId)));
  return created;
}

/**
 * Locks customer and group accounts, always in ascending id — the one lock order of
 * every money path, so two movements over the same accounts queue instead of deadlocking.
 * System accounts are never locked (they keep no cached balance).
 */
export async function lockAccounts(tx: Tx, ids: readonly number[]): Promise<Map<number, AccountRow>> {
  assertMoneyTransaction(tx);
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(moneyAccounts)
    .where(and(inArray(moneyAccounts.id, unique), sql`${moneyAccounts.ownerKind} <> 'system'`))
    .orderBy(asc(moneyAccounts.id))
    // NO KEY UPDATE: a balance change never touches the key, so rows that merely reference the
    // account (postings, applications, whose foreign keys take KEY SHARE) do not wait on it.
    .for('no key update');
  return new Map(rows.map((r) => [r.id, r]));
}

/** A sub-balance as postings see it: credit is the line still available, minus nothing owed. */
const subValue = (a: AccountRow, sub: Sub) =>
  sub === 'cash' ? a.cashFen : sub === 'bonus' ? a.bonusFen : -a.creditUsedFen;

const SHORT: Record<Sub, string> = {
  cash: INSUFFICIENT_BALANCE,
  bonus: INSUFFICIENT_BALANCE,
  credit: '可用信用额度不足',
};

export type Movement = {
  kind: TransferKind;
  idempotencyKey: string;
  postings: readonly Posting[];
  orderId?: number | null;
  refRid?: string | null;
  actorId?: number | null;
  note?: string;
  now: number;
  /** The refusal when a cash posting would go below zero, if not the default. */
  shortOfCash?: string;
};

export type Posted = { id: number; rid: string; accounts: Map<number, AccountRow> };

/**
 * Writes one balanced movement inside the caller's transaction: locks the accounts (ascending
 * id), refuses a movement that does not sum to zero or would leave a sub-balance below zero or
 * credit above its line, appends the transfer and its postings and moves the cached balances.
 * Returns null, writing nothing, when the idempotency key was used before.
 */
export async function post(tx: Tx, m: Movement): Promise<Posted | null> {
  if (m.postings.length < 2 || m.postings.reduce((n, p) => n + p.amountFen, 0) !== 0)
    throw new Error(`unbalanced movement ${m.kind}`);
  if (m.postings.some((p) => !Number.isSafeInteger(p.amountFen))) throw new Error('amounts are whole fen');
  const accounts = await lockAccounts(
    tx,
    m.postings.map((p) => p.accountId),
  );
  const [transfer] = await tx
    .insert(moneyTransfers)
    .values({
      rid: newRid('movement'),
      kind: m.kind,
      idempotencyKey: m.idempotencyKey,
      orderId: m.orderId ?? null,
      refRid: m.refRid ?? null,
      actorId: m.actorId ?? null,
      note: m.note ?? '',
      at: new Date(m.now),
    })
    .onConflictDoNothing({ target: moneyTransfers.idempotencyKey })
    .returning({ id: moneyTransfers.id, rid: moneyTransfers.rid });
  if (!transfer) return null;

  const rows: (typeof moneyPostings.$inferInsert)[] = [];
  for (const p of m.postings) {
    if (p.amountFen === 0) continue;
    const account = accounts.get(p.accountId);
    if (!account) {
      rows.push({ transferId: transfer.id, accountId: p.accountId, sub: p.sub, amountFen: p.amountFen });
      continue;
    }
    const after = subValue(account, p.sub) + p.amountFen;
    if (p.sub === 'credit' ? -after > account.creditLimitFen || after > 0 : after < 0)
      throw new DomainError(p.sub === 'cash' && m.shortOfCash ? m.shortOfCash : SHORT[p.sub]);
    if (p.sub === 'cash') account.cashFen = after;
    else if (p.sub === 'bonus') account.bonusFen = after;
    else account.creditUsedFen = -after;
    rows.push({
      transferId: transfer.id,
      accountId: p.accountId,
      sub: p.sub,
      amountFen: p.amountFen,
      balanceAfterFen: after,
    });
  }
  await tx.insert(moneyPostings).values(rows);
  await recordOrderMovement(tx, { id: transfer.id, kind: m.kind, orderId: m.orderId });
  const touched = new Set(m.postings.map((p) => p.accountId));
  for (const account of accounts.values()) {
    if (!touched.has(account.id)) continue;
    await tx
      .update(moneyAccounts)
      .set({
        cashFen: account.cashFen,
        bonusFen: account.bonusFen,
        creditUsedFen: account.creditUsedFen,
        updatedAt: new Date(m.now),
      })
      .where(eq(moneyAccounts.id, account.id));
  }
  return { id: transfer.id, rid: transfer.rid, accounts };
}

/** The postings of one account on the movements of an order of some kinds, summed by sub-balance. */
export async function orderPostings(
  tx: Tx,
  orderId: number,
  kind: TransferKind | readonly TransferKind[],
  accountId: number,
) {
  const rows = await tx
    .select({ sub: moneyPostings.sub, amount: sql<string>`sum(${moneyPostings.amountFen})` })
    .from(moneyPostings)
    .innerJoin(moneyTransfers, eq(moneyTransfers.id, moneyPostings.transferId))
    .where(
      and(
        eq(moneyTransfers.orderId, orderId),
        typeof kind === 'string' ? eq(moneyTransfers.kind, kind) : inArray(moneyTransfers.kind, [...kind]),
        eq(moneyPostings.accountId, accountId),
      ),
    )
    .groupBy(moneyPostings.sub);
  return new Map(rows.map((r) => [r.sub, Number(r.amount)]));
}

/** The transactions moneyTransaction opened: the only ones that may lock a wallet. */
const moneyTransactions = new WeakSet<object>();

/**
 * A wallet lock outside moneyTransaction would wait in the lock order without the retry that
 * makes a deadlock harmless. Tests and the dev server refuse it, so a new caller that forgets is
 * caught there; production is not refused for it (it only loses the retry).
 */
const checkLocks = process.env.NODE_ENV === 'test' || process.env.NODE_ENV === 'development';
function assertMoneyTransaction(tx: Tx) {
  if (checkLocks && !moneyTransactions.has(tx))
    throw new Error('a wallet is locked outside moneyTransaction() (no deadlock retry)');
}

/**
 * The one transaction helper of every path that locks a wallet: runs the work, retrying it (up to
 * three more times, with jitter) when PostgreSQL gives up on it for a serialization failure or a
 * deadlock — nothing of the failed try was kept. Wallets inside are locked through lockAccounts
 * (ascending id), before any other row of the path: the one lock order.
 */
export async function moneyTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction((tx) => {
        moneyTransactions.add(tx);
        return fn(tx);
      });
    } catch (error) {
      if (attempt >= 3 || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)));
    }
  }
}

/**
 * The wallet that paid an order (the customer's, or a research group's), or null when nothing
 * was paid: refunds and price differences go back to it.
 */
export async function payingAccount(db: Db | Tx, orderId: number): Promise<number | null> {
  const [row] = await db
    .select({ accountId: moneyPostings.accountId })
    .from(moneyPostings)
    .innerJoin(moneyTransfers, eq(moneyTransfers.id, moneyPostings.transferId))
    .innerJoin(moneyAccounts, eq(moneyAccounts.id, moneyPostings.accountId))
    .where(
      and(
        eq(moneyTransfers.orderId, orderId),
        eq(moneyTransfers.kind, 'payment'),
        sql`${moneyAccounts.ownerKind} <> 'system'`,
      ),
    )
    .limit(1);
  return row?.accountId ?? null;
}
