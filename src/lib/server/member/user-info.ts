import { desc, eq } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { addresses } from './tables.ts';
import { preparedOnce } from '../platform/db/prepared.ts';
import { DomainError } from '../platform/errors.ts';
import { accessTokenParams, liveSessionUser, toUserInfo } from '../accounts/index.ts';
import { planCountOf } from '../plan/index.ts';
import { staffDirectory } from '../staff/index.ts';
import { LOGIN_REQUIRED } from '../platform/http/auth.ts';
import { addressOrder, toAddress } from './addresses.ts';

const me = liveSessionUser('me');
const staff = staffDirectory('staff');

/** One row per address (or one row without), each with the account, its staff role and cartNum. */
const userInfoStatement = preparedOnce((db) =>
  db
    .select({
      user: me._.selectedFields,
      role: staff.role,
      cartNum: planCountOf(db, me.id),
      address: addresses,
    })
    .from(me)
    .leftJoin(staff, eq(staff.userId, me.id))
    .leftJoin(addresses, eq(addresses.userId, me.id))
    .orderBy(desc(addresses.isDefault), ...addressOrder)
    .prepare('user_info'),
);

/**
 * user/info: the account (accounts) with its staff role, its address book, default first
 * (member), and cartNum, the number of lines in the experiment plan (plan). Every member page
 * asks for it, so it is one prepared statement with the session check inside (issue 19: one
 * round trip; the route sits before the guard).
 */
export async function userInfoByToken(s: Services, token: string | null) {
  const params = accessTokenParams(s, token);
  const rows = params ? await userInfoStatement(s.db).execute(params) : [];
  if (!rows.length) throw new DomainError(LOGIN_REQUIRED, 401);
  const [{ user, role, cartNum }] = rows;
  return {
    userInfo: { ...toUserInfo(user), staff_role: role ?? null },
    cartNum,
    address: rows.flatMap((r) => (r.address ? [toAddress(r.address)] : [])),
  };
}
