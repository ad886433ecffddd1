import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { couponsApi } from '../../shared/coupons/api.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { claimCoupon } from './give.ts';
import { claimable, listMine } from './mine.ts';

/** The customer's coupon calls under /api/auth (decision 0026). */
export function couponRoutes() {
  const r = new Hono<ApiEnv>();

  route(r, couponsApi.claim, async (c, { body }) => {
    const me = requireUser(c);
    const s = c.var.services;
    const input = await body();
    return ok(c, await claimCoupon(s.db, me.id, input, s.now()), input.code ? '兑换成功' : '领取成功');
  });

  route(r, couponsApi.mine, async (c, input) => {
    const me = requireUser(c);
    const s = c.var.services;
    return ok(c, await listMine(s.db, me.id, await input.body(), s.now()));
  });

  route(r, couponsApi.claimable, async (c) => {
    const me = requireUser(c);
    const s = c.var.services;
    return ok(c, await claimable(s.db, me.id, s.now()));
  });

  return r;
}
