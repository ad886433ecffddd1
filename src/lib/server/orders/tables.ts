import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgSchema,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import type { Delivery } from '../../shared/orders/order.ts';
import type { OrderStatus } from '../../shared/orders/order-status.ts';
import type { DemandInfo } from '../../shared/orders/demand.ts';
import type { StoredQuote } from '../../shared/orders/quote.ts';
import type { ReceiptCondition } from '../../shared/orders/receipt.ts';
import type { SheetSample } from '../../shared/plan/sheet.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** An order for 送样检测 or 数据分析 items; its life is the table in src/lib/shared/order-status.ts. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    /** Human-readable: LP + Shanghai date + 6 digits. */
    orderNo: text('order_no').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Project type: 1 送样检测, 3 数据分析. */
    typeId: integer('type_id').notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    /** Taken from the user's organization when ordering; a later profile change does not move it. */
    customerKind: text('customer_kind', { enum: ['institution', 'enterprise'] }).notNull(),
    payMode: text('pay_mode', { enum: ['after', 'before'] }).notNull(),
    /** What the customer owes: the list total, replaced by the quote once quoted. */
    amountFen: integer('amount_fen').notNull(),
    quotedFen: integer('quoted_fen'),
    paidFen: integer('paid_fen').notNull().default(0),
    delivery: jsonb('delivery').$type<Delivery>().notNull(),
    remark: text('remark').notNull().default(''),
    /** A self-delivered sample's courier and tracking number, as the customer gave them. */
    express: jsonb('express').$type<{ company: string; no: string; at: string }>(),
    /** Set when the order came from a quote request (/experiment/demand): what the customer asked. */
    demand: jsonb('demand').$type<DemandInfo>(),
    /** The latest quote (decision 0039): lines, discount, total (= quoted_fen), validity, note. */
    quote: jsonb('quote').$type<StoredQuote>(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    /**
     * The promised date for the data (Shanghai, decision 0079), fixed when the samples (or a data
     * order's files) are received and never moved by a calendar edit; staff move it with a reason.
     */
    dueDate: date('due_date', { mode: 'string' }),
    /** The working days the due date was counted from (the quote's, else the longest line's). */
    promisedDays: smallint('promised_days'),
  },
  // The lists' order (newest first, id breaking ties) within a customer or a status, so a page
  // is read straight off the index (decision 0066).
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt, t.id),
    index('orders_status_idx').on(t.status, t.createdAt, t.id),
    // The console's list sorted by due date (soonest first).
    index('orders_due_idx').on(t.dueDate, t.id),
    // The staff search by order number from its start, and the whole list by 下单日期 (decision 0084).
    index('orders_no_prefix_idx').on(t.orderNo.op('text_pattern_ops')),
    index('orders_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * Rows the database derives from other tables with triggers: the app only reads them, and a copy
 * to PostgreSQL (which copies the public schema) lets the triggers rebuild them.
 */
export const derived = pgSchema('derived');

/**
 * How many orders each customer has in each status, and what they still owe (amount − paid, at
 * least 0), kept by a trigger on orders in the writing transaction (decision 0066): a list's
 * total without counting its rows.
 */
export const orderTallies = derived.table(
  'order_tallies',
  {
    userId: integer('user_id').notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    orders: integer('orders').notNull(),
    owedFen: bigint('owed_fen', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.status] }), index('order_tallies_status_idx').on(t.status)],
);

/** One ordered item with its price and options as they were when ordered. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemRid: text('item_rid').notNull(),
    name: text('name').notNull(),
    priceFen: integer('price_fen').notNull(),
    unit: text('unit').notNull(),
    sampleCount: integer('sample_count').notNull(),
    parameters: jsonb('parameters').$type<Record<string, string>>().notNull(),
    /** Spec section 3: 4 home sampling, 1 newly mailed, 3 already sampled, 0 stored, 2 own, -1 none. */
    source: smallint('source').notNull(),
    sourceOrderId: integer('source_order_id').references(() => orders.id),
    /** 0 destroyed after 5 working days, 1 sent back, 2 kept in the sample store. */
    disposal: smallint('disposal').notNull(),
    lineFen: integer('line_fen').notNull(),
    /** The item's promised working days when ordered (decision 0079); null: no promise. */
    turnaroundDays: integer('turnaround_days'),
    /**
     * 预计 N 个工作日内开始测试 as told when the line was ordered (or last quoted), from its
     * instrument's queue and weekly capacity (decision 0097); null: no instrument or capacity.
     */
    startEstimateDays: integer('start_estimate_days'),
    /** The samples of an uploaded sheet (decision 0089): names, own parameters, notes; null: none. */
    samples: jsonb('samples').$type<SheetSample[]>(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    // The staff search by item name: the distinct names, then their orders, off one index (0084).
    index('order_items_name_idx').on(t.name, t.orderId),
  ],
);

/** The order's timeline: every transition with who made it and why. Never updated. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<OrderStatus>(),
    toStatus: text('to_status').$type<OrderStatus>().notNull(),
    /** A state-machine action, or 'create', 'feedback', 'upload' for non-moving entries. */
    action: text('action').notNull(),
    actorKind: text('actor_kind', { enum: ['customer', 'staff', 'system'] }).notNull(),
    actorId: integer('actor_id'),
    note: text('note').notNull().default(''),
    at: at('at').notNull(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.id),
    // The steps of a period (turnaround reports by receipt date, the dashboard's today counts).
    index('order_events_action_at_idx').on(t.action, t.at),
  ],
);

/** Staff-only notes on an order (internal remarks): never part of any customer answer. */
export const orderRemarks = pgTable(
  'order_remarks',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('order_remarks_order_idx').on(t.orderId, t.id)],
);

/**
 * What staff recorded when an order's samples arrived (decision 0039): received (count, condition,
 * one to six photos) or refused with a reason. Append-only; the customer sees every row.
 */
export const orderReceipts = pgTable(
  'order_receipts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    outcome: text('outcome', { enum: ['received', 'rejected'] }).notNull(),
    count: integer('count'),
    condition: text('condition').$type<ReceiptCondition>(),
    conditionNote: text('condition_note').notNull().default(''),
    reason: text('reason').notNull().default(''),
    note: text('note').notNull().default(''),
    /** Public ids of the photos (files of kind receipt, attached to the order), in upload order. */
    photoRids: jsonb('photo_rids').$type<string[]>().notNull().default([]),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id),
    at: at('at').notNull(),
  },
  (t) => [index('order_receipts_order_idx').on(t.orderId, t.id)],
);

/** Report feedback and evaluations written by the customer about an order. */
export const orderFeedback = pgTable(
  'order_feedback',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['feedback', 'evaluation'] }).notNull(),
    score: smallint('score'),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull(),
    /** When an evaluation was changed; it may be changed once. */
    editedAt: at('edited_at'),
  },
  (t) => [
    index('order_feedback_order_idx').on(t.orderId),
    // One evaluation per order, even under concurrent requests.
    uniqueIndex('order_feedback_one_evaluation_idx')
      .on(t.orderId)
      .where(sql`${t.kind} = 'evaluation'`),
  ],
);

/** A request to send back samples kept under disposal 1 (sample4recycle). */
export const sampleRecycles = pgTable(
  'sample_recycles',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' })
      .unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['pending', 'sent', 'cancelled'] })
      .notNull()
      .default('pending'),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    message: text('message').notNull().default(''),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('sample_recycles_user_idx').on(t.userId, t.createdAt)],
);
