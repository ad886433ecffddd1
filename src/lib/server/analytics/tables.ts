import { date, index, integer, pgSchema, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });
// The schema of rows triggers derive (declared in orders/tables.ts as well; one schema).
const derived = pgSchema('derived');

/**
 * One row per received order with the moments its turnaround is measured between (decision 0083),
 * kept by triggers on orders, order_events, results and report_versions in the writing
 * transaction (migration 0068): the report reads one narrow row per order of a range instead of
 * joining five tables. The app only reads it.
 */
export const orderTurnaround = derived.table(
  'order_turnaround',
  {
    orderId: integer('order_id').primaryKey(),
    createdAt: at('created_at').notNull(),
    /** The last 确认收样. */
    receivedAt: at('received_at').notNull(),
    /** The first 开始检测 and 出具数据 after that receipt. */
    startedAt: at('started_at'),
    deliveredAt: at('delivered_at'),
    /** 出数据: every result submitted (the latest), or the first 出具数据 for an order without results. */
    dataAt: at('data_at'),
    /** Every result approved (the latest approval). */
    approvedAt: at('approved_at'),
    /** The first report version's issue. */
    reportedAt: at('reported_at'),
    dueDate: date('due_date'),
  },
  (t) => [index('order_turnaround_received_idx').on(t.receivedAt)],
);
