// The instruments a result names (decision 0075): the catalogue's devices, by their name and model.
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { deviceDirectory } from '../catalogue/index.ts';

const device = deviceDirectory('result_device');
const label = sql<string>`trim(${device.name} || ' ' || ${device.model})`;

/** Every device as the entry form offers it: `name model`, with its rid. */
export async function instrumentChoices(db: Db | Tx): Promise<{ rid: string; name: string }[]> {
  return db.select({ rid: device.rid, name: label }).from(device).orderBy(device.name, device.id);
}

/** The device an instrument's text names exactly, if it is one of the catalogue's. */
export async function instrumentRidOf(db: Db | Tx, text: string): Promise<string | null> {
  if (!text) return null;
  const [d] = await db.select({ rid: device.rid }).from(device).where(eq(label, text)).limit(1);
  return d?.rid ?? null;
}
