import { boolean, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Each customer's 专属顾问 (decision 0090): the business manager who looks after them. Keyed by the
 * customer's public id as well, so the audit log's before and after of an assignment read this row
 * (audit record `advisor`).
 */
export const customerAdvisors = pgTable(
  'customer_advisors',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    userRid: text('user_rid')
      .notNull()
      .unique()
      .references(() => users.rid),
    advisorId: integer('advisor_id')
      .notNull()
      .references(() => users.id),
    assignedAt: at('assigned_at').notNull(),
  },
  (t) => [index('customer_advisors_advisor_idx').on(t.advisorId, t.userId)],
);

/**
 * Every assignment, appended and never edited (a trigger refuses UPDATE and DELETE): to whom, the
 * advisor before, how (by hand, by the rotation, or removed) and by whom (null: the rotation).
 */
export const advisorAssignments = pgTable(
  'advisor_assignments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    advisorId: integer('advisor_id').references(() => users.id),
    previousId: integer('previous_id').references(() => users.id),
    how: text('how', { enum: ['hand', 'rotation', 'removed'] }).notNull(),
    byId: integer('by_id').references(() => users.id),
    note: text('note').notNull().default(''),
    at: at('at').notNull(),
  },
  (t) => [index('advisor_assignments_user_idx').on(t.userId, t.id)],
);

/**
 * The round-robin for new institution and enterprise customers: one row (id 1), whether it is on,
 * and the advisor it gave last. Locking it serialises the rotation, so concurrent registrations
 * take turns and the business managers get them evenly.
 */
export const advisorRotation = pgTable('advisor_rotation', {
  id: smallint('id').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  lastAdvisorId: integer('last_advisor_id').references(() => users.id),
  updatedAt: at('updated_at').notNull(),
});
