// Order movements as reports read them (decision 0098): each payment, 补差价, 退差价 and refund of
// an order kept as one row of figures, written beside its postings by `post`, so a revenue report
// scans one narrow row per movement instead of joining every posting to its account.
import { and, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../platform/db/client.ts';
import {
  moneyAccounts,
  moneyOrderMovements,
  moneyPostings,
  moneyTransfers,
  type TransferKind,
} from './tables.ts';

/** The movements that carry an order's money: payments, price differences, a cancellation's refund. */
const ORDER_MOVEMENT_KINDS: ReadonlySet<TransferKind> = new Set([
  'payment',
  'price_payment',
  'price_refund',
  'refund',
]);

const customerSide = sql`${moneyAccounts.ownerKind} <> 'system'`;
const part = (filter: SQL, sign = -1) =>
  sql<number>`${sign} * coalesce(sum(${moneyPostings.amountFen}) filter (where ${filter}), 0)`;

/**
 * Writes the figures of the movement just posted, if it is an order's: what the payer's cash,
 * 赠送金 and credit and the lab's coupon account gave, what the revenue account took, and who paid.
 */
export async function recordOrderMovement(
  tx: Tx,
  transfer: { id: number; kind: TransferKind; orderId: number | null | undefined },
): Promise<void> {
  if (!transfer.orderId || !ORDER_MOVEMENT_KINDS.has(transfer.kind)) return;
  await writeOrderMovements(tx, eq(moneyTransfers.id, transfer.id));
}

/**
 * Writes the figures of the order movements `where` picks (of the order kinds, with an order),
 * one row each: `post` for the movement it wrote; the bench for the movements it filled in bulk.
 */
export async function writeOrderMovements(db: Db | Tx, where: SQL | undefined): Promise<void> {
  await db.insert(moneyOrderMovements).select(
    new QueryBuilder()
      .select({
        transferId: moneyTransfers.id,
        orderId: sql<number>`${moneyTransfers.orderId}`.as('order_id'),
        kind: moneyTransfers.kind,
        at: moneyTransfers.at,
        cashFen: part(sql`${customerSide} and ${moneyPostings.sub} = 'cash'`).as('cash_fen'),
        bonusFen: part(sql`${customerSide} and ${moneyPostings.sub} = 'bonus'`).as('bonus_fen'),
        creditFen: part(sql`${customerSide} and ${moneyPostings.sub} = 'credit'`).as('credit_fen'),
        couponFen: part(sql`${moneyAccounts.systemCode} = 'coupon_expense'`).as('coupon_fen'),
        revenueFen: part(sql`${moneyAccounts.systemCode} = 'revenue'`, 1).as('revenue_fen'),
        payerKind: sql<'user' | 'group'>`max(${moneyAccounts.ownerKind}) filter (where ${customerSide})`.as(
          'payer_kind',
        ),
        payerId: sql<number>`max(${moneyAccounts.ownerId}) filter (where ${customerSide})`.as('payer_id'),
      })
      .from(moneyTransfers)
      .innerJoin(moneyPostings, eq(moneyPostings.transferId, moneyTransfers.id))
      .innerJoin(moneyAccounts, eq(moneyAccounts.id, moneyPostings.accountId))
      .where(
        and(
          inArray(moneyTransfers.kind, [...ORDER_MOVEMENT_KINDS]),
          isNotNull(moneyTransfers.orderId),
          where,
        ),
      )
      .groupBy(moneyTransfers.id),
  );
}

/** The order movements made in [start, end), one row per movement, as a subquery for reports. */
export const orderMovementsBetween = (start: number, end: number) =>
  new QueryBuilder()
    .select({
      transferId: moneyOrderMovements.transferId,
      orderId: moneyOrderMovements.orderId,
      kind: moneyOrderMovements.kind,
      at: moneyOrderMovements.at,
      cash: moneyOrderMovements.cashFen,
      bonus: moneyOrderMovements.bonusFen,
      credit: moneyOrderMovements.creditFen,
      coupon: moneyOrderMovements.couponFen,
      revenue: moneyOrderMovements.revenueFen,
      payerKind: moneyOrderMovements.payerKind,
      payerId: moneyOrderMovements.payerId,
    })
    .from(moneyOrderMovements)
    .where(and(gte(moneyOrderMovements.at, new Date(start)), lt(moneyOrderMovements.at, new Date(end))))
    .as('order_movements');
