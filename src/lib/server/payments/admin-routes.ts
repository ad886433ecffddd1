import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { paymentsAdminApi } from '../../shared/payments/api.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { DomainError } from '../platform/errors.ts';
import { reconcileDay } from './reconcile.ts';
import { listExceptions, listRuns, resolveException, runOut } from './reconcile-review.ts';

/** Finance's reconciliation calls under /api/admin (decision 0028): runs, differences, rerun, resolve. */
export function reconcileAdminRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, paymentsAdminApi.reconcileList, async (c, input) =>
    ok(c, await listRuns(c.var.services, await input.body())),
  );
  route(r, paymentsAdminApi.reconcileExceptions, async (c, input) =>
    ok(c, await listExceptions(c.var.services, await input.body())),
  );
  route(r, paymentsAdminApi.reconcileRerun, async (c, input) => {
    const { provider, bill_date } = await input.body();
    const s = c.var.services;
    const run = await reconcileDay(s, provider, bill_date);
    // The run keeps the failure (the job tries again); the caller sees why.
    if (run.status === 'failed') throw new DomainError(run.message);
    const open = (await listExceptions(s, { provider, bill_date, status: 'open', size: 1 })).total;
    return ok(c, runOut(run, open), '对账完成');
  });
  route(r, paymentsAdminApi.reconcileResolve, async (c, input) => {
    const me = requireUser(c);
    const { rid, note } = await input.body();
    return ok(c, await resolveException(c.var.services, me.id, rid, note), '已标记为已处理');
  });
  return r;
}
