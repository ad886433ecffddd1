import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { orderItems, orders } from '../orders/tables.ts';
import type { SampleEventDetails, SampleEventKind, SampleStatus } from '../../shared/samples/samples.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One physical sample of an order (decision 0069): its ID `<order no>-NN`, the customer's name
 * for it, the item it is for, where it is in its life and where it is stored. Its status moves
 * only with a custody event (sample_events): the database refuses any other change of it.
 */
export const samples = pgTable(
  'samples',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    /** The label's code: the order number and a two-digit index across the order. */
    sampleNo: text('sample_no').notNull().unique(),
    /** The customer's own name for the sample, editable until the lab receives it. */
    name: text('name').notNull(),
    /** The customer's note and own test parameters from a sample sheet (decision 0089). */
    note: text('note').notNull().default(''),
    parameters: jsonb('parameters').$type<Record<string, string>>().notNull().default({}),
    itemRid: text('item_rid').notNull(),
    itemName: text('item_name').notNull(),
    status: text('status').$type<SampleStatus>().notNull(),
    /** A storage location (a row of the locations tree); no foreign key until that table exists. */
    locationId: integer('location_id'),
    /** The location's words as recorded by the last storing event (shown without a join). */
    locationLabel: text('location_label'),
    /** The line's disposal when ordered: 0 destroyed after testing, 1 sent back, 2 kept. */
    disposal: smallint('disposal').notNull(),
    /** Until when the lab keeps the sample (retention), once testing has set it. */
    retainUntil: date('retain_until', { mode: 'string' }),
    /** When its customer was told of the coming disposal (decision 0073); once per sample. */
    disposalNoticeAt: at('disposal_notice_at'),
    /** How many times its label was printed (customer or staff). */
    labelPrints: integer('label_prints').notNull().default(0),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('samples_order_idx').on(t.orderId, t.sampleNo), index('samples_status_idx').on(t.status)],
);

/**
 * The custody trail: every hand-over of a sample, append-only (the database refuses UPDATE and
 * DELETE). A row that moves the sample names both statuses; `tx_id` is the writing transaction,
 * set by the database, so the status guard on samples can tell an event of this transaction.
 */
export const sampleEvents = pgTable(
  'sample_events',
  {
    id: serial('id').primaryKey(),
    sampleId: integer('sample_id')
      .notNull()
      .references(() => samples.id),
    kind: text('kind').$type<SampleEventKind>().notNull(),
    fromStatus: text('from_status').$type<SampleStatus>(),
    toStatus: text('to_status').$type<SampleStatus>().notNull(),
    actorKind: text('actor_kind', { enum: ['customer', 'staff', 'system'] }).notNull(),
    actorId: integer('actor_id'),
    /** Who it was, as named when it happened (a staff member's name, a customer's). */
    actorName: text('actor_name').notNull().default(''),
    details: jsonb('details').$type<SampleEventDetails>().notNull().default({}),
    note: text('note').notNull().default(''),
    txId: bigint('tx_id', { mode: 'number' })
      .notNull()
      .default(sql`txid_current()`),
    at: at('at').notNull(),
  },
  (t) => [index('sample_events_sample_idx').on(t.sampleId, t.id)],
);
