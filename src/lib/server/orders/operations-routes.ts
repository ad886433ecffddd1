import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { contract } from '../platform/http/contract.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { StaffMovedSchema } from '../../shared/orders/responses.ts';
import {
  orderMarkSchema,
  PickupMovedSchema,
  PickupPageSchema,
  pickupListSchema,
  pickupStepSchema,
  PromisePageSchema,
  promiseListSchema,
} from '../../shared/orders/operations.ts';
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

  r.post('/pickup/list', contract({ body: pickupListSchema, response: PickupPageSchema }), async (c) => {
    const q = await readBody(c, pickupListSchema);
    const { list, total } = await listPickups(c.var.services, q);
    return ok(c, { list, total });
  });
  r.post('/pickup/picked', contract({ body: pickupStepSchema, response: PickupMovedSchema }), async (c) => {
    const me = requireUser(c);
    const { rid, note } = await readBody(c, pickupStepSchema);
    return ok(c, await markPicked(c.var.services, me.id, rid, note), '已标记为已取样');
  });
  r.post('/pickup/receive', contract({ body: pickupStepSchema, response: PickupMovedSchema }), async (c) => {
    const me = requireUser(c);
    const { rid, note } = await readBody(c, pickupStepSchema);
    return ok(c, await markPickupReceived(c.var.services, me.id, rid, note), '已确认收样');
  });

  r.post('/promise/list', contract({ body: promiseListSchema, response: PromisePageSchema }), async (c) => {
    const q = await readBody(c, promiseListSchema);
    return ok(c, await listOverdue(c.var.services, q));
  });
  const marks: [OrderMark, string][] = [
    ['called', '已记录致电'],
    ['returned', '已记录样品寄回'],
    ['disposed', '已记录样品销毁'],
  ];
  for (const [mark, msg] of marks)
    r.post(`/order/${mark}`, contract({ body: orderMarkSchema, response: StaffMovedSchema }), async (c) => {
      const me = requireUser(c);
      const { rid, note } = await readBody(c, orderMarkSchema);
      return ok(c, await markOrder(c.var.services, me.id, rid, mark, note), msg);
    });

  return r;
}
