// The research groups' part of a person's data (privacy, decision 0044).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { groupMembers, researchGroups } from './tables.ts';

/** The names of the active groups the user leads, joined by 、, or null. */
export async function ledGroupNames(db: Db | Tx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ names: sql<string | null>`string_agg(${researchGroups.name}, '、')` })
    .from(researchGroups)
    .where(and(eq(researchGroups.leaderId, userId), eq(researchGroups.status, 'active')));
  return row?.names ?? null;
}

/** The user's memberships (group, role, status, since), for the data export. */
export async function membershipsOf(db: Db, userId: number) {
  return db
    .select({
      group: researchGroups.name,
      role: groupMembers.role,
      status: groupMembers.status,
      since: groupMembers.createdAt,
    })
    .from(groupMembers)
    .innerJoin(researchGroups, eq(researchGroups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId));
}

/** A closing account leaves every group it is in or asked to join. */
export async function leaveAllGroups(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(groupMembers)
    .set({ status: 'left' })
    .where(and(eq(groupMembers.userId, userId), inArray(groupMembers.status, ['pending', 'active'])));
}
