import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { couponsAdminApi } from '../../shared/coupons/api.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import {
  addTemplate,
  approveIssue,
  issueByPhone,
  issuePendingMessage,
  listIssueRequests,
  listTemplates,
  rejectIssue,
  retireTemplate,
  usageOf,
} from './staff.ts';

/** How an issue's answer reads: all given, or how many were and how many were not. */
const issuedText = (r: { given: number; refused: unknown[] }) =>
  r.refused.length ? `已发放${r.given}张，${r.refused.length}人未发放` : '发放成功';

/** Coupon campaigns under /api/admin: templates, issuing, usage (decision 0026). */
export function couponAdminRoutes() {
  const r = new Hono<ApiEnv>();

  route(r, couponsAdminApi.templateList, async (c, input) =>
    ok(c, await listTemplates(c.var.services, await input.body())),
  );

  route(r, couponsAdminApi.templateAdd, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await addTemplate(c.var.services, me.id, await input.body()), '已创建');
  });

  route(r, couponsAdminApi.templateRetire, async (c, input) => {
    const { rid } = await input.body();
    return ok(c, await retireTemplate(c.var.services, rid), '已停用');
  });

  route(r, couponsAdminApi.issue, async (c, { body }) => {
    const me = requireUser(c);
    const s = c.var.services;
    const input = await body();
    const result = await issueByPhone(s, me.id, input.rid, input.phones);
    return ok(c, result, result.pending ? issuePendingMessage(s) : issuedText(result));
  });

  // Large issues wait for a second staff member (issue 28; decision 0048).
  route(r, couponsAdminApi.issueList, async (c, input) =>
    ok(c, await listIssueRequests(c.var.services, await input.body())),
  );

  route(r, couponsAdminApi.issueApprove, async (c, input) => {
    const me = requireUser(c);
    const { rid } = await input.body();
    const done = await approveIssue(c.var.services, me.id, rid);
    return ok(c, done, issuedText(done));
  });

  route(r, couponsAdminApi.issueReject, async (c, input) => {
    const me = requireUser(c);
    const { rid, reason } = await input.body();
    return ok(c, await rejectIssue(c.var.services, me.id, rid, reason), '已驳回');
  });

  route(r, couponsAdminApi.usage, async (c, input) =>
    ok(c, await usageOf(c.var.services, await input.body())),
  );

  return r;
}
