// Finance's side of an application (decision 0030): approve, issue a tax invoice, reject, and
// red-letter reversal; ours (proforma, receipt) numbered without gaps.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import type { Services } from '../platform/services.ts';
import { invoiceApplications, invoiceCounters, invoiceLines } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { filesByRid } from '../files/index.ts';
import { shanghaiDate } from '../../shared/time.ts';
import { isTaxInvoice } from '../../shared/invoices/invoices.ts';
import { applicationDetail, INVOICE_NOT_FOUND, type Application } from './view.ts';

async function lockApplication(tx: Tx, rid: string): Promise<Application> {
  const [a] = await tx
    .select()
    .from(invoiceApplications)
    .where(eq(invoiceApplications.rid, rid))
    .for('update');
  if (!a) throw new DomainError(INVOICE_NOT_FOUND, 200, 'NOT_FOUND');
  return a;
}

const NUMBER_PREFIX: Record<number, string> = { 5: 'PI', 6: 'SJ' };

/** The next number of our own documents for a type and year, gapless (rolled back with its transaction). */
async function nextNumber(tx: Tx, type: number, now: number): Promise<string> {
  const year = Number(shanghaiDate(now).slice(0, 4));
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ type, year, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.type, invoiceCounters.year],
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  return `${NUMBER_PREFIX[type]}${year}${String(row.last).padStart(6, '0')}`;
}

/**
 * Finance approves: a proforma or receipt is ours, numbered and issued at once; a tax invoice goes
 * to 开具中 until its number and file from the tax platform are uploaded.
 */
export async function approveInvoice(s: Services, staffId: number, rid: string) {
  const now = s.now();
  const a = await s.db.transaction(async (tx) => {
    const app = await lockApplication(tx, rid);
    if (app.status !== 'reviewing') throw new DomainError('只有待审核的申请可以审核通过', 200, 'CONFLICT');
    const ours = !isTaxInvoice(app.type);
    const [row] = await tx
      .update(invoiceApplications)
      .set({
        status: ours ? 'issued' : 'issuing',
        invoiceNo: ours ? await nextNumber(tx, app.type, now) : null,
        issuedAt: ours ? new Date(now) : null,
        reviewerId: staffId,
        updatedAt: new Date(now),
      })
      .where(eq(invoiceApplications.id, app.id))
      .returning();
    return row;
  });
  return applicationDetail(s.db, a);
}

/** A tax invoice issued on the tax platform: its 20-digit number and the file finance uploaded. */
export async function issueTaxInvoice(
  s: Services,
  staffId: number,
  input: { rid: string; invoice_no: string; file_rid: string },
) {
  if (!/^\d{20}$/.test(input.invoice_no)) throw new DomainError('[发票号码]应为20位数字');
  const now = s.now();
  const a = await s.db.transaction(async (tx) => {
    const app = await lockApplication(tx, input.rid);
    if (app.status !== 'issuing') throw new DomainError('只有开具中的申请可以上传发票', 200, 'CONFLICT');
    const [f] = await filesByRid(tx, [input.file_rid]);
    if (!f || f.ownerId !== app.userId) throw new DomainError('[发票文件]不存在，请重新上传');
    const [row] = await tx
      .update(invoiceApplications)
      .set({
        status: 'issued',
        invoiceNo: input.invoice_no,
        fileRid: f.rid,
        issuedAt: new Date(now),
        reviewerId: staffId,
        updatedAt: new Date(now),
      })
      .where(eq(invoiceApplications.id, app.id))
      .returning();
    return row;
  });
  return applicationDetail(s.db, a);
}

/** Rejected (待审核 or 开具中): the orders may be applied for again; the customer may edit and resend. */
export async function rejectInvoice(s: Services, staffId: number, rid: string, reason: string) {
  const now = s.now();
  const a = await s.db.transaction(async (tx) => {
    const app = await lockApplication(tx, rid);
    if (app.status !== 'reviewing' && app.status !== 'issuing')
      throw new DomainError('只有待审核或开具中的申请可以驳回', 200, 'CONFLICT');
    await tx.update(invoiceLines).set({ active: false }).where(eq(invoiceLines.applicationId, app.id));
    const [row] = await tx
      .update(invoiceApplications)
      .set({ status: 'rejected', rejectReason: reason, reviewerId: staffId, updatedAt: new Date(now) })
      .where(eq(invoiceApplications.id, app.id))
      .returning();
    return row;
  });
  return applicationDetail(s.db, a);
}

/**
 * Red-letter reversal of an issued invoice (fully digital invoices cannot be voided): ours are
 * reversed at once; a tax invoice is 红冲中 until the red-letter invoice's number is given. Once
 * 已红冲, its orders may be invoiced again.
 */
export async function reverseInvoice(
  s: Services,
  staffId: number,
  input: { rid: string; reason: string; reversal_no: string },
) {
  const now = s.now();
  const a = await s.db.transaction(async (tx) => {
    const app = await lockApplication(tx, input.rid);
    const tax = isTaxInvoice(app.type);
    if (app.status === 'issued' && tax && !input.reversal_no) {
      const [row] = await tx
        .update(invoiceApplications)
        .set({
          status: 'reversing',
          rejectReason: input.reason,
          reviewerId: staffId,
          updatedAt: new Date(now),
        })
        .where(eq(invoiceApplications.id, app.id))
        .returning();
      return row;
    }
    if (!(app.status === 'issued' || (app.status === 'reversing' && tax)))
      throw new DomainError('只有已开具的发票可以红冲', 200, 'CONFLICT');
    if (tax && !/^\d{20}$/.test(input.reversal_no)) throw new DomainError('[红字发票号码]应为20位数字');
    await tx.update(invoiceLines).set({ active: false }).where(eq(invoiceLines.applicationId, app.id));
    const [row] = await tx
      .update(invoiceApplications)
      .set({
        status: 'reversed',
        rejectReason: input.reason,
        reversalNo: tax ? input.reversal_no : `${app.invoiceNo}-红冲`,
        reviewerId: staffId,
        updatedAt: new Date(now),
      })
      .where(eq(invoiceApplications.id, app.id))
      .returning();
    return row;
  });
  return applicationDetail(s.db, a);
}
