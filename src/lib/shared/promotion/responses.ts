// What the invitation, promoter, rebate, withdrawal and campaign calls answer (decisions 0020, 0031).
import { z } from '../zod.ts';
import { dateOut, fen, pagedOf, ridOut } from '../responses.ts';
import { PAYOUT_CHANNELS, PROMOTER_STATUSES, REBATE_KINDS, WITHDRAW_STATUSES } from './promotion.ts';

const promoterState = z.enum(['none', ...PROMOTER_STATUSES]);

/** invite/init: my code, link and counts, and what inviting earns. */
export const InviteInitSchema = z.object({
  invite_code: z.string(),
  /** /invited/{code}: the page that opens registration with the code filled. */
  invite_path: z.string(),
  /** The same on the site's public address (PUBLIC_SITE_URL). */
  invite_url: z.string(),
  invited_count: z.number().int(),
  /** Invitees who have placed an order that was not cancelled unpaid. */
  ordered_count: z.number().int(),
  promoter_status: promoterState,
  rebate_percent_text: z.string(),
  bind_months: z.number().int(),
});

export const InviteeSchema = z.object({
  user_rid: ridOut,
  /** 138****5678 */
  phone: z.string(),
  registered_at: z.string(),
  has_order: z.boolean(),
  /** Orders completed before this instant earn a promoter's rebate. */
  bound_until: z.string(),
});
export const InviteePageSchema = pagedOf(InviteeSchema);

/** invite/orderDetail: an invitee's orders as the inviter may see them (no amounts, no addresses). */
export const InviteOrderSchema = z.object({
  placed_on: dateOut,
  items: z.array(z.string()),
  status: z.string(),
  status_text: z.string(),
  /** The rebate it gave me so far (after any refund), null when none. */
  rebate_fen: fen.nullable(),
});
export const InviteOrdersSchema = pagedOf(InviteOrderSchema).extend({
  invitee: z.object({ phone: z.string(), registered_at: z.string() }),
});

export const PromoterApplicationSchema = z.object({
  rid: ridOut,
  status: z.enum(PROMOTER_STATUSES),
  status_text: z.string(),
  real_name: z.string(),
  channel: z.string(),
  note: z.string(),
  reject_reason: z.string(),
  applied_at: z.string(),
});

/** myPromotion/init: my standing and my rebate money. */
export const MyPromotionSchema = z.object({
  promoter_status: promoterState,
  promoter_status_text: z.string(),
  application: PromoterApplicationSchema.nullable(),
  rate_percent_text: z.string(),
  bind_months: z.number().int(),
  freeze_days: z.number(),
  /** Credited, still inside the refund window. */
  frozen_fen: fen,
  withdrawable_fen: fen,
  /** Asked for, waiting for finance. */
  pending_fen: fen,
  withdrawn_fen: fen,
  earned_fen: fen,
  withdraw_min_fen: fen,
  monthly_cap_fen: fen,
  /** What may still be asked for this month (Shanghai), within the cap. */
  month_left_fen: fen,
  fee_percent_text: z.string(),
  invited_count: z.number().int(),
});

export const RebateEntrySchema = z.object({
  rid: ridOut,
  kind: z.enum(REBATE_KINDS),
  kind_text: z.string(),
  amount_fen: fen,
  balance_after_fen: fen,
  /** Rebates and their reversals: 'frozen' until available_at, then 'available'. */
  state: z.enum(['frozen', 'available']).nullable(),
  available_at: z.string().nullable(),
  /** The cash the rebate was worked out on, and the rate. */
  base_fen: fen.nullable(),
  rate_percent_text: z.string().nullable(),
  note: z.string(),
  at: z.string(),
});
export const RebatePageSchema = pagedOf(RebateEntrySchema);

export const WithdrawalSchema = z.object({
  rid: ridOut,
  amount_fen: fen,
  fee_fen: fen,
  /** What reaches the account: the amount less the fee. */
  payout_fen: fen,
  channel: z.enum(PAYOUT_CHANNELS),
  channel_text: z.string(),
  account_name: z.string(),
  account_no: z.string(),
  bank_name: z.string(),
  status: z.enum(WITHDRAW_STATUSES),
  status_text: z.string(),
  reject_reason: z.string(),
  payout_ref: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export const WithdrawalPageSchema = pagedOf(WithdrawalSchema);

export const CampaignSchema = z.object({
  rid: ridOut,
  title: z.string(),
  text: z.string(),
  image_url: z.string(),
  link: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
});
export const CampaignListSchema = z.object({ list: z.array(CampaignSchema) });

// ---- staff ----

export const StaffPromoterSchema = PromoterApplicationSchema.extend({
  user_rid: ridOut,
  phone: z.string(),
  rate_percent_text: z.string(),
  invited_count: z.number().int(),
  balance_fen: fen,
  withdrawn_fen: fen,
  reviewed_at: z.string().nullable(),
});
export const StaffPromoterPageSchema = pagedOf(StaffPromoterSchema);

export const StaffWithdrawalSchema = WithdrawalSchema.extend({
  promoter: z.object({ rid: ridOut, user_rid: ridOut, phone: z.string(), real_name: z.string() }),
  note: z.string(),
  /** At or above MONEY_SECOND_APPROVAL_YUAN: one person approves, another pays (decision 0045). */
  needs_two: z.boolean(),
  first_approved_at: z.string().nullable(),
});
export const StaffWithdrawalPageSchema = pagedOf(StaffWithdrawalSchema).extend({
  pending_count: z.number().int(),
});

export const StaffCampaignSchema = CampaignSchema.extend({
  status: z.enum(['active', 'retired']),
  sort: z.number().int(),
  /** Within its window and not retired: what customers see now. */
  showing: z.boolean(),
});
export const StaffCampaignPageSchema = pagedOf(StaffCampaignSchema);
