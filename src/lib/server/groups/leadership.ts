// Leadership of a research group: handing it over (offered, then accepted) and dissolving it.
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { groupMembers, groupPayments, researchGroups } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { groupAccount, lockAccount, moneyTransaction } from '../money/index.ts';
import { asMember, membership, personOf, tell, userByRid } from './access.ts';

/** cluster/transfer: the leader hands the group to a member, who then accepts (cluster/acceptLeader). */
export async function offerLeadership(s: Services, userId: number, input: { rid: string; user_rid: string }) {
  const { group, me } = await asMember(s.db, input.rid, userId);
  if (me.role !== 'leader') throw new DomainError('只有组长可以转让课题组');
  const target = await userByRid(s.db, input.user_rid);
  if (target === userId || !(await membership(s.db, group.id, target)))
    throw new DomainError('只能转让给课题组成员');
  const now = s.now();
  await s.db.transaction(async (tx) => {
    await tx
      .update(researchGroups)
      .set({ pendingLeaderId: target, updatedAt: new Date(now) })
      .where(eq(researchGroups.id, group.id));
    await tell(
      tx,
      [target],
      {
        key: `group:${group.id}:leader_offer:${now}`,
        title: '组长转让待您接受',
        text: `组长将「${group.name}」转让给您，请在「我加入的课题组」中接受。`,
      },
      now,
    );
  });
}

export async function acceptLeadership(s: Services, userId: number, rid: string) {
  const now = new Date(s.now());
  await s.db.transaction(async (tx) => {
    const [group] = await tx.select().from(researchGroups).where(eq(researchGroups.rid, rid)).for('update');
    if (!group || group.pendingLeaderId !== userId || !(await membership(tx, group.id, userId)))
      throw new DomainError('没有待接受的组长转让');
    await tx
      .update(groupMembers)
      .set({ role: 'assistant', updatedAt: now })
      .where(
        and(
          eq(groupMembers.groupId, group.id),
          eq(groupMembers.userId, group.leaderId),
          eq(groupMembers.status, 'active'),
        ),
      );
    await tx
      .update(groupMembers)
      .set({ role: 'leader', perOrderLimitFen: null, monthlyLimitFen: null, updatedAt: now })
      .where(
        and(
          eq(groupMembers.groupId, group.id),
          eq(groupMembers.userId, userId),
          eq(groupMembers.status, 'active'),
        ),
      );
    await tx
      .update(researchGroups)
      .set({ leaderId: userId, pendingLeaderId: null, updatedAt: now })
      .where(eq(researchGroups.id, group.id));
    await tell(
      tx,
      [group.leaderId],
      {
        key: `group:${group.id}:leader:${userId}:${now.getTime()}`,
        title: '组长转让已完成',
        text: `${await personOf(tx, userId)}已接受，成为「${group.name}」的组长；您现在是助理。`,
      },
      now.getTime(),
    );
  });
}

/** Leader only, and only with an empty wallet (money is never stranded). */
export async function dissolveGroup(s: Services, userId: number, rid: string) {
  const { group, me } = await asMember(s.db, rid, userId);
  if (me.role !== 'leader') throw new DomainError('只有组长可以解散课题组');
  await moneyTransaction(s.db, async (tx) => {
    const account = await lockAccount(tx, (await groupAccount(tx, group.id)).id);
    if (account.cashFen || account.bonusFen || account.creditUsedFen)
      throw new DomainError('课题组账户仍有余额或欠款，无法解散');
    const [{ n }] = await tx
      .select({ n: count() })
      .from(groupPayments)
      .where(and(eq(groupPayments.groupId, group.id), eq(groupPayments.status, 'pending')));
    if (n > 0) throw new DomainError('还有待审批的支付申请，无法解散');
    await tx
      .update(researchGroups)
      .set({ status: 'dissolved', updatedAt: new Date(s.now()) })
      .where(eq(researchGroups.id, group.id));
    const gone = await tx
      .update(groupMembers)
      .set({ status: 'left', updatedAt: new Date(s.now()) })
      .where(and(eq(groupMembers.groupId, group.id), inArray(groupMembers.status, ['active', 'pending'])))
      .returning({ userId: groupMembers.userId });
    await tell(
      tx,
      gone.map((m) => m.userId).filter((id) => id !== userId),
      {
        key: `group:${group.id}:dissolved`,
        title: '课题组已解散',
        text: `组长已解散「${group.name}」。`,
      },
      s.now(),
    );
  });
}
