import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { turnaroundsOf } from './turnaround.ts';
import type { ItemDetail, Paged, ProjectListItem, TypeGroup } from '../../shared/catalogue/catalogue.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { device, item, projectChild, projectType } from './tables.ts';
import type { Services } from '../platform/services.ts';
import { countAll, joinChild, listItemColumns, toDeviceSummary, toListItem } from './rows.ts';
import { containsPattern } from '../platform/db/like.ts';

/** The three types with their child categories and how many items each child lists. */
export function getTypeGroups(s: Services): Promise<TypeGroup[]> {
  return s.memo.get('catalogue:type-groups', async () => {
    const [types, children, counts] = await Promise.all([
      s.db.select().from(projectType).orderBy(asc(projectType.sort), asc(projectType.id)),
      s.db.select().from(projectChild).orderBy(asc(projectChild.sort), asc(projectChild.id)),
      s.db
        .select({ childId: item.childId, count: countAll })
        .from(item)
        .where(eq(item.onSale, true))
        .groupBy(item.childId),
    ]);
    const countOf = new Map(counts.map((c) => [c.childId, c.count]));
    return types.map((t) => ({
      id: t.id,
      name: t.name,
      img: t.img,
      discount_label: t.discountLabel,
      children: children
        .filter((c) => c.typeId === t.id)
        .map((c) => ({ id: c.id, name: c.name, count: countOf.get(c.id) ?? 0 })),
    }));
  });
}

export type ProjectQuery = { typeId?: number; childId?: number; kw?: string; page?: number; size?: number };

function itemFilter(q: { typeId?: number; childId?: number; kw?: string }): SQL | undefined {
  const kw = q.kw?.trim();
  const pattern = kw ? containsPattern(kw) : undefined;
  return and(
    eq(item.onSale, true),
    q.typeId !== undefined ? eq(item.typeId, q.typeId) : undefined,
    q.childId !== undefined ? eq(item.childId, q.childId) : undefined,
    pattern
      ? or(ilike(item.name, pattern), ilike(item.description, pattern), ilike(item.sketch, pattern))
      : undefined,
  );
}

/** Items of a type and/or child category, optionally filtered by a keyword, in catalogue order. */
export async function listProjects(s: Services, q: ProjectQuery): Promise<Paged<ProjectListItem>> {
  const w = pageWindow(q.page, q.size);
  const where = itemFilter(q);
  const [rows, [{ total }]] = await Promise.all([
    s.db
      .select(listItemColumns)
      .from(item)
      .innerJoin(projectChild, joinChild)
      .where(where)
      .orderBy(asc(item.sort), asc(item.id))
      .limit(w.size)
      .offset(w.offset),
    s.db.select({ total: countAll }).from(item).where(where),
  ]);
  return { list: rows.map(toListItem), total };
}

/** One item with its options, detail body and the instruments that can be booked for it. */
export async function getItem(s: Services, rid: string): Promise<ItemDetail | null> {
  const [row] = await s.db
    .select({
      ...listItemColumns,
      typeName: projectType.name,
      content: item.content,
      options: item.options,
      turnaroundDays: item.turnaroundDays,
      expediteDays: item.expediteDays,
      expediteFeeFen: item.expediteFeeFen,
    })
    .from(item)
    .innerJoin(projectChild, joinChild)
    .innerJoin(projectType, eq(projectType.id, item.typeId))
    .where(and(eq(item.rid, rid), eq(item.onSale, true)));
  if (!row) return null;
  const [devices, [turnaround]] = await Promise.all([
    s.db
      .select()
      .from(device)
      .where(and(eq(device.itemRid, rid), eq(device.onSale, true)))
      .orderBy(asc(device.sort), asc(device.id)),
    turnaroundsOf(s, [row]),
  ]);
  return {
    ...toListItem(row),
    type_name: row.typeName,
    content: row.content,
    options: row.options,
    devices: devices.map(toDeviceSummary),
    turnaround,
  };
}
