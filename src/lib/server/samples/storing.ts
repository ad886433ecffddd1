// Where a sample is stored (decisions 0071, 0072): a stored event names a real, live location of
// the tree, by the code on its label or by its id, and records its id and its path in words.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { DomainError } from '../platform/errors.ts';
import { storageLocations } from './location-tables.ts';
import { describeLocation } from './locations.ts';
import {
  LOCATION_CODE,
  normaliseCode,
  UNKNOWN_LOCATION_CODE,
  type Location,
} from '../../shared/samples/locations.ts';
import { LOCATION_ARCHIVED } from '../../shared/samples/scan.ts';

/** A location samples can be put in now: its row id and its answer (path, code…). */
export type StoreTarget = { id: number; location: Location };

/**
 * The location a code (LOC-…, any case) or an id names, refused when unknown or archived (an
 * archived location still scans, but nothing new goes in).
 */
export async function storeTarget(db: Db | Tx, by: { code?: string; id?: number }): Promise<StoreTarget> {
  const code = by.code === undefined ? undefined : normaliseCode(by.code);
  if (code !== undefined && !LOCATION_CODE.test(code))
    throw new DomainError(UNKNOWN_LOCATION_CODE, 200, 'NOT_FOUND');
  const where = code !== undefined ? eq(storageLocations.code, code) : eq(storageLocations.id, by.id ?? 0);
  const [row] = await db.select().from(storageLocations).where(where);
  if (!row) throw new DomainError(UNKNOWN_LOCATION_CODE, 200, 'NOT_FOUND');
  if (row.archivedAt !== null) throw new DomainError(LOCATION_ARCHIVED);
  return { id: row.id, location: await describeLocation(db, row) };
}

/** What a stored event records of its location. */
export const storedDetails = (t: StoreTarget) => ({ location_id: t.id, location: t.location.path_text });
