import { eq } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { staffMembers, users } from '../platform/db/schema.ts';
import { DomainError } from '../platform/errors.ts';
import { toUserInfo } from '../accounts/index.ts';
import { planCount } from '../plan/index.ts';
import { listAddresses } from './addresses.ts';

/**
 * user/info: the account (accounts) with its staff role, its address book, default first
 * (member), and cartNum, the number of lines in the experiment plan (plan). Member sits above
 * them all, so it assembles them. A busy call: the account and its role come in one query, and
 * the three queries run at once.
 */
export async function userInfo(s: Services, userId: number) {
  const [[row], cartNum, address] = await Promise.all([
    s.db
      .select({ user: users, role: staffMembers.role })
      .from(users)
      .leftJoin(staffMembers, eq(staffMembers.userId, users.id))
      .where(eq(users.id, userId)),
    planCount(s.db, userId),
    listAddresses(s.db, userId),
  ]);
  if (!row) throw new DomainError('请先登录', 401);
  return { userInfo: { ...toUserInfo(row.user), staff_role: row.role ?? null }, cartNum, address };
}
