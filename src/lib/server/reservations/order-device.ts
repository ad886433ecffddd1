import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { reservations } from './tables.ts';
import { deviceDirectory, type Device } from '../catalogue/index.ts';

const instrument = deviceDirectory('instrument');

/**
 * The instrument an order's reservation booked, if it is a reservation's order: handed to the
 * customer's order routes by the app (orders cannot import reservations, decision 0061).
 */
export async function reservedDeviceOf(db: Db, orderId: number): Promise<Device | undefined> {
  const [row] = await db
    .select()
    .from(instrument)
    .innerJoin(reservations, eq(reservations.deviceId, instrument.id))
    .where(eq(reservations.orderId, orderId));
  return row?.instrument;
}
