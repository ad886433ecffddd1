import { eq, inArray } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../platform/db/client.ts';
import { staffMembers } from './tables.ts';
import type { Role } from '../../shared/staff/permissions.ts';
import { batchedLookup } from '../platform/db/batch.ts';

/** The staff role of a user, or null for a customer. */
export async function staffRole(db: Db | Tx, userId: number): Promise<Role | null> {
  const [row] = await db
    .select({ role: staffMembers.role })
    .from(staffMembers)
    .where(eq(staffMembers.userId, userId));
  return row?.role ?? null;
}

const roleLookups = new WeakMap<Db, (userId: number) => Promise<Role | undefined>>();

/**
 * The staff role of the user behind a console call, read together with the roles of the calls
 * that arrived with it (decision 0068): the guard of every /api/admin call asks for it.
 */
export async function currentStaffRole(db: Db, userId: number): Promise<Role | null> {
  let lookup = roleLookups.get(db);
  if (!lookup) {
    lookup = batchedLookup(async (ids: number[]) => {
      const rows = await db
        .select({ userId: staffMembers.userId, role: staffMembers.role })
        .from(staffMembers)
        .where(inArray(staffMembers.userId, ids));
      return new Map(rows.map((r) => [r.userId, r.role]));
    });
    roleLookups.set(db, lookup);
  }
  return (await lookup(userId)) ?? null;
}

/** The staff roles as other domains read them beside a user (user/info): left-joined on `userId`. */
export const staffDirectory = (alias: string) =>
  new QueryBuilder()
    .select({ userId: staffMembers.userId, role: staffMembers.role })
    .from(staffMembers)
    .as(alias);
