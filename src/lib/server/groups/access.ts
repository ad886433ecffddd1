// Who may act on a research group: the group and the caller's membership, its managers, and the
// messages members send each other; what every use case of groups reads first.
import { and, eq, gte, inArray, ne, sum } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { groupMembers, groupPayments, researchGroups } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { orderDirectory } from '../orders/index.ts';
import { userDirectory, userIdByRid } from '../accounts/index.ts';
import { queueNotices } from '../notify/index.ts';
import { maskedPerson } from '../../shared/accounts/mask.ts';
import { shanghaiMidnight } from '../../shared/slots.ts';
import { shanghaiMonth } from '../../shared/time.ts';
import { GROUP_NOT_FOUND, NOT_GROUP_MANAGER } from '../../shared/groups/groups.ts';

export type Group = typeof researchGroups.$inferSelect;
export type Member = typeof groupMembers.$inferSelect;
export type Payment = typeof groupPayments.$inferSelect;

export async function findGroup(db: Db | Tx, rid: string): Promise<Group> {
  const [g] = await db.select().from(researchGroups).where(eq(researchGroups.rid, rid));
  if (!g) throw new DomainError(GROUP_NOT_FOUND, 200, 'NOT_FOUND');
  return g;
}

export async function membership(db: Db | Tx, groupId: number, userId: number): Promise<Member | undefined> {
  const [m] = await db
    .select()
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.userId, userId),
        eq(groupMembers.status, 'active'),
      ),
    );
  return m;
}

/** The group and the caller's live membership; a non-member reads 课题组不存在 (nothing leaks). */
export async function asMember(db: Db | Tx, rid: string, userId: number) {
  const group = await findGroup(db, rid);
  const me = await membership(db, group.id, userId);
  if (!me || group.status !== 'active') throw new DomainError(GROUP_NOT_FOUND, 200, 'NOT_FOUND');
  return { group, me };
}

export async function asManager(db: Db | Tx, rid: string, userId: number) {
  const found = await asMember(db, rid, userId);
  if (found.me.role === 'member') throw new DomainError(NOT_GROUP_MANAGER);
  return found;
}

/** A group the user leads or assists (its money and statements are theirs to answer). */
export async function managedGroup(db: Db | Tx, rid: string, userId: number): Promise<Group> {
  return (await asManager(db, rid, userId)).group;
}

/** Whether the user leads or assists the group now (a dissolved group's records stay readable). */
export async function managesGroup(db: Db | Tx, groupId: number, userId: number): Promise<boolean> {
  const me = await membership(db, groupId, userId);
  return me !== undefined && me.role !== 'member';
}

/** The active groups the user is an active member of, and whether they lead or assist each. */
export async function activeGroupsOf(db: Db | Tx, userId: number) {
  const rows = await db
    .select({
      id: researchGroups.id,
      rid: researchGroups.rid,
      name: researchGroups.name,
      role: groupMembers.role,
    })
    .from(groupMembers)
    .innerJoin(researchGroups, eq(researchGroups.id, groupMembers.groupId))
    .where(
      and(
        eq(groupMembers.userId, userId),
        eq(groupMembers.status, 'active'),
        eq(researchGroups.status, 'active'),
      ),
    );
  return rows.map(({ role, ...g }) => ({ ...g, manages: role !== 'member' }));
}

/** The id of the member a call names by rid. */
export async function userByRid(db: Db | Tx, rid: string) {
  const id = await userIdByRid(db, rid);
  if (id === undefined) throw new DomainError('成员不存在', 200, 'NOT_FOUND');
  return id;
}

/** The leader and assistants of a group, who hear about applicants and payments to decide. */
export async function managersOf(db: Db | Tx, groupId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.status, 'active'),
        inArray(groupMembers.role, ['leader', 'assistant']),
      ),
    );
  return rows.map((r) => r.userId);
}

const person = userDirectory('person');

/** How a member is named to the others in messages (masked, as on the leader's screen). */
export async function personOf(db: Db | Tx, userId: number) {
  const [u] = await db
    .select({ name: person.name, phone: person.phone })
    .from(person)
    .where(eq(person.id, userId));
  return u ? maskedPerson(u) : '';
}

/** One message to several people in the caller's transaction (each key once per person). */
export async function tell(
  tx: Tx,
  userIds: readonly number[],
  n: { key: string; title: string; text: string },
  now: number,
) {
  await queueNotices(
    tx,
    userIds.map((userId) => ({ userId, ...n })),
    now,
  );
}

const paidOrder = orderDirectory('paid_order');

/** What this month's spending from the group by one member is (orders since cancelled do not count). */
export async function spentThisMonth(db: Db | Tx, groupId: number, userId: number, now: number) {
  const month = shanghaiMonth(now);
  const from = shanghaiMidnight(`${month}-01`)!;
  const [row] = await db
    .select({ fen: sum(groupPayments.amountFen) })
    .from(groupPayments)
    .innerJoin(paidOrder, eq(paidOrder.id, groupPayments.orderId))
    .where(
      and(
        eq(groupPayments.groupId, groupId),
        eq(groupPayments.userId, userId),
        eq(groupPayments.status, 'paid'),
        ne(paidOrder.status, 'cancelled'),
        gte(groupPayments.decidedAt, new Date(from)),
      ),
    );
  return Number(row.fen ?? 0);
}

export const groupOut = (g: Group) => ({
  rid: g.rid,
  name: g.name,
  institution: g.institution,
  pi_name: g.piName,
  status: g.status,
});
