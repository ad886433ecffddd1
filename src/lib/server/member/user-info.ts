import type { Services } from '../platform/services.ts';
import { DomainError } from '../platform/errors.ts';
import { findUserById, toUserInfo } from '../accounts/index.ts';
import { planCount } from '../plan/index.ts';
import { staffRole } from '../staff/index.ts';
import { listAddresses } from './addresses.ts';

/**
 * user/info: the account (accounts) with its staff role (staff), its address book, default first
 * (member), and cartNum, the number of lines in the experiment plan (plan). Member sits above
 * them all, so it assembles them.
 */
export async function userInfo(s: Services, userId: number) {
  const user = await findUserById(s.db, userId);
  if (!user) throw new DomainError('请先登录', 401);
  const [cartNum, address, staff] = await Promise.all([
    planCount(s.db, userId),
    listAddresses(s.db, userId),
    staffRole(s.db, userId),
  ]);
  return { userInfo: { ...toUserInfo(user), staff_role: staff }, cartNum, address };
}
