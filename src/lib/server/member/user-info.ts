import { desc, eq } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { addresses } from './tables.ts';
import { preparedOnce } from '../platform/db/prepared.ts';
import { batchedLookup } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { userCacheOnce } from '../platform/db/user-cache.ts';
import { DomainError } from '../platform/errors.ts';
import { accessTokenParams, liveSessionUser, toUserInfo } from '../accounts/index.ts';
import { planCountOf } from '../plan/index.ts';
import { staffDirectory } from '../staff/index.ts';
import { LOGIN_REQUIRED } from '../platform/http/auth.ts';
import { addressOrder, toAddress } from './addresses.ts';
import type { z } from '../../shared/zod.ts';
import type { UserInfoResponseSchema } from '../../shared/member/responses.ts';

type UserInfoAnswer = z.output<typeof UserInfoResponseSchema>;

const staff = staffDirectory('staff');

/**
 * One row per address (or one row without), each with the account, its staff role and cartNum;
 * for one token (the cache's miss) or, batched, for the tokens asked for together.
 */
const userInfoQuery = (db: Db, me: ReturnType<typeof liveSessionUser<'me'>>) =>
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
    .orderBy(desc(addresses.isDefault), ...addressOrder);
const userInfoStatement = preparedOnce((db) => userInfoQuery(db, liveSessionUser('me')).prepare('user_info'));
const userInfoBatchStatement = preparedOnce((db) =>
  userInfoQuery(db, liveSessionUser('me', 'batch')).prepare('user_info_batch'),
);
type UserInfoRow = Awaited<ReturnType<ReturnType<typeof userInfoStatement>['execute']>>[number];

/** The answer behind a live token, whose it is and until when the token lives; null for none. */
async function loadUserInfo(s: Services, params: NonNullable<ReturnType<typeof accessTokenParams>>) {
  return toAnswer(await userInfoStatement(s.db).execute(params));
}

function toAnswer(rows: UserInfoRow[]) {
  if (!rows.length) return null;
  const [{ user, role, cartNum }] = rows;
  const value: UserInfoAnswer = {
    userInfo: { ...toUserInfo(user), staff_role: role ?? null },
    cartNum,
    address: rows.flatMap((r) => (r.address ? [toAddress(r.address)] : [])),
  };
  return { userId: user.id, value, expiresAt: user.accessExpiresAt.getTime() };
}

const userInfoCache = userCacheOnce<UserInfoAnswer>();

/** Without the cache (PostgreSQL), the user/info asked for in one round of I/O go in one statement. */
const batchedUserInfo = new WeakMap<Services, (hash: string) => Promise<UserInfoAnswer | undefined>>();
function userInfoBatch(s: Services) {
  let lookup = batchedUserInfo.get(s);
  if (!lookup) {
    lookup = batchedLookup(async (hashes: string[]) => {
      const rows = await userInfoBatchStatement(s.db).execute({
        token_hashes: hashes,
        now: new Date(s.now()).toISOString(),
      });
      const byToken = Map.groupBy(rows, (r) => r.user.accessHash);
      return new Map(
        [...byToken].flatMap(([hash, own]) => {
          const answer = toAnswer(own)?.value;
          return answer ? [[hash, answer] as const] : [];
        }),
      );
    });
    batchedUserInfo.set(s, lookup);
  }
  return lookup;
}

/**
 * user/info: the account (accounts) with its staff role, its address book, default first
 * (member), and cartNum, the number of lines in the experiment plan (plan). Every member page
 * asks for it, so it is one prepared statement with the session check inside (issue 19: one
 * round trip; the route sits before the guard). On the embedded database the answer is kept per
 * token until the database says one of its rows changed or the token expires (decision 0067).
 */
export async function userInfoByToken(s: Services, token: string | null) {
  const params = accessTokenParams(s, token);
  if (!params) throw new DomainError(LOGIN_REQUIRED, 401);
  const load = () => loadUserInfo(s, params);
  const cache = userInfoCache(s.database);
  // The moment the token is checked at: the statement's and the cache's.
  const answer = cache
    ? await cache.read(params.token_hash, Date.parse(params.now), load)
    : await userInfoBatch(s)(params.token_hash);
  if (!answer) throw new DomainError(LOGIN_REQUIRED, 401);
  return answer;
}
