import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { orders } from '../orders/tables.ts';
import type { CouponAllocation } from '../../shared/coupons/coupons.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A kind of coupon staff define (decision 0026): what it takes off, where it applies, how long a
 * received coupon lasts, how many one customer may hold, and an optional campaign budget. The
 * issued counters move only under this row's lock, so concurrent claims never pass the budget.
 */
export const couponTemplates = pgTable(
  'coupon_templates',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    name: text('name').notNull(),
    /** all 全场通用, category a child category (project_child.id), item one catalogue item (rid). */
    scope: text('scope', { enum: ['all', 'category', 'item'] }).notNull(),
    scopeRef: text('scope_ref').notNull().default(''),
    scopeName: text('scope_name').notNull().default(''),
    /** amount: value off above the threshold (满减); percent: percent_off off, capped at value. */
    kind: text('kind', { enum: ['amount', 'percent'] }).notNull(),
    valueFen: integer('value_fen').notNull(),
    percentOff: smallint('percent_off').notNull().default(0),
    thresholdFen: integer('threshold_fen').notNull().default(0),
    /** Only for a customer's first paid order (首单立减). */
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    /** fixed: valid_from..valid_to; days: valid_days days from when it is received. */
    validity: text('validity', { enum: ['fixed', 'days'] }).notNull(),
    validFrom: at('valid_from'),
    validTo: at('valid_to'),
    validDays: smallint('valid_days'),
    perUserLimit: smallint('per_user_limit').notNull().default(1),
    budgetCount: integer('budget_count'),
    budgetFen: bigint('budget_fen', { mode: 'number' }),
    issuedCount: integer('issued_count').notNull().default(0),
    issuedFen: bigint('issued_fen', { mode: 'number' }).notNull().default(0),
    /** Shown in the coupon centre for customers to claim. */
    claimable: boolean('claimable').notNull().default(false),
    /** A code customers type to redeem it (兑换码); unique among templates. */
    code: text('code').unique(),
    /** Given to a customer who registers through an invitation. */
    welcome: boolean('welcome').notNull().default(false),
    status: text('status', { enum: ['active', 'retired'] }).notNull(),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('coupon_templates_status_idx').on(t.status, t.id)],
);

export const COUPON_STATES = ['available', 'used', 'void'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

/**
 * A coupon a customer holds. available → used when an order is paid with it; a cancelled order
 * gives it back (available again) if it is still valid, else void (used and refunded). Expiry is
 * not a state: an available coupon past valid_to is 已失效. The newest online trade made with it
 * reserves it (reserved_trade_no): when that trade's money arrives the coupon pays its part, if no
 * other payment took it meanwhile; a reservation never blocks paying another way.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplates.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    source: text('source', { enum: ['claim', 'code', 'issued', 'welcome'] }).notNull(),
    validFrom: at('valid_from').notNull(),
    validTo: at('valid_to').notNull(),
    state: text('state', { enum: COUPON_STATES }).notNull(),
    orderId: integer('order_id').references(() => orders.id),
    discountFen: integer('discount_fen'),
    /** Which order line the discount took what from (largest remainder, whole fen). */
    allocation: jsonb('allocation').$type<CouponAllocation[]>(),
    usedAt: at('used_at'),
    reservedTradeNo: text('reserved_trade_no'),
    returnedAt: at('returned_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('coupons_user_idx').on(t.userId, t.state, t.validTo),
    index('coupons_template_idx').on(t.templateId, t.userId),
    // One coupon per order.
    uniqueIndex('coupons_one_per_order_idx')
      .on(t.orderId)
      .where(sql`${t.state} = 'used'`),
  ],
);

/**
 * Coupons staff asked to give whose face value, or total over the customers named, is
 * MONEY_SECOND_APPROVAL_YUAN or more (issue 28; decision 0048): none is given until a staff member
 * other than the requester approves; the answer of the issue is kept with the request.
 */
export const couponIssueRequests = pgTable(
  'coupon_issue_requests',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplates.id),
    phones: jsonb('phones').$type<string[]>().notNull(),
    /** Face value of one coupon and of them all; null for a percentage coupon without a cap. */
    faceFen: integer('face_fen'),
    totalFen: bigint('total_fen', { mode: 'number' }),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: at('decided_at'),
    rejectReason: text('reject_reason').notNull().default(''),
    given: integer('given'),
    refused: jsonb('refused').$type<{ phone: string; reason: string }[]>(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('coupon_issue_requests_status_idx').on(t.status, t.id)],
);
