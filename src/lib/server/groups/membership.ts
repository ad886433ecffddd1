// Joining and leaving a research group: creating one, applying (or joining by code) and being
// agreed, removal, a member's role and spending limits.
import { randomInt } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { groupMembers, researchGroups } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { openGroupAccount } from '../money/index.ts';
import { GROUP_NOT_FOUND } from '../../shared/groups/groups.ts';
import { asManager, asMember, managersOf, membership, personOf, tell, userByRid } from './access.ts';

const MAX_LED = 5;
const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 8 }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join('');

/** cluster/add: a new group with its wallet; the creator is its leader. */
export async function createGroup(
  s: Services,
  userId: number,
  input: { name: string; institution: string; pi_name: string },
) {
  const now = new Date(s.now());
  return s.db.transaction(async (tx) => {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(researchGroups)
      .where(and(eq(researchGroups.leaderId, userId), eq(researchGroups.status, 'active')));
    if (n >= MAX_LED) throw new DomainError(`每人最多创建${MAX_LED}个课题组`);
    const [group] = await tx
      .insert(researchGroups)
      .values({
        rid: newRid('group'),
        name: input.name,
        institution: input.institution,
        piName: input.pi_name,
        leaderId: userId,
        joinCode: newCode(),
        status: 'active',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(groupMembers).values({
      groupId: group.id,
      userId,
      role: 'leader',
      status: 'active',
      createdAt: now,
      joinedAt: now,
      updatedAt: now,
    });
    await openGroupAccount(tx, group.id, now);
    return group.rid;
  });
}

/**
 * cluster/apply: with the group's code (its invitation link or code) one joins at once; found by
 * search, one applies and a leader or assistant agrees.
 */
export async function applyToGroup(
  s: Services,
  userId: number,
  input: { rid?: string; code?: string; message: string },
) {
  const now = new Date(s.now());
  return s.db.transaction(async (tx) => {
    const [group] = input.code
      ? await tx.select().from(researchGroups).where(eq(researchGroups.joinCode, input.code.toUpperCase()))
      : await tx
          .select()
          .from(researchGroups)
          .where(eq(researchGroups.rid, input.rid ?? ''));
    if (!group) throw new DomainError(input.code ? '邀请码无效' : GROUP_NOT_FOUND, 200, 'NOT_FOUND');
    if (group.status !== 'active') throw new DomainError('该课题组已解散');
    const [live] = await tx
      .select()
      .from(groupMembers)
      .where(
        and(
          eq(groupMembers.groupId, group.id),
          eq(groupMembers.userId, userId),
          inArray(groupMembers.status, ['active', 'pending']),
        ),
      );
    if (live?.status === 'active') throw new DomainError('您已是该课题组成员');
    if (live) throw new DomainError('已提交申请，请等待组长审核');
    const joined = Boolean(input.code);
    const [row] = await tx
      .insert(groupMembers)
      .values({
        groupId: group.id,
        userId,
        role: 'member',
        status: joined ? 'active' : 'pending',
        // A new member pays nothing from the group without approval until the leader sets limits.
        perOrderLimitFen: 0,
        monthlyLimitFen: 0,
        message: input.message,
        createdAt: now,
        joinedAt: joined ? now : null,
        updatedAt: now,
      })
      .returning({ id: groupMembers.id });
    const who = await personOf(tx, userId);
    await tell(
      tx,
      await managersOf(tx, group.id),
      joined
        ? {
            key: `group_member:${row.id}:joined`,
            title: '新成员加入课题组',
            text: `${who}已通过邀请码加入「${group.name}」。请在课题组管理中为其设置支付限额。`,
          }
        : {
            key: `group_member:${row.id}:applied`,
            title: '新的加入申请',
            text: `${who}申请加入「${group.name}」${input.message ? `：${input.message}` : ''}。请在课题组管理中审核。`,
          },
      now.getTime(),
    );
    return { rid: group.rid, name: group.name, status: joined ? ('active' as const) : ('pending' as const) };
  });
}

/** cluster/agree: a leader or assistant lets an applicant in, or declines. */
export async function decideApplicant(
  s: Services,
  managerId: number,
  input: { rid: string; user_rid: string; agree: boolean },
) {
  const { group } = await asManager(s.db, input.rid, managerId);
  const applicant = await userByRid(s.db, input.user_rid);
  const now = new Date(s.now());
  await s.db.transaction(async (tx) => {
    const [row] = await tx
      .update(groupMembers)
      .set({
        status: input.agree ? 'active' : 'declined',
        joinedAt: input.agree ? now : null,
        updatedAt: now,
      })
      .where(
        and(
          eq(groupMembers.groupId, group.id),
          eq(groupMembers.userId, applicant),
          eq(groupMembers.status, 'pending'),
        ),
      )
      .returning();
    if (!row) throw new DomainError('该申请不存在或已处理');
    await tell(
      tx,
      [applicant],
      input.agree
        ? {
            key: `group_member:${row.id}:agreed`,
            title: '加入课题组申请已通过',
            text: `您已加入「${group.name}」，可在「我加入的课题组」查看支付限额。`,
          }
        : {
            key: `group_member:${row.id}:declined`,
            title: '加入课题组申请未通过',
            text: `您加入「${group.name}」的申请未通过。`,
          },
      now.getTime(),
    );
  });
}

/** cluster/delete: a manager removes a member (never the leader), or a member leaves. */
export async function removeMember(s: Services, userId: number, input: { rid: string; user_rid: string }) {
  const target = await userByRid(s.db, input.user_rid);
  const self = target === userId;
  const { group, me } = self
    ? await asMember(s.db, input.rid, userId)
    : await asManager(s.db, input.rid, userId);
  const member = await membership(s.db, group.id, target);
  if (!member) throw new DomainError('该成员不在课题组中');
  if (member.role === 'leader')
    throw new DomainError(self ? '组长不能退出课题组，请先转让组长' : '不能移出组长');
  if (!self && member.role === 'assistant' && me.role !== 'leader')
    throw new DomainError('只有组长可以移出助理');
  const now = s.now();
  await s.db.transaction(async (tx) => {
    const [gone] = await tx
      .update(groupMembers)
      .set({ status: self ? 'left' : 'removed', updatedAt: new Date(now) })
      .where(and(eq(groupMembers.id, member.id), eq(groupMembers.status, 'active')))
      .returning({ id: groupMembers.id });
    if (!gone) throw new DomainError('该成员不在课题组中');
    if (self)
      await tell(
        tx,
        await managersOf(tx, group.id),
        {
          key: `group_member:${member.id}:left`,
          title: '成员退出课题组',
          text: `${await personOf(tx, target)}已退出「${group.name}」。`,
        },
        now,
      );
    else
      await tell(
        tx,
        [target],
        {
          key: `group_member:${member.id}:removed`,
          title: '您已被移出课题组',
          text: `您已被移出「${group.name}」，不能再用该课题组账户支付。`,
        },
        now,
      );
  });
}

/** Leader only: make a member an assistant or back. */
export async function setRole(
  s: Services,
  userId: number,
  input: { rid: string; user_rid: string; role: 'assistant' | 'member' },
) {
  const { group, me } = await asMember(s.db, input.rid, userId);
  if (me.role !== 'leader') throw new DomainError('只有组长可以设置助理');
  const member = await membership(s.db, group.id, await userByRid(s.db, input.user_rid));
  if (!member || member.role === 'leader') throw new DomainError('该成员不在课题组中');
  await s.db
    .update(groupMembers)
    .set({ role: input.role, updatedAt: new Date(s.now()) })
    .where(eq(groupMembers.id, member.id));
}

/** A member's limits (null: none; 0: every payment waits for approval). */
export async function setLimits(
  s: Services,
  userId: number,
  input: {
    rid: string;
    user_rid: string;
    per_order_limit_fen: number | null;
    monthly_limit_fen: number | null;
  },
) {
  const { group } = await asManager(s.db, input.rid, userId);
  const member = await membership(s.db, group.id, await userByRid(s.db, input.user_rid));
  if (!member) throw new DomainError('该成员不在课题组中');
  await s.db
    .update(groupMembers)
    .set({
      perOrderLimitFen: input.per_order_limit_fen,
      monthlyLimitFen: input.monthly_limit_fen,
      updatedAt: new Date(s.now()),
    })
    .where(eq(groupMembers.id, member.id));
}
