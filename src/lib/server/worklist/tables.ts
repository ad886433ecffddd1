import { date, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { results } from '../results/tables.ts';
import { orders } from '../orders/tables.ts';
import { users } from '../accounts/tables.ts';
import type { WorkAction } from '../../shared/worklist/work.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Who holds each piece of work (one result) now, and since when testing began: the worklist's
 * current state (decision 0082). One row per result, so two technicians taking the same work at
 * once make one holder (the primary key). Its history is work_events.
 */
export const workHolds = pgTable(
  'work_holds',
  {
    resultId: integer('result_id')
      .primaryKey()
      .references(() => results.id),
    holderId: integer('holder_id')
      .notNull()
      .references(() => users.id),
    holderName: text('holder_name').notNull(),
    heldAt: at('held_at').notNull(),
    startedAt: at('started_at'),
  },
  (t) => [index('work_holds_holder_idx').on(t.holderId)],
);

/**
 * What was done with a piece of work, append-only (the database refuses UPDATE and DELETE): taken
 * (领取), handed over (转交, from whom and why) and started (开始检测), by whom and when.
 */
export const workEvents = pgTable(
  'work_events',
  {
    id: serial('id').primaryKey(),
    resultId: integer('result_id')
      .notNull()
      .references(() => results.id),
    action: text('action').$type<WorkAction>().notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id),
    staffName: text('staff_name').notNull(),
    /** A hand-over's previous holder. */
    fromId: integer('from_id').references(() => users.id),
    fromName: text('from_name').notNull().default(''),
    reason: text('reason').notNull().default(''),
    at: at('at').notNull(),
  },
  (t) => [index('work_events_result_idx').on(t.resultId, t.id)],
);

/**
 * A due date that passed with the data not delivered (decision 0082): recorded once per order and
 * due date when detected; the delivery's time and the delay are filled once, when the data is
 * delivered. The database refuses DELETE and any other UPDATE.
 */
export const dueBreaches = pgTable(
  'due_breaches',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** The end of the due date (the next Shanghai midnight). */
    deadline: at('deadline').notNull(),
    detectedAt: at('detected_at').notNull(),
    deliveredAt: at('delivered_at'),
    /** Minutes from the deadline to the delivery. */
    delayMinutes: integer('delay_minutes'),
  },
  (t) => [
    unique('due_breaches_order_due_key').on(t.orderId, t.dueDate),
    index('due_breaches_open_idx').on(t.deliveredAt),
  ],
);
