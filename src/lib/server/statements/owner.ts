// Whose statement (decision 0046): a customer's own, or a research group's wallet. A group's
// statement is addressed to its leader at the time it is issued.
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { statements } from './tables.ts';
import { buildGroupStatement, buildStatement, type Built } from './build.ts';
import type { StatementRow } from './view.ts';
import { groupDirectory } from '../groups/index.ts';

const researchGroup = groupDirectory('researchGroup');

export type Owner = { kind: 'user'; userId: number } | { kind: 'group'; groupId: number };

export const ownerOf = (row: StatementRow): Owner =>
  row.groupId === null ? { kind: 'user', userId: row.userId } : { kind: 'group', groupId: row.groupId };

/** The statements of this owner (a customer's own never include their groups'). */
export const ownerWhere = (owner: Owner): SQL =>
  owner.kind === 'user'
    ? and(eq(statements.userId, owner.userId), isNull(statements.groupId))!
    : eq(statements.groupId, owner.groupId);

export const buildFor = (db: Db | Tx, owner: Owner, month: string): Promise<Built> =>
  owner.kind === 'user'
    ? buildStatement(db, owner.userId, month)
    : buildGroupStatement(db, owner.groupId, month);

/** The columns naming the owner on a new statement: the customer, or the group and its leader. */
export async function ownerColumns(db: Db | Tx, owner: Owner) {
  if (owner.kind === 'user') return { userId: owner.userId, groupId: null };
  const [g] = await db
    .select({ leaderId: researchGroup.leaderId })
    .from(researchGroup)
    .where(eq(researchGroup.id, owner.groupId));
  return { userId: g.leaderId, groupId: owner.groupId };
}
