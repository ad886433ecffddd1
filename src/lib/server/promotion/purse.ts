// A promoter's rebate purse: the locked row, the frozen part, one write function for entries.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { promoterRebateEntries, promoters } from './tables.ts';
import { newRid } from '../platform/ids.ts';
import type { Env } from '../platform/env.ts';
import { percentToBp, type RebateKind } from '../../shared/promotion/promotion.ts';

export type Promoter = typeof promoters.$inferSelect;
export type RebateEntry = typeof promoterRebateEntries.$inferSelect;

export const DAY_MS = 86_400_000;

/** The rate a promoter earns now: their own, or the default. */
export const rateOf = (p: Pick<Promoter, 'rateBp'>, env: Env) =>
  p.rateBp ?? percentToBp(env.PROMOTION_REBATE_PERCENT);

/** The promoter row of a user, locked for the rest of the transaction (the purse's one lock). */
export async function lockPromoterOfUser(tx: Tx, userId: number): Promise<Promoter | undefined> {
  const [row] = await tx.select().from(promoters).where(eq(promoters.userId, userId)).for('update');
  return row;
}

export async function lockPromoter(tx: Tx, id: number): Promise<Promoter> {
  const [row] = await tx.select().from(promoters).where(eq(promoters.id, id)).for('update');
  return row;
}

/** Rebates (less their reversals) still inside the freeze at `now`. */
export async function frozenOf(db: Db | Tx, promoterId: number, now: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${promoterRebateEntries.amountFen}), 0)` })
    .from(promoterRebateEntries)
    .where(
      and(
        eq(promoterRebateEntries.promoterId, promoterId),
        inArray(promoterRebateEntries.kind, ['rebate', 'reverse']),
        gt(promoterRebateEntries.availableAt, new Date(now)),
      ),
    );
  return Math.max(0, Number(row.sum));
}

/** What may be withdrawn: the balance less what is still frozen, never below zero. */
export const withdrawableOf = async (db: Db | Tx, p: Promoter, now: number) =>
  Math.max(0, p.balanceFen - (await frozenOf(db, p.id, now)));

/**
 * Writes one entry and moves the cached balance with it, in `tx`, under the promoter's lock
 * (taken by the caller). A repeated key writes nothing and answers null.
 */
export async function addEntry(
  tx: Tx,
  p: Promoter,
  e: {
    kind: RebateKind;
    amountFen: number;
    key: string;
    now: number;
    availableAt?: number;
    orderId?: number;
    withdrawalId?: number;
    baseFen?: number;
    rateBp?: number;
    note: string;
  },
): Promise<RebateEntry | null> {
  const balanceAfter = p.balanceFen + e.amountFen;
  const [entry] = await tx
    .insert(promoterRebateEntries)
    .values({
      rid: newRid('rebateEntry'),
      promoterId: p.id,
      kind: e.kind,
      amountFen: e.amountFen,
      balanceAfterFen: balanceAfter,
      orderId: e.orderId ?? null,
      withdrawalId: e.withdrawalId ?? null,
      baseFen: e.baseFen ?? null,
      rateBp: e.rateBp ?? null,
      availableAt: new Date(e.availableAt ?? e.now),
      idempotencyKey: e.key,
      note: e.note,
      at: new Date(e.now),
    })
    .onConflictDoNothing({ target: promoterRebateEntries.idempotencyKey })
    .returning();
  if (!entry) return null;
  await tx
    .update(promoters)
    .set({ balanceFen: balanceAfter, updatedAt: new Date(e.now) })
    .where(eq(promoters.id, p.id));
  p.balanceFen = balanceAfter;
  return entry;
}

/**
 * Disagreements between the history and the cached balances (tests): each promoter's balance is
 * the sum of their entries, and each entry's balance_after the running sum.
 */
export async function promotionProblems(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const rows = await db.select().from(promoters);
  for (const p of rows) {
    const entries = await db
      .select()
      .from(promoterRebateEntries)
      .where(eq(promoterRebateEntries.promoterId, p.id))
      .orderBy(promoterRebateEntries.id);
    let running = 0;
    for (const e of entries) {
      running += e.amountFen;
      if (e.balanceAfterFen !== running)
        problems.push(`entry ${e.rid}: after ${e.balanceAfterFen} ≠ ${running}`);
    }
    if (running !== p.balanceFen) problems.push(`promoter ${p.rid}: balance ${p.balanceFen} ≠ ${running}`);
  }
  return problems;
}
