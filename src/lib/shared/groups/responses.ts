// What the research group calls answer (decisions 0020, 0033).
import { z } from '../zod.ts';
import { fen, pagedOf, ridOut } from '../responses.ts';
import { CustomerRefSchema } from '../accounts/responses.ts';
import { GROUP_PAYMENT_STATUSES } from './groups.ts';

const role = z.enum(['leader', 'assistant', 'member']);
const GroupFacts = {
  rid: ridOut,
  name: z.string(),
  institution: z.string(),
  pi_name: z.string(),
  status: z.enum(['active', 'dissolved']),
};

export const GroupSearchPageSchema = pagedOf(z.object(GroupFacts));

export const MyGroupsSchema = z.object({
  list: z.array(
    z.object({
      ...GroupFacts,
      role,
      role_text: z.string(),
      my_status: z.enum(['pending', 'active']),
      balance_fen: fen,
      /** Managers only: the code of the group's invitation link. */
      join_code: z.string().nullable(),
      /** The leader handed the group to me: accept with cluster/acceptLeader. */
      pending_leader: z.boolean(),
      waiting_applicants: z.number().int(),
      waiting_payments: z.number().int(),
      per_order_limit_fen: fen.nullable(),
      monthly_limit_fen: fen.nullable(),
      spent_this_month_fen: fen,
    }),
  ),
});

export const GroupDetailSchema = z.object({
  ...GroupFacts,
  role,
  join_code: z.string().nullable(),
  account_rid: ridOut,
  balance_fen: fen,
  cash_fen: fen,
  members: z.array(
    z.object({
      user_rid: ridOut,
      name: z.string(),
      phone: z.string(),
      role,
      role_text: z.string(),
      status: z.enum(['pending', 'active', 'declined', 'removed', 'left']),
      status_text: z.string(),
      per_order_limit_fen: fen.nullable(),
      monthly_limit_fen: fen.nullable(),
      spent_this_month_fen: fen,
      message: z.string(),
      applied: z.string(),
    }),
  ),
});

export const GroupAppliedSchema = z.object({
  rid: ridOut,
  name: z.string(),
  status: z.enum(['pending', 'active']),
});
export const GroupCreatedSchema = z.object({ rid: ridOut });
export const GroupPaidSchema = z.object({ status: z.enum(['paid', 'pending']), message: z.string() });

/** cluster/decide: paid, rejected, or closed because the order was paid another way meanwhile. */
export const GroupDecidedSchema = z.object({
  status: z.enum(['paid', 'rejected', 'closed']),
  message: z.string(),
});

/** cluster/waiting: the caller's own payment requests that wait for approval, by order. */
export const GroupWaitingSchema = z.object({
  list: z.array(
    z.object({
      rid: ridOut,
      order_rid: ridOut,
      group_name: z.string(),
      amount_fen: fen,
      created: z.string(),
    }),
  ),
});

export const GroupPaymentPageSchema = pagedOf(
  z.object({
    rid: ridOut,
    order_rid: ridOut,
    order_no: z.string(),
    member: z.string(),
    amount_fen: fen,
    label: z.string(),
    status: z.enum(GROUP_PAYMENT_STATUSES),
    status_text: z.string(),
    reason: z.string(),
    created: z.string(),
    decided: z.string().nullable(),
  }),
).extend({ paid_fen: fen });

/** web/home/data: what waits for a logged-in customer (decision 0033). */
export const HomeDataForUserSchema = z.object({
  orders: z.object({
    unpaid: z.number().int(),
    unsettled: z.number().int(),
    quoting: z.number().int(),
    delivered: z.number().int(),
  }),
  coupons: z.number().int(),
  points: z.number().int(),
  groups: z.array(
    z.object({
      rid: ridOut,
      name: z.string(),
      role,
      balance_fen: fen,
      waiting_applicants: z.number().int(),
      waiting_payments: z.number().int(),
    }),
  ),
});

/** group/list (console). */
export const StaffGroupPageSchema = pagedOf(
  z.object({
    ...GroupFacts,
    leader: CustomerRefSchema,
    members: z.number().int(),
    balance_fen: fen,
    created: z.string(),
  }),
);

/** group/detail (console): what its leader sees, with the leader and the month's payments. */
export const StaffGroupDetailSchema = GroupDetailSchema.omit({ role: true, join_code: true }).extend({
  leader: CustomerRefSchema,
  created: z.string(),
  month: z.string(),
  payments: GroupPaymentPageSchema,
});
