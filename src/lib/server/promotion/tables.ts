import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { orders } from '../orders/tables.ts';
import {
  PAYOUT_CHANNELS,
  PROMOTER_STATUSES,
  REBATE_KINDS,
  WITHDRAW_STATUSES,
} from '../../shared/promotion/promotion.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const fenColumn = (name: string) => bigint(name, { mode: 'number' });

/**
 * A customer who applied to be a promoter (decision 0031), and once approved, their rebate purse:
 * `balance_fen` (credited rebates less reversals and withdrawals asked for) is changed only under
 * this row's lock in the transaction that writes the entry, so two withdrawals queue instead of
 * both spending the same money. It may go below zero when a refund takes back a rebate that was
 * already withdrawn; later rebates fill it first.
 */
export const promoters = pgTable(
  'promoters',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id),
    status: text('status', { enum: PROMOTER_STATUSES }).notNull(),
    realName: text('real_name').notNull(),
    channel: text('channel').notNull(),
    note: text('note').notNull().default(''),
    rejectReason: text('reject_reason').notNull().default(''),
    /** Basis points; null: the default (PROMOTION_REBATE_PERCENT) at the time of each rebate. */
    rateBp: integer('rate_bp'),
    balanceFen: fenColumn('balance_fen').notNull().default(0),
    /** Paid out by finance (the amounts, fees included). */
    withdrawnFen: fenColumn('withdrawn_fen').notNull().default(0),
    appliedAt: at('applied_at').notNull(),
    reviewedAt: at('reviewed_at'),
    reviewedBy: integer('reviewed_by'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('promoters_status_idx').on(t.status, t.appliedAt)],
);

/**
 * The rebate history: one signed entry per change with the balance right after it. Append-only
 * (a trigger). A rebate and its reversals carry `available_at` (credited + the freeze), so the
 * frozen part of the balance is the sum of those entries not yet available; withdrawals and their
 * returns are available at once. The key makes a repeated job or request the same entry.
 */
export const promoterRebateEntries = pgTable(
  'promoter_rebate_entries',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    promoterId: integer('promoter_id')
      .notNull()
      .references(() => promoters.id),
    kind: text('kind', { enum: REBATE_KINDS }).notNull(),
    amountFen: fenColumn('amount_fen').notNull(),
    balanceAfterFen: fenColumn('balance_after_fen').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    withdrawalId: integer('withdrawal_id'),
    /** The cash and credit the customer paid on the order, and the rate, for rebates and reversals. */
    baseFen: fenColumn('base_fen'),
    rateBp: integer('rate_bp'),
    availableAt: at('available_at').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    note: text('note').notNull().default(''),
    at: at('at').notNull(),
  },
  (t) => [
    index('promoter_rebate_entries_promoter_idx').on(t.promoterId, t.id),
    index('promoter_rebate_entries_available_idx').on(t.promoterId, t.availableAt),
    index('promoter_rebate_entries_order_idx').on(t.orderId),
    check('promoter_rebate_entries_not_zero', sql`${t.amountFen} <> 0`),
  ],
);

/** A withdrawal of rebate money to a bank card, Alipay or WeChat account, paid out by finance. */
export const promoterWithdrawals = pgTable(
  'promoter_withdrawals',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    promoterId: integer('promoter_id')
      .notNull()
      .references(() => promoters.id),
    amountFen: fenColumn('amount_fen').notNull(),
    feeFen: fenColumn('fee_fen').notNull(),
    channel: text('channel', { enum: PAYOUT_CHANNELS }).notNull(),
    accountName: text('account_name').notNull(),
    accountNo: text('account_no').notNull(),
    bankName: text('bank_name').notNull().default(''),
    status: text('status', { enum: WITHDRAW_STATUSES }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    rejectReason: text('reject_reason').notNull().default(''),
    payoutRef: text('payout_ref').notNull().default(''),
    note: text('note').notNull().default(''),
    createdAt: at('created_at').notNull(),
    decidedAt: at('decided_at'),
    decidedBy: integer('decided_by'),
    /** A large withdrawal's first approval (decision 0045): someone else then pays it out. */
    firstApproverId: integer('first_approver_id'),
    firstApprovedAt: at('first_approved_at'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('promoter_withdrawals_key_idx').on(t.promoterId, t.idempotencyKey),
    index('promoter_withdrawals_promoter_idx').on(t.promoterId, t.createdAt),
    index('promoter_withdrawals_status_idx').on(t.status, t.createdAt),
    check(
      'promoter_withdrawals_amounts',
      sql`${t.amountFen} > 0 and ${t.feeFen} >= 0 and ${t.feeFen} < ${t.amountFen}`,
    ),
  ],
);

/** A promotion campaign shown to customers (web/promotion/all4user) within its window. */
export const promotionCampaigns = pgTable(
  'promotion_campaigns',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    imageUrl: text('image_url').notNull().default(''),
    link: text('link').notNull().default(''),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: ['active', 'retired'] }).notNull(),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('promotion_campaigns_window_idx').on(t.status, t.startsAt)],
);
