import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { contract } from '../platform/http/contract.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { DomainError } from '../platform/errors.ts';
import {
  reconcileExceptionsSchema,
  ReconciliationExceptionPageSchema,
  ReconciliationExceptionSchema,
  ReconciliationRunPageSchema,
  ReconciliationRunSchema,
  reconcileListSchema,
  reconcileRerunSchema,
  reconcileResolveSchema,
} from '../../shared/reconciliation.ts';
import { listExceptions, listRuns, reconcileDay, resolveException, runOut } from './reconcile.ts';

/** Finance's reconciliation calls under /api/admin (decision 0028): runs, differences, rerun, resolve. */
export function reconcileAdminRoutes() {
  const r = new Hono<ApiEnv>();
  r.post(
    '/reconcile/list',
    contract({ body: reconcileListSchema, response: ReconciliationRunPageSchema }),
    async (c) => ok(c, await listRuns(c.var.services, await readBody(c, reconcileListSchema))),
  );
  r.post(
    '/reconcile/exceptions',
    contract({ body: reconcileExceptionsSchema, response: ReconciliationExceptionPageSchema }),
    async (c) => ok(c, await listExceptions(c.var.services, await readBody(c, reconcileExceptionsSchema))),
  );
  r.post(
    '/reconcile/rerun',
    contract({ body: reconcileRerunSchema, response: ReconciliationRunSchema }),
    async (c) => {
      const { provider, bill_date } = await readBody(c, reconcileRerunSchema);
      const s = c.var.services;
      const run = await reconcileDay(s, provider, bill_date);
      // The run keeps the failure (the job tries again); the caller sees why.
      if (run.status === 'failed') throw new DomainError(run.message);
      const open = (await listExceptions(s, { provider, bill_date, status: 'open', size: 1 })).total;
      return ok(c, runOut(run, open), '对账完成');
    },
  );
  r.post(
    '/reconcile/resolve',
    contract({ body: reconcileResolveSchema, response: ReconciliationExceptionSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid, note } = await readBody(c, reconcileResolveSchema);
      return ok(c, await resolveException(c.var.services, me.id, rid, note), '已标记为已处理');
    },
  );
  return r;
}
