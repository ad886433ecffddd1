import { asc, eq, sql } from 'drizzle-orm';
import type { AbilityItem, Paged } from '../../shared/catalogue/catalogue.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { ability } from './tables.ts';
import type { Services } from '../platform/services.ts';
import { countAll } from './rows.ts';

const columns = {
  rid: ability.rid,
  title: ability.title,
  img: ability.img,
  sketch: ability.sketch,
  content: ability.content,
  category: ability.category,
  views: ability.views,
};

/** Capability showcase entries, optionally of one category, with every category for the tabs. */
export async function listAbilities(
  s: Services,
  q: { category?: string; page?: number; size?: number },
): Promise<Paged<AbilityItem> & { categories: string[] }> {
  const w = pageWindow(q.page, q.size);
  const where = q.category ? eq(ability.category, q.category) : undefined;
  const [list, [{ total }], categories] = await Promise.all([
    s.db
      .select(columns)
      .from(ability)
      .where(where)
      .orderBy(asc(ability.sort), asc(ability.id))
      .limit(w.size)
      .offset(w.offset),
    s.db.select({ total: countAll }).from(ability).where(where),
    s.db
      .select({ category: ability.category })
      .from(ability)
      .groupBy(ability.category)
      .orderBy(asc(sql`min(${ability.sort})`)),
  ]);
  return { list, total, categories: categories.map((c) => c.category) };
}

/** Counts one view; a single UPDATE so concurrent viewers in several processes all count. */
export async function syncAbilityViews(
  s: Services,
  rid: string,
): Promise<{ rid: string; views: number } | null> {
  const [row] = await s.db
    .update(ability)
    .set({ views: sql`${ability.views} + 1` })
    .where(eq(ability.rid, rid))
    .returning({ rid: ability.rid, views: ability.views });
  return row ?? null;
}
