import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../accounts/tables.ts';
import type { JsapiParams } from '../platform/adapters/payment/types.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const PAYMENT_PURPOSES = ['order', 'topup', 'repay'] as const;
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'closed', 'failed'] as const;
export const PAY_FLOWS = ['qr', 'h5', 'jsapi'] as const;

/**
 * One online payment (decision 0025): what it pays for, our trade number, the amount the server
 * decided, the channel and its state. Pending until the provider's verified notice or our query
 * says paid (succeeded) or the expiry passes (closed).
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: serial('id').primaryKey(),
    /** Our trade number (out_trade_no): also the public id. */
    tradeNo: text('trade_no').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    /** The order or top-up application it pays, or the account whose credit it repays. */
    refRid: text('ref_rid').notNull(),
    amountFen: integer('amount_fen').notNull(),
    channel: text('channel', { enum: ['wechatpay', 'alipay'] }).notNull(),
    provider: text('provider').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    /** How the customer pays it (decision 0056): a QR code, a provider's phone page, or JSAPI. */
    flow: text('flow', { enum: PAY_FLOWS }).notNull().default('qr'),
    /** What the QR code encodes ('' for the phone flows). */
    codeUrl: text('code_url').notNull(),
    /** h5: the provider's page the phone opens. */
    payUrl: text('pay_url'),
    /** jsapi: what WeixinJSBridge's getBrandWCPayRequest takes, signed. */
    jsapi: jsonb('jsapi').$type<JsapiParams>(),
    providerTradeNo: text('provider_trade_no'),
    /** What became of the money when it arrived: paid the order, credited the top-up, or kept as cash. */
    outcome: text('outcome'),
    expiresAt: at('expires_at').notNull(),
    paidAt: at('paid_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('payment_intents_ref_idx').on(t.purpose, t.refRid),
    index('payment_intents_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Money sent back to the channel a trade was paid with, once per trade (`refund_no` is derived
 * from the trade number, so a retry is the same refund at the provider).
 */
export const paymentRefunds = pgTable('payment_refunds', {
  id: serial('id').primaryKey(),
  refundNo: text('refund_no').notNull().unique(),
  intentId: integer('intent_id')
    .notNull()
    .references(() => paymentIntents.id),
  amountFen: integer('amount_fen').notNull(),
  /**
   * pending (sent), processing (the provider settles later), succeeded, failed (back on the
   * balance), kept (past the provider's refund window: it stays on the balance).
   */
  status: text('status', { enum: ['pending', 'processing', 'succeeded', 'failed', 'kept'] }).notNull(),
  message: text('message').notNull().default(''),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/**
 * One reconciliation of a provider's trade bill for one Asia/Shanghai day (decision 0028). A
 * rerun of the same day updates this row, so there is one per provider and date.
 */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    billDate: text('bill_date').notNull(),
    /** running, matched (no open exception), exceptions, failed (the bill could not be read). */
    status: text('status', { enum: ['running', 'matched', 'exceptions', 'failed'] }).notNull(),
    billLines: integer('bill_lines').notNull().default(0),
    paidFen: integer('paid_fen').notNull().default(0),
    refundedFen: integer('refunded_fen').notNull().default(0),
    message: text('message').notNull().default(''),
    runs: integer('runs').notNull().default(0),
    startedAt: at('started_at').notNull(),
    finishedAt: at('finished_at'),
  },
  (t) => [uniqueIndex('reconciliation_runs_day_idx').on(t.provider, t.billDate)],
);

export const RECONCILIATION_KINDS = ['missing_here', 'missing_in_bill', 'amount', 'refund'] as const;

/**
 * A difference between the bill and our records, for finance. Found again by its key on a rerun
 * (so a resolution and its note survive); one that a rerun no longer finds is `cleared`.
 */
export const reconciliationExceptions = pgTable(
  'reconciliation_exceptions',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    runId: integer('run_id')
      .notNull()
      .references(() => reconciliationRuns.id),
    kind: text('kind', { enum: RECONCILIATION_KINDS }).notNull(),
    /** kind:trade[:refund], unique within the run. */
    key: text('key').notNull(),
    tradeNo: text('trade_no').notNull(),
    refundNo: text('refund_no'),
    billFen: integer('bill_fen'),
    ourFen: integer('our_fen'),
    detail: text('detail').notNull(),
    status: text('status', { enum: ['open', 'resolved', 'cleared'] }).notNull(),
    resolvedBy: integer('resolved_by'),
    resolvedAt: at('resolved_at'),
    note: text('note').notNull().default(''),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('reconciliation_exceptions_key_idx').on(t.runId, t.key),
    index('reconciliation_exceptions_open_idx')
      .on(t.runId)
      .where(sql`${t.status} = 'open'`),
  ],
);
