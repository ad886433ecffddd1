// What a customer reads of their coupons (decision 0026): the tabs of their own, the coupon
// centre, and the count of usable ones the home page and the asset card show.
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  lte,
  not,
  or,
  sql,
  type AnyColumn,
  type Placeholder,
} from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { couponTemplates, coupons } from './tables.ts';
import { pageWindow } from '../../shared/pagination.ts';
import type { CouponTab } from '../../shared/coupons/coupons.ts';
import { couponOut, faceFen, templateOut } from './rows.ts';
import { hasPaidOrder, orderReads } from './order-reads.ts';

/**
 * A 首单 coupon whose holder has paid for an order: no order of theirs can take it any more (the
 * rule `checkUse` applies at payment), so it is 已失效 rather than 可使用. It comes back if that
 * order is cancelled (its paid amount returns to 0), as the rule at payment does.
 */
const firstOrderSpent = () =>
  sql`(exists (select 1 from ${couponTemplates} where ${couponTemplates.id} = ${coupons.templateId} and ${couponTemplates.firstOrderOnly}) and ${orderReads().paidOrderOf(coupons.userId)})`;

/** A tab's coupons of `userId` (or of a column of an outer query) at `now` (or a placeholder). */
const tabWhere = (userId: number | AnyColumn, tab: CouponTab, now: number | Placeholder) => {
  const mine = eq(coupons.userId, userId);
  const at = typeof now === 'number' ? new Date(now) : now;
  const available = eq(coupons.state, 'available');
  if (tab === 1) return and(mine, available, gt(coupons.validTo, at), not(firstOrderSpent()));
  if (tab === 2) return and(mine, eq(coupons.state, 'used'));
  return and(
    mine,
    or(eq(coupons.state, 'void'), and(available, or(lte(coupons.validTo, at), firstOrderSpent()))),
  );
};

/** discount4user/all: one tab of my coupons (soonest to expire first among usable ones) and the tab counts. */
export async function listMine(
  db: Db,
  userId: number,
  f: { state: CouponTab; page?: number; size?: number },
  now: number,
) {
  const w = pageWindow(f.page, f.size);
  const rows = await db
    .select({ c: coupons, t: couponTemplates, orderRid: orderReads().orderRidOf(coupons.orderId) })
    .from(coupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, coupons.templateId))
    .where(tabWhere(userId, f.state, now))
    .orderBy(f.state === 1 ? asc(coupons.validTo) : desc(coupons.id))
    .limit(w.size)
    .offset(w.offset);
  const paidBefore = rows.some((r) => r.t.firstOrderOnly) && (await hasPaidOrder(db, userId));
  const counts = await Promise.all(
    ([1, 2, 3] as const).map(async (tab) => {
      const [row] = await db
        .select({ n: count() })
        .from(coupons)
        .where(tabWhere(userId, tab, now));
      return row.n;
    }),
  );
  return {
    list: rows.map((r) => ({ ...couponOut(r.c, r.t, now, paidBefore), order_rid: r.orderRid })),
    total: counts[f.state - 1],
    counts: { usable: counts[0], used: counts[1], invalid: counts[2] },
  };
}

/** discount4user/list4all: what the coupon centre offers this customer now. */
export async function claimable(db: Db, userId: number, now: number) {
  const at = new Date(now);
  const rows = await db
    .select()
    .from(couponTemplates)
    .where(
      and(
        eq(couponTemplates.status, 'active'),
        eq(couponTemplates.claimable, true),
        or(eq(couponTemplates.validity, 'days'), gt(couponTemplates.validTo, at)),
      ),
    )
    .orderBy(desc(couponTemplates.id))
    .limit(100);
  const held =
    rows.length === 0
      ? []
      : await db
          .select({ templateId: coupons.templateId, n: count() })
          .from(coupons)
          .where(
            and(
              eq(coupons.userId, userId),
              inArray(
                coupons.templateId,
                rows.map((t) => t.id),
              ),
            ),
          )
          .groupBy(coupons.templateId);
  const heldBy = new Map(held.map((h) => [h.templateId, h.n]));
  return {
    list: rows.map((t) => {
      const mine = heldBy.get(t.id) ?? 0;
      const soldOut =
        (t.budgetCount !== null && t.issuedCount >= t.budgetCount) ||
        (t.budgetFen !== null && t.issuedFen + faceFen(t) > t.budgetFen);
      return {
        ...templateOut(t),
        held: mine,
        sold_out: soldOut,
        can_claim: !soldOut && mine < t.perUserLimit,
      };
    }),
  };
}

/**
 * How many coupons the customer whose id is `userId` (a column of the caller's query) can use at
 * the `now` placeholder: a subquery, so the home page asks in one statement.
 */
export function usableCouponsOf(db: Db, userId: AnyColumn) {
  return sql<number>`(${db
    .select({ n: count() })
    .from(coupons)
    .where(tabWhere(userId, 1, sql.placeholder('now')))})`.mapWith(Number);
}

/** How many coupons a customer can use now (the asset card's count). */
export async function usableCouponCount(db: Db | Tx, userId: number, now: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(coupons)
    .where(tabWhere(userId, 1, now));
  return row.n;
}
