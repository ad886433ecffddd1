import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { item, projectChild } from './tables.ts';

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
