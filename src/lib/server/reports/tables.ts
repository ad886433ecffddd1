import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/tables.ts';
import { users } from '../accounts/tables.ts';
import type { ReportDocument } from '../../shared/reports/document.ts';
import type { VersionStatus, VersionSummary } from '../../shared/reports/versions.ts';
import type { VerifyState } from '../../shared/reports/verify.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An order's test report (decision 0077): one per order, with the number every version prints
 * (BG and the order number's digits). Its row is what a release locks, so two releases of one
 * order take turns. The database refuses to change or delete it.
 */
export const reports = pgTable('reports', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .unique()
    .references(() => orders.id),
  baseNo: text('base_no').notNull().unique(),
  createdAt: at('created_at').notNull(),
});

/**
 * One released version of a report, never edited: 0 is the original (printed `<base>`), n ≥ 1 a
 * revision (`<base>-A<n>`) with its reason. It keeps what was issued for six years: the document
 * as frozen (the customer's name as printed, results, raw-data hashes), the signed PDF (in the
 * file store under `pdf_key`) and its SHA-256. Only the status columns change, once: valid →
 * superseded (by version `replaced_by_version`) or valid → revoked (reason, who, when); the
 * database refuses anything else, and every DELETE.
 */
export const reportVersions = pgTable(
  'report_versions',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id),
    version: integer('version').notNull(),
    reportNo: text('report_no').notNull().unique(),
    /** SHA-256 (hex) of `<report_no>:<防伪码>`: enough to check a typed code, not to print one. */
    codeHash: text('code_hash').notNull(),
    status: text('status').$type<VersionStatus>().notNull().default('valid'),
    replacedByVersion: integer('replaced_by_version'),
    revokeReason: text('revoke_reason'),
    revokedBy: integer('revoked_by').references(() => users.id),
    revokedAt: at('revoked_at'),
    /** Why this revision was issued; '' for the original. */
    changeReason: text('change_reason').notNull().default(''),
    /** What the report says, frozen at release (its 防伪码 and QR link left out: see code_hash). */
    document: jsonb('document').$type<ReportDocument>().notNull(),
    /**
     * What /verify shows of it, copied from the document at release (decision 0085): a lookup
     * reads this small value, not the whole document.
     */
    summary: jsonb('summary').$type<VersionSummary>().notNull(),
    pdfKey: text('pdf_key').notNull().unique(),
    pdfSha256: text('pdf_sha256').notNull(),
    pdfSize: integer('pdf_size').notNull(),
    approverId: integer('approver_id')
      .notNull()
      .references(() => users.id),
    issuedAt: at('issued_at').notNull(),
    /** The last day it must be kept: six years from issue (Asia/Shanghai). */
    retainUntil: date('retain_until', { mode: 'string' }).notNull(),
  },
  (t) => [uniqueIndex('report_versions_report_version_idx').on(t.reportId, t.version)],
);

/** Every 报告真伪查询 lookup, append-only: when, from where, the number as typed, what it answered. */
export const reportLookups = pgTable(
  'report_lookups',
  {
    id: serial('id').primaryKey(),
    at: at('at').notNull(),
    ip: text('ip').notNull(),
    reportNo: text('report_no').notNull(),
    outcome: text('outcome').$type<VerifyState>().notNull(),
    /** The version the number and code named, when they matched one. */
    versionId: integer('version_id').references(() => reportVersions.id),
  },
  (t) => [index('report_lookups_at_idx').on(t.at)],
);

/**
 * The install's own self-signed report key (decisions 0076 and 0085), used when no REPORT_SIGN_P12 is configured: one row, made by the
 * first signature, so every app process behind a load balancer signs with the same certificate.
 * The PKCS#12 (base64) and its password sit together: whoever reads this table can read every
 * other, so a second secret elsewhere would protect nothing.
 */
export const reportSigningKey = pgTable('report_signing_key', {
  /** Always 'self-signed': the primary key makes the first writer win. */
  slot: text('slot').primaryKey(),
  p12: text('p12').notNull(),
  password: text('password').notNull(),
  createdAt: at('created_at').notNull(),
});
