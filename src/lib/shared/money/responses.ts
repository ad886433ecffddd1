// What the money calls answer (decisions 0020, 0022).
import { z } from '../zod.ts';
import { fen, pagedOf, ridOut } from '../responses.ts';
import { CustomerRefSchema } from '../accounts/responses.ts';

const statusOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values);

export const PrestoreRuleSchema = z.object({
  rid: ridOut,
  effective_from: z.string(),
  min_fen: fen,
  tiers: z.array(z.object({ from_fen: fen, bonus_percent: z.number().int() })),
});

/** prestore_rule/list4num: the rule in force and versions already set to start later. */
export const PrestoreRulesSchema = z.object({
  current: PrestoreRuleSchema,
  upcoming: z.array(PrestoreRuleSchema),
});

/** web/prestore/list: what the top-up page needs: where to transfer, and the rule. */
export const PrestoreContextSchema = z.object({
  bank: z.object({ name: z.string(), bank: z.string(), account: z.string() }),
  rule: PrestoreRuleSchema,
  /** Transfers above this wait for finance. */
  transfer_review_fen: fen,
  /** The online channels a top-up may be paid with (decision 0025); empty when off. */
  online_channels: z.array(z.enum(['wechatpay', 'alipay'])),
});

/** prestore_rule_balance/{amount}: the bonus that amount earns now. */
export const PrestoreQuoteSchema = z.object({
  amount_fen: fen,
  bonus_fen: fen,
  bonus_percent: z.number().int(),
  min_fen: fen,
  rule_rid: ridOut,
});

export const VoucherSchema = z.object({
  payer_name: z.string(),
  bank: z.string(),
  serial: z.string(),
  amount_fen: fen,
  paid_on: z.string(),
  file_rid: ridOut,
});

export const PrestoreSchema = z.object({
  rid: ridOut,
  amount_fen: fen,
  bonus_fen: fen,
  bonus_percent: z.number().int(),
  bonus_kind: z.number().int(),
  invoice_type: z.number().int(),
  invoice_title: z.string(),
  payer: z.string(),
  status: statusOf(['unpaid', 'reviewing', 'credited', 'rejected', 'cancelled', 'refunded']),
  status_text: z.string(),
  voucher: VoucherSchema.nullable(),
  reject_reason: z.string(),
  refund_fen: fen,
  /** The customer asked for this credited top-up back; finance has not paid it yet. */
  refund_requested: z.boolean(),
  created: z.string(),
  reviewed: z.string().nullable(),
  /** A large top-up one staff member approved; a second must approve before it is credited. */
  first_approved: z.boolean(),
});
export const PrestorePageSchema = pagedOf(PrestoreSchema);
export const StaffPrestorePageSchema = pagedOf(PrestoreSchema.extend({ customer: CustomerRefSchema }));
/** prestore/approve: credited, or (a large top-up's first approval) awaiting a second approver. */
export const PrestoreApprovedSchema = PrestoreSchema.extend({ awaiting_second: z.boolean() });
export const PrestoreRefundedSchema = PrestoreSchema.extend({ bonus_clawback_fen: fen });

export const CountSchema = z.object({ count: z.number().int().min(0) });

export const TransferSchema = z.object({
  rid: ridOut,
  /** As the caller sees it: money sent (out) or received (in). */
  direction: z.enum(['out', 'in']),
  from_account: ridOut,
  from_name: z.string(),
  from_phone: z.string(),
  to_account: ridOut,
  to_name: z.string(),
  to_phone: z.string(),
  amount_fen: fen,
  note: z.string(),
  status: statusOf(['reviewing', 'done', 'rejected', 'cancelled']),
  status_text: z.string(),
  reason: z.string(),
  created: z.string(),
  decided: z.string().nullable(),
});
export const TransferPageSchema = pagedOf(TransferSchema);
/** transferApply/payee: the receiving account and its owner as the payer may see them (masked). */
export const PayeeSchema = z.object({ account_rid: ridOut, payee: z.string() });
export const TransferMovedSchema = z.object({
  rid: ridOut,
  status: statusOf(['reviewing', 'done', 'rejected', 'cancelled']),
  status_text: z.string(),
});

export const CreditApplicationSchema = z.object({
  rid: ridOut,
  requested_fen: fen,
  reason: z.string(),
  status: statusOf(['reviewing', 'approved', 'rejected', 'cancelled']),
  status_text: z.string(),
  limit_fen: fen,
  due_days: z.number().int(),
  reject_reason: z.string(),
  created: z.string(),
  decided: z.string().nullable(),
});
/** An approved line as it stands now (decision 0088): staff change its terms or suspend it. */
export const CreditLineSchema = z.object({
  account_rid: ridOut,
  limit_fen: fen,
  used_fen: fen,
  available_fen: fen,
  due_days: z.number().int(),
  suspended: z.boolean(),
  /** Why it was suspended (the customer sees it). */
  suspend_reason: z.string(),
  suspended_at: z.string().nullable(),
});
export const StaffCreditPageSchema = pagedOf(
  CreditApplicationSchema.extend({ customer: CustomerRefSchema, line: CreditLineSchema.nullable() }),
);

/** creditApply/operate: the line afterwards. */
export const CreditOverviewSchema = z.object({
  limit_fen: fen,
  used_fen: fen,
  available_fen: fen,
  due_days: z.number().int(),
  /** Suspended by staff (decision 0088): nothing new is paid from it, repaying goes on. */
  suspended: z.boolean(),
  suspend_reason: z.string(),
  overdue_fen: fen,
  overdue_days: z.number().int(),
  /** When the oldest unpaid credit payment falls due (ISO), or null. */
  next_due: z.string().nullable(),
  application: CreditApplicationSchema.nullable(),
});

/** asset/init: the wallet at a glance and the credit line. */
export const AssetSchema = z.object({
  account_rid: ridOut,
  balance_fen: fen,
  cash_fen: fen,
  bonus_fen: fen,
  credit_limit_fen: fen,
  credit_used_fen: fen,
  credit_available_fen: fen,
  credit_due_days: z.number().int(),
  overdue_fen: fen,
  overdue_days: z.number().int(),
  coupons: z.number().int(),
  points: z.number().int(),
  credit: CreditOverviewSchema,
  /** The online channels offered (decision 0025), for an online repayment. */
  online_channels: z.array(z.enum(['wechatpay', 'alipay'])),
});

export const AssetCountsSchema = z.object({
  prestore_unpaid: z.number().int(),
  prestore_reviewing: z.number().int(),
  transfer_reviewing: z.number().int(),
  coupons: z.number().int(),
  points: z.number().int(),
});

/** asset/detail: one row per movement, what it did to each sub-balance, the balances after. */
export const MovementPageSchema = pagedOf(
  z.object({
    rid: ridOut,
    kind: z.enum([
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
    ]),
    kind_text: z.string(),
    note: z.string(),
    order_rid: ridOut.nullable(),
    order_no: z.string().nullable(),
    cash_fen: fen,
    bonus_fen: fen,
    credit_fen: fen,
    cash_after_fen: fen.nullable(),
    bonus_after_fen: fen.nullable(),
    at: z.string(),
  }),
);

/** The staff's manual credit: the balance after it, and whether the key had been used before. */
export const CreditedSchema = z.object({
  balance_fen: fen,
  duplicate: z.boolean(),
  /** At or above MONEY_SECOND_APPROVAL_YUAN: nothing moved yet, a second staff member must approve. */
  pending: z.boolean(),
  approval_rid: ridOut.nullable(),
});

/** A manual credit waiting for (or decided by) a second staff member (decision 0045). */
export const MoneyApprovalSchema = z.object({
  rid: ridOut,
  status: z.enum(['pending', 'approved', 'rejected']),
  amount_fen: fen,
  note: z.string(),
  reason: z.string(),
  customer: CustomerRefSchema,
  requested_by: z.string(),
  decided_by: z.string().nullable(),
  created: z.string(),
  decided_at: z.string().nullable(),
});
export type MoneyApproval = z.output<typeof MoneyApprovalSchema>;
export const MoneyApprovalPageSchema = pagedOf(MoneyApprovalSchema);
export const ApprovalDecidedSchema = z.object({
  rid: ridOut,
  status: z.enum(['approved', 'rejected']),
  /** After an approval: the customer's balance with the credit. */
  balance_fen: fen.optional(),
});
