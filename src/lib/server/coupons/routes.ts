import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { contract } from '../platform/http/contract.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { couponAddSchema, couponListSchema } from '../../shared/coupons/coupons.ts';
import { ClaimableSchema, CouponPageSchema, CouponSchema } from '../../shared/coupons/responses.ts';
import { claimable, claimCoupon, listMine } from './coupons.ts';

/** The customer's coupon calls under /api/auth (decision 0026). */
export function couponRoutes() {
  const r = new Hono<ApiEnv>();

  r.post('/discount4user/add', contract({ body: couponAddSchema, response: CouponSchema }), async (c) => {
    const me = requireUser(c);
    const s = c.var.services;
    const input = await readBody(c, couponAddSchema);
    return ok(c, await claimCoupon(s.db, me.id, input, s.now()), input.code ? '兑换成功' : '领取成功');
  });

  r.post(
    '/discount4user/all',
    contract({ body: couponListSchema, response: CouponPageSchema }),
    async (c) => {
      const me = requireUser(c);
      const s = c.var.services;
      return ok(c, await listMine(s.db, me.id, await readBody(c, couponListSchema), s.now()));
    },
  );

  r.post('/discount4user/list4all', contract({ response: ClaimableSchema }), async (c) => {
    const me = requireUser(c);
    const s = c.var.services;
    return ok(c, await claimable(s.db, me.id, s.now()));
  });

  return r;
}
