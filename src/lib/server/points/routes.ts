import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { pointsApi } from '../../shared/points/api.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { pointsHistory, pointsInit } from './read.ts';
import { applyExchange, listItems, quoteExchange } from './exchange.ts';
import { findPayee, transferPoints } from './transfer.ts';

/** The customer's points calls under /api/auth (decision 0027). */
export function pointsRoutes() {
  const r = new Hono<ApiEnv>();

  route(r, pointsApi.overview, async (c) => {
    const me = requireUser(c);
    return ok(c, await pointsInit(c.var.services, me.id));
  });

  route(r, pointsApi.history, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await pointsHistory(c.var.services.db, me.id, await input.body()));
  });

  route(r, pointsApi.items, async (c, input) => {
    requireUser(c);
    const f = await input.body();
    return ok(c, await listItems(c.var.services.db, { ...f, status: 'active' }));
  });

  route(r, pointsApi.quote, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await quoteExchange(c.var.services, me.id, await input.body()));
  });

  route(r, pointsApi.exchange, async (c, input) => {
    const me = requireUser(c);
    const x = await applyExchange(c.var.services, me.id, await input.body());
    return ok(c, x, x.status === 'done' ? '兑换成功，赠送金已到账' : '兑换申请已提交，工作人员将尽快发放');
  });

  route(r, pointsApi.payee, async (c, input) => {
    const me = requireUser(c);
    const { to_account } = await input.body();
    return ok(c, await findPayee(c.var.services, me.id, to_account));
  });

  route(r, pointsApi.transfer, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await transferPoints(c.var.services, me.id, await input.body()), '转赠成功');
  });

  return r;
}
