// What members read of their research groups: my groups and what waits in them (also as the home
// page's subquery), a group's members and wallet, and the search for a group to join.
import { and, count, desc, eq, ilike, inArray, or, sql, type AnyColumn } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Services } from '../platform/services.ts';
import { groupMembers, groupPayments, researchGroups } from './tables.ts';
import { containsPattern } from '../platform/db/like.ts';
import { groupAccount, walletBalanceOf } from '../money/index.ts';
import { userDirectory } from '../accounts/index.ts';
import { maskPhone } from '../../shared/accounts/mask.ts';
import { pageWindow } from '../../shared/pagination.ts';
import type { z } from '../../shared/zod.ts';
import type { HomeDataForUserSchema } from '../../shared/groups/responses.ts';
import { GROUP_ROLE_TEXT, MEMBER_STATUS_TEXT } from '../../shared/groups/groups.ts';
import { asMember, groupOut, spentThisMonth, type Group, type Member } from './access.ts';

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

const member = userDirectory('member');

/** A group's facts, wallet and members (or, with `onlyUserId`, that member alone). */
export async function describeGroup(s: Services, group: Group, onlyUserId: number | null) {
  const rows = await s.db
    .select({ m: groupMembers, u: { rid: member.rid, phone: member.phone, name: member.name } })
    .from(groupMembers)
    .innerJoin(member, eq(member.id, groupMembers.userId))
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
export function named(keyword: string) {
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
