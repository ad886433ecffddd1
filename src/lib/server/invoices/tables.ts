import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { orders } from '../orders/tables.ts';
import { prestoreApplications } from '../money/tables.ts';
import { statements } from '../statements/tables.ts';
import { researchGroups } from '../groups/tables.ts';
import type { InvoiceMaterials, InvoiceTitleData } from '../../shared/invoices/invoices.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const fenColumn = (name: string) => bigint(name, { mode: 'number' });

/** An invoice title (发票抬头) a customer keeps; applications copy it, so editing one changes none. */
export const invoiceTitles = pgTable(
  'invoice_titles',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 1 organisation (单位), 2 individual (个人). */
    kind: smallint('kind').notNull(),
    name: text('name').notNull(),
    /** The 18-character unified social credit code (organisations). */
    taxNo: text('tax_no').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    bank: text('bank').notNull().default(''),
    bankAccount: text('bank_account').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    /** A research group's title, kept by its leader or assistants, usable by its members
     * (decision 0046); `user_id` is then who added it. Never a default. */
    groupId: integer('group_id').references(() => researchGroups.id),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('invoice_titles_user_idx').on(t.userId, t.id),
    index('invoice_titles_group_idx').on(t.groupId),
    uniqueIndex('invoice_titles_one_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export const INVOICE_STATUSES = [
  'reviewing',
  'issuing',
  'issued',
  'rejected',
  'reversing',
  'reversed',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * An invoice application (开票申请, decision 0030): the type (the spec's 1 electronic ordinary, 3
 * electronic special, 5 proforma, 6 receipt), the title as it was, the amount, and its lines (the
 * orders or top-up it covers). 待审核 → 开具中 → 已开具, or 驳回; a wrong invoice is reversed
 * (红冲中 → 已红冲) and applied for again.
 */
export const invoiceApplications = pgTable(
  'invoice_applications',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: smallint('type').notNull(),
    title: jsonb('title').$type<InvoiceTitleData>().notNull(),
    amountFen: fenColumn('amount_fen').notNull(),
    /** orders, topup or statement (its orders): what the lines are. */
    source: text('source', { enum: ['orders', 'topup', 'statement'] }).notNull(),
    /** The confirmed statement applied for, when the source is a statement. */
    statementId: integer('statement_id').references(() => statements.id),
    email: text('email').notNull().default(''),
    remark: text('remark').notNull().default(''),
    materials: jsonb('materials').$type<InvoiceMaterials>().notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    rejectReason: text('reject_reason').notNull().default(''),
    /** The tax platform's 20-digit number, or ours for proforma and receipt (e.g. SJ2026000001). */
    invoiceNo: text('invoice_no'),
    /** The issued invoice (uploaded by finance, or generated for ours). */
    fileRid: text('file_rid'),
    reversalNo: text('reversal_no'),
    reviewerId: integer('reviewer_id'),
    issuedAt: at('issued_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('invoice_apps_user_idx').on(t.userId, t.id),
    index('invoice_apps_status_idx').on(t.status, t.id),
  ],
);

/**
 * What an application covers: an order or a top-up, with its amount. `active` is false once the
 * application is rejected or reversed; the partial unique indexes keep an order or a top-up on at
 * most one live application, even when two are sent at once.
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => invoiceApplications.id),
    orderId: integer('order_id').references(() => orders.id),
    prestoreId: integer('prestore_id').references(() => prestoreApplications.id),
    amountFen: fenColumn('amount_fen').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('invoice_lines_app_idx').on(t.applicationId),
    uniqueIndex('invoice_lines_order_idx')
      .on(t.orderId)
      .where(sql`${t.active} and ${t.orderId} is not null`),
    uniqueIndex('invoice_lines_prestore_idx')
      .on(t.prestoreId)
      .where(sql`${t.active} and ${t.prestoreId} is not null`),
  ],
);

/** Gapless yearly numbers for the documents we issue ourselves (proforma, receipt). */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    id: serial('id').primaryKey(),
    type: smallint('type').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [uniqueIndex('invoice_counters_type_year_idx').on(t.type, t.year)],
);
