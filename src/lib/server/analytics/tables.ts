import { date, index, integer, jsonb, pgSchema, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ExportKind, ExportStatus } from '../../shared/analytics/exports.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const keys = (name: string) => text(name).array().notNull().default([]);
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
    /**
     * The order's groups in the report (migration 0070), each key beside its label, sorted by key:
     * its lines' items, and its results' instruments (catalogue device rid, else the name typed) and
     * technicians (user id), so no grouping joins the owners' tables at 100,000 orders.
     */
    itemKeys: keys('item_keys'),
    itemLabels: keys('item_labels'),
    instrumentKeys: keys('instrument_keys'),
    instrumentLabels: keys('instrument_labels'),
    technicianKeys: keys('technician_keys'),
    technicianLabels: keys('technician_labels'),
  },
  (t) => [index('order_turnaround_received_idx').on(t.receivedAt)],
);

/**
 * A report export (decision 0099): asked for by a staff member, written to the file store by a
 * background job, downloadable for EXPORT_KEEP_DAYS, then its file and row go.
 */
export const reportExports = pgTable(
  'report_exports',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    kind: text('kind').$type<ExportKind>().notNull(),
    params: jsonb('params').$type<{ from: string; to: string }>().notNull(),
    status: text('status').$type<ExportStatus>().notNull().default('queued'),
    requestedBy: integer('requested_by').notNull(),
    fileKey: text('file_key'),
    rows: integer('rows'),
    error: text('error').notNull().default(''),
    createdAt: at('created_at').notNull(),
    finishedAt: at('finished_at'),
  },
  (t) => [index('report_exports_requester_idx').on(t.requestedBy, t.id)],
);
