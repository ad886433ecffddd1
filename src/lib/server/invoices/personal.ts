// The invoices' part of a person's data (privacy, decision 0044).
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { invoiceApplications, invoiceTitles } from './tables.ts';

/** How many of the user's invoice applications are being reviewed, issued or reversed. */
export async function openInvoiceCount(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invoiceApplications)
    .where(
      and(
        eq(invoiceApplications.userId, userId),
        inArray(invoiceApplications.status, ['reviewing', 'issuing', 'reversing']),
      ),
    );
  return row?.n ?? 0;
}

/** The user's invoice titles and applications, for the data export. */
export async function invoiceDataOf(db: Db, userId: number) {
  const [titles, applications] = await Promise.all([
    db.select().from(invoiceTitles).where(eq(invoiceTitles.userId, userId)),
    db.select().from(invoiceApplications).where(eq(invoiceApplications.userId, userId)),
  ]);
  return { titles, applications };
}

/** A closing account: its invoice titles go (the issued invoices stay). */
export async function eraseInvoiceTitles(tx: Tx, userId: number): Promise<void> {
  await tx.delete(invoiceTitles).where(eq(invoiceTitles.userId, userId));
}
