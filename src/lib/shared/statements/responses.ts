// What the statement calls answer (decisions 0020, 0029).
import { z } from '../zod.ts';
import { fen, pagedOf, ridOut } from '../responses.ts';
import { CustomerRefSchema } from '../accounts/responses.ts';
import { LINE_KINDS, STATEMENT_STATUSES } from './statements.ts';

export const StatementFiguresSchema = z.object({
  /** Cash and 赠送金 on the account at the start and at the end of the month. */
  opening_balance_fen: fen,
  closing_balance_fen: fen,
  /** Money that came into, and went out of, the balance during the month. */
  in_fen: fen,
  out_fen: fen,
  /** Credit line used and not yet repaid, at the start and at the end. */
  opening_credit_fen: fen,
  closing_credit_fen: fen,
  /** Orders awaiting settlement (待结算) at the start and at the end. */
  opening_unsettled_fen: fen,
  closing_unsettled_fen: fen,
  /** Amounts of the orders billed or completed in the month, and what was paid for orders in it. */
  billed_fen: fen,
  /** Paid for orders from the balance (赠送金 included) or the credit line. */
  paid_fen: fen,
  /** Of the month's order payments: what coupons paid besides paid_fen, and the 赠送金 within it. */
  coupon_fen: fen,
  bonus_fen: fen,
  refunded_fen: fen,
  /** What the customer owed at the end of the month: unsettled orders and credit used. */
  due_fen: fen,
});

export const StatementLineSchema = z.object({
  no: z.number().int(),
  kind: z.enum(LINE_KINDS),
  kind_text: z.string(),
  at: z.string(),
  order_rid: ridOut.nullable(),
  order_no: z.string(),
  title: z.string(),
  note: z.string(),
  /**
   * Order lines: the order's amount = coupon_fen + bonus_fen (赠送金, points exchanged included) +
   * paid_fen (cash or credit) + owed_fen, by the month's end; movements: the change of the balance
   * (cash + 赠送金).
   */
  amount_fen: fen,
  coupon_fen: fen,
  bonus_fen: fen,
  paid_fen: fen,
  owed_fen: fen,
  /** Movements: the change of the credit line available (negative: used). */
  credit_fen: fen,
  status_text: z.string(),
  disputed: z.boolean(),
});

export const StatementSummarySchema = z.object({
  /** A research group's wallet statement; null: the customer's own. */
  group: z.object({ rid: ridOut, name: z.string() }).nullable(),
  rid: ridOut,
  month: z.string(),
  month_text: z.string(),
  version: z.number().int(),
  status: z.enum(STATEMENT_STATUSES),
  status_text: z.string(),
  figures: StatementFiguresSchema,
  issued: z.string(),
  /** When an unanswered statement counts as confirmed. */
  confirm_due: z.string().nullable(),
  confirmed: z.string().nullable(),
  /** customer or auto (no answer within the confirmation period). */
  confirmed_by: z.enum(['customer', 'auto']).nullable(),
  dispute_reason: z.string(),
  dispute_lines: z.array(z.number().int()),
  disputed: z.string().nullable(),
  reply: z.string(),
  replied: z.string().nullable(),
  issue_note: z.string(),
  /** The customer may still confirm it (pending, or disputed and not yet answered). */
  can_confirm: z.boolean(),
});

export const StatementDetailSchema = StatementSummarySchema.extend({ lines: z.array(StatementLineSchema) });

/** assign/statement: a page of statements; with `rid`, that statement and its month's versions. */
export const StatementPageSchema = pagedOf(StatementSummarySchema).extend({
  detail: StatementDetailSchema.nullable(),
});

export const SettlementOrderSchema = z.object({
  rid: ridOut,
  order_no: z.string(),
  item_names: z.array(z.string()),
  billed: z.string().nullable(),
  amount_fen: fen,
  paid_fen: fen,
  owed_fen: fen,
  status_text: z.string(),
});

/** assign/settlementList */
export const SettlementListSchema = z.object({
  statement_rid: ridOut.nullable(),
  list: z.array(SettlementOrderSchema),
  total_fen: fen,
  balance_fen: fen,
  credit_available_fen: fen,
  credit_overdue_fen: fen,
});

/** assign/settlementOperatePlus: what was paid and what was not, and why. */
export const SettlementResultSchema = z.object({
  paid: z.array(
    z.object({
      rid: ridOut,
      order_no: z.string(),
      paid_fen: fen,
      status_text: z.string(),
      /** Paid by an earlier send of the same request (same idempotency key). */
      repeated: z.boolean(),
    }),
  ),
  failed: z.array(z.object({ rid: ridOut, order_no: z.string(), message: z.string() })),
  paid_fen: fen,
  balance_fen: fen,
});

// ---- staff ----

export const StaffStatementSchema = StatementSummarySchema.extend({ customer: CustomerRefSchema });
export const StaffStatementPageSchema = pagedOf(StaffStatementSchema);
export const StaffStatementDetailSchema = StatementDetailSchema.extend({
  customer: CustomerRefSchema,
  versions: z.array(StatementSummarySchema),
});
