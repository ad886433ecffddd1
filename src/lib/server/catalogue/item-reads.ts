import { eq, getTableColumns, inArray } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../platform/db/client.ts';
import { device, item, projectChild } from './tables.ts';

const qb = new QueryBuilder();

export type CatalogueItem = typeof item.$inferSelect;

/** The catalogue items with these rids (on sale or not: the caller decides), each with its child category's name. */
export async function itemsByRid(
  db: Db | Tx,
  rids: string[],
): Promise<(CatalogueItem & { childName: string })[]> {
  if (rids.length === 0) return [];
  const rows = await db
    .select({ it: item, childName: projectChild.name })
    .from(item)
    .innerJoin(projectChild, eq(projectChild.id, item.childId))
    .where(inArray(item.rid, [...new Set(rids)]));
  return rows.map(({ it, childName }) => ({ ...it, childName }));
}

export type Device = typeof device.$inferSelect;

/**
 * The instruments as reservations read them beside their own rows (a booking's device, the
 * calendar's rules): a read-only subquery of every column, joined on `id` under the alias given
 * (decision 0061). Catalogue writes them (insertDevice, updateDevice).
 */
export const deviceDirectory = (alias: string) => qb.select(getTableColumns(device)).from(device).as(alias);

/**
 * The catalogue items as other domains read them beside their own rows (an order line's child
 * category, the item a coupon applies to, its promised days): joined on `rid` under the alias
 * given (decision 0061).
 */
export const itemDirectory = (alias: string) =>
  qb
    .select({
      id: item.id,
      rid: item.rid,
      name: item.name,
      childId: item.childId,
      turnaroundDays: item.turnaroundDays,
      /** The instrument its samples are tested on (decision 0082). */
      deviceRid: item.deviceRid,
    })
    .from(item)
    .as(alias);

/** The name of the child category with this id, if there is one. */
export async function childCategoryName(db: Db | Tx, id: number): Promise<string | undefined> {
  const [c] = await db.select({ name: projectChild.name }).from(projectChild).where(eq(projectChild.id, id));
  return c?.name;
}

/** What the results domain reads of an item (decision 0075): its result fields, method and marks. */
export type ItemResultSpec = {
  rid: string;
  name: string;
  resultFields: CatalogueItem['resultFields'];
  method: string;
  accredited: boolean;
  subcontractedTo: string | null;
};

/** The result specs of the items with these rids, by rid (on sale or not). */
export async function itemResultSpecs(db: Db | Tx, rids: string[]): Promise<Map<string, ItemResultSpec>> {
  if (rids.length === 0) return new Map();
  const rows = await db
    .select({
      rid: item.rid,
      name: item.name,
      resultFields: item.resultFields,
      method: item.method,
      accredited: item.accredited,
      subcontractedTo: item.subcontractedTo,
    })
    .from(item)
    .where(inArray(item.rid, [...new Set(rids)]));
  return new Map(rows.map((r) => [r.rid, r]));
}
