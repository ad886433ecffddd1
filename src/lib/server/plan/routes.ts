import { Hono } from 'hono';
import { route } from '../platform/http/route.ts';
import { planApi } from '../../shared/plan/api.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { addToPlan, listPlan, removePlanLines, updatePlanLine } from './index.ts';

/** The experiment plan (cart) under /api/auth/plan/*; cartNum in user/info counts its lines. */
export function planRoutes() {
  const r = new Hono<ApiEnv>();

  route(r, planApi.list, async (c) => ok(c, await listPlan(c.var.services, requireUser(c).id)));

  route(r, planApi.add, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    const { rid } = await addToPlan(c.var.services, me.id, input);
    return ok(c, { rid, ...(await listPlan(c.var.services, me.id)) }, '已加入实验计划');
  });

  route(r, planApi.update, async (c, input) => {
    const me = requireUser(c);
    await updatePlanLine(c.var.services, me.id, await input.body());
    return ok(c, await listPlan(c.var.services, me.id));
  });

  route(r, planApi.remove, async (c, input) => {
    const me = requireUser(c);
    await removePlanLines(c.var.services, me.id, (await input.body()).rids);
    return ok(c, await listPlan(c.var.services, me.id));
  });

  return r;
}
