// How coupons and their templates read (decision 0026): the rule, the scope, the state a holder
// sees, and when a coupon received now is valid.
import type { couponTemplates, coupons } from './tables.ts';
import { shanghaiMidnight } from '../../shared/slots.ts';
import { shanghaiDate } from '../../shared/time.ts';
import { FIRST_ORDER_SPENT, ruleText, SCOPE_TEXT, type CouponRule } from '../../shared/coupons/coupons.ts';

export type Template = typeof couponTemplates.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;

const DAY = 86_400_000;

export const ruleOf = (t: Template): CouponRule => ({
  kind: t.kind,
  value_fen: t.valueFen,
  percent_off: t.percentOff,
  threshold_fen: t.thresholdFen,
});

/** What one coupon of a template may cost the lab at most (the campaign budget counts this). */
export const faceFen = (t: Template) => t.valueFen;

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
export function validityAt(t: Template, now: number): { from: Date; to: Date } {
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
