// What staff read of research groups in the console (groups.read): the list and one group's detail.
import { and, count, desc, eq, exists, or, sql } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { groupMembers, researchGroups } from './tables.ts';
import { walletBalanceOf } from '../money/index.ts';
import { customerRef, userDirectory } from '../accounts/index.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { findGroup, groupOut } from './access.ts';
import { describeGroup, named } from './views.ts';
import { paymentsOf } from './payment-lists.ts';

const leader = userDirectory('leader');
const leaderColumns = { rid: leader.rid, phone: leader.phone, name: leader.name, company: leader.company };
const member = userDirectory('member');

/** group/list (console, groups.read): every group by name, institution, PI or leader's phone. */
export async function staffGroupList(
  s: Services,
  f: { keyword?: string; status?: 'active' | 'dissolved'; member_rid?: string; page?: number; size?: number },
) {
  const w = pageWindow(f.page, f.size);
  const where = and(
    f.status ? eq(researchGroups.status, f.status) : undefined,
    f.member_rid
      ? exists(
          s.db
            .select({ one: sql`1` })
            .from(groupMembers)
            .innerJoin(member, eq(member.id, groupMembers.userId))
            .where(
              and(
                eq(groupMembers.groupId, researchGroups.id),
                eq(groupMembers.status, 'active'),
                eq(member.rid, f.member_rid),
              ),
            ),
        )
      : undefined,
    f.keyword ? or(named(f.keyword), eq(leader.phone, f.keyword)) : undefined,
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
        leader: leaderColumns,
        members,
        balance,
      })
      .from(researchGroups)
      .innerJoin(leader, eq(leader.id, researchGroups.leaderId))
      .where(where)
      .orderBy(desc(researchGroups.id))
      .limit(w.size)
      .offset(w.offset),
    s.db
      .select({ total: count() })
      .from(researchGroups)
      .innerJoin(leader, eq(leader.id, researchGroups.leaderId))
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
  const [lead] = await s.db.select(leaderColumns).from(leader).where(eq(leader.id, group.leaderId));
  const [detail, payments] = await Promise.all([
    describeGroup(s, group, null),
    paymentsOf(s, group, null, { month, size: 50 }),
  ]);
  return {
    ...detail,
    leader: customerRef(lead),
    created: group.createdAt.toISOString(),
    month,
    payments,
  };
}
