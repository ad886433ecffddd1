import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { DomainError } from '../platform/errors.ts';
import { userIdByRid } from '../accounts/index.ts';
import { customersAdminApi, customersApi } from '../../shared/customers/api.ts';
import {
  advisorChoices,
  assignByHand,
  NOT_A_MANAGER,
  rotationOf,
  saveRotation,
  shownAdvisorOf,
} from './advisors.ts';
import { customerByRid, customerDetail } from './detail.ts';
import { listCustomers, namesAdvisor } from './list.ts';

/** The customer's own advisor (member centre, order page). */
export function customerRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, customersApi.advisor, async (c) =>
    ok(c, await shownAdvisorOf(c.var.services.db, requireUser(c).id)),
  );
  return r;
}

/** The console's customers under /api/admin (decision 0090). */
export function customerAdminRoutes() {
  const r = new Hono<ApiEnv>();
  const db = (c: { var: ApiEnv['Variables'] }) => c.var.services.db;

  route(r, customersAdminApi.list, async (c, { body }) => {
    const f = await body();
    const advisorId = namesAdvisor(f) ? ((await userIdByRid(db(c), f.advisor!)) ?? null) : undefined;
    return ok(c, await listCustomers(db(c), requireUser(c).id, f, advisorId));
  });

  route(r, customersAdminApi.detail, async (c, { body }) =>
    ok(c, await customerDetail(db(c), (await body()).user_rid)),
  );

  route(r, customersAdminApi.advisors, async (c) => ok(c, { list: await advisorChoices(db(c)) }));

  route(r, customersAdminApi.assign, async (c, { body }) => {
    const { user_rid, advisor_rid, note } = await body();
    const customer = await customerByRid(db(c), user_rid);
    let advisorId: number | null = null;
    if (advisor_rid) {
      advisorId = (await userIdByRid(db(c), advisor_rid)) ?? null;
      if (advisorId === null) throw new DomainError(NOT_A_MANAGER);
    }
    await assignByHand(c.var.services, requireUser(c).id, customer, advisorId, note);
    return ok(
      c,
      await customerDetail(db(c), user_rid),
      advisorId === null ? '已取消专属顾问' : '已指定专属顾问',
    );
  });

  route(r, customersAdminApi.rotation, async (c) => ok(c, await rotationOf(db(c))));

  route(r, customersAdminApi.rotationSave, async (c, { body }) => {
    const { enabled } = await body();
    return ok(c, await saveRotation(c.var.services, enabled), enabled ? '已开启自动分配' : '已关闭自动分配');
  });

  return r;
}
