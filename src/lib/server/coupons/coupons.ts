// Coupons (decision 0026): templates staff define, coupons customers hold, and the one place an
// order's payment takes a coupon and a cancellation gives it back.
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  lte,
  ne,
  not,
  or,
  sql,
  type AnyColumn,
  type Placeholder,
} from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { couponTemplates, coupons } from './tables.ts';
import { item } from '../catalogue/tables.ts';
import { orderItems, orders } from '../orders/tables.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { shanghaiMidnight } from '../../shared/slots.ts';
import { shanghaiDate } from '../../shared/time.ts';
import {
  allocate,
  COUPON_CODE_WRONG,
  COUPON_EXPIRED,
  COUPON_GONE,
  COUPON_LIMIT,
  COUPON_NOT_FOUND,
  COUPON_NOT_STARTED,
  COUPON_USED,
  discountFor,
  FIRST_ORDER_SPENT,
  ruleText,
  SCOPE_TEXT,
  type CouponAllocation,
  type CouponRule,
  type CouponTab,
} from '../../shared/coupons/coupons.ts';

export type Template = typeof couponTemplates.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;
type Source = Coupon['source'];

const DAY = 86_400_000;

export const ruleOf = (t: Template): CouponRule => ({
  kind: t.kind,
  value_fen: t.valueFen,
  percent_off: t.percentOff,
  threshold_fen: t.thresholdFen,
});

/** What one coupon of a template may cost the lab at most (the campaign budget counts this). */
const faceFen = (t: Template) => t.valueFen;

/** A template as customers and staff read it. */
export const templateOut = (t: Template) => ({
  rid: t.rid,
  name: t.name,
  rule_text: ruleText(ruleOf(t)),
  kind: t.kind,
  value_fen: t.valueFen,
  percent_off: t.percentOff,
  threshold_fen: t.thresholdFen,
  scope: t.scope,
  scope_ref: t.scopeRef,
  scope_text: t.scope === 'all' ? SCOPE_TEXT.all : `限${t.scopeName}`,
  first_order_only: t.firstOrderOnly,
  validity: t.validity,
  valid_from: t.validFrom?.toISOString() ?? null,
  valid_to: t.validTo?.toISOString() ?? null,
  valid_days: t.validDays,
  per_user_limit: t.perUserLimit,
});

/** `paidBefore`: the holder has paid for an order, so a 首单 coupon of theirs is spent. */
export const couponOut = (c: Coupon, t: Template, now: number, paidBefore = false) => ({
  rid: c.rid,
  template: templateOut(t),
  source: c.source,
  valid_from: c.validFrom.toISOString(),
  valid_to: c.validTo.toISOString(),
  state: c.state,
  state_text: stateText(c, now, t.firstOrderOnly && paidBefore),
  order_rid: null as string | null,
  discount_fen: c.discountFen,
  used_at: c.usedAt?.toISOString() ?? null,
  created: c.createdAt.toISOString(),
});

function stateText(c: Coupon, now: number, firstOrderSpent: boolean) {
  if (c.state === 'used') return '已使用';
  if (c.state === 'void') return '已退款失效';
  if (c.validTo.getTime() <= now) return '已过期';
  if (firstOrderSpent) return FIRST_ORDER_SPENT;
  if (c.validFrom.getTime() > now) return '未开始';
  return '可使用';
}

/**
 * When a coupon received now is valid: the template's window, or N calendar days counting today
 * (to the end of the last day, Shanghai time, as customers read 有效期至).
 */
function validityAt(t: Template, now: number): { from: Date; to: Date } {
  if (t.validity === 'days') {
    const today = shanghaiMidnight(shanghaiDate(now))!;
    return { from: new Date(now), to: new Date(today + (t.validDays ?? 0) * DAY) };
  }
  return { from: t.validFrom ?? new Date(now), to: t.validTo ?? new Date(now) };
}

/** A fixed window ends at midnight after its last day (Asia/Shanghai). */
export const windowOf = (from: string, to: string) => ({
  from: new Date(shanghaiMidnight(from)!),
  to: new Date(shanghaiMidnight(to)! + DAY),
});

/**
 * Gives one coupon of a locked template to a customer: checks the template is live, the
 * customer's limit and the campaign budget, then writes the coupon and moves the counters.
 * The caller holds the template's row lock, so concurrent claims queue and none passes a limit.
 */
async function giveLocked(tx: Tx, t: Template, userId: number, source: Source, now: number): Promise<Coupon> {
  if (t.status !== 'active') throw new DomainError(COUPON_GONE);
  const valid = validityAt(t, now);
  if (valid.to.getTime() <= now) throw new DomainError(COUPON_EXPIRED);
  const [held] = await tx
    .select({ n: count() })
    .from(coupons)
    .where(and(eq(coupons.templateId, t.id), eq(coupons.userId, userId)));
  if (held.n >= t.perUserLimit) throw new DomainError(COUPON_LIMIT);
  if (t.budgetCount !== null && t.issuedCount >= t.budgetCount) throw new DomainError(COUPON_GONE);
  if (t.budgetFen !== null && t.issuedFen + faceFen(t) > t.budgetFen) throw new DomainError(COUPON_GONE);
  const [coupon] = await tx
    .insert(coupons)
    .values({
      rid: newRid('coupon'),
      templateId: t.id,
      userId,
      source,
      validFrom: valid.from,
      validTo: valid.to,
      state: 'available',
      createdAt: new Date(now),
    })
    .returning();
  await tx
    .update(couponTemplates)
    .set({ issuedCount: t.issuedCount + 1, issuedFen: t.issuedFen + faceFen(t), updatedAt: new Date(now) })
    .where(eq(couponTemplates.id, t.id));
  t.issuedCount += 1;
  t.issuedFen += faceFen(t);
  return coupon;
}

async function lockTemplate(tx: Tx, where: ReturnType<typeof eq>): Promise<Template | undefined> {
  const [t] = await tx.select().from(couponTemplates).where(where).for('update');
  return t;
}

/** discount4user/add: claim a coupon shown in the coupon centre, or redeem a code. */
export async function claimCoupon(
  db: Db,
  userId: number,
  input: { template_rid?: string; code?: string },
  now: number,
) {
  return db.transaction(async (tx) => {
    if (input.code) {
      const t = await lockTemplate(tx, eq(sql`upper(${couponTemplates.code})`, input.code.toUpperCase()));
      if (!t || t.status !== 'active') throw new DomainError(COUPON_CODE_WRONG);
      return couponOut(await giveLocked(tx, t, userId, 'code', now), t, now);
    }
    const t = await lockTemplate(tx, eq(couponTemplates.rid, input.template_rid ?? ''));
    if (!t || !t.claimable) throw new DomainError(COUPON_NOT_FOUND);
    return couponOut(await giveLocked(tx, t, userId, 'claim', now), t, now);
  });
}

/** Staff give coupons of a template to customers (each under the same limits); who got one. */
export async function issueCoupons(tx: Tx, templateId: number, userIds: readonly number[], now: number) {
  const t = await lockTemplate(tx, eq(couponTemplates.id, templateId));
  if (!t) throw new DomainError(COUPON_NOT_FOUND);
  const given: number[] = [];
  const refused: { user_id: number; reason: string }[] = [];
  for (const userId of userIds) {
    try {
      // A savepoint per customer: one refusal does not undo the others.
      await tx.transaction(async (inner) => void (await giveLocked(inner, t, userId, 'issued', now)));
      given.push(userId);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refused.push({ user_id: userId, reason: error.message });
    }
  }
  return { given, refused };
}

/**
 * The welcome coupon of a customer who registered through an invitation (every active template
 * marked welcome), in the registration's transaction; a spent budget just means none.
 */
export async function giveWelcomeCoupons(tx: Tx, userId: number, now: number): Promise<number> {
  const ids = await tx
    .select({ id: couponTemplates.id })
    .from(couponTemplates)
    .where(and(eq(couponTemplates.welcome, true), eq(couponTemplates.status, 'active')));
  let given = 0;
  for (const { id } of ids) {
    const t = await lockTemplate(tx, eq(couponTemplates.id, id));
    if (!t) continue;
    try {
      await tx.transaction(async (inner) => void (await giveLocked(inner, t, userId, 'welcome', now)));
      given += 1;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return given;
}

/**
 * A 首单 coupon whose holder has paid for an order: no order of theirs can take it any more (the
 * rule `checkUse` applies at payment), so it is 已失效 rather than 可使用. It comes back if that
 * order is cancelled (its paid amount returns to 0), as the rule at payment does.
 */
const firstOrderSpent = sql`(exists (select 1 from ${couponTemplates} where ${couponTemplates.id} = ${coupons.templateId} and ${couponTemplates.firstOrderOnly}) and exists (select 1 from ${orders} where ${orders.userId} = ${coupons.userId} and ${orders.paidFen} > 0))`;

/** A tab's coupons of `userId` (or of a column of an outer query) at `now` (or a placeholder). */
const tabWhere = (userId: number | AnyColumn, tab: CouponTab, now: number | Placeholder) => {
  const mine = eq(coupons.userId, userId);
  const at = typeof now === 'number' ? new Date(now) : now;
  const available = eq(coupons.state, 'available');
  if (tab === 1) return and(mine, available, gt(coupons.validTo, at), not(firstOrderSpent));
  if (tab === 2) return and(mine, eq(coupons.state, 'used'));
  return and(
    mine,
    or(eq(coupons.state, 'void'), and(available, or(lte(coupons.validTo, at), firstOrderSpent))),
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
    .select({ c: coupons, t: couponTemplates, orderRid: orders.rid })
    .from(coupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, coupons.templateId))
    .leftJoin(orders, eq(orders.id, coupons.orderId))
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

// ---- at payment ----

type Line = { item_rid: string; name: string; fen: number; child_id: number | null };

async function orderLines(db: Db | Tx, orderId: number): Promise<Line[]> {
  const rows = await db
    .select({
      item_rid: orderItems.itemRid,
      name: orderItems.name,
      fen: orderItems.lineFen,
      child_id: item.childId,
    })
    .from(orderItems)
    .leftJoin(item, eq(item.rid, orderItems.itemRid))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return rows;
}

const inScope = (t: Template, l: Line) =>
  t.scope === 'all' ||
  (t.scope === 'item' && l.item_rid === t.scopeRef) ||
  (t.scope === 'category' && String(l.child_id ?? '') === t.scopeRef);

/**
 * The part of what an order owes that a template applies to. The order's amount (a quote may
 * differ from the list prices) is spread over its lines by their list amounts, so a category
 * coupon sees the lines of its category at the quoted price.
 */
function eligible(t: Template, owedFen: number, lines: readonly Line[]): { fen: number; lines: Line[] } {
  if (lines.length === 0) return t.scope === 'all' ? { fen: owedFen, lines: [] } : { fen: 0, lines: [] };
  const shares = allocate(owedFen, lines);
  const priced = lines.map((l, i) => ({ ...l, fen: shares[i] }));
  const inside = priced.filter((l) => inScope(t, l));
  return { fen: inside.reduce((n, l) => n + l.fen, 0), lines: inside };
}

/** Whether the customer has paid for an order (other than this one): a 首单 coupon is for the first. */
async function hasPaidOrder(db: Db | Tx, userId: number, exceptOrderId?: number) {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        exceptOrderId === undefined ? undefined : ne(orders.id, exceptOrderId),
        gt(orders.paidFen, 0),
      ),
    );
  return row.n > 0;
}

/** Which of these customers have paid for an order (whose 首单 coupons are spent). */
export async function payingCustomers(db: Db, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: orders.userId })
    .from(orders)
    .where(and(inArray(orders.userId, [...userIds]), gt(orders.paidFen, 0)));
  return new Set(rows.map((r) => r.userId));
}

export type CouponOption = {
  rid: string;
  name: string;
  rule_text: string;
  scope_text: string;
  valid_to: string;
  discount_fen: number;
  /** Why it does not apply to this order; '' when it does. */
  reason: string;
};

type PayOrder = { id: number; userId: number; amountFen: number; paidFen: number };

/** What each of a customer's usable coupons would take off this order (best first). */
export async function couponOptions(db: Db | Tx, order: PayOrder, now: number): Promise<CouponOption[]> {
  const rows = await db
    .select({ c: coupons, t: couponTemplates })
    .from(coupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, coupons.templateId))
    .where(
      and(
        eq(coupons.userId, order.userId),
        eq(coupons.state, 'available'),
        gt(coupons.validTo, new Date(now)),
      ),
    )
    .orderBy(asc(coupons.validTo))
    .limit(200);
  if (rows.length === 0) return [];
  const owed = Math.max(0, order.amountFen - order.paidFen);
  const lines = await orderLines(db, order.id);
  const paidBefore = rows.some((r) => r.t.firstOrderOnly)
    ? await hasPaidOrder(db, order.userId, order.id)
    : false;
  const options = rows.map(({ c, t }) => {
    const check = checkUse(c, t, { owed, lines, paidBefore, paidFen: order.paidFen, now });
    return {
      rid: c.rid,
      name: t.name,
      rule_text: ruleText(ruleOf(t)),
      scope_text: t.scope === 'all' ? SCOPE_TEXT.all : `限${t.scopeName}`,
      valid_to: c.validTo.toISOString(),
      discount_fen: check.ok ? check.discount : 0,
      reason: check.ok ? '' : check.reason,
    };
  });
  // Best first: the largest saving, then the one expiring soonest (the query's order).
  return options
    .map((o, i) => ({ o, i }))
    .sort((a, b) => b.o.discount_fen - a.o.discount_fen || a.i - b.i)
    .map(({ o }) => o);
}

type UseCheck = { ok: true; discount: number; lines: Line[] } | { ok: false; reason: string };

function checkUse(
  c: Coupon,
  t: Template,
  ctx: { owed: number; lines: Line[]; paidBefore: boolean; paidFen: number; now: number },
): UseCheck {
  if (c.state === 'used') return { ok: false, reason: COUPON_USED };
  if (c.state === 'void' || c.validTo.getTime() <= ctx.now) return { ok: false, reason: COUPON_EXPIRED };
  if (c.validFrom.getTime() > ctx.now) return { ok: false, reason: COUPON_NOT_STARTED };
  if (ctx.paidFen > 0) return { ok: false, reason: '该订单已部分支付，不能使用优惠券' };
  if (t.firstOrderOnly && ctx.paidBefore) return { ok: false, reason: '该优惠券仅限首单使用' };
  const base = eligible(t, ctx.owed, ctx.lines);
  if (base.fen === 0) return { ok: false, reason: '该优惠券不适用于本订单的检测项目' };
  const discount = discountFor(ruleOf(t), base.fen);
  if (discount === 0) return { ok: false, reason: `未达到使用门槛（${ruleText(ruleOf(t))}）` };
  return { ok: true, discount, lines: base.lines };
}

/** Locks one of the customer's coupons and checks it against an order; throws the refusal. */
async function lockForOrder(tx: Tx, couponRid: string, order: PayOrder, now: number) {
  const [c] = await tx.select().from(coupons).where(eq(coupons.rid, couponRid)).for('update');
  if (!c || c.userId !== order.userId) throw new DomainError(COUPON_NOT_FOUND);
  const [t] = await tx.select().from(couponTemplates).where(eq(couponTemplates.id, c.templateId));
  const owed = Math.max(0, order.amountFen - order.paidFen);
  const lines = await orderLines(tx, order.id);
  const paidBefore = t.firstOrderOnly ? await hasPaidOrder(tx, order.userId, order.id) : false;
  const check = checkUse(c, t, { owed, lines, paidBefore, paidFen: order.paidFen, now });
  if (!check.ok) throw new DomainError(check.reason);
  return { c, t, discount: check.discount, lines: check.lines };
}

/**
 * Takes a coupon for an order's payment inside the pay transaction (the order is locked by the
 * caller): the coupon row is locked, so one coupon used by two payments at once is used once;
 * it is checked against the order, marked used with the discount spread over the lines, and the
 * discount returned. A refusal throws and the payment writes nothing.
 */
export async function useCoupon(
  tx: Tx,
  input: { couponRid: string; order: PayOrder; now: number },
): Promise<{ discountFen: number; name: string }> {
  const { c, t, discount, lines } = await lockForOrder(tx, input.couponRid, input.order, input.now);
  const shares = allocate(discount, lines);
  const allocation: CouponAllocation[] = lines
    .map((l, i) => ({ item_rid: l.item_rid, name: l.name, fen: shares[i] }))
    .filter((a) => a.fen > 0);
  await tx
    .update(coupons)
    .set({
      state: 'used',
      orderId: input.order.id,
      discountFen: discount,
      allocation,
      usedAt: new Date(input.now),
      reservedTradeNo: null,
    })
    .where(eq(coupons.id, c.id));
  return { discountFen: discount, name: t.name };
}

/**
 * The discount a coupon gives an order's online trade, which it now reserves (taking it from any
 * earlier trade): the QR code is made for what is left to pay.
 */
export async function reserveCoupon(
  tx: Tx,
  input: { couponRid: string; order: PayOrder; now: number; tradeNo: string },
): Promise<number> {
  const { c, discount } = await lockForOrder(tx, input.couponRid, input.order, input.now);
  await tx.update(coupons).set({ reservedTradeNo: input.tradeNo }).where(eq(coupons.id, c.id));
  return discount;
}

/** The coupon an online trade reserved, if it still is that trade's. */
export async function reservedCouponRid(tx: Tx, tradeNo: string): Promise<string | null> {
  const [c] = await tx
    .select({ rid: coupons.rid })
    .from(coupons)
    .where(and(eq(coupons.reservedTradeNo, tradeNo), eq(coupons.state, 'available')));
  return c?.rid ?? null;
}

/**
 * A cancelled order gives its coupon back: usable again while it is still valid, otherwise
 * void (used, then refunded). Once: a coupon no longer marked used for the order is left alone.
 */
export async function returnOrderCoupon(tx: Tx, orderId: number, now: number): Promise<Coupon | null> {
  const [c] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.orderId, orderId), eq(coupons.state, 'used')))
    .for('update');
  if (!c) return null;
  const stillValid = c.validTo.getTime() > now;
  const [back] = await tx
    .update(coupons)
    .set(
      stillValid
        ? {
            state: 'available',
            orderId: null,
            discountFen: null,
            allocation: null,
            usedAt: null,
            returnedAt: new Date(now),
          }
        : { state: 'void', returnedAt: new Date(now) },
    )
    .where(eq(coupons.id, c.id))
    .returning();
  return back;
}

/** The coupon that paid part of an order, for its detail page. */
export async function orderCoupon(db: Db | Tx, orderId: number) {
  const [row] = await db
    .select({ c: coupons, t: couponTemplates })
    .from(coupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, coupons.templateId))
    .where(and(eq(coupons.orderId, orderId), eq(coupons.state, 'used')));
  if (!row) return null;
  return {
    rid: row.c.rid,
    name: row.t.name,
    rule_text: ruleText(ruleOf(row.t)),
    discount_fen: row.c.discountFen ?? 0,
    allocation: row.c.allocation ?? [],
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
