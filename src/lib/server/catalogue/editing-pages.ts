// The staff side of what the public pages show besides items (decision 0035): special areas
// (专区), abilities (案例), and the settings customers read.
import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { SettingSave, StaffAbility, StaffPrefecture } from '../../shared/catalogue/admin.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { safeHtml } from '../../shared/html.ts';
import { ability, prefecture } from './tables.ts';
import { setting } from './site-tables.ts';
import { DomainError } from '../platform/errors.ts';
import type { Services } from '../platform/services.ts';
import { catalogueChanged } from './freshness.ts';
import { countAll } from './rows.ts';
import { getPublicSettings } from './settings.ts';
import { cleanHtml, given, missing, typeOfChild } from './editing.ts';

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
