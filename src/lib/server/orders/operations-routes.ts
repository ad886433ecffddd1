import { Hono } from 'hono';
import { route } from '../platform/http/route.ts';
import { ordersAdminApi } from '../../shared/orders/admin-api.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { listOverdue, listPickups, markCalled, markPicked, markPickupReceived } from './operations.ts';

/** Staff: the day's pickups and the service promises (decision 0032), under /api/admin. */
export function operationsAdminRoutes() {
  const r = new Hono<ApiEnv>();

  route(r, ordersAdminApi.pickups, async (c, input) => {
    const q = await input.body();
    const { list, total } = await listPickups(c.var.services, q);
    return ok(c, { list, total });
  });
  route(r, ordersAdminApi.picked, async (c, input) => {
    const me = requireUser(c);
    const { rid, note } = await input.body();
    return ok(c, await markPicked(c.var.services, me.id, rid, note), '已标记为已取样');
  });
  route(r, ordersAdminApi.pickupReceive, async (c, input) => {
    const me = requireUser(c);
    const { rid, note } = await input.body();
    return ok(c, await markPickupReceived(c.var.services, me.id, rid, note), '已确认收样');
  });

  route(r, ordersAdminApi.promises, async (c, input) => {
    const q = await input.body();
    return ok(c, await listOverdue(c.var.services, q));
  });
  route(r, ordersAdminApi.called, async (c, input) => {
    const me = requireUser(c);
    const { rid, note } = await input.body();
    return ok(c, await markCalled(c.var.services, me.id, rid, note), '已记录致电');
  });

  return r;
}
