// Research groups (decision 0033): creating one, joining (by code, or applying and being agreed),
// roles, limits, leadership handover, dissolving; the group wallet and paying orders from it.
import { randomInt } from 'node:crypto';

import { and, count, desc, eq, gte, ilike, inArray, lt, ne, or, sql, sum, type AnyColumn } from 'drizzle-orm';

import { alias } from 'drizzle-orm/pg-core';

import { rowsOf, type Db, type Tx } from '../platform/db/client.ts';

import type { Services } from '../platform/services.ts';
import { groupMembers, groupPayments, researchGroups } from './tables.ts';
import { orders } from '../orders/tables.ts';
import { users } from '../accounts/tables.ts';
import { DomainError } from '../platform/errors.ts';

import { containsPattern } from '../platform/db/like.ts';

import { newRid } from '../platform/ids.ts';
import {
  depositIntoGroup,
  groupAccount,
  lockAccount,
  moneyTransaction,
  openGroupAccount,
  userAccount,
  walletBalanceOf,
} from '../money/index.ts';
import { findOwnOrder, payLocked } from '../orders/index.ts';

import { customerRef, customerRefColumns } from '../accounts/index.ts';

import { queueNotices } from '../notify/index.ts';

import { maskedPerson, maskPhone } from '../../shared/accounts/mask.ts';

import { fenToYuan, formatFen } from '../../shared/money.ts';

import { pageWindow } from '../../shared/pagination.ts';

import type { z } from '../../shared/zod.ts';
import type { HomeDataForUserSchema } from '../../shared/groups/responses.ts';
import { addMonths, shanghaiMidnight } from '../../shared/slots.ts';
import {
  GROUP_NOT_FOUND,
  GROUP_PAYMENT_STATUSES,
  GROUP_PAYMENT_TEXT,
  GROUP_ROLE_TEXT,
  MEMBER_STATUS_TEXT,
  NOT_GROUP_MANAGER,
} from '../../shared/groups/groups.ts';

import { shanghaiMonth } from '../../shared/time.ts';

type Group = typeof researchGroups.$inferSelect;
type Member = typeof groupMembers.$inferSelect;
type Payment = typeof groupPayments.$inferSelect;
type PaymentStatus = (typeof GROUP_PAYMENT_STATUSES)[number];

const MAX_LED = 5;
const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 8 }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join('');

async function findGroup(db: Db | Tx, rid: string): Promise<Group> {
  const [g] = await db.select().from(researchGroups).where(eq(researchGroups.rid, rid));
  if (!g) throw new DomainError(GROUP_NOT_FOUND, 200, 'NOT_FOUND');
  return g;
}

async function membership(db: Db | Tx, groupId: number, userId: number): Promise<Member | undefined> {
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
async function asMember(db: Db | Tx, rid: string, userId: number) {
  const group = await findGroup(db, rid);
  const me = await membership(db, group.id, userId);
  if (!me || group.status !== 'active') throw new DomainError(GROUP_NOT_FOUND, 200, 'NOT_FOUND');
  return { group, me };
}

async function asManager(db: Db | Tx, rid: string, userId: number) {
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

async function userByRid(db: Db | Tx, rid: string) {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.rid, rid));
  if (!u) throw new DomainError('成员不存在', 200, 'NOT_FOUND');
  return u.id;
}

/** The leader and assistants of a group, who hear about applicants and payments to decide. */
async function managersOf(db: Db | Tx, groupId: number): Promise<number[]> {
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

/** How a member is named to the others in messages (masked, as on the leader's screen). */
async function personOf(db: Db | Tx, userId: number) {
  const [u] = await db
    .select({ name: users.name, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId));
  return u ? maskedPerson(u) : '';
}

/** One message to several people in the caller's transaction (each key once per person). */
async function tell(
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

/** What this month's spending from the group by one member is (orders since cancelled do not count). */
async function spentThisMonth(db: Db | Tx, groupId: number, userId: number, now: number) {
  const month = shanghaiMonth(now);
  const from = shanghaiMidnight(`${month}-01`)!;
  const [row] = await db
    .select({ fen: sum(groupPayments.amountFen) })
    .from(groupPayments)
    .innerJoin(orders, eq(orders.id, groupPayments.orderId))
    .where(
      and(
        eq(groupPayments.groupId, groupId),
        eq(groupPayments.userId, userId),
        eq(groupPayments.status, 'paid'),
        ne(orders.status, 'cancelled'),
        gte(groupPayments.decidedAt, new Date(from)),
      ),
    );
  return Number(row.fen ?? 0);
}

const memberOut = (m: Member, u: { rid: string; phone: string; name: string }, spent: number) => ({
  user_rid: u.rid,
  name: u.name,
  phone: maskPhone(u.phone),
  role: m.role,
  role_text: GROUP_ROLE_TEXT[m.role],
  status: m.status,
  status_text: MEMBER_STATUS_TEXT[m.status],
  per_order_limit_fen: m.perOrderLimitFen,
  monthly_limit_fen: m.monthlyLimitFen,
  spent_this_month_fen: spent,
  message: m.message,
  applied: m.createdAt.toISOString(),
});

const groupOut = (g: Group) => ({
  rid: g.rid,
  name: g.name,
  institution: g.institution,
  pi_name: g.piName,
  status: g.status,
});

/** cluster/mine: the groups I am in, with my role; managers also see the wallet and what waits. */
export async function myGroups(s: Services, userId: number) {
  const rows = await s.db
    .select({ g: researchGroups, m: groupMembers })
    .from(groupMembers)
    .innerJoin(researchGroups, eq(researchGroups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.userId, userId), inArray(groupMembers.status, ['active', 'pending'])))
    .orderBy(desc(groupMembers.id));
  const list = [];
  for (const { g, m } of rows) {
    const manager = m.status === 'active' && m.role !== 'member';
    const account = m.status === 'active' && g.status === 'active' ? await groupAccount(s.db, g.id) : null;
    const [waiting] = manager
      ? await s.db
          .select({
            applicants: sql<number>`count(*) filter (where ${groupMembers.status} = 'pending')`.mapWith(
              Number,
            ),
          })
          .from(groupMembers)
          .where(eq(groupMembers.groupId, g.id))
      : [{ applicants: 0 }];
    const [payments] = manager
      ? await s.db
          .select({ n: count() })
          .from(groupPayments)
          .where(and(eq(groupPayments.groupId, g.id), eq(groupPayments.status, 'pending')))
      : [{ n: 0 }];
    list.push({
      ...groupOut(g),
      role: m.role,
      role_text: GROUP_ROLE_TEXT[m.role],
      my_status: m.status,
      // Everyone in the group may see what it can still pay; only managers see more.
      balance_fen: account ? account.cashFen + account.bonusFen : 0,
      join_code: manager ? g.joinCode : null,
      pending_leader: g.pendingLeaderId === userId,
      waiting_applicants: waiting.applicants,
      waiting_payments: payments.n,
      per_order_limit_fen: m.perOrderLimitFen,
      monthly_limit_fen: m.monthlyLimitFen,
      spent_this_month_fen: m.status === 'active' ? await spentThisMonth(s.db, g.id, userId, s.now()) : 0,
    });
  }
  return { list };
}

const applicants = alias(groupMembers, 'applicants');
const mine = alias(groupMembers, 'mine');

/**
 * What waits in the active groups of the customer whose id is `userId` (a column of the caller's
 * query), as myGroups tells it: the wallet (of an active group), and for the leader and
 * assistants the applicants and payments to decide. A subquery: the home page's one statement.
 */
export const homeGroupsOf = (userId: AnyColumn) =>
  sql<z.output<typeof HomeDataForUserSchema>['groups']>`coalesce((select json_agg(json_build_object(
    'rid', ${researchGroups.rid},
    'name', ${researchGroups.name},
    'role', ${mine.role},
    'balance_fen', case when ${researchGroups.status} = 'active' then ${walletBalanceOf('group', researchGroups.id)} else 0 end,
    'waiting_applicants', case when ${mine.role} <> 'member' then (
      select count(*) from ${groupMembers} as ${applicants}
      where ${applicants.groupId} = ${researchGroups.id} and ${applicants.status} = 'pending') else 0 end,
    'waiting_payments', case when ${mine.role} <> 'member' then (
      select count(*) from ${groupPayments}
      where ${groupPayments.groupId} = ${researchGroups.id} and ${groupPayments.status} = 'pending') else 0 end
  ) order by ${mine.id} desc)
  from ${groupMembers} as ${mine} join ${researchGroups} on ${researchGroups.id} = ${mine.groupId}
  where ${mine.userId} = ${userId} and ${mine.status} = 'active'), '[]'::json)`;

/** cluster/detail: members (managers see everyone, with limits and spending; members see themselves). */
export async function groupDetail(s: Services, userId: number, rid: string) {
  const { group, me } = await asMember(s.db, rid, userId);
  const manager = me.role !== 'member';
  return {
    ...(await describeGroup(s, group, manager ? null : userId)),
    role: me.role,
    join_code: manager ? group.joinCode : null,
  };
}

/** A group's facts, wallet and members (or, with `onlyUserId`, that member alone). */
async function describeGroup(s: Services, group: Group, onlyUserId: number | null) {
  const rows = await s.db
    .select({ m: groupMembers, u: { rid: users.rid, phone: users.phone, name: users.name } })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(
      and(
        eq(groupMembers.groupId, group.id),
        onlyUserId === null
          ? inArray(groupMembers.status, ['active', 'pending'])
          : eq(groupMembers.userId, onlyUserId),
      ),
    )
    .orderBy(groupMembers.id);
  const account = await groupAccount(s.db, group.id);
  const members = [];
  for (const r of rows)
    members.push(
      memberOut(
        r.m,
        r.u,
        r.m.status === 'active' ? await spentThisMonth(s.db, group.id, r.m.userId, s.now()) : 0,
      ),
    );
  return {
    ...groupOut(group),
    account_rid: account.rid,
    balance_fen: account.cashFen + account.bonusFen,
    cash_fen: account.cashFen,
    members,
  };
}

/** A group whose name, institution or PI contains the keyword. */
function named(keyword: string) {
  const like = containsPattern(keyword);
  return or(
    ilike(researchGroups.name, like),
    ilike(researchGroups.institution, like),
    ilike(researchGroups.piName, like),
  );
}

/** cluster/search: active groups by name, institution or PI (public facts only). */
export async function searchGroups(s: Services, f: { keyword: string; page?: number; size?: number }) {
  const w = pageWindow(f.page, f.size);
  const where = and(eq(researchGroups.status, 'active'), f.keyword ? named(f.keyword) : undefined);
  const rows = await s.db
    .select()
    .from(researchGroups)
    .where(where)
    .orderBy(desc(researchGroups.id))
    .limit(w.size)
    .offset(w.offset);
  const [total] = await s.db.select({ n: count() }).from(researchGroups).where(where);
  return { list: rows.map(groupOut), total: total.n };
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

/** cluster/deposit: a member moves their own cash into the group wallet (the leader tops it up). */
export async function depositToGroup(
  s: Services,
  userId: number,
  input: { rid: string; amount_fen: number; idempotency_key: string },
) {
  const { group } = await asMember(s.db, input.rid, userId);
  const now = s.now();
  const mine = await userAccount(s.db, userId, now);
  const theirs = await groupAccount(s.db, group.id);
  const key = input.idempotency_key
    ? `group_deposit:${userId}:${input.idempotency_key}`
    : `group_deposit:${userId}:${now}`;
  await moneyTransaction(s.db, (tx) =>
    depositIntoGroup(tx, {
      fromAccountId: mine.id,
      groupAccountId: theirs.id,
      groupRid: group.rid,
      groupName: group.name,
      amountFen: input.amount_fen,
      key,
      actorId: userId,
      now,
    }),
  );
  return groupDetail(s, userId, input.rid);
}

const paymentOut = (
  p: typeof groupPayments.$inferSelect,
  extra: { order_no: string; order_rid: string; name: string; phone: string },
) => ({
  rid: p.rid,
  order_rid: extra.order_rid,
  order_no: extra.order_no,
  member: extra.name || maskPhone(extra.phone),
  amount_fen: p.amountFen,
  label: p.label,
  status: p.status,
  status_text: GROUP_PAYMENT_TEXT[p.status],
  reason: p.reason,
  created: p.createdAt.toISOString(),
  decided: p.decidedAt?.toISOString() ?? null,
});

/**
 * cluster/pay: a member pays an order of theirs from the group wallet. Under the group account's
 * lock the member's limits are checked against what they already spent this month, so concurrent
 * payments never pass a limit: within them the order is paid at once through the one pay path;
 * beyond them the request waits for the leader or an assistant.
 */
export async function payFromGroup(
  s: Services,
  userId: number,
  input: { rid: string; order_rid: string; label: string; idempotency_key: string },
) {
  const { group } = await asMember(s.db, input.rid, userId);
  const order = await findOwnOrder(s.db, userId, input.order_rid);
  const now = s.now();
  const account = await groupAccount(s.db, group.id);
  return moneyTransaction(s.db, async (tx) => {
    await lockAccount(tx, account.id);
    const me = await membership(tx, group.id, userId);
    if (!me) throw new DomainError(GROUP_NOT_FOUND, 200, 'NOT_FOUND');
    const [open] = await tx
      .select()
      .from(groupPayments)
      .where(and(eq(groupPayments.orderId, order.id), inArray(groupPayments.status, ['pending', 'paid'])));
    if (open?.status === 'pending') throw new DomainError('该订单已提交课题组支付申请，请等待审批');
    const owed = Math.max(0, order.amountFen - order.paidFen);
    const spent = await spentThisMonth(tx, group.id, userId, now);
    const within =
      me.role === 'leader' ||
      ((me.perOrderLimitFen === null || owed <= me.perOrderLimitFen) &&
        (me.monthlyLimitFen === null || spent + owed <= me.monthlyLimitFen));
    const base = {
      rid: newRid('groupPayment'),
      groupId: group.id,
      userId,
      orderId: order.id,
      amountFen: owed,
      label: input.label,
      createdAt: new Date(now),
    };
    if (!within) {
      await tx.insert(groupPayments).values({ ...base, status: 'pending' });
      await tell(
        tx,
        (await managersOf(tx, group.id)).filter((id) => id !== userId),
        {
          key: `group_payment:${base.rid}:pending`,
          title: '待审批的课题组支付',
          text: `${await personOf(tx, userId)}申请用「${group.name}」账户支付订单${order.orderNo}，金额${formatFen(owed)}${input.label ? `（${input.label}）` : ''}。请在课题组管理中审批。`,
        },
        now,
      );
      return { status: 'pending' as const, message: '超出课题组为您设置的支付限额，已提交组长审批' };
    }
    await payLocked(tx, {
      userId,
      order,
      accountId: account.id,
      now,
      idempotencyKey: input.idempotency_key || undefined,
      payer: `课题组「${group.name}」`,
    });
    await tx.insert(groupPayments).values({ ...base, status: 'paid', decidedAt: new Date(now) });
    return { status: 'paid' as const, message: `已由课题组支付 ${fenToYuan(owed)} 元` };
  });
}

/** Why a waiting request can no longer be paid: its order was paid another way or cancelled. */
function settledElsewhere(order: { status: string; amountFen: number; paidFen: number }): string | null {
  if (order.status === 'cancelled') return '订单已取消';
  if (order.amountFen - order.paidFen <= 0) return '订单已通过其他方式支付';
  return null;
}

/** Closes a waiting request (row locked by the caller) whose order needs no group money any more. */
async function closeRequest(tx: Tx, group: Group, row: Payment, why: string, now: number) {
  await tx
    .update(groupPayments)
    .set({ status: 'closed', reason: why, decidedAt: new Date(now) })
    .where(eq(groupPayments.id, row.id));
  const [order] = await tx.select({ no: orders.orderNo }).from(orders).where(eq(orders.id, row.orderId));
  await tell(
    tx,
    await managersOf(tx, group.id),
    {
      key: `group_payment:${row.rid}:closed`,
      title: '课题组支付申请已关闭',
      text: `订单${order.no}的课题组支付申请已关闭：${why}，无需再审批。`,
    },
    now,
  );
}

/**
 * A leader or assistant approves a waiting payment (paid now, whatever the limits) or rejects it.
 * If the order was paid another way or cancelled meanwhile, the request is closed instead.
 */
export async function decidePayment(
  s: Services,
  managerId: number,
  input: { rid: string; approve: boolean; reason: string },
) {
  const [p] = await s.db.select().from(groupPayments).where(eq(groupPayments.rid, input.rid));
  if (!p) throw new DomainError('支付申请不存在', 200, 'NOT_FOUND');
  const [g] = await s.db.select().from(researchGroups).where(eq(researchGroups.id, p.groupId));
  await asManager(s.db, g.rid, managerId);
  if (!input.approve && !input.reason) throw new DomainError('[原因]不能为空');
  const now = s.now();
  const account = await groupAccount(s.db, g.id);
  return moneyTransaction(s.db, async (tx) => {
    await lockAccount(tx, account.id);
    const [row] = await tx.select().from(groupPayments).where(eq(groupPayments.id, p.id)).for('update');
    if (row.status !== 'pending') throw new DomainError('该申请已处理', 200, 'CONFLICT');
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId));
    const why = settledElsewhere(order);
    if (why) {
      await closeRequest(tx, g, row, why, now);
      return { status: 'closed' as const, message: `${why}，该支付申请已关闭` };
    }
    if (input.approve)
      await payLocked(tx, {
        userId: row.userId,
        order,
        accountId: account.id,
        now,
        payer: `课题组「${g.name}」`,
      });
    await tx
      .update(groupPayments)
      .set({
        status: input.approve ? 'paid' : 'rejected',
        reason: input.reason,
        deciderId: managerId,
        decidedAt: new Date(now),
      })
      .where(eq(groupPayments.id, row.id));
    await tell(
      tx,
      [row.userId],
      input.approve
        ? {
            key: `group_payment:${row.rid}:paid`,
            title: '课题组支付申请已批准',
            text: `「${g.name}」已批准并支付您的订单${order.orderNo}，金额${formatFen(row.amountFen)}。`,
          }
        : {
            key: `group_payment:${row.rid}:rejected`,
            title: '课题组支付申请未通过',
            text: `「${g.name}」未批准订单${order.orderNo}的支付申请，原因：${input.reason}。您可自行支付该订单。`,
          },
      now,
    );
    return input.approve
      ? { status: 'paid' as const, message: '已批准并支付' }
      : { status: 'rejected' as const, message: '已拒绝' };
  });
}

/** cluster/withdraw: the member who asked takes back a request that still waits. */
export async function withdrawPayment(s: Services, userId: number, rid: string) {
  const now = s.now();
  await s.db.transaction(async (tx) => {
    const [row] = await tx.select().from(groupPayments).where(eq(groupPayments.rid, rid)).for('update');
    if (!row || row.userId !== userId) throw new DomainError('支付申请不存在', 200, 'NOT_FOUND');
    if (row.status !== 'pending')
      throw new DomainError(`该申请${GROUP_PAYMENT_TEXT[row.status]}，不能撤回`, 200, 'CONFLICT');
    await tx
      .update(groupPayments)
      .set({ status: 'cancelled', decidedAt: new Date(now) })
      .where(eq(groupPayments.id, row.id));
    const [g] = await tx.select().from(researchGroups).where(eq(researchGroups.id, row.groupId));
    const [order] = await tx.select({ no: orders.orderNo }).from(orders).where(eq(orders.id, row.orderId));
    await tell(
      tx,
      await managersOf(tx, g.id),
      {
        key: `group_payment:${row.rid}:cancelled`,
        title: '课题组支付申请已撤回',
        text: `${await personOf(tx, userId)}撤回了订单${order.no}的课题组支付申请，无需再审批。`,
      },
      now,
    );
  });
}

/**
 * The ORDER_SETTLED job: an order was paid (or cancelled); its requests to group wallets that
 * still wait are closed, under each group account's lock as an approval would take it.
 */
export async function closeSettledRequests(s: Services, orderRid: string) {
  const waiting = await s.db
    .select({ id: groupPayments.id, groupId: groupPayments.groupId })
    .from(groupPayments)
    .innerJoin(orders, eq(orders.id, groupPayments.orderId))
    .where(and(eq(orders.rid, orderRid), eq(groupPayments.status, 'pending')));
  for (const w of waiting) {
    const account = await groupAccount(s.db, w.groupId);
    await moneyTransaction(s.db, async (tx) => {
      await lockAccount(tx, account.id);
      const [row] = await tx.select().from(groupPayments).where(eq(groupPayments.id, w.id)).for('update');
      if (row.status !== 'pending') return;
      const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId));
      const why = settledElsewhere(order);
      if (!why) return;
      const [g] = await tx.select().from(researchGroups).where(eq(researchGroups.id, row.groupId));
      await closeRequest(tx, g, row, why, s.now());
    });
  }
}

/** cluster/waiting: the caller's requests that wait for a group's approval (the order lists mark them). */
export async function myWaitingRequests(s: Services, userId: number) {
  const rows = await s.db
    .select({ p: groupPayments, orderRid: orders.rid, groupName: researchGroups.name })
    .from(groupPayments)
    .innerJoin(orders, eq(orders.id, groupPayments.orderId))
    .innerJoin(researchGroups, eq(researchGroups.id, groupPayments.groupId))
    .where(and(eq(groupPayments.userId, userId), eq(groupPayments.status, 'pending')))
    .orderBy(desc(groupPayments.id));
  return {
    list: rows.map((r) => ({
      rid: r.p.rid,
      order_rid: r.orderRid,
      group_name: r.groupName,
      amount_fen: r.p.amountFen,
      created: r.p.createdAt.toISOString(),
    })),
  };
}

/**
 * cluster/payments: the group's payments by month (managers: everyone's, for the CSV export too;
 * members: their own), with the month's total.
 */
export async function groupPaymentsList(
  s: Services,
  userId: number,
  f: {
    rid: string;
    month: string;
    status?: PaymentStatus;
    page?: number;
    size?: number;
  },
) {
  const { group, me } = await asMember(s.db, f.rid, userId);
  return paymentsOf(s, group, me.role === 'member' ? userId : null, f);
}

/** A group's payment requests (or, with `onlyUserId`, that member's), filtered and paged. */
async function paymentsOf(
  s: Services,
  group: Group,
  onlyUserId: number | null,
  f: { month: string; status?: PaymentStatus; page?: number; size?: number },
) {
  const w = pageWindow(f.page, f.size);
  const monthStart = f.month ? shanghaiMidnight(`${f.month}-01`)! : null;
  const nextMonth = f.month ? shanghaiMidnight(addMonths(`${f.month}-01`, 1))! : null;
  const where = and(
    eq(groupPayments.groupId, group.id),
    onlyUserId === null ? undefined : eq(groupPayments.userId, onlyUserId),
    f.status ? eq(groupPayments.status, f.status) : undefined,
    monthStart !== null ? gte(groupPayments.createdAt, new Date(monthStart)) : undefined,
    nextMonth !== null ? lt(groupPayments.createdAt, new Date(nextMonth)) : undefined,
  );
  const rows = await s.db
    .select({
      p: groupPayments,
      orderNo: orders.orderNo,
      orderRid: orders.rid,
      name: users.name,
      phone: users.phone,
    })
    .from(groupPayments)
    .innerJoin(orders, eq(orders.id, groupPayments.orderId))
    .innerJoin(users, eq(users.id, groupPayments.userId))
    .where(where)
    .orderBy(desc(groupPayments.id))
    .limit(w.size)
    .offset(w.offset);
  const [totals] = await s.db
    .select({
      n: count(),
      paid: sql<string>`coalesce(sum(${groupPayments.amountFen}) filter (where ${groupPayments.status} = 'paid'), 0)`,
    })
    .from(groupPayments)
    .where(where);
  return {
    list: rows.map((r) =>
      paymentOut(r.p, { order_no: r.orderNo, order_rid: r.orderRid, name: r.name, phone: r.phone }),
    ),
    total: totals.n,
    paid_fen: Number(totals.paid),
  };
}

/**
 * Whether an order is "of a group" a user belongs to (no promotion rebate on those, issue 17):
 * paid from the wallet of a group the user is in, or placed by someone who shares an active
 * group with the user.
 */
export async function orderInUsersGroup(tx: Db | Tx, userId: number, orderId: number): Promise<boolean> {
  const [row] = await tx
    .execute<{ hit: number }>(
      sql`
    select 1 as hit from ${orders} o
    where o.id = ${orderId} and (
      exists (
        select 1 from ${groupPayments} p join ${groupMembers} m on m.group_id = p.group_id
        where p.order_id = o.id and p.status = 'paid' and m.user_id = ${userId} and m.status = 'active')
      or exists (
        select 1 from ${groupMembers} a join ${groupMembers} b on a.group_id = b.group_id
        where a.user_id = o.user_id and b.user_id = ${userId} and a.status = 'active' and b.status = 'active'))
  `,
    )
    .then((r) => rowsOf<{ hit: number }>(r));
  return Boolean(row);
}

/** group/list (console, groups.read): every group by name, institution, PI or leader's phone. */
export async function staffGroupList(
  s: Services,
  f: { keyword?: string; status?: 'active' | 'dissolved'; member_rid?: string; page?: number; size?: number },
) {
  const w = pageWindow(f.page, f.size);
  const where = and(
    f.status ? eq(researchGroups.status, f.status) : undefined,
    f.member_rid
      ? sql`exists (select 1 from ${groupMembers} m join ${users} u on u.id = m.user_id
          where m.group_id = ${researchGroups.id} and m.status = 'active' and u.rid = ${f.member_rid})`
      : undefined,
    f.keyword ? or(named(f.keyword), eq(users.phone, f.keyword)) : undefined,
  );
  const members =
    sql<number>`(select count(*) from ${groupMembers} m where m.group_id = ${researchGroups.id} and m.status = 'active')`.mapWith(
      Number,
    );
  const balance = walletBalanceOf('group', researchGroups.id);
  const [rows, [{ total }]] = await Promise.all([
    s.db
      .select({
        g: researchGroups,
        leader: customerRefColumns,
        members,
        balance,
      })
      .from(researchGroups)
      .innerJoin(users, eq(users.id, researchGroups.leaderId))
      .where(where)
      .orderBy(desc(researchGroups.id))
      .limit(w.size)
      .offset(w.offset),
    s.db
      .select({ total: count() })
      .from(researchGroups)
      .innerJoin(users, eq(users.id, researchGroups.leaderId))
      .where(where),
  ]);
  return {
    list: rows.map((r) => ({
      ...groupOut(r.g),
      leader: customerRef(r.leader),
      members: r.members,
      balance_fen: Number(r.balance ?? 0),
      created: r.g.createdAt.toISOString(),
    })),
    total,
  };
}

/** group/detail (console): the group, its leader, members with their limits, and this month's payments. */
export async function staffGroupDetail(s: Services, rid: string, month: string) {
  const group = await findGroup(s.db, rid);
  const [leader] = await s.db.select(customerRefColumns).from(users).where(eq(users.id, group.leaderId));
  const [detail, payments] = await Promise.all([
    describeGroup(s, group, null),
    paymentsOf(s, group, null, { month, size: 50 }),
  ]);
  return {
    ...detail,
    leader: customerRef(leader),
    created: group.createdAt.toISOString(),
    month,
    payments,
  };
}
