import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { ApiEnv } from '../app.ts';
import { contract } from '../platform/http/contract.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { pointsAccounts } from '../platform/db/schema.ts';
import { countByStatus } from '../orders/index.ts';
import { usableCouponCount } from '../coupons/index.ts';
import { myGroups } from '../groups/index.ts';
import { HomeDataForUserSchema } from '../../shared/groups/responses.ts';

/**
 * web/home/data (decision 0033): what waits for a logged-in customer — orders to pay, settle or
 * price differences, usable coupons, points, and their research groups with what waits there.
 */
export function homeRoutes() {
  const r = new Hono<ApiEnv>();
  r.post('/web/home/data', contract({ response: HomeDataForUserSchema }), async (c) => {
    const me = requireUser(c);
    const s = c.var.services;
    const [counts, coupons, [points], groups] = await Promise.all([
      countByStatus(s.db, me.id),
      usableCouponCount(s.db, me.id, s.now()),
      s.db
        .select({ balance: pointsAccounts.balance })
        .from(pointsAccounts)
        .where(eq(pointsAccounts.userId, me.id)),
      myGroups(s, me.id),
    ]);
    return ok(c, {
      orders: {
        unpaid: counts.unpaid ?? 0,
        unsettled: counts.unsettled ?? 0,
        quoting: counts.quoting ?? 0,
        delivered: counts.delivered ?? 0,
      },
      coupons,
      points: points?.balance ?? 0,
      groups: groups.list
        .filter((g) => g.my_status === 'active')
        .map((g) => ({
          rid: g.rid,
          name: g.name,
          role: g.role,
          balance_fen: g.balance_fen,
          waiting_applicants: g.waiting_applicants,
          waiting_payments: g.waiting_payments,
        })),
    });
  });
  return r;
}
