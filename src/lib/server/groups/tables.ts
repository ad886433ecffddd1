import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { orders } from '../orders/tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const fenColumn = (name: string) => bigint(name, { mode: 'number' });

/**
 * A research group (课题组, the spec's cluster; decision 0033). Its wallet is a money account
 * owned by the group (owner_kind 'group'); the leader (PI) tops it up by moving their own cash in.
 */
export const researchGroups = pgTable(
  'research_groups',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    name: text('name').notNull(),
    institution: text('institution').notNull(),
    /** The PI as the group calls them (the leader's account may be the PI's or a secretary's). */
    piName: text('pi_name').notNull(),
    leaderId: integer('leader_id')
      .notNull()
      .references(() => users.id),
    /** A member the leader handed the group to; leader once they accept. */
    pendingLeaderId: integer('pending_leader_id').references(() => users.id),
    /** Joining by link or code (/member/communityJn?code=…). */
    joinCode: text('join_code').notNull().unique(),
    status: text('status', { enum: ['active', 'dissolved'] }).notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('research_groups_leader_idx').on(t.leaderId)],
);

export const MEMBER_STATUSES = ['pending', 'active', 'declined', 'removed', 'left'] as const;

/**
 * Someone in a group, or asking to be: leader, assistant (approves and manages on the leader's
 * behalf) or member, with what they may pay from the group wallet per order and per month (null:
 * no limit; 0: nothing without approval).
 */
export const groupMembers = pgTable(
  'group_members',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => researchGroups.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role', { enum: ['leader', 'assistant', 'member'] }).notNull(),
    status: text('status', { enum: MEMBER_STATUSES }).notNull(),
    perOrderLimitFen: fenColumn('per_order_limit_fen'),
    monthlyLimitFen: fenColumn('monthly_limit_fen'),
    message: text('message').notNull().default(''),
    createdAt: at('created_at').notNull(),
    joinedAt: at('joined_at'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('group_members_user_idx').on(t.userId, t.status),
    // One live membership (or application) per person per group.
    uniqueIndex('group_members_live_idx')
      .on(t.groupId, t.userId)
      .where(sql`${t.status} in ('pending', 'active')`),
  ],
);

/**
 * An order a member asked the group to pay (支付申请): paid at once within the member's limits,
 * otherwise waiting for the leader or an assistant. `label` is the project or funding line.
 */
export const groupPayments = pgTable(
  'group_payments',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    groupId: integer('group_id')
      .notNull()
      .references(() => researchGroups.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    amountFen: fenColumn('amount_fen').notNull(),
    label: text('label').notNull().default(''),
    status: text('status', { enum: ['pending', 'paid', 'rejected', 'cancelled', 'closed'] }).notNull(),
    reason: text('reason').notNull().default(''),
    deciderId: integer('decider_id'),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('group_payments_group_idx').on(t.groupId, t.id),
    index('group_payments_user_idx').on(t.userId, t.id),
    uniqueIndex('group_payments_one_open_idx')
      .on(t.orderId)
      .where(sql`${t.status} in ('pending', 'paid')`),
  ],
);
