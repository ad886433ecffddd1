import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ItemOptions } from '../../shared/catalogue/catalogue.ts';
import type { ResultField } from '../../shared/results/fields.ts';

/** The three service types: 1 送样检测, 2 预约现场, 3 数据分析. */
export const projectType = pgTable('project_type', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  img: text('img').notNull(),
  discountLabel: text('discount_label').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/** Child categories (the tags under a type on the home page); ids are global across types. */
export const projectChild = pgTable('project_child', {
  id: integer('id').primaryKey(),
  typeId: integer('type_id')
    .notNull()
    .references(() => projectType.id),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** Hot special areas (专区) shown under the categories on the home page. */
export const prefecture = pgTable('prefecture', {
  id: serial('id').primaryKey(),
  typeId: integer('type_id')
    .notNull()
    .references(() => projectType.id),
  /** The child category the area lists (null: the whole type). */
  childId: integer('child_id').references(() => projectChild.id),
  name: text('name').notNull(),
  img: text('img').notNull(),
  sketch: text('sketch').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/** A testing, booking or analysis item that customers order. */
export const item = pgTable(
  'item',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    typeId: integer('type_id')
      .notNull()
      .references(() => projectType.id),
    childId: integer('child_id')
      .notNull()
      .references(() => projectChild.id),
    name: text('name').notNull(),
    img: text('img').notNull(),
    /** Short HTML blurb shown in lists (may contain markup). */
    sketch: text('sketch').notNull().default(''),
    /** Tags joined by '|'. */
    description: text('description').notNull().default(''),
    /** Long HTML body for the detail page. */
    content: text('content').notNull().default(''),
    priceFen: integer('price_fen').notNull(),
    unit: text('unit').notNull(),
    orderCount: integer('order_count').notNull().default(0),
    options: jsonb('options').$type<ItemOptions>().notNull(),
    /** Shown among the popular items on the home page. */
    hot: boolean('hot').notNull().default(false),
    /** Price is indicative; every order needs an exact quote. */
    quoteOnly: boolean('quote_only').notNull().default(false),
    onSale: boolean('on_sale').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** What a technician enters per sample (decision 0075); none: the result is free-form. */
    resultFields: jsonb('result_fields').$type<ResultField[]>().notNull().default([]),
    /** The default method (standard) printed on reports, e.g. GB/T 19587-2017. */
    method: text('method').notNull().default(''),
    /** Within the lab's accreditation scope; reports mark the items that are not. */
    accredited: boolean('accredited').notNull().default(true),
    /** The lab that tests it for us, if subcontracted (marked on reports). */
    subcontractedTo: text('subcontracted_to'),
    /** Promised working days from receipt to data (null: no promise shown); decision 0079. */
    turnaroundDays: integer('turnaround_days'),
    /** 加急: fewer working days for a fee per sample, both or neither. */
    expediteDays: integer('expedite_days'),
    expediteFeeFen: integer('expedite_fee_fen'),
    /** The instrument its samples are tested on: its worklist queue (decision 0082); null: none named. */
    deviceRid: text('device_rid'),
  },
  (t) => [
    index('item_type_child_idx').on(t.typeId, t.childId),
    index('item_search_idx').using('gin', sql`to_tsvector('simple', ${t.name} || ' ' || ${t.description})`),
  ],
);

/** Instruments customers can book for on-site sessions (预约现场). */
export const device = pgTable('device', {
  id: serial('id').primaryKey(),
  rid: text('rid').notNull().unique(),
  itemRid: text('item_rid').references(() => item.rid),
  name: text('name').notNull(),
  model: text('model').notNull(),
  category: text('category').notNull(),
  location: text('location').notNull(),
  img: text('img').notNull(),
  sketch: text('sketch').notNull().default(''),
  priceFen: integer('price_fen').notNull(),
  /** 'hour' or 'session'. */
  priceUnit: text('price_unit').notNull().default('hour'),
  /** Shortest booking, in minutes. */
  minMinutes: integer('min_minutes').notNull().default(60),
  /** How long before the start a slot can still be booked, in hours. */
  leadHours: integer('lead_hours').notNull().default(24),
  /** Key specifications shown on the detail page. */
  specs: jsonb('specs').$type<{ name: string; value: string }[]>().notNull().default([]),
  remote: boolean('remote').notNull().default(false),
  onSale: boolean('on_sale').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  /**
   * Samples it can test per week (decisions 0082, 0097): the worklist's backlog and the start
   * estimates (预计 N 个工作日内开始测试); null: not set.
   */
  weeklyCapacity: integer('weekly_capacity'),
  /**
   * This instrument's opening hours and cancellation deadline where they differ from the booking
   * settings (decision 0087); null: the settings' throughout.
   */
  bookingRules: jsonb('booking_rules').$type<{
    open?: string;
    close?: string;
    closed_weekdays?: number[];
    cancel_hours?: number;
  }>(),
  /** A session is billed by the time actually used (recorded at 标记完成), not the time booked. */
  billByActual: boolean('bill_by_actual').notNull().default(false),
  /** Only customers staff have authorised (trained) on this instrument may book it. */
  needsAuthorization: boolean('needs_authorization').notNull().default(false),
});

/** Capability showcase entries (/televised) with a view counter. */
export const ability = pgTable('ability', {
  id: serial('id').primaryKey(),
  rid: text('rid').notNull().unique(),
  title: text('title').notNull(),
  img: text('img').notNull(),
  sketch: text('sketch').notNull().default(''),
  /** HTML body shown when the entry is opened. */
  content: text('content').notNull().default(''),
  category: text('category').notNull(),
  views: integer('views').notNull().default(0),
  sort: integer('sort').notNull().default(0),
});
