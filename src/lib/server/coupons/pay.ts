// Coupons at payment (decision 0026): what each would take off an order, taking one for a payment
// or reserving it for an online trade, and giving it back when the order is cancelled.
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { couponTemplates, coupons } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import {
  allocate,
  COUPON_EXPIRED,
  COUPON_NOT_FOUND,
  COUPON_NOT_STARTED,
  COUPON_USED,
  discountFor,
  ruleText,
  SCOPE_TEXT,
  type CouponAllocation,
} from '../../shared/coupons/coupons.ts';
import { ruleOf, type Coupon, type Template } from './rows.ts';
import { hasPaidOrder, orderReads, type OrderLine as Line } from './order-reads.ts';

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
  const lines = await orderReads().linesOf(db, order.id);
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
  const lines = await orderReads().linesOf(tx, order.id);
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
