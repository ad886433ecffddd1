import type { Services } from '../platform/services.ts';
import { preparedOnce } from '../platform/db/prepared.ts';
import { keepTableNames } from '../platform/db/subquery.ts';
import { DomainError } from '../platform/errors.ts';
import { LOGIN_REQUIRED } from '../platform/http/auth.ts';
import { accessTokenParams, liveSessionUser } from '../accounts/index.ts';
import { waitingOrdersOf } from '../orders/index.ts';
import { usableCouponsOf } from '../coupons/index.ts';
import { pointsBalanceOf } from '../points/index.ts';
import { homeGroupsOf } from '../groups/index.ts';

const me = liveSessionUser('me');

/** The session check and each domain's part of the home page, as subqueries of one row. */
const homeDataStatement = preparedOnce((db) =>
  db
    .select({
      orders: keepTableNames(waitingOrdersOf(me.id)),
      coupons: keepTableNames(usableCouponsOf(db, me.id)),
      points: keepTableNames(pointsBalanceOf(me.id)),
      groups: keepTableNames(homeGroupsOf(me.id)),
    })
    .from(me)
    .prepare('home_data'),
);

/**
 * web/home/data (decision 0033): what waits for a logged-in customer — orders to pay, settle or
 * price differences, usable coupons, points, and their research groups with what waits there.
 * Every member's home page asks, so it is one prepared statement with the session check inside
 * (issue 19: one round trip; the route sits before the guard).
 */
export async function homeDataByToken(s: Services, token: string | null) {
  const params = accessTokenParams(s, token);
  const [row] = params ? await homeDataStatement(s.db).execute(params) : [];
  if (!row) throw new DomainError(LOGIN_REQUIRED, 401);
  return row;
}
