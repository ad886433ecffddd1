import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Background work, written in the transaction that causes it and run by the in-process worker of
 * any app process (src/lib/server/platform/jobs.ts). Workers claim due rows with FOR UPDATE SKIP
 * LOCKED; while a job runs, run_at is its lease (a crashed worker's job becomes due again). A
 * unique key makes enqueueing idempotent (a notification per order event and channel); a
 * periodic job is one row that is rescheduled after each run.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    uniqueKey: text('unique_key'),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    runAt: at('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error').notNull().default(''),
    doneAt: at('done_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('jobs_unique_key_idx').on(t.uniqueKey), index('jobs_due_idx').on(t.status, t.runAt)],
);
