// What the coupon calls answer (decisions 0020, 0026).
import { z } from '../zod.ts';
import { fen, pagedOf, ridOut } from '../responses.ts';
import { CustomerRefSchema } from '../accounts/responses.ts';

export const CouponTemplateSchema = z.object({
  rid: ridOut,
  name: z.string(),
  /** 满2000减200, 9折，最高减100 … */
  rule_text: z.string(),
  kind: z.enum(['amount', 'percent']),
  value_fen: fen,
  percent_off: z.number().int(),
  threshold_fen: fen,
  scope: z.enum(['all', 'category', 'item']),
  scope_ref: z.string(),
  /** 全场通用, 限X射线衍射 … */
  scope_text: z.string(),
  first_order_only: z.boolean(),
  validity: z.enum(['fixed', 'days']),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  valid_days: z.number().int().nullable(),
  per_user_limit: z.number().int(),
});

export const CouponSchema = z.object({
  rid: ridOut,
  template: CouponTemplateSchema,
  source: z.enum(['claim', 'code', 'issued', 'welcome']),
  valid_from: z.string(),
  valid_to: z.string(),
  state: z.enum(['available', 'used', 'void']),
  /** 可使用 · 未开始 · 已使用 · 已过期 · 已退款失效 */
  state_text: z.string(),
  order_rid: ridOut.nullable(),
  discount_fen: fen.nullable(),
  used_at: z.string().nullable(),
  created: z.string(),
});

/** discount4user/all: one tab and the count of each. */
export const CouponPageSchema = pagedOf(CouponSchema).extend({
  counts: z.object({ usable: z.number().int(), used: z.number().int(), invalid: z.number().int() }),
});

/** discount4user/list4all: the coupon centre. */
export const ClaimableSchema = z.object({
  list: z.array(
    CouponTemplateSchema.extend({
      /** How many of it I hold already. */
      held: z.number().int(),
      sold_out: z.boolean(),
      can_claim: z.boolean(),
    }),
  ),
});

/** A coupon as the pay dialog offers it for one order. */
export const CouponOptionSchema = z.object({
  rid: ridOut,
  name: z.string(),
  rule_text: z.string(),
  scope_text: z.string(),
  valid_to: z.string(),
  discount_fen: fen,
  /** Why it does not apply; '' when it does. */
  reason: z.string(),
});

/** The coupon that paid part of an order, and how much of each line. */
export const OrderCouponSchema = z.object({
  rid: ridOut,
  name: z.string(),
  rule_text: z.string(),
  discount_fen: fen,
  allocation: z.array(z.object({ item_rid: z.string(), name: z.string(), fen })),
});

// ---- staff ----

export const StaffTemplateSchema = CouponTemplateSchema.extend({
  budget_count: z.number().int().nullable(),
  budget_fen: fen.nullable(),
  issued_count: z.number().int(),
  issued_fen: fen,
  used_count: z.number().int(),
  discount_fen: fen,
  claimable: z.boolean(),
  code: z.string().nullable(),
  welcome: z.boolean(),
  status: z.enum(['active', 'retired']),
  created: z.string(),
});
export const StaffTemplatePageSchema = pagedOf(StaffTemplateSchema);

const RefusedSchema = z.array(z.object({ phone: z.string(), reason: z.string() }));

export const IssuedSchema = z.object({
  given: z.number().int(),
  refused: RefusedSchema,
  /** Face value (or total) at or above MONEY_SECOND_APPROVAL_YUAN: none given yet, a second staff member must approve. */
  pending: z.boolean(),
  approval_rid: ridOut.nullable(),
});

/** A large coupon issue waiting for (or decided by) a second staff member (decision 0048). */
export const CouponIssueRequestSchema = z.object({
  rid: ridOut,
  status: z.enum(['pending', 'approved', 'rejected']),
  template: z.object({ rid: ridOut, name: z.string(), rule_text: z.string() }),
  phones: z.array(z.string()),
  /** One coupon's face value and all of them; null for a percentage coupon without a cap. */
  face_fen: fen.nullable(),
  total_fen: fen.nullable(),
  reject_reason: z.string(),
  /** After approval: how many were given, and who got none and why. */
  given: z.number().int().nullable(),
  refused: RefusedSchema,
  requested_by: z.string(),
  decided_by: z.string().nullable(),
  created: z.string(),
  decided_at: z.string().nullable(),
});
export type CouponIssueRequest = z.output<typeof CouponIssueRequestSchema>;
export const CouponIssueRequestPageSchema = pagedOf(CouponIssueRequestSchema);
export const IssueDecidedSchema = z.object({
  rid: ridOut,
  status: z.enum(['approved', 'rejected']),
  given: z.number().int(),
  refused: RefusedSchema,
});

export const CouponUsagePageSchema = pagedOf(
  CouponSchema.omit({ template: true }).extend({
    customer: CustomerRefSchema,
    order_no: z.string().nullable(),
  }),
);
