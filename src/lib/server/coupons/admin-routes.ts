import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { contract } from '../platform/http/contract.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import {
  couponIssueSchema,
  couponTemplateListSchema,
  couponTemplateSchema,
  couponUsageSchema,
  issueRequestListSchema,
  issueRequestRejectSchema,
  issueRequestRidSchema,
  templateRidSchema,
} from '../../shared/coupons/coupons.ts';
import {
  CouponIssueRequestPageSchema,
  CouponUsagePageSchema,
  IssueDecidedSchema,
  IssuedSchema,
  StaffTemplatePageSchema,
  StaffTemplateSchema,
} from '../../shared/coupons/responses.ts';
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

  r.post(
    '/coupon/template/list',
    contract({ body: couponTemplateListSchema, response: StaffTemplatePageSchema }),
    async (c) => ok(c, await listTemplates(c.var.services, await readBody(c, couponTemplateListSchema))),
  );

  r.post(
    '/coupon/template/add',
    contract({ body: couponTemplateSchema, response: StaffTemplateSchema }),
    async (c) => {
      const me = requireUser(c);
      return ok(
        c,
        await addTemplate(c.var.services, me.id, await readBody(c, couponTemplateSchema)),
        '已创建',
      );
    },
  );

  r.post(
    '/coupon/template/retire',
    contract({ body: templateRidSchema, response: StaffTemplateSchema }),
    async (c) => {
      const { rid } = await readBody(c, templateRidSchema);
      return ok(c, await retireTemplate(c.var.services, rid), '已停用');
    },
  );

  r.post('/coupon/issue', contract({ body: couponIssueSchema, response: IssuedSchema }), async (c) => {
    const me = requireUser(c);
    const s = c.var.services;
    const input = await readBody(c, couponIssueSchema);
    const result = await issueByPhone(s, me.id, input.rid, input.phones);
    return ok(c, result, result.pending ? issuePendingMessage(s) : issuedText(result));
  });

  // Large issues wait for a second staff member (issue 28; decision 0048).
  r.post(
    '/coupon/issue/list',
    contract({ body: issueRequestListSchema, response: CouponIssueRequestPageSchema }),
    async (c) => ok(c, await listIssueRequests(c.var.services, await readBody(c, issueRequestListSchema))),
  );

  r.post(
    '/coupon/issue/approve',
    contract({ body: issueRequestRidSchema, response: IssueDecidedSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid } = await readBody(c, issueRequestRidSchema);
      const done = await approveIssue(c.var.services, me.id, rid);
      return ok(c, done, issuedText(done));
    },
  );

  r.post(
    '/coupon/issue/reject',
    contract({ body: issueRequestRejectSchema, response: IssueDecidedSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid, reason } = await readBody(c, issueRequestRejectSchema);
      return ok(c, await rejectIssue(c.var.services, me.id, rid, reason), '已驳回');
    },
  );

  r.post('/coupon/usage', contract({ body: couponUsageSchema, response: CouponUsagePageSchema }), async (c) =>
    ok(c, await usageOf(c.var.services, await readBody(c, couponUsageSchema))),
  );

  return r;
}
