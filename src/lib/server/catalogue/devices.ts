import { and, asc, eq, ilike, or } from 'drizzle-orm';
import { searchTerms } from '../../shared/catalogue/abbreviations.ts';
import type { DeviceDetail, DeviceSummary, Paged } from '../../shared/catalogue/catalogue.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { device, item } from './tables.ts';
import type { Services } from '../platform/services.ts';
import { countAll, toDeviceSummary } from './rows.ts';
import { containsPattern } from '../platform/db/like.ts';

export type DeviceQuery = { kw?: string; category?: string; page?: number; size?: number };

/** Bookable instruments matching a keyword and/or a category. */
export async function listDevices(
  s: Services,
  q: DeviceQuery,
): Promise<Paged<DeviceSummary> & { categories: string[] }> {
  const w = pageWindow(q.page, q.size);
  const kw = q.kw?.trim();
  // Names, models, categories, places, the sketch and the linked item's name, for the keyword and
  // what an abbreviation stands for (SEM → 扫描电子显微镜).
  const matches = kw
    ? or(
        ...searchTerms(kw).flatMap((term) => {
          const pattern = containsPattern(term);
          return [
            ilike(device.name, pattern),
            ilike(device.model, pattern),
            ilike(device.category, pattern),
            ilike(device.location, pattern),
            ilike(device.sketch, pattern),
            ilike(item.name, pattern),
          ];
        }),
      )
    : undefined;
  const where = and(
    eq(device.onSale, true),
    q.category ? eq(device.category, q.category) : undefined,
    matches,
  );
  const [rows, [{ total }], categories] = await Promise.all([
    s.db
      .select({ device })
      .from(device)
      .leftJoin(item, eq(item.rid, device.itemRid))
      .where(where)
      .orderBy(asc(device.sort), asc(device.id))
      .limit(w.size)
      .offset(w.offset),
    s.db.select({ total: countAll }).from(device).leftJoin(item, eq(item.rid, device.itemRid)).where(where),
    s.db
      .selectDistinct({ category: device.category })
      .from(device)
      .where(eq(device.onSale, true))
      .orderBy(asc(device.category)),
  ]);
  return {
    list: rows.map((r) => toDeviceSummary(r.device)),
    total,
    categories: categories.map((c) => c.category),
  };
}

export async function getDevice(s: Services, rid: string): Promise<DeviceDetail | null> {
  const [row] = await s.db
    .select({ device, itemName: item.name, itemTypeId: item.typeId })
    .from(device)
    .leftJoin(item, eq(item.rid, device.itemRid))
    .where(and(eq(device.rid, rid), eq(device.onSale, true)));
  if (!row) return null;
  const d = row.device;
  return {
    ...toDeviceSummary(d),
    specs: d.specs,
    item:
      d.itemRid && row.itemName !== null && row.itemTypeId !== null
        ? { rid: d.itemRid, name: row.itemName, type_id: row.itemTypeId }
        : null,
  };
}
