import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { orders } from '../orders/tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Append-only money ledger in fen (docs/decisions/0007): the truth about every balance.
 * delta_fen > 0 credits, < 0 debits; balance_after_fen is the balance right after this row.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    deltaFen: integer('delta_fen').notNull(),
    kind: text('kind', { enum: ['credit', 'payment', 'refund'] }).notNull(),
    orderId: integer('order_id').references(() => orders.id),
    /** Who or what wrote it: a staff user id for credits, null for the customer's own payments. */
    actorId: integer('actor_id'),
    note: text('note').notNull().default(''),
    /** A second write with the same key is the same operation, never a second entry. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    balanceAfterFen: integer('balance_after_fen').notNull(),
    at: at('at').notNull(),
  },
  (t) => [
    index('ledger_user_idx').on(t.userId, t.id),
    // An order is paid at most once, whatever the keys say.
    uniqueIndex('ledger_one_payment_per_order_idx')
      .on(t.orderId)
      .where(sql`${t.kind} = 'payment'`),
    uniqueIndex('ledger_one_refund_per_order_idx')
      .on(t.orderId)
      .where(sql`${t.kind} = 'refund'`),
  ],
);

/**
 * One row per user: the lock every balance change takes (SELECT … FOR UPDATE) and a cache of
 * the ledger's latest balance_after_fen, updated in the same transaction.
 */
export const accountsBalance = pgTable('accounts_balance', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  balanceFen: integer('balance_fen').notNull().default(0),
  updatedAt: at('updated_at').notNull(),
});
