import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Services } from '#server/platform/services.ts';
import { moneyAccounts, moneyPostings, moneyTransfers } from '#server/money/tables.ts';
import { ledgerProblems } from '#server/money/index.ts';

/** A customer's cached sub-balances (zeros before the account exists). */
export async function wallet(s: Services, userId: number) {
  const [a] = await s.db
    .select()
    .from(moneyAccounts)
    .where(and(eq(moneyAccounts.ownerKind, 'user'), eq(moneyAccounts.ownerId, userId)));
  return { cash: a?.cashFen ?? 0, bonus: a?.bonusFen ?? 0, creditUsed: a?.creditUsedFen ?? 0 };
}

/** The customer's movements of one kind, each with what it did to the account's sub-balances. */
export async function movements(s: Services, userId: number, kind?: string) {
  return s.db
    .select({
      kind: moneyTransfers.kind,
      orderId: moneyTransfers.orderId,
      cash: sql<number>`coalesce(sum(${moneyPostings.amountFen}) filter (where ${moneyPostings.sub} = 'cash'), 0)`.mapWith(
        Number,
      ),
      bonus:
        sql<number>`coalesce(sum(${moneyPostings.amountFen}) filter (where ${moneyPostings.sub} = 'bonus'), 0)`.mapWith(
          Number,
        ),
      credit:
        sql<number>`coalesce(sum(${moneyPostings.amountFen}) filter (where ${moneyPostings.sub} = 'credit'), 0)`.mapWith(
          Number,
        ),
    })
    .from(moneyPostings)
    .innerJoin(moneyTransfers, eq(moneyTransfers.id, moneyPostings.transferId))
    .innerJoin(moneyAccounts, eq(moneyAccounts.id, moneyPostings.accountId))
    .where(
      and(
        eq(moneyAccounts.ownerKind, 'user'),
        eq(moneyAccounts.ownerId, userId),
        kind ? sql`${moneyTransfers.kind} = ${kind}` : undefined,
      ),
    )
    .groupBy(moneyTransfers.id)
    .orderBy(moneyTransfers.id);
}

/** Every movement balances, every cached balance equals its postings, nothing is negative. */
export async function expectLedgerSound(s: Services) {
  expect(await ledgerProblems(s.db)).toEqual([]);
}
