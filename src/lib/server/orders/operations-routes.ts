import { Hono } from 'hono';
import { route } from '../platform/http/route.ts';
import { ordersAdminApi } from '../../shared/orders/admin-api.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import {
  listOverdue,
  listPickups,
  markOrder,
  markPicked,
  markPickupReceived,
  type OrderMark,
} from './operations.ts';

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
  const marks: [OrderMark, string][] = [
    ['called', '已记录致电'],
    ['returned', '已记录样品寄回'],
    ['disposed', '已记录样品销毁'],
  ];
  for (const [mark, msg] of marks)
    route(r, ordersAdminApi[mark], async (c, input) => {
      const me = requireUser(c);
      const { rid, note } = await input.body();
      return ok(c, await markOrder(c.var.services, me.id, rid, mark, note), msg);
    });

  return r;
}
