import { readSetting, writeSetting } from '../catalogue/index.ts';
import type { Services } from '../platform/services.ts';
import type { Db } from '../platform/db/client.ts';
import type { Tx } from '../platform/db/client.ts';
import {
  DEFAULT_RESERVATION_SETTINGS,
  RESERVATION_SETTING_KEY,
  deviceSettings,
  type DeviceBookingRules,
  type ReservationSettings,
} from '../../shared/reservations/reservation-rules.ts';

/** Opening hours and the cancellation deadline; the defaults stand in for a missing row. */
export async function getReservationSettings(db: Db | Tx): Promise<ReservationSettings> {
  const v = ((await readSetting(db, RESERVATION_SETTING_KEY)) ?? {}) as Partial<ReservationSettings>;
  return { ...DEFAULT_RESERVATION_SETTINGS, ...v };
}

/** The settings that hold for one instrument: its own hours and deadline over the lab's (decision 0087). */
export async function settingsOfDevice(
  db: Db | Tx,
  d: { bookingRules: DeviceBookingRules | null },
): Promise<ReservationSettings> {
  return deviceSettings(await getReservationSettings(db), d.bookingRules);
}

export async function updateReservationSettings(
  s: Services,
  value: ReservationSettings,
): Promise<ReservationSettings> {
  await writeSetting(s, RESERVATION_SETTING_KEY, value);
  return getReservationSettings(s.db);
}
