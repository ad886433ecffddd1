import { and, eq, gte, lt } from 'drizzle-orm';
import type { DeviceWeek } from '../../shared/catalogue/catalogue.ts';
import { addDays, shanghaiMidnight, weekSlots, type BusyInterval } from '../../shared/slots.ts';
import { shanghaiDate } from '../../shared/time.ts';
import { BLOCK_KIND_TEXT, CELL_MINUTES, openingHours } from '../../shared/reservations/reservation-rules.ts';
import { reservationSlots } from './tables.ts';
import type { Services } from '../platform/services.ts';
import { settingsOfDevice } from './settings.ts';
import { blocksOverlapping } from './book.ts';
import { deviceDirectory } from '../catalogue/index.ts';

const instrument = deviceDirectory('instrument');

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
    .from(instrument)
    .where(and(eq(instrument.rid, q.rid), eq(instrument.onSale, true)));
  if (!d) return null;
  const now = q.now ?? new Date(s.now());
  const from = q.date ?? shanghaiDate(now);
  const weekStart = shanghaiMidnight(from)!;
  const weekEnd = shanghaiMidnight(addDays(from, 7))!;
  const [settings, blocks, cells] = await Promise.all([
    settingsOfDevice(s.db, d),
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
