// An invoice application as the customer and finance read it: one, with its lines, or a page.
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { invoiceApplications, invoiceLines } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { prestoreDirectory } from '../money/index.ts';
import { orderDirectory } from '../orders/index.ts';
import { userDirectory } from '../accounts/index.ts';
import { statementRefOf } from '../statements/index.ts';
import { pageWindow } from '../../shared/pagination.ts';
import {
  INVOICE_STATUS_TEXT,
  INVOICE_TYPE_NAMES,
  isTaxInvoice,
  type InvoiceType,
} from '../../shared/invoices/invoices.ts';

const ord = orderDirectory('ord');
const topUp = prestoreDirectory('top_up');
const customer = userDirectory('customer');

export type Application = typeof invoiceApplications.$inferSelect;

export const INVOICE_NOT_FOUND = '开票申请不存在';

const applicationOut = (a: Application) => ({
  rid: a.rid,
  type: a.type as InvoiceType,
  type_text: INVOICE_TYPE_NAMES[a.type as InvoiceType],
  title: a.title,
  amount_fen: a.amountFen,
  source: a.source,
  email: a.email,
  remark: a.remark,
  status: a.status,
  status_text: INVOICE_STATUS_TEXT[a.status],
  reject_reason: a.rejectReason,
  invoice_no: a.invoiceNo,
  reversal_no: a.reversalNo,
  has_file: a.status === 'issued' && (a.fileRid !== null || !isTaxInvoice(a.type)),
  created: a.createdAt.toISOString(),
  issued: a.issuedAt?.toISOString() ?? null,
});

/** One application with its lines (orders or the top-up), materials and statement. */
export async function applicationDetail(db: Db, a: Application) {
  const statement = a.statementId ? await statementRefOf(db, a.statementId) : null;
  const lines = await db
    .select({
      amount: invoiceLines.amountFen,
      orderRid: ord.rid,
      orderNo: ord.orderNo,
      prestoreRid: topUp.rid,
    })
    .from(invoiceLines)
    .leftJoin(ord, eq(ord.id, invoiceLines.orderId))
    .leftJoin(topUp, eq(topUp.id, invoiceLines.prestoreId))
    .where(eq(invoiceLines.applicationId, a.id))
    .orderBy(invoiceLines.id);
  return {
    ...applicationOut(a),
    lines: lines.map((l) => ({
      order_rid: l.orderRid,
      order_no: l.orderNo,
      prestore_rid: l.prestoreRid,
      amount_fen: l.amount,
    })),
    materials: a.materials,
    statement,
  };
}

export async function ownApplication(db: Db, userId: number, rid: string): Promise<Application> {
  const [a] = await db.select().from(invoiceApplications).where(eq(invoiceApplications.rid, rid));
  if (!a || a.userId !== userId) throw new DomainError(INVOICE_NOT_FOUND, 200, 'NOT_FOUND');
  return a;
}

export async function findApplication(db: Db, rid: string): Promise<Application> {
  const [a] = await db.select().from(invoiceApplications).where(eq(invoiceApplications.rid, rid));
  if (!a) throw new DomainError(INVOICE_NOT_FOUND, 200, 'NOT_FOUND');
  return a;
}

/** invoiceApply/list4person, and the staff list (userId null), newest first. */
export async function listApplications(
  db: Db,
  f: { userId: number | null; status?: Application['status']; page?: number; size?: number },
) {
  const w = pageWindow(f.page, f.size);
  const where = and(
    f.userId !== null ? eq(invoiceApplications.userId, f.userId) : undefined,
    f.status ? eq(invoiceApplications.status, f.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        a: invoiceApplications,
        phone: customer.phone,
        name: customer.name,
        company: customer.company,
        userRid: customer.rid,
      })
      .from(invoiceApplications)
      .innerJoin(customer, eq(customer.id, invoiceApplications.userId))
      .where(where)
      .orderBy(desc(invoiceApplications.id))
      .limit(w.size)
      .offset(w.offset),
    db.select({ n: count() }).from(invoiceApplications).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      ...applicationOut(r.a),
      customer: { rid: r.userRid, phone: r.phone, name: r.name, company: r.company },
    })),
    total: total.n,
  };
}
