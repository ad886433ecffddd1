// What the points calls answer (decisions 0020, 0027).
import { z } from '../zod.ts';
import { fen, pagedOf, ridOut } from '../responses.ts';
import { CustomerRefSchema } from '../accounts/responses.ts';
import { ENTRY_KINDS, EXCHANGE_STATUSES, ITEM_KINDS } from './points.ts';

const points = z.number().int();

/** integration/init: the balance, what expires next and when, and the rules the page states. */
export const PointsOverviewSchema = z.object({
  balance: points,
  /** The points of the lots that expire first, and when (ISO); 0 and null when none. */
  next_expire_points: points,
  next_expire_at: z.string().nullable(),
  /** Everything that expires within the next 30 days. */
  expiring_30d: points,
  /** The account number others send points (and money) to. */
  account_rid: ridOut,
  valid_days: z.number().int(),
  transfer_daily_limit: points,
  /** What may still be sent today (Asia/Shanghai day). */
  transfer_left_today: points,
});

export const PointsEntrySchema = z.object({
  rid: ridOut,
  kind: z.enum(ENTRY_KINDS),
  kind_text: z.string(),
  /** Signed: earned and received are positive, spent, sent and expired negative. */
  points,
  balance_after: points,
  note: z.string(),
  order_rid: ridOut.nullable(),
  order_no: z.string().nullable(),
  /** The exchange a spend or return belongs to, with its state. */
  exchange: z
    .object({ rid: ridOut, name: z.string(), status: z.enum(EXCHANGE_STATUSES), status_text: z.string() })
    .nullable(),
  /** The other customer of a transfer (masked phone). */
  counterpart: z.string(),
  /** When the points of an entry that added some expire. */
  expires_at: z.string().nullable(),
  at: z.string(),
});
export const PointsEntryPageSchema = pagedOf(PointsEntrySchema);

export const PointsItemSchema = z.object({
  rid: ridOut,
  name: z.string(),
  kind: z.enum(ITEM_KINDS),
  kind_text: z.string(),
  points,
  /** 赠送金 credited for a test-fee item; the card's face value for a gift card. */
  value_fen: fen,
  description: z.string(),
  sort: z.number().int(),
  status: z.enum(['active', 'retired']),
});
export const PointsItemPageSchema = pagedOf(PointsItemSchema);

/** integration/apply: what the exchange would take and leave. */
export const ExchangeQuoteSchema = z.object({
  item: PointsItemSchema,
  count: z.number().int(),
  points,
  value_fen: fen,
  balance: points,
  balance_after: points,
  enough: z.boolean(),
});

export const ExchangeSchema = z.object({
  rid: ridOut,
  item_rid: ridOut,
  name: z.string(),
  kind: z.enum(ITEM_KINDS),
  kind_text: z.string(),
  count: z.number().int(),
  points,
  value_fen: fen,
  status: z.enum(EXCHANGE_STATUSES),
  status_text: z.string(),
  note: z.string(),
  staff_note: z.string(),
  reason: z.string(),
  created: z.string(),
  decided: z.string().nullable(),
  /** The balance right after the exchange (or its return). */
  balance: points,
});
export const StaffExchangePageSchema = pagedOf(
  ExchangeSchema.omit({ balance: true }).extend({ customer: CustomerRefSchema }),
);

/** integration/transfer: what was sent and what is left. */
export const PointsTransferredSchema = z.object({
  rid: ridOut,
  points,
  to: z.string(),
  balance: points,
  transfer_left_today: points,
});

/** integration/payee: the receiving customer as the giver may see them (masked name and phone). */
export const PointsPayeeSchema = z.object({ payee: z.string() });

/** points/customer: a customer's points as staff see them. */
export const StaffPointsSchema = PointsOverviewSchema.omit({ transfer_left_today: true }).extend({
  customer: CustomerRefSchema,
  earned_total: points,
});

/** points/adjust: the balance after, and whether the key had been used before. */
export const PointsAdjustedSchema = z.object({
  balance: points,
  duplicate: z.boolean(),
  /** Worth MONEY_SECOND_APPROVAL_YUAN or more: nothing moved yet, a second staff member must approve. */
  pending: z.boolean(),
  approval_rid: ridOut.nullable(),
});

/** A large points adjustment waiting for (or decided by) a second staff member (decision 0048). */
export const PointsAdjustRequestSchema = z.object({
  rid: ridOut,
  status: z.enum(['pending', 'approved', 'rejected']),
  /** Signed: added or taken. */
  points: z.number().int(),
  /** What the points would buy in the exchange catalogue when asked. */
  value_fen: fen,
  reason: z.string(),
  reject_reason: z.string(),
  customer: CustomerRefSchema,
  requested_by: z.string(),
  decided_by: z.string().nullable(),
  created: z.string(),
  decided_at: z.string().nullable(),
});
export type PointsAdjustRequest = z.output<typeof PointsAdjustRequestSchema>;
export const PointsAdjustRequestPageSchema = pagedOf(PointsAdjustRequestSchema);
export const AdjustDecidedSchema = z.object({
  rid: ridOut,
  status: z.enum(['approved', 'rejected']),
  balance: points.nullable(),
});
