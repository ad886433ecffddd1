import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { orderDueApi } from '../../shared/orders/due-api.ts';
import { ORDER_STATUS_TEXT } from '../../shared/orders/order-status.ts';
import { moveDueDate } from './due.ts';

/** Staff move an order's due date with a reason (decision 0079); audited by the order's rid. */
export function orderDueRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, orderDueApi.move, async (c, input) => {
    const { rid, due_date, reason } = await input.body();
    const o = await moveDueDate(c.var.services, requireUser(c).id, rid, due_date, reason);
    return ok(
      c,
      { rid: o.rid, status: o.status, status_text: ORDER_STATUS_TEXT[o.status] },
      '已调整交付日期',
    );
  });
  return r;
}
