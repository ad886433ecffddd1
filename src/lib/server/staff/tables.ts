import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';

/** Accounts allowed on /api/admin/*; a customer account with a staff role beside it. */
export const staffMembers = pgTable('staff_members', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: text('role', { enum: ['staff', 'admin'] })
    .notNull()
    .default('staff'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
