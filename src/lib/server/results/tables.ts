import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { orderItems, orders } from '../orders/tables.ts';
import { samples } from '../samples/tables.ts';
import { users } from '../accounts/tables.ts';
import type { ResultStatus, ResultVerdict } from '../../shared/results/results.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The result of one item on one sample (an order line of 送样检测 × each of its samples), or of
 * one order line when the order has no samples (数据分析, 预约现场): decision 0075. Made when the
 * order's results are first opened. Its values are the entries; its status moves with reviews.
 */
export const results = pgTable(
  'results',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    /** Null for a line of an order without samples. */
    sampleId: integer('sample_id').references(() => samples.id),
    itemRid: text('item_rid').notNull(),
    itemName: text('item_name').notNull(),
    status: text('status').$type<ResultStatus>().notNull().default('draft'),
    /** How many times it was submitted: reviews belong to the round they decided. */
    round: integer('round').notNull().default(0),
    submittedAt: at('submitted_at'),
    submittedBy: integer('submitted_by').references(() => users.id),
    approvedAt: at('approved_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    unique('results_line_sample_key').on(t.orderItemId, t.sampleId).nullsNotDistinct(),
    index('results_order_idx').on(t.orderId),
    index('results_waiting_idx').on(t.status, t.submittedAt),
  ],
);

/**
 * What was entered, append-only (the database refuses UPDATE and DELETE): a re-entry of a field
 * is a new row that supersedes the last, so every value ever entered stays with who and when.
 */
export const resultEntries = pgTable(
  'result_entries',
  {
    id: serial('id').primaryKey(),
    resultId: integer('result_id')
      .notNull()
      .references(() => results.id),
    /** The item's result field, or `_text` for the free-form text of an item without fields. */
    fieldKey: text('field_key').notNull(),
    /** The field's name as it was when entered. */
    fieldName: text('field_name').notNull(),
    value: text('value').notNull(),
    unit: text('unit').notNull().default(''),
    method: text('method').notNull().default(''),
    /** The instrument: a device of the catalogue when it is one, and its name as entered. */
    instrumentRid: text('instrument_rid'),
    instrument: text('instrument').notNull().default(''),
    technicianId: integer('technician_id')
      .notNull()
      .references(() => users.id),
    technicianName: text('technician_name').notNull(),
    remark: text('remark').notNull().default(''),
    outOfRange: boolean('out_of_range').notNull().default(false),
    /** The entry of the same field this one replaces. */
    supersedes: integer('supersedes'),
    enteredAt: at('entered_at').notNull(),
  },
  (t) => [index('result_entries_result_idx').on(t.resultId, t.fieldKey, t.id)],
);

/** Raw data files (instrument exports) attached to a result, through the files domain, with their SHA-256. */
export const resultFiles = pgTable(
  'result_files',
  {
    id: serial('id').primaryKey(),
    resultId: integer('result_id')
      .notNull()
      .references(() => results.id),
    fileRid: text('file_rid').notNull(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    /** Hex SHA-256 of the bytes as uploaded (reports freeze it). */
    sha256: text('sha256').notNull(),
    /**
     * 成品报告: a finished PDF the analysis produced (decision 0081), reviewed with the result and
     * appended to the released report's signed PDF as 附件 pages. Checked readable on upload.
     */
    finished: boolean('finished').notNull().default(false),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    uploadedByName: text('uploaded_by_name').notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('result_files_result_idx').on(t.resultId)],
);

/**
 * The decisions on a result, append-only (the database refuses UPDATE and DELETE): approvals and
 * returns by reviewers, and 重测 (reopen) with its reason.
 */
export const resultReviews = pgTable(
  'result_reviews',
  {
    id: serial('id').primaryKey(),
    resultId: integer('result_id')
      .notNull()
      .references(() => results.id),
    round: integer('round').notNull(),
    reviewerId: integer('reviewer_id')
      .notNull()
      .references(() => users.id),
    reviewerName: text('reviewer_name').notNull(),
    verdict: text('verdict').$type<ResultVerdict>().notNull(),
    reason: text('reason').notNull().default(''),
    /** How many reviews released it when this one was made (1 or 2). */
    required: smallint('required').notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('result_reviews_result_idx').on(t.resultId, t.id)],
);
