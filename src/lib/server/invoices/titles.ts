// Invoice titles (发票抬头): a customer's own, one of them the default.
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { invoiceTitles } from '../platform/db/schema.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import type { invoiceTitleSchema, InvoiceTitleData } from '../../shared/invoices/invoices.ts';
import type { z } from '../../shared/zod.ts';

export type TitleRow = typeof invoiceTitles.$inferSelect;
type TitleInput = z.output<typeof invoiceTitleSchema>;

export const TITLE_NOT_FOUND = '发票抬头不存在';
const MAX_TITLES = 20;

export const titleOut = (t: TitleRow) => ({
  rid: t.rid,
  kind: t.kind as 1 | 2,
  name: t.name,
  tax_no: t.taxNo,
  address: t.address,
  phone: t.phone,
  bank: t.bank,
  bank_account: t.bankAccount,
  is_default: t.isDefault,
});

/** What an application copies from a title. */
export const titleData = (t: TitleRow): InvoiceTitleData => ({
  kind: t.kind as 1 | 2,
  name: t.name,
  tax_no: t.taxNo,
  address: t.address,
  phone: t.phone,
  bank: t.bank,
  bank_account: t.bankAccount,
});

export async function listTitles(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(invoiceTitles)
    .where(eq(invoiceTitles.userId, userId))
    .orderBy(desc(invoiceTitles.isDefault), desc(invoiceTitles.id));
  return { list: rows.map(titleOut) };
}

export async function ownTitle(db: Db | Tx, userId: number, rid: string): Promise<TitleRow> {
  const [t] = await db.select().from(invoiceTitles).where(eq(invoiceTitles.rid, rid));
  if (!t || t.userId !== userId) throw new DomainError(TITLE_NOT_FOUND, 200, 'NOT_FOUND');
  return t;
}

const valuesOf = (t: TitleInput) => ({
  kind: t.kind,
  name: t.name,
  // An individual has no credit code or bank details.
  taxNo: t.kind === 1 ? t.tax_no : '',
  address: t.kind === 1 ? t.address : '',
  phone: t.kind === 1 ? t.phone : '',
  bank: t.kind === 1 ? t.bank : '',
  bankAccount: t.kind === 1 ? t.bank_account : '',
});

/** invoice/add (no rid) or invoice/edit: the first title, or one marked default, becomes the default. */
export async function saveTitle(db: Db, userId: number, input: TitleInput, now: number) {
  return db.transaction(async (tx) => {
    const mine = await tx.select().from(invoiceTitles).where(eq(invoiceTitles.userId, userId)).for('update');
    const existing = input.rid ? mine.find((t) => t.rid === input.rid) : undefined;
    if (input.rid && !existing) throw new DomainError(TITLE_NOT_FOUND, 200, 'NOT_FOUND');
    if (!existing && mine.length >= MAX_TITLES) throw new DomainError(`最多保存${MAX_TITLES}个发票抬头`);
    const makeDefault = input.is_default || mine.length === 0 || Boolean(existing?.isDefault);
    if (makeDefault)
      await tx
        .update(invoiceTitles)
        .set({ isDefault: false })
        .where(and(eq(invoiceTitles.userId, userId), eq(invoiceTitles.isDefault, true)));
    const values = { ...valuesOf(input), isDefault: makeDefault, updatedAt: new Date(now) };
    const [row] = existing
      ? await tx.update(invoiceTitles).set(values).where(eq(invoiceTitles.id, existing.id)).returning()
      : await tx
          .insert(invoiceTitles)
          .values({ ...values, rid: newRid('invoiceTitle'), userId, createdAt: new Date(now) })
          .returning();
    return titleOut(row);
  });
}

/** invoice/del: applications keep their own copy, so a title can always go. */
export async function deleteTitle(db: Db, userId: number, rid: string) {
  await db.transaction(async (tx) => {
    const [t] = await tx.select().from(invoiceTitles).where(eq(invoiceTitles.rid, rid)).for('update');
    if (!t || t.userId !== userId) throw new DomainError(TITLE_NOT_FOUND, 200, 'NOT_FOUND');
    await tx.delete(invoiceTitles).where(eq(invoiceTitles.id, t.id));
    // The newest remaining title takes over as the default.
    if (t.isDefault) {
      const [next] = await tx
        .select()
        .from(invoiceTitles)
        .where(eq(invoiceTitles.userId, userId))
        .orderBy(desc(invoiceTitles.id))
        .limit(1);
      if (next) await tx.update(invoiceTitles).set({ isDefault: true }).where(eq(invoiceTitles.id, next.id));
    }
  });
}

/** invoice/default. */
export async function setDefaultTitle(db: Db, userId: number, rid: string) {
  await db.transaction(async (tx) => {
    const [t] = await tx.select().from(invoiceTitles).where(eq(invoiceTitles.rid, rid)).for('update');
    if (!t || t.userId !== userId) throw new DomainError(TITLE_NOT_FOUND, 200, 'NOT_FOUND');
    await tx
      .update(invoiceTitles)
      .set({ isDefault: false })
      .where(and(eq(invoiceTitles.userId, userId), eq(invoiceTitles.isDefault, true)));
    await tx.update(invoiceTitles).set({ isDefault: true }).where(eq(invoiceTitles.id, t.id));
  });
}
