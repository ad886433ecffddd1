import { and, asc, eq, gte, ilike, lt, or } from 'drizzle-orm';
import { searchTerms } from '../../shared/catalogue/abbreviations.ts';
import type { DeviceDetail, DeviceSummary, DeviceWeek, Paged } from '../../shared/catalogue/catalogue.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { addDays, shanghaiDate, shanghaiMidnight, weekSlots, type BusyInterval } from '../../shared/slots.ts';
import { BLOCK_KIND_TEXT, CELL_MINUTES, openingHours } from '../../shared/reservations/reservation-rules.ts';
import { device, item, reservationSlots } from '../platform/db/schema.ts';
import { getReservationSettings } from '../reservations/settings.ts';
import { blocksOverlapping } from '../reservations/book.ts';
import type { Services } from '../platform/services.ts';
import { containsPattern, countAll, toDeviceSummary } from './rows.ts';

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

/**
 * A week of booking slots for a device starting at `date` (default: today in Shanghai), with
 * the opening hours from the settings, staff blocks ('blocked') and booked cells ('taken', never
 * saying by whom).
 */
export async function getDeviceWeek(
  s: Services,
  q: { rid: string; date?: string; now?: Date },
): Promise<DeviceWeek | null> {
  const [d] = await s.db
    .select()
    .from(device)
    .where(and(eq(device.rid, q.rid), eq(device.onSale, true)));
  if (!d) return null;
  const now = q.now ?? new Date(s.now());
  const from = q.date ?? shanghaiDate(now);
  const weekStart = shanghaiMidnight(from)!;
  const weekEnd = shanghaiMidnight(addDays(from, 7))!;
  const [settings, blocks, cells] = await Promise.all([
    getReservationSettings(s.db),
    blocksOverlapping(s.db, d.id, weekStart, weekEnd),
    s.db
      .select({ start: reservationSlots.slotStart })
      .from(reservationSlots)
      .where(
        and(
          eq(reservationSlots.deviceId, d.id),
          gte(reservationSlots.slotStart, new Date(weekStart)),
          lt(reservationSlots.slotStart, new Date(weekEnd)),
        ),
      ),
  ]);
  const busy: BusyInterval[] = [
    ...blocks.map((b) => ({
      start: b.startAt,
      end: b.endAt,
      status: 'blocked' as const,
      note: `${BLOCK_KIND_TEXT[b.kind]}${b.reason ? `：${b.reason}` : ''}`,
      holiday: b.kind === 'holiday' ? { reason: b.reason } : undefined,
    })),
    ...cells.map((c) => ({
      start: c.start,
      end: +c.start + CELL_MINUTES * 60_000,
      status: 'taken' as const,
    })),
  ];
  return {
    rid: d.rid,
    date: from,
    min_minutes: d.minMinutes,
    lead_hours: d.leadHours,
    price_fen: d.priceFen,
    price_unit: d.priceUnit === 'session' ? 'session' : 'hour',
    open: settings.open,
    close: settings.close,
    cancel_hours: settings.cancel_hours,
    days: weekSlots({
      from,
      now,
      minMinutes: d.minMinutes,
      leadHours: d.leadHours,
      busy,
      hours: openingHours(settings),
    }),
  };
}
