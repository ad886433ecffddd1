// What other domains read of the ledger (decision 0058): named questions instead of the tables,
// so the ledger's shape stays money's own. Nothing here writes or locks.
import { and, asc, eq, gte, inArray, isNotNull, lt, sql, type AnyColumn } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import {
  creditApplications,
  moneyAccounts,
  moneyApprovals,
  moneyPostings,
  moneyTransfers,
  prestoreApplications,
  transferApplications,
} from './tables.ts';
import type { AccountRow } from './ledger.ts';

type Reader = Db | Tx;
export type OwnerKind = 'user' | 'group';

/** A customer's or a research group's account, if it has one (nothing is created). */
export async function accountOf(
  db: Reader,
  kind: OwnerKind,
  ownerId: number,
): Promise<AccountRow | undefined> {
  const [account] = await db
    .select()
    .from(moneyAccounts)
    .where(and(eq(moneyAccounts.ownerKind, kind), eq(moneyAccounts.ownerId, ownerId)));
  return account;
}

/** The customer who owns the account with this number (a research group's or the lab's: none). */
export async function userOfAccountRid(db: Reader, rid: string): Promise<number | undefined> {
  const [account] = await db
    .select({ userId: moneyAccounts.ownerId })
    .from(moneyAccounts)
    .where(and(eq(moneyAccounts.rid, rid), eq(moneyAccounts.ownerKind, 'user')));
  return account?.userId ?? undefined;
}

/**
 * A wallet's balance (cash and 赠送金) as a subquery of the caller's statement, by its owner's id
 * column; null when the owner has no account.
 */
export const walletBalanceOf = (kind: OwnerKind, ownerId: AnyColumn) =>
  sql<string>`(select ${moneyAccounts.cashFen} + ${moneyAccounts.bonusFen} from ${moneyAccounts}
    where ${moneyAccounts.ownerKind} = ${sql.raw(`'${kind}'`)} and ${moneyAccounts.ownerId} = ${ownerId})`;

/** Cash and credit that customers' (or groups') own accounts — or the one account given — paid. */
const paidFrom = (accountId?: number) =>
  and(
    accountId === undefined
      ? sql`${moneyPostings.accountId} in (select ${moneyAccounts.id} from ${moneyAccounts} where ${moneyAccounts.ownerKind} <> 'system')`
      : eq(moneyPostings.accountId, accountId),
    inArray(moneyPostings.sub, ['cash', 'credit']),
  );

/**
 * "Cash paid on an order": what the customer's own money (cash and credit, of their account or a
 * research group's; or of the one account given) paid on the order, net of what came back: every
 * movement of the order counts (its payment, price differences, a cancellation's refund). 赠送金 and a coupon's part are not cash. Points, rebates and
 * invoices all count from this.
 */
export async function paidOnOrder(db: Reader, orderId: number, accountId?: number): Promise<number> {
  const [row] = await db
    .select({ fen: sql<string>`coalesce(sum(${moneyPostings.amountFen}), 0)` })
    .from(moneyPostings)
    .innerJoin(moneyTransfers, eq(moneyTransfers.id, moneyPostings.transferId))
    .where(and(eq(moneyTransfers.orderId, orderId), paidFrom(accountId)));
  return -Number(row.fen);
}

/**
 * paidOnOrder for every order one account paid on, as a subquery to join on `orderId` (`fen`: what
 * it paid, net; orders it paid nothing on have no row).
 */
export const paidOnOrdersBy = (db: Reader, accountId: number) =>
  db
    .select({
      orderId: sql<number>`${moneyTransfers.orderId}`.as('paid_on_order_id'),
      fen: sql<string>`-coalesce(sum(${moneyPostings.amountFen}), 0)`.as('paid_on_order_fen'),
    })
    .from(moneyPostings)
    .innerJoin(moneyTransfers, eq(moneyTransfers.id, moneyPostings.transferId))
    .where(and(isNotNull(moneyTransfers.orderId), paidFrom(accountId)))
    .groupBy(moneyTransfers.orderId)
    .as('paid_on_orders');

/** Movements that bring money in from outside: what the lab was paid (transfers between customers are not). */
const DEPOSIT_KINDS = ['migrated', 'adjust', 'topup', 'topup_refund', 'online', 'online_refund'] as const;

/** The cash an account brought in from outside (top-ups, online payments), less what went back out. */
export async function depositedCash(db: Reader, accountId: number): Promise<number> {
  const [row] = await db
    .select({ fen: sql<string>`coalesce(sum(${moneyPostings.amountFen}), 0)` })
    .from(moneyPostings)
    .innerJoin(moneyTransfers, eq(moneyTransfers.id, moneyPostings.transferId))
    .where(
      and(
        eq(moneyPostings.accountId, accountId),
        eq(moneyPostings.sub, 'cash'),
        inArray(moneyTransfers.kind, [...DEPOSIT_KINDS]),
      ),
    );
  return Number(row.fen);
}

/** The order a movement named by its idempotency key was made for (undefined: no such movement). */
export async function movementByKey(
  db: Reader,
  key: string,
): Promise<{ orderId: number | null } | undefined> {
  const [row] = await db
    .select({ orderId: moneyTransfers.orderId })
    .from(moneyTransfers)
    .where(eq(moneyTransfers.idempotencyKey, key));
  return row;
}

/** Every posting of an account, oldest first, with its movement (the customer's data export). */
export async function accountHistory(db: Reader, accountId: number) {
  return db
    .select({
      at: moneyTransfers.at,
      kind: moneyTransfers.kind,
      note: moneyTransfers.note,
      sub: moneyPostings.sub,
      amount_fen: moneyPostings.amountFen,
      balance_after_fen: moneyPostings.balanceAfterFen,
    })
    .from(moneyPostings)
    .innerJoin(moneyTransfers, eq(moneyTransfers.id, moneyPostings.transferId))
    .where(eq(moneyPostings.accountId, accountId))
    .orderBy(asc(moneyPostings.id));
}

const sumBefore = (sub: 'cash' | 'bonus' | 'credit', at: number) =>
  sql<string>`coalesce(sum(${moneyPostings.amountFen}) filter (where ${moneyPostings.sub} = ${sub} and ${moneyTransfers.at} < ${new Date(at).toISOString()}), 0)`.mapWith(
    Number,
  );
const sumOf = (subs: string) =>
  sql<string>`coalesce(sum(${moneyPostings.amountFen}) filter (where ${moneyPostings.sub} in (${sql.raw(subs)})), 0)`.mapWith(
    Number,
  );

/** An account's sub-balances at two instants (a statement's month), from its postings. */
export async function balancesAt(db: Reader, accountId: number, start: number, end: number) {
  const [b] = await db
    .select({
      cashStart: sumBefore('cash', start),
      bonusStart: sumBefore('bonus', start),
      creditStart: sumBefore('credit', start),
      cashEnd: sumBefore('cash', end),
      bonusEnd: sumBefore('bonus', end),
      creditEnd: sumBefore('credit', end),
    })
    .from(moneyPostings)
    .innerJoin(moneyTransfers, eq(moneyTransfers.id, moneyPostings.transferId))
    .where(eq(moneyPostings.accountId, accountId));
  return b;
}

/**
 * An account's movements in [start, end), in time order, each with what it moved on the account:
 * `balance` (cash and 赠送金) and `credit` (the credit sub-balance).
 */
export async function movementsBetween(db: Reader, accountId: number, start: number, end: number) {
  return db
    .select({
      id: moneyTransfers.id,
      rid: moneyTransfers.rid,
      kind: moneyTransfers.kind,
      note: moneyTransfers.note,
      at: moneyTransfers.at,
      orderId: moneyTransfers.orderId,
      balance: sumOf(`'cash', 'bonus'`),
      credit: sumOf(`'credit'`),
    })
    .from(moneyPostings)
    .innerJoin(moneyTransfers, eq(moneyTransfers.id, moneyPostings.transferId))
    .where(
      and(
        eq(moneyPostings.accountId, accountId),
        gte(moneyTransfers.at, new Date(start)),
        lt(moneyTransfers.at, new Date(end)),
      ),
    )
    .groupBy(moneyTransfers.id)
    .orderBy(asc(moneyTransfers.at), asc(moneyTransfers.id));
}

/**
 * The owners (customers or research groups) whose account moved in [start, end) or owed credit at
 * its end, by id ascending: who may have a statement for a month.
 */
export async function ownersWithMovement(
  db: Reader,
  kind: OwnerKind,
  start: number,
  end: number,
): Promise<number[]> {
  const rows = await db
    .select({ ownerId: moneyAccounts.ownerId })
    .from(moneyAccounts)
    .innerJoin(moneyPostings, eq(moneyPostings.accountId, moneyAccounts.id))
    .innerJoin(moneyTransfers, eq(moneyTransfers.id, moneyPostings.transferId))
    .where(and(eq(moneyAccounts.ownerKind, kind), lt(moneyTransfers.at, new Date(end))))
    .groupBy(moneyAccounts.ownerId)
    .having(
      sql`count(*) filter (where ${moneyTransfers.at} >= ${new Date(start).toISOString()}) > 0
        or coalesce(sum(${moneyPostings.amountFen}) filter (where ${moneyPostings.sub} = 'credit'), 0) < 0`,
    )
    .orderBy(moneyAccounts.ownerId);
  return rows.map((r) => r.ownerId).filter((id): id is number => id !== null);
}

/**
 * The 赠送金 points were exchanged for in [start, end) (points reach orders only as this 赠送金,
 * spent with the rest of the wallet's 赠送金): the sum of the exchanges' credits.
 */
export async function pointsBonusBetween(db: Reader, start: number, end: number): Promise<number> {
  const [row] = await db
    .select({ fen: sql<string>`coalesce(sum(${moneyPostings.amountFen}), 0)` })
    .from(moneyPostings)
    .innerJoin(moneyTransfers, eq(moneyTransfers.id, moneyPostings.transferId))
    .innerJoin(moneyAccounts, eq(moneyAccounts.id, moneyPostings.accountId))
    .where(
      and(
        eq(moneyTransfers.kind, 'points_exchange'),
        sql`${moneyAccounts.ownerKind} <> 'system'`,
        gte(moneyTransfers.at, new Date(start)),
        lt(moneyTransfers.at, new Date(end)),
      ),
    );
  return Number(row.fen);
}

/**
 * The public ids of a customer's own money requests (top-ups, transfers, credit lines, manual
 * credits waiting for a second approval): the audit rows of these are the customer's history too
 * (decision 0095).
 */
export async function customerMoneyRids(db: Db, userId: number): Promise<string[]> {
  const rows = await Promise.all([
    db
      .select({ rid: creditApplications.rid })
      .from(creditApplications)
      .where(eq(creditApplications.userId, userId)),
    db.select({ rid: moneyApprovals.rid }).from(moneyApprovals).where(eq(moneyApprovals.userId, userId)),
    db
      .select({ rid: prestoreApplications.rid })
      .from(prestoreApplications)
      .where(eq(prestoreApplications.userId, userId)),
    db
      .select({ rid: transferApplications.rid })
      .from(transferApplications)
      .where(eq(transferApplications.userId, userId)),
  ]);
  return rows.flat().map((r) => r.rid);
}
