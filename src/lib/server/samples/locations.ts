// Storage locations (decision 0071): reading the tree, paths and label codes, and the hook through
// which a location says how many samples it holds.
import { randomInt } from 'node:crypto';
import { count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { rowsOf } from '../platform/db/client.ts';
import { DomainError } from '../platform/errors.ts';
import { storageLocations } from './location-tables.ts';
import { samples } from './tables.ts';
import {
  LOCATION_CODE,
  LOCATION_CODE_ALPHABET,
  LOCATION_KIND_TEXT,
  LOCATION_NOT_FOUND,
  normaliseCode,
  PATH_SEPARATOR,
  UNKNOWN_LOCATION_CODE,
  type Location,
} from '../../shared/samples/locations.ts';

export type LocationRow = typeof storageLocations.$inferSelect;

/**
 * The samples each location holds now (samples.location_id; a location absent from the map holds
 * none), so one holding any is archived, not deleted.
 */
const samplesStored = async (db: Db | Tx, ids: number[]): Promise<Map<number, number>> => {
  const rows = await db
    .select({ id: samples.locationId, n: count() })
    .from(samples)
    .where(inArray(samples.locationId, ids))
    .groupBy(samples.locationId);
  return new Map(rows.map((r) => [r.id ?? 0, r.n]));
};

export const sampleCounts = (db: Db | Tx, ids: number[]) =>
  ids.length ? samplesStored(db, ids) : Promise.resolve(new Map<number, number>());

/** A fresh label code; the unique index catches the one-in-10¹² clash (the caller retries). */
export const newLocationCode = () =>
  `LOC-${Array.from({ length: 8 }, () => LOCATION_CODE_ALPHABET[randomInt(LOCATION_CODE_ALPHABET.length)]).join('')}`;

/** Each location's names from its room down, from one read of the whole tree (it is small). */
function pathsOf(rows: Pick<LocationRow, 'id' | 'parentId' | 'name'>[]) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const paths = new Map<number, string[]>();
  const walk = (id: number, seen: Set<number>): string[] => {
    const known = paths.get(id);
    if (known) return known;
    const row = byId.get(id);
    if (!row || seen.has(id)) return [];
    seen.add(id);
    const path = [...(row.parentId === null ? [] : walk(row.parentId, seen)), row.name];
    paths.set(id, path);
    return path;
  };
  for (const r of rows) walk(r.id, new Set());
  return paths;
}

/** A location as the API answers it. */
function locationOut(row: LocationRow, path: string[], parentRid: string | null, samples: number): Location {
  return {
    rid: row.rid,
    parent_rid: parentRid,
    kind: row.kind,
    kind_text: LOCATION_KIND_TEXT[row.kind],
    name: row.name,
    note: row.note,
    code: row.code,
    path,
    path_text: path.join(PATH_SEPARATOR),
    archived: row.archivedAt !== null,
    samples,
    created: row.createdAt.toISOString(),
  };
}

/** Names as people count them: 第 2 层 before 第 10 层. */
const collator = new Intl.Collator('zh-CN', { numeric: true });
function comparePaths(a: string[], b: string[]) {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const order = collator.compare(a[i], b[i]);
    if (order) return order;
  }
  return a.length - b.length;
}

/** The tree as a flat list, parents before their children, siblings by name. */
export async function locationTree(db: Db | Tx, withArchived: boolean): Promise<Location[]> {
  const rows = await db.select().from(storageLocations);
  const shown = withArchived ? rows : rows.filter((r) => r.archivedAt === null);
  const paths = pathsOf(rows);
  const rids = new Map(rows.map((r) => [r.id, r.rid]));
  const counts = await sampleCounts(
    db,
    shown.map((r) => r.id),
  );
  const path = (r: LocationRow) => paths.get(r.id) ?? [r.name];
  return shown
    .toSorted((a, b) => comparePaths(path(a), path(b)))
    .map((r) =>
      locationOut(
        r,
        paths.get(r.id) ?? [r.name],
        r.parentId === null ? null : (rids.get(r.parentId) ?? null),
        counts.get(r.id) ?? 0,
      ),
    );
}

/** A location with the rows above it (room first), read with one recursive query. */
async function withAncestors(db: Db | Tx, id: number): Promise<LocationRow[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      with recursive up(id, parent_id, depth) as (
        select id, parent_id, 0 from storage_locations where id = ${id}
        union all
        select l.id, l.parent_id, up.depth + 1 from storage_locations l join up on l.id = up.parent_id
        where up.depth < 16
      )
      select id from up order by depth desc`),
  );
  const ids = rows.map((r) => Number(r.id));
  const found = await db.select().from(storageLocations).where(inArray(storageLocations.id, ids));
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.map((i) => byId.get(i)).filter((r): r is LocationRow => r !== undefined);
}

/** One location as the API answers it: its path and its sample count. */
export async function describeLocation(db: Db | Tx, row: LocationRow): Promise<Location> {
  const chain = await withAncestors(db, row.id);
  const parent = chain.at(-2);
  const counts = await sampleCounts(db, [row.id]);
  return locationOut(
    row,
    chain.map((r) => r.name),
    parent?.rid ?? null,
    counts.get(row.id) ?? 0,
  );
}

export async function locationByRid(db: Db | Tx, rid: string, lock = false): Promise<LocationRow> {
  const query = db.select().from(storageLocations).where(eq(storageLocations.rid, rid));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new DomainError(LOCATION_NOT_FOUND, 200, 'NOT_FOUND');
  return row;
}

/**
 * The location a scanned label names (any case, spaces around it ignored). The scan screen stores
 * samples there next; an archived location is found but says so (`archived`).
 */
export async function locationByCode(db: Db | Tx, scanned: string): Promise<Location> {
  const code = normaliseCode(scanned);
  if (!LOCATION_CODE.test(code)) throw new DomainError(UNKNOWN_LOCATION_CODE, 200, 'NOT_FOUND');
  const [row] = await db.select().from(storageLocations).where(eq(storageLocations.code, code));
  if (!row) throw new DomainError(UNKNOWN_LOCATION_CODE, 200, 'NOT_FOUND');
  return describeLocation(db, row);
}

/** The ids of a location and everything under it. */
export async function subtreeIds(db: Db | Tx, id: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      with recursive down(id) as (
        select id from storage_locations where id = ${id}
        union
        select l.id from storage_locations l join down on l.parent_id = down.id
      )
      select id from down`),
  );
  return rows.map((r) => Number(r.id));
}

/** A live sibling of this name under the parent (null: among rooms), other than `except`. */
export async function liveSiblingNamed(db: Db | Tx, parentId: number | null, name: string, except?: number) {
  const rows = await db
    .select({ id: storageLocations.id })
    .from(storageLocations)
    .where(
      sql`${parentId === null ? isNull(storageLocations.parentId) : eq(storageLocations.parentId, parentId)}
        and ${storageLocations.name} = ${name} and ${storageLocations.archivedAt} is null`,
    );
  return rows.some((r) => r.id !== except);
}
