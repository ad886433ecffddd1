import { eq, type SQL, type AnyColumn, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../platform/db/client.ts';
import { users } from './tables.ts';

const qb = new QueryBuilder();

/**
 * The users as other domains read them beside their own rows (a name and phone on a list screen,
 * a filter by phone): a read-only subquery of the public columns, joined on `id` under the alias
 * given (one alias per role when a statement names two people). Postgres inlines it, so a join
 * costs what joining the table did (decision 0061).
 */
export const userDirectory = (alias: string) =>
  qb
    .select({
      id: users.id,
      rid: users.rid,
      phone: users.phone,
      name: users.name,
      email: users.email,
      company: users.company,
      organization: users.organization,
      /** The person in charge: a student's teacher, an enterprise's leader ('' for the others). */
      pi: sql<string>`coalesce(nullif(${users.teacher}, ''), ${users.companyLeader})`.as('pi'),
      inviterId: users.inviterId,
      inviteCode: users.inviteCode,
      createdAt: users.createdAt,
      closedAt: users.closedAt,
    })
    .from(users)
    .as(alias);

/** A person's name as timelines show it: the name, or the phone when none is filled in. */
export const displayNameOf = (u: { name: AnyColumn; phone: AnyColumn }) =>
  sql<string>`coalesce(nullif(${u.name}, ''), ${u.phone})`;

/** The id of the user with this rid, or of this phone, if any. */
export async function userIdByRid(db: Db | Tx, rid: string): Promise<number | undefined> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.rid, rid));
  return u?.id;
}

/** How many users a user invited (the promotion's 邀请人数), as a subquery of the inviter's id. */
export const invitedCountOf = (inviterId: AnyColumn | SQL) =>
  sql<number>`(select count(*)::int from ${users} where ${users.inviterId} = ${inviterId})`;

/** The escaped LIKE pattern of a search term (its %, _ and \ are literal). */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The ids of the customers a staff search names, by name, phone, organisation or PI (the
 * student's teacher, the enterprise's leader). The users are few beside their orders, so a scan
 * of them is cheap; the caller then reads their orders off its index (decision 0084).
 */
export async function customerIdsMatching(db: Db | Tx, term: string): Promise<number[]> {
  const p = containsPattern(term);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      sql`${users.phone} like ${p} or ${users.name} ilike ${p} or ${users.company} ilike ${p}
        or ${users.teacher} ilike ${p} or ${users.companyLeader} ilike ${p}`,
    );
  return rows.map((r) => r.id);
}
