import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Signatory } from '../../shared/reports/template.ts';

/**
 * The report template (decision 0076): one row (`id` = 'default'), what every generated report
 * prints about the lab, its statements and the authorised signatories. Pictures are media files
 * (files domain) named by their public ids.
 */
export const reportTemplate = pgTable(
  'report_template',
  {
    id: text('id').primaryKey().default('default'),
    labName: text('lab_name').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull().default(''),
    accreditation: text('accreditation').notNull().default(''),
    title: text('title').notNull(),
    logoRid: text('logo_rid'),
    sealRid: text('seal_rid'),
    statements: jsonb('statements').$type<string[]>().notNull(),
    signatories: jsonb('signatories').$type<Signatory[]>().notNull(),
    updatedBy: integer('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('report_template_one_row', sql`${t.id} = 'default'`)],
);
