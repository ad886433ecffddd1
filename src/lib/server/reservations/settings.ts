import { eq } from 'drizzle-orm';
import { setting } from '../catalogue/site-tables.ts';
import type { Services } from '../platform/services.ts';
import type { Db } from '../platform/db/client.ts';
import type { Tx } from '../platform/db/client.ts';
import {
  DEFAULT_RESERVATION_SETTINGS,
  RESERVATION_SETTING_KEY,
  type ReservationSettings,
} from '../../shared/reservations/reservation-rules.ts';

/** Opening hours and the cancellation deadline; the defaults stand in for a missing row. */
export async function getReservationSettings(db: Db | Tx): Promise<ReservationSettings> {
  const [row] = await db.select().from(setting).where(eq(setting.key, RESERVATION_SETTING_KEY));
  const v = (row?.value ?? {}) as Partial<ReservationSettings>;
  return { ...DEFAULT_RESERVATION_SETTINGS, ...v };
}

export async function updateReservationSettings(
  s: Services,
  value: ReservationSettings,
): Promise<ReservationSettings> {
  await s.db
    .insert(setting)
    .values({ key: RESERVATION_SETTING_KEY, value, updatedAt: new Date(s.now()) })
    .onConflictDoUpdate({ target: setting.key, set: { value, updatedAt: new Date(s.now()) } });
  return getReservationSettings(s.db);
}
