import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { prestoreApplications } from './tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const fenColumn = (name: string) => bigint(name, { mode: 'number' });

/**
 * A bank statement file finance imported (银行流水导入, decision 0088). The same file (by its
 * SHA-256) imported again is the same import; its rows are kept once each by `row_key`.
 */
export const bankImports = pgTable('bank_imports', {
  id: serial('id').primaryKey(),
  rid: text('rid').notNull().unique(),
  sha256: text('sha256').notNull().unique(),
  fileName: text('file_name').notNull(),
  /** The export format it was read as (icbc, ccb, generic). */
  format: text('format').notNull(),
  rowCount: integer('row_count').notNull(),
  newCount: integer('new_count').notNull(),
  importedBy: integer('imported_by')
    .notNull()
    .references(() => users.id),
  importedAt: at('imported_at').notNull(),
});

/** open: waiting for finance; linked: confirmed against a top-up (credited, or awaiting its second approver); ignored: not a top-up. */
export const BANK_ROW_STATUSES = ['open', 'linked', 'ignored'] as const;

/**
 * One incoming transfer of a bank statement. `row_key` (the bank's serial, else a hash of the
 * row and its occurrence in the file) keeps a row once however often its file, or an overlapping
 * one, is imported. Confirmed against a top-up it names the application, and an application is
 * named by one row at most, so a transfer credits once.
 */
export const bankRows = pgTable(
  'bank_rows',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    importId: integer('import_id')
      .notNull()
      .references(() => bankImports.id),
    rowKey: text('row_key').notNull().unique(),
    /** The line of the file it was read from (1 = the first line). */
    line: integer('line').notNull(),
    /** The booking date, YYYY-MM-DD, and time when the bank gives one. */
    bookedOn: text('booked_on').notNull(),
    bookedTime: text('booked_time').notNull().default(''),
    amountFen: fenColumn('amount_fen').notNull(),
    payerName: text('payer_name').notNull().default(''),
    payerAccount: text('payer_account').notNull().default(''),
    payerBank: text('payer_bank').notNull().default(''),
    /** 摘要, 用途 and 附言 as the bank gives them, joined. */
    remark: text('remark').notNull().default(''),
    serial: text('serial').notNull().default(''),
    status: text('status', { enum: BANK_ROW_STATUSES }).notNull().default('open'),
    prestoreId: integer('prestore_id').references(() => prestoreApplications.id),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: at('decided_at'),
    note: text('note').notNull().default(''),
  },
  (t) => [
    index('bank_rows_status_idx').on(t.status, t.id),
    uniqueIndex('bank_rows_one_per_prestore_idx')
      .on(t.prestoreId)
      .where(sql`${t.prestoreId} is not null`),
  ],
);
