import { eq } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { device } from './tables.ts';

// Staff's instrument screen lives in reservations; the instruments are catalogue's rows, so
// catalogue writes them (decision 0060).

export type DeviceValues = typeof device.$inferInsert;

/** Adds an instrument; the stored row. */
export async function insertDevice(s: Services, values: DeviceValues) {
  const [d] = await s.db.insert(device).values(values).returning();
  return d;
}

/** Changes an instrument by its public id; the stored row, or undefined when there is none. */
export async function updateDevice(s: Services, rid: string, changes: Partial<DeviceValues>) {
  const [d] = await s.db.update(device).set(changes).where(eq(device.rid, rid)).returning();
  return d;
}
