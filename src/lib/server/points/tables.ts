import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { orders } from '../orders/tables.ts';
import { EXCHANGE_STATUSES, ENTRY_KINDS, ITEM_KINDS } from '../../shared/points/points.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A customer's points (decision 0027): the cached balance, changed only under this row's lock in
 * the transaction that writes the history entry and the lots, so two spends queue instead of
 * both spending the same points.
 */
export const pointsAccounts = pgTable(
  'points_accounts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    balance: integer('balance').notNull().default(0),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [check('points_accounts_not_negative', sql`${t.balance} >= 0`)],
);

/**
 * The history: one signed entry per change, with the balance right after it. Append-only (a
 * trigger); the key makes a repeated request (an award, a transfer, an exchange) the same entry.
 */
export const pointsEntries = pgTable(
  'points_entries',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ENTRY_KINDS }).notNull(),
    points: integer('points').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    idempotencyKey: text('idempotency_key').unique(),
    orderId: integer('order_id').references(() => orders.id),
    /** The exchange (x…) or the transfer (the sender's entry rid) it belongs to. */
    refRid: text('ref_rid'),
    /** The other customer of a transfer. */
    counterpartId: integer('counterpart_id').references(() => users.id),
    actorId: integer('actor_id'),
    note: text('note').notNull().default(''),
    at: at('at').notNull(),
  },
  (t) => [
    index('points_entries_user_idx').on(t.userId, t.id),
    index('points_entries_user_kind_idx').on(t.userId, t.kind, t.at),
    index('points_entries_order_idx').on(t.orderId),
    check('points_entries_not_zero', sql`${t.points} <> 0 and ${t.balanceAfter} >= 0`),
  ],
);

/**
 * Points as they were added (earned, received, adjusted): each lot expires on its own date and
 * spends take the oldest first. `remaining` is what is left of it; the account's balance is the
 * sum of its lots' remaining points.
 */
export const pointsLots = pgTable(
  'points_lots',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    entryId: integer('entry_id')
      .notNull()
      .references(() => pointsEntries.id),
    points: integer('points').notNull(),
    remaining: integer('remaining').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    index('points_lots_open_idx')
      .on(t.userId, t.expiresAt)
      .where(sql`${t.remaining} > 0`),
    index('points_lots_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.remaining} > 0`),
    check('points_lots_remaining', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.points}`),
  ],
);

/** Which lots a spend took: a rejected exchange gives the points back to the same lots. */
export const pointsSpends = pgTable(
  'points_spends',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => pointsEntries.id),
    lotId: integer('lot_id')
      .notNull()
      .references(() => pointsLots.id),
    points: integer('points').notNull(),
  },
  (t) => [index('points_spends_entry_idx').on(t.entryId)],
);

/** The exchange catalogue (积分兑换), managed by staff; retired items stay for the history. */
export const pointsItems = pgTable('points_items', {
  id: serial('id').primaryKey(),
  rid: text('rid').notNull().unique(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ITEM_KINDS }).notNull(),
  points: integer('points').notNull(),
  valueFen: bigint('value_fen', { mode: 'number' }).notNull(),
  description: text('description').notNull().default(''),
  sort: smallint('sort').notNull().default(0),
  status: text('status', { enum: ['active', 'retired'] }).notNull(),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/**
 * An exchange: the item as it was (name, points, value copied), what it cost, and its state. A
 * test-fee exchange is done at once (the bonus is credited in the same transaction); a gift card
 * waits for staff to send it, or to reject it with the points given back.
 */
export const pointsExchanges = pgTable(
  'points_exchanges',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => pointsItems.id),
    name: text('name').notNull(),
    kind: text('kind', { enum: ITEM_KINDS }).notNull(),
    count: smallint('count').notNull(),
    points: integer('points').notNull(),
    valueFen: bigint('value_fen', { mode: 'number' }).notNull(),
    status: text('status', { enum: EXCHANGE_STATUSES }).notNull(),
    note: text('note').notNull().default(''),
    staffNote: text('staff_note').notNull().default(''),
    reason: text('reason').notNull().default(''),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    deciderId: integer('decider_id'),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('points_exchanges_user_idx').on(t.userId, t.id),
    index('points_exchanges_status_idx').on(t.status, t.id),
  ],
);

export const ADJUST_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;

/**
 * A staff points adjustment worth MONEY_SECOND_APPROVAL_YUAN or more at the catalogue's rate
 * (issue 28; decision 0048): nothing moves until a staff member other than the requester approves.
 */
export const pointsAdjustRequests = pgTable(
  'points_adjust_requests',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Signed, as asked: added (> 0) or taken (< 0). */
    points: integer('points').notNull(),
    /** What the points would buy in the exchange catalogue when asked. */
    valueFen: bigint('value_fen', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** The adjustment's own key: the same submission is one request, and one movement. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ADJUST_REQUEST_STATUSES }).notNull(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: at('decided_at'),
    rejectReason: text('reject_reason').notNull().default(''),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('points_adjust_requests_status_idx').on(t.status, t.id)],
);
