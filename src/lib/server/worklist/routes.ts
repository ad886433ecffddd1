import { Hono } from 'hono';
import { route } from '../platform/http/route.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { worklistAdminApi as api } from '../../shared/worklist/api.ts';
import { finishWork, handOver, startWork, takeWork, worklist } from './work.ts';
import { dueList } from './due.ts';
import { startEstimates } from './estimate.ts';

/** The staff's worklist calls under /api/admin/worklist (decision 0082). */
export function worklistAdminRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, api.list, async (c, input) =>
    ok(c, await worklist(c.var.services, requireUser(c).id, (await input.body()).view)),
  );
  route(r, api.take, async (c, input) =>
    ok(c, await takeWork(c.var.services, requireUser(c).id, (await input.body()).rid), '已领取'),
  );
  route(r, api.handover, async (c, input) => {
    const { rid, reason } = await input.body();
    return ok(c, await handOver(c.var.services, requireUser(c).id, rid, reason), '已转交给您');
  });
  route(r, api.start, async (c, input) =>
    ok(c, await startWork(c.var.services, requireUser(c).id, (await input.body()).rid), '已开始检测'),
  );
  route(r, api.done, async (c, input) =>
    ok(c, await finishWork(c.var.services, requireUser(c).id, (await input.body()).rid), '已提交审核'),
  );
  route(r, api.due, async (c, input) => ok(c, await dueList(c.var.services, await input.body())));
  route(r, api.estimate, async (c, input) => {
    const { item_rids } = await input.body();
    const estimates = await startEstimates(c.var.services, item_rids);
    return ok(c, { list: item_rids.map((rid) => ({ item_rid: rid, estimate: estimates.get(rid) ?? null })) });
  });
  return r;
}
