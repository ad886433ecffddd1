import { eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../platform/db/client.ts';
import { staffMembers } from './tables.ts';
import type { Role } from '../../shared/staff/permissions.ts';

/** The staff role of a user, or null for a customer. */
export async function staffRole(db: Db | Tx, userId: number): Promise<Role | null> {
  const [row] = await db
    .select({ role: staffMembers.role })
    .from(staffMembers)
    .where(eq(staffMembers.userId, userId));
  return row?.role ?? null;
}

/** The staff roles as other domains read them beside a user (user/info): left-joined on `userId`. */
export const staffDirectory = (alias: string) =>
  new QueryBuilder()
    .select({ userId: staffMembers.userId, role: staffMembers.role })
    .from(staffMembers)
    .as(alias);
