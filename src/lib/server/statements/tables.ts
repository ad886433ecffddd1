import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { researchGroups } from '../groups/tables.ts';
import { STATEMENT_STATUSES, LINE_KINDS } from '../../shared/statements/statements.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const fenColumn = (name: string) => bigint(name, { mode: 'number' });

/**
 * A monthly statement (对账单, decisions 0029 and 0046): one customer or one research group's
 * wallet, one Shanghai calendar month, one version. Figures are computed once when it is issued and never recomputed; a correction is a
 * new version, the old one kept as `superseded`. Version 1 is what the monthly job inserts, so
 * its unique key makes the job exactly once across processes.
 */
export const statements = pgTable(
  'statements',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    /** The customer; for a group's statement, its leader when it was issued (the addressee). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** A research group's wallet statement (decision 0046); null: the customer's own. */
    groupId: integer('group_id').references(() => researchGroups.id),
    /** 'YYYY-MM' (Asia/Shanghai). */
    month: text('month').notNull(),
    version: smallint('version').notNull(),
    status: text('status', { enum: STATEMENT_STATUSES }).notNull(),
    openingBalanceFen: fenColumn('opening_balance_fen').notNull(),
    closingBalanceFen: fenColumn('closing_balance_fen').notNull(),
    inFen: fenColumn('in_fen').notNull(),
    outFen: fenColumn('out_fen').notNull(),
    openingCreditFen: fenColumn('opening_credit_fen').notNull(),
    closingCreditFen: fenColumn('closing_credit_fen').notNull(),
    openingUnsettledFen: fenColumn('opening_unsettled_fen').notNull(),
    closingUnsettledFen: fenColumn('closing_unsettled_fen').notNull(),
    billedFen: fenColumn('billed_fen').notNull(),
    paidFen: fenColumn('paid_fen').notNull(),
    /** Of the month's order payments: what coupons paid (beside paid_fen) and what 赠送金 paid (within it). */
    couponFen: fenColumn('coupon_fen').notNull().default(0),
    bonusFen: fenColumn('bonus_fen').notNull().default(0),
    refundedFen: fenColumn('refunded_fen').notNull(),
    /** Staff who issued it; null for the monthly job. */
    issuedBy: integer('issued_by'),
    issueNote: text('issue_note').notNull().default(''),
    issuedAt: at('issued_at').notNull(),
    /** An unanswered (pending) statement counts as confirmed from this time on. */
    confirmDueAt: at('confirm_due_at'),
    confirmedAt: at('confirmed_at'),
    confirmedBy: text('confirmed_by', { enum: ['customer', 'auto'] }),
    disputeReason: text('dispute_reason').notNull().default(''),
    disputeLines: jsonb('dispute_lines').$type<number[]>().notNull().default([]),
    disputedAt: at('disputed_at'),
    reply: text('reply').notNull().default(''),
    repliedBy: integer('replied_by'),
    repliedAt: at('replied_at'),
    supersededAt: at('superseded_at'),
  },
  (t) => [
    uniqueIndex('statements_user_month_version')
      .on(t.userId, t.month, t.version)
      .where(sql`${t.groupId} is null`),
    uniqueIndex('statements_group_month_version')
      .on(t.groupId, t.month, t.version)
      .where(sql`${t.groupId} is not null`),
    // At most one current version per customer, or group, and month.
    uniqueIndex('statements_one_current_idx')
      .on(t.userId, t.month)
      .where(sql`${t.status} <> 'superseded' and ${t.groupId} is null`),
    uniqueIndex('statements_group_current_idx')
      .on(t.groupId, t.month)
      .where(sql`${t.status} <> 'superseded' and ${t.groupId} is not null`),
    index('statements_due_idx').on(t.status, t.confirmDueAt),
    index('statements_month_idx').on(t.month, t.id),
  ],
);

/** A frozen line of a statement, numbered from 1 (the numbers a dispute names). */
export const statementLines = pgTable(
  'statement_lines',
  {
    id: serial('id').primaryKey(),
    statementId: integer('statement_id')
      .notNull()
      .references(() => statements.id),
    no: integer('no').notNull(),
    kind: text('kind', { enum: LINE_KINDS }).notNull(),
    at: at('at').notNull(),
    orderRid: text('order_rid'),
    orderNo: text('order_no').notNull().default(''),
    title: text('title').notNull(),
    note: text('note').notNull().default(''),
    amountFen: fenColumn('amount_fen').notNull(),
    /**
     * Order lines: amount = coupon + bonus (赠送金, points exchanged included) + paid (cash or
     * credit) + owed, to the fen.
     */
    couponFen: fenColumn('coupon_fen').notNull().default(0),
    bonusFen: fenColumn('bonus_fen').notNull().default(0),
    paidFen: fenColumn('paid_fen').notNull().default(0),
    owedFen: fenColumn('owed_fen').notNull().default(0),
    creditFen: fenColumn('credit_fen').notNull().default(0),
    statusText: text('status_text').notNull().default(''),
  },
  (t) => [unique('statement_lines_no').on(t.statementId, t.no)],
);
