import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { DeviceDetail, DeviceSummary, DeviceWeek, Paged } from '../../../shared/catalogue.ts';
import { pageWindow } from '../../../shared/pagination.ts';
import { shanghaiDate, weekSlots, type BusyInterval } from '../../../shared/slots.ts';
import { device, item } from '../../db/schema/index.ts';
import type { Services } from '../../services.ts';
import { containsPattern, countAll, toDeviceSummary } from './rows.ts';

export type DeviceQuery = { kw?: string; category?: string; page?: number; size?: number };

/** Bookable instruments matching a keyword (name, model, category, location) and/or category. */
export async function listDevices(
  s: Services,
  q: DeviceQuery,
): Promise<Paged<DeviceSummary> & { categories: string[] }> {
  const w = pageWindow(q.page, q.size);
  const kw = q.kw?.trim();
  const pattern = kw ? containsPattern(kw) : undefined;
  const where = and(
    eq(device.onSale, true),
    q.category ? eq(device.category, q.category) : undefined,
    pattern
      ? or(
          ilike(device.name, pattern),
          ilike(device.model, pattern),
          ilike(device.category, pattern),
          ilike(device.location, pattern),
        )
      : undefined,
  );
  const [rows, [{ total }], categories] = await Promise.all([
    s.db
      .select()
      .from(device)
      .where(where)
      .orderBy(asc(device.sort), asc(device.id))
      .limit(w.size)
      .offset(w.offset),
    s.db.select({ total: countAll }).from(device).where(where),
    s.db
      .selectDistinct({ category: device.category })
      .from(device)
      .where(eq(device.onSale, true))
      .orderBy(asc(device.category)),
  ]);
  return { list: rows.map(toDeviceSummary), total, categories: categories.map((c) => c.category) };
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

/**
 * A week of booking slots for a device starting at `date` (default: today in Shanghai).
 * Bookings and holiday blocks arrive with a later issue; they will be passed as `busy`.
 */
export async function getDeviceWeek(
  s: Services,
  q: { rid: string; date?: string; now?: Date; busy?: BusyInterval[] },
): Promise<DeviceWeek | null> {
  const [d] = await s.db
    .select()
    .from(device)
    .where(and(eq(device.rid, q.rid), eq(device.onSale, true)));
  if (!d) return null;
  const now = q.now ?? new Date();
  const from = q.date ?? shanghaiDate(now);
  return {
    rid: d.rid,
    date: from,
    min_minutes: d.minMinutes,
    lead_hours: d.leadHours,
    days: weekSlots({ from, now, minMinutes: d.minMinutes, leadHours: d.leadHours, busy: q.busy }),
  };
}
