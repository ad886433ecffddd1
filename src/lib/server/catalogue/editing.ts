import { and, asc, eq, sql } from 'drizzle-orm';
import type { StaffType } from '../../shared/catalogue/admin.ts';
import { safeHtml } from '../../shared/html.ts';
import { item, prefecture, projectChild, projectType } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import type { Services } from '../platform/services.ts';
import { catalogueChanged } from './freshness.ts';
import { countAll } from './rows.ts';

// The staff side of the catalogue (decision 0035): its types and child categories here, with what
// every edit shares; items in editing-items.ts; areas, abilities and settings in editing-pages.ts.
// Every write ends with catalogueChanged, so the public API and pages show it at once, in every
// process. Prices are copied into order lines when an order is placed, so a new price never
// changes an existing order.

export const missing = (what: string) => new DomainError(`${what}不存在`, 200, 'NOT_FOUND');
/** Only the fields an edit gave (undefined means "leave alone"). */
export const given = <T extends Record<string, unknown>>(v: T) =>
  Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as Partial<T>;

/** Staff-written HTML is kept cleaned (pages clean it again when they render it). */
export const cleanHtml = (html: string | undefined) => (html === undefined ? undefined : safeHtml(html));

/** The type an item belongs to follows from its child category. */
export async function typeOfChild(s: Services, childId: number): Promise<number> {
  const [c] = await s.db
    .select({ typeId: projectChild.typeId })
    .from(projectChild)
    .where(eq(projectChild.id, childId));
  if (!c) throw new DomainError('[分类]不存在', 200, 'NOT_FOUND');
  return c.typeId;
}

export async function listTypes(s: Services): Promise<StaffType[]> {
  const [types, children, counts] = await Promise.all([
    s.db.select().from(projectType).orderBy(asc(projectType.sort), asc(projectType.id)),
    s.db.select().from(projectChild).orderBy(asc(projectChild.sort), asc(projectChild.id)),
    s.db.select({ childId: item.childId, count: countAll }).from(item).groupBy(item.childId),
  ]);
  const countOf = new Map(counts.map((c) => [c.childId, c.count]));
  return types.map((t) => ({
    id: t.id,
    name: t.name,
    img: t.img,
    discount_label: t.discountLabel,
    sort: t.sort,
    children: children
      .filter((c) => c.typeId === t.id)
      .map((c) => ({
        id: c.id,
        type_id: c.typeId,
        name: c.name,
        sort: c.sort,
        items: countOf.get(c.id) ?? 0,
      })),
  }));
}

export async function editType(
  s: Services,
  input: { id: number; name?: string; img?: string; discount_label?: string; sort?: number },
) {
  const v = given({
    name: input.name,
    img: input.img,
    discountLabel: input.discount_label,
    sort: input.sort,
  });
  const [row] = Object.keys(v).length
    ? await s.db.update(projectType).set(v).where(eq(projectType.id, input.id)).returning()
    : await s.db.select().from(projectType).where(eq(projectType.id, input.id));
  if (!row) throw missing('服务类型');
  await catalogueChanged(s);
  return (await listTypes(s)).find((t) => t.id === row.id)!;
}

const childOut = async (s: Services, id: number) =>
  (await listTypes(s)).flatMap((t) => t.children).find((c) => c.id === id)!;

export async function addChild(s: Services, input: { type_id: number; name: string; sort: number }) {
  // Child ids are chosen by us (the seed's ids are global across types); under a lock so two
  // editors adding at once do not pick the same one.
  const id = await s.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalogue:child'))`);
    const [{ next }] = await tx
      .select({ next: sql<number>`cast(coalesce(max(${projectChild.id}), 0) + 1 as int)` })
      .from(projectChild);
    await tx
      .insert(projectChild)
      .values({ id: next, typeId: input.type_id, name: input.name, sort: input.sort });
    return next;
  });
  await catalogueChanged(s);
  return childOut(s, id);
}

export async function editChild(
  s: Services,
  input: { id: number; type_id?: number; name?: string; sort?: number },
) {
  if (input.type_id !== undefined) {
    const [used] = await s.db
      .select({ n: countAll })
      .from(item)
      .where(and(eq(item.childId, input.id), sql`${item.typeId} <> ${input.type_id}`));
    if (used.n > 0) throw new DomainError('该分类下已有项目，不能改到其他服务类型');
  }
  const v = given({ typeId: input.type_id, name: input.name, sort: input.sort });
  const [row] = Object.keys(v).length
    ? await s.db.update(projectChild).set(v).where(eq(projectChild.id, input.id)).returning()
    : await s.db.select().from(projectChild).where(eq(projectChild.id, input.id));
  if (!row) throw missing('分类');
  await catalogueChanged(s);
  return childOut(s, row.id);
}

export async function deleteChild(s: Services, id: number) {
  const [items] = await s.db.select({ n: countAll }).from(item).where(eq(item.childId, id));
  if (items.n > 0) throw new DomainError(`该分类下还有 ${items.n} 个项目，请先移走或改到其他分类`);
  const [areas] = await s.db.select({ n: countAll }).from(prefecture).where(eq(prefecture.childId, id));
  if (areas.n > 0) throw new DomainError('有专区指向该分类，请先修改专区');
  const gone = await s.db.delete(projectChild).where(eq(projectChild.id, id)).returning();
  if (!gone.length) throw missing('分类');
  await catalogueChanged(s);
  return { deleted: true };
}
