// The staff side of the catalogue's items (decision 0035): the list, one item, adding and editing.
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { ItemAddInput, ItemEditInput, StaffItem } from '../../shared/catalogue/admin.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { device, item, projectChild, projectType } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { containsPattern } from '../platform/db/like.ts';
import type { Services } from '../platform/services.ts';
import { catalogueChanged } from './freshness.ts';
import { countAll } from './rows.ts';
import { cleanHtml, given, missing, typeOfChild } from './editing.ts';

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
  result_fields: i.resultFields,
  method: i.method,
  accredited: i.accredited,
  subcontracted_to: i.subcontractedTo,
  device_rid: i.deviceRid,
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
    resultFields: input.result_fields,
    method: input.method,
    accredited: input.accredited,
    subcontractedTo: input.subcontracted_to,
    deviceRid: input.device_rid,
  });

/** An item's instrument must be one of the catalogue's devices. */
async function checkDevice(s: Services, rid: string | null | undefined) {
  if (!rid) return;
  const [d] = await s.db.select({ id: device.id }).from(device).where(eq(device.rid, rid));
  if (!d) throw new DomainError('[检测仪器]不存在', 200, 'NOT_FOUND');
}

export async function addItem(s: Services, input: ItemAddInput): Promise<StaffItem> {
  await checkDevice(s, input.device_rid);
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
  await checkDevice(s, rest.device_rid);
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
