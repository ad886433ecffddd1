import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import type { LabKind, OfficialKind } from '../../shared/calendar/working-days.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The lab's own days (decision 0079): closed on a day the official calendar works ('closed'), or
 * working on a day off ('open'), each with its reason, who set it and when. One row per date.
 */
export const calendarDays = pgTable(
  'calendar_days',
  {
    date: date('date', { mode: 'string' }).primaryKey(),
    kind: text('kind').$type<LabKind>().notNull(),
    reason: text('reason').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id),
    at: at('at').notNull(),
  },
  (t) => [check('calendar_days_kind', sql`${t.kind} in ('closed', 'open')`)],
);

/**
 * Official rows imported as CSV for a year the `chinese-days` package does not have yet: a day
 * off ('holiday') or a weekend worked ('workday', 调休). They take precedence over the package.
 */
export const calendarOfficialDays = pgTable(
  'calendar_official_days',
  {
    date: date('date', { mode: 'string' }).primaryKey(),
    kind: text('kind').$type<OfficialKind>().notNull(),
    name: text('name').notNull().default(''),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id),
    at: at('at').notNull(),
  },
  (t) => [check('calendar_official_days_kind', sql`${t.kind} in ('holiday', 'workday')`)],
);

/** The lab's calendar settings: one row (id 1), the daily cut-off in minutes after midnight. */
export const calendarSettings = pgTable('calendar_settings', {
  id: smallint('id').primaryKey(),
  cutoffMinute: integer('cutoff_minute').notNull(),
  staffId: integer('staff_id').references(() => users.id),
  at: at('at').notNull(),
});
