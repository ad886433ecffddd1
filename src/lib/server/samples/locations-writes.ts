// Changing the storage tree (decision 0071). Every change runs in one transaction under one
// advisory lock, so two moves at once cannot make a cycle and two adds cannot share a name.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { storageLocations } from './location-tables.ts';
import {
  describeLocation,
  liveSiblingNamed,
  locationByRid,
  newLocationCode,
  sampleCounts,
  subtreeIds,
  type LocationRow,
} from './locations.ts';
import {
  LOCATION_KIND_TEXT,
  nestingRefusal,
  type Location,
  type LocationKind,
} from '../../shared/samples/locations.ts';

const refuse = (message: string) => new DomainError(message);
const taken = (name: string) => refuse(`同一上级位置下已有名为「${name}」的位置，请换一个名称`);
const ARCHIVED = '该位置已归档，请先恢复后再修改';
const PARENT_ARCHIVED = '上级位置已归档，不能放入新的位置';

async function lockTree(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('samples:storage_locations'))`);
}

/** The live parent a location goes into (null: the top, for rooms). */
async function liveParent(tx: Tx, rid: string | null | undefined): Promise<LocationRow | null> {
  if (!rid) return null;
  const parent = await locationByRid(tx, rid).catch(() => {
    throw refuse('上级位置不存在');
  });
  if (parent.archivedAt) throw refuse(PARENT_ARCHIVED);
  return parent;
}

function checkNesting(kind: LocationKind, parent: LocationRow | null) {
  const refusal = nestingRefusal(kind, parent?.kind ?? null);
  if (refusal) throw refuse(refusal);
}

export async function createLocation(
  tx: Tx,
  input: { parent_rid?: string | null; kind: LocationKind; name: string; note: string },
  now: number,
): Promise<Location> {
  await lockTree(tx);
  const parent = await liveParent(tx, input.parent_rid);
  checkNesting(input.kind, parent);
  if (await liveSiblingNamed(tx, parent?.id ?? null, input.name)) throw taken(input.name);
  let code = newLocationCode();
  while (
    (
      await tx
        .select({ id: storageLocations.id })
        .from(storageLocations)
        .where(eq(storageLocations.code, code))
    ).length
  )
    code = newLocationCode();
  const [row] = await tx
    .insert(storageLocations)
    .values({
      rid: newRid('storageLocation'),
      parentId: parent?.id ?? null,
      kind: input.kind,
      name: input.name,
      note: input.note,
      code,
      createdAt: new Date(now),
    })
    .returning();
  return describeLocation(tx, row);
}

/** Name, kind and note; a new kind must still fit its parent and the locations it holds. */
export async function editLocation(
  tx: Tx,
  input: { rid: string; kind: LocationKind; name: string; note: string },
): Promise<Location> {
  await lockTree(tx);
  const row = await locationByRid(tx, input.rid, true);
  if (row.archivedAt) throw refuse(ARCHIVED);
  if (input.kind !== row.kind) {
    const parent = row.parentId === null ? null : await parentOf(tx, row);
    checkNesting(input.kind, parent);
    const children = await tx
      .select({ kind: storageLocations.kind })
      .from(storageLocations)
      .where(eq(storageLocations.parentId, row.id));
    const misfit = children.find((c) => nestingRefusal(c.kind, input.kind));
    if (misfit)
      throw refuse(
        `该位置中放有${LOCATION_KIND_TEXT[misfit.kind]}，不能改为${LOCATION_KIND_TEXT[input.kind]}`,
      );
  }
  if (input.name !== row.name && (await liveSiblingNamed(tx, row.parentId, input.name, row.id)))
    throw taken(input.name);
  const [saved] = await tx
    .update(storageLocations)
    .set({ kind: input.kind, name: input.name, note: input.note })
    .where(eq(storageLocations.id, row.id))
    .returning();
  return describeLocation(tx, saved);
}

async function parentOf(tx: Tx, row: LocationRow): Promise<LocationRow | null> {
  if (row.parentId === null) return null;
  const [parent] = await tx.select().from(storageLocations).where(eq(storageLocations.id, row.parentId));
  return parent ?? null;
}

/** Into another parent (null: the top); never into itself or anything it holds. */
export async function moveLocation(
  tx: Tx,
  input: { rid: string; parent_rid: string | null },
): Promise<Location> {
  await lockTree(tx);
  const row = await locationByRid(tx, input.rid, true);
  if (row.archivedAt) throw refuse(ARCHIVED);
  const parent = await liveParent(tx, input.parent_rid);
  if (parent && (await subtreeIds(tx, row.id)).includes(parent.id))
    throw refuse('不能把位置移到它自己或它的下级位置中');
  checkNesting(row.kind, parent);
  const parentId = parent?.id ?? null;
  if (parentId === row.parentId) return describeLocation(tx, row);
  if (await liveSiblingNamed(tx, parentId, row.name, row.id)) throw taken(row.name);
  const [saved] = await tx
    .update(storageLocations)
    .set({ parentId })
    .where(eq(storageLocations.id, row.id))
    .returning();
  return describeLocation(tx, saved);
}

/**
 * Archives a location with everything under it: hidden from the tree and from storing, kept for
 * the samples that were there. Answers how many samples the subtree still holds.
 */
export async function archiveLocation(
  tx: Tx,
  rid: string,
  now: number,
): Promise<{ location: Location; holding: number }> {
  await lockTree(tx);
  const row = await locationByRid(tx, rid, true);
  if (row.archivedAt) throw refuse('该位置已归档');
  const ids = await subtreeIds(tx, row.id);
  await tx
    .update(storageLocations)
    .set({ archivedAt: new Date(now) })
    .where(and(inArray(storageLocations.id, ids), isNull(storageLocations.archivedAt)));
  const counts = await sampleCounts(tx, ids);
  const holding = [...counts.values()].reduce((a, b) => a + b, 0);
  return { location: await describeLocation(tx, await locationByRid(tx, rid)), holding };
}

/** Brings back an archived location and what was archived with it. */
export async function restoreLocation(tx: Tx, rid: string): Promise<Location> {
  await lockTree(tx);
  const row = await locationByRid(tx, rid, true);
  if (!row.archivedAt) throw refuse('该位置未归档');
  const parent = await parentOf(tx, row);
  if (parent?.archivedAt) throw refuse('上级位置已归档，请先恢复上级位置');
  if (await liveSiblingNamed(tx, row.parentId, row.name, row.id)) throw taken(row.name);
  const ids = await subtreeIds(tx, row.id);
  await tx
    .update(storageLocations)
    .set({ archivedAt: null })
    .where(and(inArray(storageLocations.id, ids), eq(storageLocations.archivedAt, row.archivedAt)));
  return describeLocation(tx, await locationByRid(tx, rid));
}

/** Deletes a location that holds nothing: no locations under it and no samples. */
export async function deleteLocation(tx: Tx, rid: string): Promise<void> {
  await lockTree(tx);
  const row = await locationByRid(tx, rid, true);
  const [child] = await tx
    .select({ id: storageLocations.id })
    .from(storageLocations)
    .where(eq(storageLocations.parentId, row.id))
    .limit(1);
  if (child) throw refuse('该位置下还有下级位置（含已归档的），不能删除');
  const held = (await sampleCounts(tx, [row.id])).get(row.id) ?? 0;
  if (held > 0) throw refuse(`该位置存放着 ${held} 个样品，不能删除，可改为归档`);
  await tx.delete(storageLocations).where(eq(storageLocations.id, row.id));
}
