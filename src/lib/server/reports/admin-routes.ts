// Staff's report calls under /api/admin (decision 0077): an order's versions, release (the first
// issue or a revision) and revoke with the 审核 permission, and any version's signed PDF. The
// staff guard audits release by its order and revoke by its version (V… rids).
import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { DomainError } from '../platform/errors.ts';
import { findOrder } from '../orders/index.ts';
import { reportsAdminApi } from '../../shared/reports/api.ts';
import { deviationsOf, NO_BUILDER } from '../../shared/reports/versions.ts';
import { baseNoOf, releaseReport, revokeReport, staffVersionsOf, versionPdf } from './versions.ts';
import { reportBuilder } from './versions-builder.ts';
import { sendReportPdf } from './routes.ts';
import { findSignatory } from './template.ts';
import { referencedUser } from '../accounts/index.ts';

export function reportAdminRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, reportsAdminApi.versions, async (c, input) => {
    const { rid } = await input.body();
    const db = c.var.services.db;
    const order = await findOrder(db, rid);
    const me = await referencedUser(db, requireUser(c).id);
    const [base, list, signatory] = await Promise.all([
      baseNoOf(db, order.id),
      staffVersionsOf(db, order.id),
      findSignatory(db, me.rid),
    ]);
    // Only an authorised signatory of the template may release (decision 0080).
    return ok(c, { base_no: base, list, can_release: reportBuilder() !== undefined && signatory !== null });
  });
  route(r, reportsAdminApi.release, async (c, input) => {
    const me = requireUser(c);
    const s = c.var.services;
    const { rid, replaces, reason, deviations } = await input.body();
    const order = await findOrder(s.db, rid);
    const builder = reportBuilder();
    if (!builder) throw new DomainError(NO_BUILDER);
    const released = await releaseReport(s, {
      orderId: order.id,
      approverId: me.id,
      replaces,
      reason,
      build: (v) =>
        builder(s, { ...v, orderId: order.id, approverId: me.id, deviations: deviationsOf(deviations) }),
    });
    return ok(c, released, `报告 ${released.report_no} 已签发`);
  });
  route(r, reportsAdminApi.revoke, async (c, input) => {
    const me = requireUser(c);
    const { rid, reason } = await input.body();
    const revoked = await revokeReport(c.var.services, me.id, rid, reason);
    return ok(c, revoked, `报告 ${revoked.report_no} 已撤销`);
  });
  route(r, reportsAdminApi.pdf, async (c, input) => {
    const { rid } = await input.body();
    return sendReportPdf(c, await versionPdf(c.var.services, rid));
  });
  return r;
}
