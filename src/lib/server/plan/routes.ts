import { contract } from '../platform/http/contract.ts';
import { PlanAddedSchema, PlanViewSchema } from '../../shared/plan/responses.ts';
import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { planAddSchema, planRemoveSchema, planUpdateSchema } from '../../shared/plan/plan-rules.ts';
import { addToPlan, listPlan, removePlanLines, updatePlanLine } from './index.ts';

/** The experiment plan (cart) under /api/auth/plan/*; cartNum in user/info counts its lines. */
export function planRoutes() {
  const r = new Hono<ApiEnv>();

  r.post('/plan/list', contract({ response: PlanViewSchema }), async (c) =>
    ok(c, await listPlan(c.var.services, requireUser(c).id)),
  );

  r.post('/plan/add', contract({ body: planAddSchema, response: PlanAddedSchema }), async (c) => {
    const me = requireUser(c);
    const input = await readBody(c, planAddSchema);
    const { rid } = await addToPlan(c.var.services, me.id, input);
    return ok(c, { rid, ...(await listPlan(c.var.services, me.id)) }, '已加入实验计划');
  });

  r.post('/plan/update', contract({ body: planUpdateSchema, response: PlanViewSchema }), async (c) => {
    const me = requireUser(c);
    await updatePlanLine(c.var.services, me.id, await readBody(c, planUpdateSchema));
    return ok(c, await listPlan(c.var.services, me.id));
  });

  r.post('/plan/remove', contract({ body: planRemoveSchema, response: PlanViewSchema }), async (c) => {
    const me = requireUser(c);
    await removePlanLines(c.var.services, me.id, (await readBody(c, planRemoveSchema)).rids);
    return ok(c, await listPlan(c.var.services, me.id));
  });

  return r;
}
