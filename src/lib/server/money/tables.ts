import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
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
import type { PrestoreTier, Voucher } from '../../shared/money/money.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const fenColumn = (name: string) => bigint(name, { mode: 'number' });

/**
 * A wallet (decision 0022). Owned by a user, a research group, or the lab itself (`system`:
 * bank, bonus expense, revenue, credit receivable, online clearing — the other side of every
 * movement). Customer and group accounts cache their sub-balances, changed only under a row lock
 * in the transaction that writes the postings; system accounts keep no cache (their balance is the
 * sum of their postings), so no payment waits on a lock every other payment also needs.
 */
export const moneyAccounts = pgTable(
  'money_accounts',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    ownerKind: text('owner_kind', { enum: ['user', 'group', 'system'] }).notNull(),
    /** users.id for a user; the group's id once groups exist; null for the lab's own accounts. */
    ownerId: integer('owner_id'),
    /** bank, bonus_expense, revenue, receivable, clearing: the lab's accounts by name. */
    systemCode: text('system_code').unique(),
    /** Refundable money. */
    cashFen: fenColumn('cash_fen').notNull().default(0),
    /** 赠送金: pays orders, never repays credit, never comes back as cash. */
    bonusFen: fenColumn('bonus_fen').notNull().default(0),
    creditLimitFen: fenColumn('credit_limit_fen').notNull().default(0),
    creditUsedFen: fenColumn('credit_used_fen').notNull().default(0),
    /** Days a credit payment may stay unpaid before the line is blocked. */
    creditDueDays: smallint('credit_due_days').notNull().default(0),
    /** A suspended credit line (暂停授信, decision 0088): nothing new is paid from it; repaying goes on. */
    creditSuspendedAt: at('credit_suspended_at'),
    creditSuspendReason: text('credit_suspend_reason').notNull().default(''),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('money_accounts_owner_idx').on(t.ownerKind, t.ownerId),
    check(
      'money_accounts_not_negative',
      sql`${t.ownerKind} = 'system' or (${t.cashFen} >= 0 and ${t.bonusFen} >= 0 and ${t.creditUsedFen} >= 0 and ${t.creditUsedFen} <= ${t.creditLimitFen})`,
    ),
  ],
);

export const TRANSFER_KINDS = [
  'migrated',
  'adjust',
  'topup',
  'topup_refund',
  'payment',
  'refund',
  'transfer',
  'credit_repay',
  'online',
  'online_refund',
  'points_exchange',
  'price_payment',
  'price_refund',
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

/**
 * One movement of money: its postings (two or more) sum to zero. Never updated or deleted; a
 * mistake is mended by a reversing movement. The idempotency key makes a repeated request the
 * same movement.
 */
export const moneyTransfers = pgTable(
  'money_transfers',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    kind: text('kind', { enum: TRANSFER_KINDS }).notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    orderId: integer('order_id').references(() => orders.id),
    /** The top-up, transfer or credit application it settles. */
    refRid: text('ref_rid'),
    /** A staff user for approvals and adjustments; the customer for their own moves. */
    actorId: integer('actor_id'),
    note: text('note').notNull().default(''),
    at: at('at').notNull(),
  },
  (t) => [
    index('money_transfers_order_idx').on(t.orderId),
    // An order is paid at most once and refunded at most once, whatever the keys say.
    uniqueIndex('money_one_payment_per_order_idx')
      .on(t.orderId)
      .where(sql`${t.kind} = 'payment'`),
    uniqueIndex('money_one_refund_per_order_idx')
      .on(t.orderId)
      .where(sql`${t.kind} = 'refund'`),
  ],
);

/**
 * One side of a movement: a signed change of one sub-balance of one account. For `credit` the
 * amount moves the available line (a credit payment is negative, a repayment positive), so an
 * account's credit postings sum to minus what it owes. `balance_after_fen` is the sub-balance
 * right after this posting, for customer and group accounts (null on system accounts).
 */
export const moneyPostings = pgTable(
  'money_postings',
  {
    id: serial('id').primaryKey(),
    transferId: integer('transfer_id')
      .notNull()
      .references(() => moneyTransfers.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => moneyAccounts.id),
    sub: text('sub', { enum: ['cash', 'bonus', 'credit'] }).notNull(),
    amountFen: fenColumn('amount_fen').notNull(),
    balanceAfterFen: fenColumn('balance_after_fen'),
  },
  (t) => [
    index('money_postings_account_idx').on(t.accountId, t.id),
    index('money_postings_transfer_idx').on(t.transferId),
  ],
);

/**
 * An order movement's figures (payment, 补差价, 退差价, refund; decision 0098), one row per
 * transfer, written by `post` in the transaction that writes its postings and never changed: the
 * ledger's sums kept in the shape reports read, so a year of revenue is one scan of this table
 * instead of a join of every posting. tests/api/revenue-report.test.ts holds it equal to the postings.
 */
export const moneyOrderMovements = pgTable(
  'money_order_movements',
  {
    transferId: integer('transfer_id')
      .primaryKey()
      .references(() => moneyTransfers.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: TRANSFER_KINDS }).notNull(),
    at: at('at').notNull(),
    /** What the payer's cash, 赠送金 and credit and the lab's coupon account gave (a refund: negative). */
    cashFen: fenColumn('cash_fen').notNull(),
    bonusFen: fenColumn('bonus_fen').notNull(),
    creditFen: fenColumn('credit_fen').notNull(),
    couponFen: fenColumn('coupon_fen').notNull(),
    /** What the revenue account took: the sum of the four. */
    revenueFen: fenColumn('revenue_fen').notNull(),
    /** The paying account's owner: a customer or a research group. */
    payerKind: text('payer_kind', { enum: ['user', 'group'] }),
    payerId: integer('payer_id'),
  },
  (t) => [
    index('money_order_movements_at_idx').on(t.at),
    index('money_order_movements_order_idx').on(t.orderId),
  ],
);

/**
 * A version of the top-up rule (prestore_rule): from `effective_from` on, top-ups of at least
 * `min_fen` earn the bonus of the highest tier they reach. Never edited: staff add a new version.
 */
export const prestoreRules = pgTable('prestore_rules', {
  id: serial('id').primaryKey(),
  rid: text('rid').notNull().unique(),
  effectiveFrom: at('effective_from').notNull(),
  minFen: fenColumn('min_fen').notNull(),
  tiers: jsonb('tiers').$type<PrestoreTier[]>().notNull(),
  createdBy: integer('created_by'),
  createdAt: at('created_at').notNull(),
});

export const PRESTORE_STATUSES = [
  'unpaid',
  'reviewing',
  'credited',
  'rejected',
  'cancelled',
  'refunded',
] as const;
export type PrestoreStatus = (typeof PRESTORE_STATUSES)[number];

/** A top-up application (预存申请): the rule it was made under is copied onto it. */
export const prestoreApplications = pgTable(
  'prestore_applications',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => moneyAccounts.id),
    amountFen: fenColumn('amount_fen').notNull(),
    bonusFen: fenColumn('bonus_fen').notNull(),
    bonusPercent: smallint('bonus_percent').notNull(),
    /** 1 test fee (赠送金), 2 gift card fulfilled by staff (no bonus money). */
    bonusKind: smallint('bonus_kind').notNull(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => prestoreRules.id),
    /** The invoice wish, used by the invoice issue: 0 none, or the spec's invoice types. */
    invoiceType: smallint('invoice_type').notNull().default(0),
    invoiceTitle: text('invoice_title').notNull().default(''),
    payer: text('payer').notNull(),
    status: text('status', { enum: PRESTORE_STATUSES }).notNull(),
    voucher: jsonb('voucher').$type<Voucher>(),
    rejectReason: text('reject_reason').notNull().default(''),
    reviewerId: integer('reviewer_id'),
    reviewedAt: at('reviewed_at'),
    /** At or above MONEY_SECOND_APPROVAL_YUAN, the first of two approvers (decision 0045). */
    firstApproverId: integer('first_approver_id'),
    firstApprovedAt: at('first_approved_at'),
    /** Set when a refund of it is asked for and when staff pay it back. */
    refundRequestedAt: at('refund_requested_at'),
    refundFen: fenColumn('refund_fen'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('prestore_user_idx').on(t.userId, t.id), index('prestore_status_idx').on(t.status, t.id)],
);

export const TRANSFER_APPLY_STATUSES = ['reviewing', 'done', 'rejected', 'cancelled'] as const;

/** A transfer of cash to another account (transferApply); above a set amount staff approve it. */
export const transferApplications = pgTable(
  'transfer_applications',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fromAccountId: integer('from_account_id')
      .notNull()
      .references(() => moneyAccounts.id),
    toAccountId: integer('to_account_id')
      .notNull()
      .references(() => moneyAccounts.id),
    amountFen: fenColumn('amount_fen').notNull(),
    note: text('note').notNull().default(''),
    /** The sender's key: the same submission twice is one transfer. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    status: text('status', { enum: TRANSFER_APPLY_STATUSES }).notNull(),
    reason: text('reason').notNull().default(''),
    reviewerId: integer('reviewer_id'),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('transfer_apply_from_idx').on(t.fromAccountId, t.id),
    index('transfer_apply_to_idx').on(t.toAccountId, t.id),
  ],
);

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;

/**
 * A manual credit (人工入账) at or above MONEY_SECOND_APPROVAL_YUAN, waiting for a second staff
 * member (decision 0045): the money moves only when someone other than the requester approves.
 */
export const moneyApprovals = pgTable(
  'money_approvals',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amountFen: fenColumn('amount_fen').notNull(),
    note: text('note').notNull().default(''),
    /** The requester's key: the same submission twice is one request, and one movement. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: APPROVAL_STATUSES }).notNull(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: at('decided_at'),
    reason: text('reason').notNull().default(''),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('money_approvals_status_idx').on(t.status, t.id)],
);

export const CREDIT_APPLY_STATUSES = ['reviewing', 'approved', 'rejected', 'cancelled'] as const;

/** An application for a credit line (creditApply/operate apply); staff set the limit and term. */
export const creditApplications = pgTable(
  'credit_applications',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => moneyAccounts.id),
    requestedFen: fenColumn('requested_fen').notNull(),
    reason: text('reason').notNull().default(''),
    status: text('status', { enum: CREDIT_APPLY_STATUSES }).notNull(),
    limitFen: fenColumn('limit_fen'),
    dueDays: smallint('due_days'),
    rejectReason: text('reject_reason').notNull().default(''),
    reviewerId: integer('reviewer_id'),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('credit_apply_user_idx').on(t.userId, t.id),
    // One open application per account at a time.
    uniqueIndex('credit_apply_one_open_idx')
      .on(t.accountId)
      .where(sql`${t.status} = 'reviewing'`),
  ],
);

/**
 * A bank statement file finance imported (银行流水导入, decision 0088). The same file (by its
 * SHA-256) imported again is the same import; its rows are kept once each by `row_key`.
 */
export const bankImports = pgTable('bank_imports', {
  id: serial('id').primaryKey(),
  rid: text('rid').notNull().unique(),
  sha256: text('sha256').notNull().unique(),
  fileName: text('file_name').notNull(),
  /** The export format it was read as (icbc, ccb, generic). */
  format: text('format').notNull(),
  rowCount: integer('row_count').notNull(),
  newCount: integer('new_count').notNull(),
  importedBy: integer('imported_by')
    .notNull()
    .references(() => users.id),
  importedAt: at('imported_at').notNull(),
});

/** open: waiting for finance; linked: confirmed against a top-up (credited, or awaiting its second approver); ignored: not a top-up. */
export const BANK_ROW_STATUSES = ['open', 'linked', 'ignored'] as const;

/**
 * One incoming transfer of a bank statement. `row_key` (the bank's serial, else a hash of the
 * row and its occurrence in the file) keeps a row once however often its file, or an overlapping
 * one, is imported. Confirmed against a top-up it names the application, and an application is
 * named by one row at most, so a transfer credits once.
 */
export const bankRows = pgTable(
  'bank_rows',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    importId: integer('import_id')
      .notNull()
      .references(() => bankImports.id),
    rowKey: text('row_key').notNull().unique(),
    /** The line of the file it was read from (1 = the first line). */
    line: integer('line').notNull(),
    /** The booking date, YYYY-MM-DD, and time when the bank gives one. */
    bookedOn: text('booked_on').notNull(),
    bookedTime: text('booked_time').notNull().default(''),
    amountFen: fenColumn('amount_fen').notNull(),
    payerName: text('payer_name').notNull().default(''),
    payerAccount: text('payer_account').notNull().default(''),
    payerBank: text('payer_bank').notNull().default(''),
    /** 摘要, 用途 and 附言 as the bank gives them, joined. */
    remark: text('remark').notNull().default(''),
    serial: text('serial').notNull().default(''),
    status: text('status', { enum: BANK_ROW_STATUSES }).notNull().default('open'),
    prestoreId: integer('prestore_id').references(() => prestoreApplications.id),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: at('decided_at'),
    note: text('note').notNull().default(''),
  },
  (t) => [
    index('bank_rows_status_idx').on(t.status, t.id),
    uniqueIndex('bank_rows_one_per_prestore_idx')
      .on(t.prestoreId)
      .where(sql`${t.prestoreId} is not null`),
  ],
);
