import { Hono } from 'hono';
import type { ApiEnv } from '../app.ts';
import { contract } from '../platform/http/contract.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import {
  couponIssueSchema,
  couponTemplateListSchema,
  couponTemplateSchema,
  couponUsageSchema,
  templateRidSchema,
} from '../../shared/coupons/coupons.ts';
import {
  CouponUsagePageSchema,
  IssuedSchema,
  StaffTemplatePageSchema,
  StaffTemplateSchema,
} from '../../shared/coupons/responses.ts';
import { addTemplate, issueByPhone, listTemplates, retireTemplate, usageOf } from './staff.ts';

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
    const input = await readBody(c, couponIssueSchema);
    const result = await issueByPhone(c.var.services, input.rid, input.phones);
    return ok(
      c,
      result,
      result.refused.length ? `已发放${result.given}张，${result.refused.length}人未发放` : '发放成功',
    );
  });

  r.post('/coupon/usage', contract({ body: couponUsageSchema, response: CouponUsagePageSchema }), async (c) =>
    ok(c, await usageOf(c.var.services, await readBody(c, couponUsageSchema))),
  );

  return r;
}
