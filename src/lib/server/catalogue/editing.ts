import { randomBytes } from 'node:crypto';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type {
  ItemAddInput,
  ItemEditInput,
  SettingSave,
  StaffAbility,
  StaffItem,
  StaffPrefecture,
  StaffType,
} from '../../shared/catalogue/admin.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { safeHtml } from '../../shared/html.ts';
import { ability, item, prefecture, projectChild, projectType } from './tables.ts';
import { setting } from './site-tables.ts';
import { DomainError } from '../platform/errors.ts';
import { containsPattern } from '../platform/db/like.ts';
import type { Services } from '../platform/services.ts';
import { catalogueChanged } from './freshness.ts';
import { countAll } from './rows.ts';
import { getPublicSettings } from './settings.ts';

// The staff side of the catalogue (decision 0035). Every write ends with catalogueChanged, so the
// public API and pages show it at once, in every process. Prices are copied into order lines when
// an order is placed, so a new price never changes an existing order.

const missing = (what: string) => new DomainError(`${what}不存在`, 200, 'NOT_FOUND');
/** Only the fields an edit gave (undefined means "leave alone"). */
const given = <T extends Record<string, unknown>>(v: T) =>
  Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as Partial<T>;

// ---- types and child categories ----

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

// ---- items ----

const itemColumns = {
  item,
  typeName: projectType.name,
  childName: projectChild.name,
};
type ItemRow = { item: typeof item.$inferSelect; typeName: string; childName: string };
const toStaffItem = ({ item: i, typeName, childName }: ItemRow): StaffItem => ({
  rid: i.rid,
  type_id: i.typeId,
  type_name: typeName,
  child_id: i.childId,
  child_name: childName,
  name: i.name,
  img: i.img,
  sketch: i.sketch,
  description: i.description,
  content: i.content,
  price_fen: i.priceFen,
  unit: i.unit,
  order: i.orderCount,
  options: i.options,
  hot: i.hot,
  quote_only: i.quoteOnly,
  on_sale: i.onSale,
  sort: i.sort,
  created: i.createdAt.toISOString(),
});

export async function listItems(
  s: Services,
  q: {
    kw?: string;
    type_id?: number;
    child_id?: number;
    status?: 'on_sale' | 'off_sale';
    page?: number;
    size?: number;
  },
) {
  const w = pageWindow(q.page, q.size);
  const pattern = q.kw ? containsPattern(q.kw) : undefined;
  const where = and(
    q.type_id !== undefined ? eq(item.typeId, q.type_id) : undefined,
    q.child_id !== undefined ? eq(item.childId, q.child_id) : undefined,
    q.status ? eq(item.onSale, q.status === 'on_sale') : undefined,
    pattern
      ? or(ilike(item.name, pattern), ilike(item.rid, pattern), ilike(item.description, pattern))
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    s.db
      .select(itemColumns)
      .from(item)
      .innerJoin(projectChild, eq(projectChild.id, item.childId))
      .innerJoin(projectType, eq(projectType.id, item.typeId))
      .where(where)
      .orderBy(asc(item.typeId), asc(item.sort), asc(item.id))
      .limit(w.size)
      .offset(w.offset),
    s.db.select({ total: countAll }).from(item).where(where),
  ]);
  return { list: rows.map(toStaffItem), total };
}

export async function getStaffItem(s: Services, rid: string): Promise<StaffItem> {
  const [row] = await s.db
    .select(itemColumns)
    .from(item)
    .innerJoin(projectChild, eq(projectChild.id, item.childId))
    .innerJoin(projectType, eq(projectType.id, item.typeId))
    .where(eq(item.rid, rid));
  if (!row) throw missing('项目');
  return toStaffItem(row);
}

/** The type an item belongs to follows from its child category. */
async function typeOfChild(s: Services, childId: number): Promise<number> {
  const [c] = await s.db
    .select({ typeId: projectChild.typeId })
    .from(projectChild)
    .where(eq(projectChild.id, childId));
  if (!c) throw new DomainError('[分类]不存在', 200, 'NOT_FOUND');
  return c.typeId;
}

/** Staff-written HTML is kept cleaned (pages clean it again when they render it). */
const cleanHtml = (html: string | undefined) => (html === undefined ? undefined : safeHtml(html));

const itemValues = (input: Partial<ItemAddInput>) =>
  given({
    childId: input.child_id,
    name: input.name,
    img: input.img,
    sketch: cleanHtml(input.sketch),
    description: input.description,
    content: cleanHtml(input.content),
    priceFen: input.price_fen,
    unit: input.unit,
    options: input.options,
    hot: input.hot,
    quoteOnly: input.quote_only,
    onSale: input.on_sale,
    sort: input.sort,
  });

export async function addItem(s: Services, input: ItemAddInput): Promise<StaffItem> {
  const typeId = await typeOfChild(s, input.child_id);
  const [taken] = await s.db.select({ id: item.id }).from(item).where(eq(item.rid, input.rid));
  if (taken) throw new DomainError('[项目编号]已被使用', 200, 'CONFLICT');
  const v = itemValues(input);
  await s.db.insert(item).values({
    ...v,
    rid: input.rid,
    typeId,
    childId: input.child_id,
    name: input.name,
    img: input.img,
    priceFen: input.price_fen,
    unit: input.unit,
    options: input.options,
    createdAt: new Date(s.now()),
  });
  await catalogueChanged(s);
  return getStaffItem(s, input.rid);
}

export async function editItem(s: Services, input: ItemEditInput): Promise<StaffItem> {
  const { rid, ...rest } = input;
  const v = {
    ...itemValues(rest),
    ...(rest.child_id !== undefined && { typeId: await typeOfChild(s, rest.child_id) }),
  };
  const [row] = Object.keys(v).length
    ? await s.db.update(item).set(v).where(eq(item.rid, rid)).returning({ rid: item.rid })
    : await s.db.select({ rid: item.rid }).from(item).where(eq(item.rid, rid));
  if (!row) throw missing('项目');
  await catalogueChanged(s);
  return getStaffItem(s, rid);
}

// ---- special areas ----

const toPrefecture = (p: typeof prefecture.$inferSelect): StaffPrefecture => ({
  id: p.id,
  type_id: p.typeId,
  child_id: p.childId,
  name: p.name,
  img: p.img,
  sketch: p.sketch,
  sort: p.sort,
});

export async function listPrefectures(s: Services) {
  const rows = await s.db.select().from(prefecture).orderBy(asc(prefecture.sort), asc(prefecture.id));
  return { list: rows.map(toPrefecture), total: rows.length };
}

/** An area's child category must belong to its type. */
async function checkArea(s: Services, typeId: number | undefined, childId: number | null | undefined) {
  if (childId === null || childId === undefined) return;
  const childType = await typeOfChild(s, childId);
  if (typeId !== undefined && childType !== typeId) throw new DomainError('[分类]不属于所选服务类型');
}

type AreaInput = {
  type_id: number;
  child_id: number | null;
  name: string;
  img: string;
  sketch: string;
  sort: number;
};
const areaValues = (input: Partial<AreaInput>) =>
  given({
    typeId: input.type_id,
    childId: input.child_id,
    name: input.name,
    img: input.img,
    sketch: input.sketch,
    sort: input.sort,
  });

export async function addPrefecture(s: Services, input: AreaInput) {
  await checkArea(s, input.type_id, input.child_id);
  const [row] = await s.db
    .insert(prefecture)
    .values({ ...areaValues(input), typeId: input.type_id, name: input.name, img: input.img })
    .returning();
  await catalogueChanged(s);
  return toPrefecture(row);
}

export async function editPrefecture(s: Services, input: Partial<AreaInput> & { id: number }) {
  const [current] = await s.db.select().from(prefecture).where(eq(prefecture.id, input.id));
  if (!current) throw missing('专区');
  await checkArea(
    s,
    input.type_id ?? current.typeId,
    input.child_id === undefined ? current.childId : input.child_id,
  );
  const v = areaValues(input);
  const [row] = Object.keys(v).length
    ? await s.db.update(prefecture).set(v).where(eq(prefecture.id, input.id)).returning()
    : [current];
  await catalogueChanged(s);
  return toPrefecture(row);
}

export async function deletePrefecture(s: Services, id: number) {
  const gone = await s.db.delete(prefecture).where(eq(prefecture.id, id)).returning();
  if (!gone.length) throw missing('专区');
  await catalogueChanged(s);
  return { deleted: true };
}

// ---- abilities ----

const toAbility = (a: typeof ability.$inferSelect): StaffAbility => ({
  rid: a.rid,
  title: a.title,
  img: a.img,
  sketch: a.sketch,
  content: a.content,
  category: a.category,
  views: a.views,
  sort: a.sort,
});

export async function listStaffAbilities(
  s: Services,
  q: { category?: string; page?: number; size?: number },
) {
  const w = pageWindow(q.page, q.size);
  const where = q.category ? eq(ability.category, q.category) : undefined;
  const [rows, [{ total }], categories] = await Promise.all([
    s.db
      .select()
      .from(ability)
      .where(where)
      .orderBy(asc(ability.sort), asc(ability.id))
      .limit(w.size)
      .offset(w.offset),
    s.db.select({ total: countAll }).from(ability).where(where),
    s.db.selectDistinct({ category: ability.category }).from(ability).orderBy(asc(ability.category)),
  ]);
  return { list: rows.map(toAbility), total, categories: categories.map((c) => c.category) };
}

type AbilityInput = {
  title: string;
  img: string;
  sketch: string;
  content: string;
  category: string;
  sort: number;
};

export async function addAbility(s: Services, input: AbilityInput) {
  // Ability ids appear in /televised addresses; 'ab-' keeps them apart from the other kinds.
  const [row] = await s.db
    .insert(ability)
    .values({ ...input, content: safeHtml(input.content), rid: `ab-${randomBytes(5).toString('hex')}` })
    .returning();
  await catalogueChanged(s);
  return toAbility(row);
}

export async function editAbility(s: Services, input: Partial<AbilityInput> & { rid: string }) {
  const { rid, ...rest } = input;
  const v = given({ ...rest, content: cleanHtml(rest.content) });
  const [row] = Object.keys(v).length
    ? await s.db.update(ability).set(v).where(eq(ability.rid, rid)).returning()
    : await s.db.select().from(ability).where(eq(ability.rid, rid));
  if (!row) throw missing('案例');
  await catalogueChanged(s);
  return toAbility(row);
}

export async function deleteAbility(s: Services, rid: string) {
  const gone = await s.db.delete(ability).where(eq(ability.rid, rid)).returning();
  if (!gone.length) throw missing('案例');
  await catalogueChanged(s);
  return { deleted: true };
}

// ---- settings ----

export async function staffSettings(s: Services) {
  const { allowRegion, samplingSetting, samplingInfo } = await getPublicSettings(s);
  return { allowRegion, samplingSetting, samplingInfo };
}

export async function saveSetting(s: Services, input: SettingSave) {
  await s.db
    .insert(setting)
    .values({ key: input.key, value: input.value, updatedAt: new Date(s.now()) })
    .onConflictDoUpdate({ target: setting.key, set: { value: input.value, updatedAt: new Date(s.now()) } });
  await catalogueChanged(s);
  return staffSettings(s);
}
