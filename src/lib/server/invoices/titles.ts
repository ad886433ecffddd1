// Invoice titles (发票抬头): a customer's own, one of them the default, and those of the research
// groups they belong to, kept by each group's leader or assistants (decision 0046).
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { invoiceTitles } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { activeGroupsOf, managedGroup } from '../groups/index.ts';
import type { invoiceTitleSchema, InvoiceTitleData } from '../../shared/invoices/invoices.ts';
import { NOT_GROUP_MANAGER } from '../../shared/groups/groups.ts';
import type { z } from '../../shared/zod.ts';

export type TitleRow = typeof invoiceTitles.$inferSelect;
type TitleInput = z.output<typeof invoiceTitleSchema>;
type GroupRef = { id: number; rid: string; name: string; manages: boolean };

const TITLE_NOT_FOUND = '发票抬头不存在';
const MAX_TITLES = 20;

const titleOut = (t: TitleRow, group: GroupRef | null = null) => ({
  rid: t.rid,
  kind: t.kind as 1 | 2,
  name: t.name,
  tax_no: t.taxNo,
  address: t.address,
  phone: t.phone,
  bank: t.bank,
  bank_account: t.bankAccount,
  is_default: t.isDefault,
  group: group && { rid: group.rid, name: group.name },
  can_edit: group ? group.manages : true,
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

const ownTitles = (userId: number) => and(eq(invoiceTitles.userId, userId), isNull(invoiceTitles.groupId));

/** invoice/list: mine (the default first), then my groups'. */
export async function listTitles(db: Db, userId: number) {
  const groups = await activeGroupsOf(db, userId);
  const [mine, shared] = await Promise.all([
    db
      .select()
      .from(invoiceTitles)
      .where(ownTitles(userId))
      .orderBy(desc(invoiceTitles.isDefault), desc(invoiceTitles.id)),
    groups.length
      ? db
          .select()
          .from(invoiceTitles)
          .where(
            inArray(
              invoiceTitles.groupId,
              groups.map((g) => g.id),
            ),
          )
          .orderBy(desc(invoiceTitles.id))
      : [],
  ]);
  const groupOf = new Map(groups.map((g) => [g.id, g]));
  return {
    list: [...mine.map((t) => titleOut(t)), ...shared.map((t) => titleOut(t, groupOf.get(t.groupId!)!))],
  };
}

/**
 * A title the user may invoice to (their own, or a group's they are an active member of) or, with
 * `edit`, change (their own, or a group's they lead or assist); anything else reads as not found,
 * except a member's attempt at a group's, which is told who may.
 */
async function findTitle(
  db: Db | Tx,
  userId: number,
  rid: string,
  edit: boolean,
): Promise<{ title: TitleRow; group: GroupRef | null }> {
  const query = db.select().from(invoiceTitles).where(eq(invoiceTitles.rid, rid));
  const [t] = edit ? await query.for('update') : await query;
  if (t && t.groupId === null && t.userId === userId) return { title: t, group: null };
  const group = t?.groupId ? (await activeGroupsOf(db, userId)).find((g) => g.id === t.groupId) : undefined;
  if (!t || !group) throw new DomainError(TITLE_NOT_FOUND, 200, 'NOT_FOUND');
  if (edit && !group.manages) throw new DomainError(NOT_GROUP_MANAGER);
  return { title: t, group };
}

/** The title an application copies. */
export const usableTitle = async (db: Db | Tx, userId: number, rid: string) =>
  (await findTitle(db, userId, rid, false)).title;

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
    // An edit goes where its title lives; a new title where group_rid says.
    const found = input.rid ? await findTitle(tx, userId, input.rid, true) : null;
    if (found ? found.group : input.group_rid) return saveGroupTitle(tx, userId, input, found, now);
    const mine = await tx.select().from(invoiceTitles).where(ownTitles(userId)).for('update');
    const existing = input.rid ? mine.find((t) => t.rid === input.rid) : undefined;
    if (!existing && mine.length >= MAX_TITLES) throw new DomainError(`最多保存${MAX_TITLES}个发票抬头`);
    const makeDefault = input.is_default || mine.length === 0 || Boolean(existing?.isDefault);
    if (makeDefault)
      await tx
        .update(invoiceTitles)
        .set({ isDefault: false })
        .where(and(ownTitles(userId), eq(invoiceTitles.isDefault, true)));
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

const NOT_GROUP_DEFAULT = '课题组的抬头不能设为默认抬头';

/** A group's title, added or edited by its leader or an assistant; never a default. */
async function saveGroupTitle(
  tx: Tx,
  userId: number,
  input: TitleInput,
  found: { title: TitleRow; group: GroupRef | null } | null,
  now: number,
) {
  if (input.is_default) throw new DomainError(NOT_GROUP_DEFAULT);
  const values = { ...valuesOf(input), updatedAt: new Date(now) };
  if (found) {
    const [row] = await tx
      .update(invoiceTitles)
      .set(values)
      .where(eq(invoiceTitles.id, found.title.id))
      .returning();
    return titleOut(row, found.group);
  }
  const group = await managedGroup(tx, input.group_rid!, userId);
  const kept = await tx
    .select({ id: invoiceTitles.id })
    .from(invoiceTitles)
    .where(eq(invoiceTitles.groupId, group.id))
    .for('update');
  if (kept.length >= MAX_TITLES) throw new DomainError(`每个课题组最多保存${MAX_TITLES}个发票抬头`);
  const [row] = await tx
    .insert(invoiceTitles)
    .values({ ...values, rid: newRid('invoiceTitle'), userId, groupId: group.id, createdAt: new Date(now) })
    .returning();
  return titleOut(row, { id: group.id, rid: group.rid, name: group.name, manages: true });
}

/** invoice/del: applications keep their own copy, so a title can always go. */
export async function deleteTitle(db: Db, userId: number, rid: string) {
  await db.transaction(async (tx) => {
    const { title: t } = await findTitle(tx, userId, rid, true);
    await tx.delete(invoiceTitles).where(eq(invoiceTitles.id, t.id));
    // The newest remaining title of mine takes over as the default.
    if (t.isDefault) {
      const [next] = await tx
        .select()
        .from(invoiceTitles)
        .where(ownTitles(userId))
        .orderBy(desc(invoiceTitles.id))
        .limit(1);
      if (next) await tx.update(invoiceTitles).set({ isDefault: true }).where(eq(invoiceTitles.id, next.id));
    }
  });
}

/** invoice/default. */
export async function setDefaultTitle(db: Db, userId: number, rid: string) {
  await db.transaction(async (tx) => {
    const { title: t, group } = await findTitle(tx, userId, rid, false);
    if (group) throw new DomainError(NOT_GROUP_DEFAULT);
    await tx
      .update(invoiceTitles)
      .set({ isDefault: false })
      .where(and(ownTitles(userId), eq(invoiceTitles.isDefault, true)));
    await tx.update(invoiceTitles).set({ isDefault: true }).where(eq(invoiceTitles.id, t.id));
  });
}
